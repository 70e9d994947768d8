import DeviceProfiles
import EventModel
import Geometry
import InputEvents

/// Classifies a relative pointer (mouse, trackball, pointing stick, or the pointer half of a
/// combined device): motion, buttons, wheels, and long press and drag with the primary button.
struct PointerTranslator {
    private let thresholds: ClassificationThresholds
    private let mapping: ButtonMapping
    private let stickPointsPerUnit: Double?
    private var vertical: WheelAxis
    private var horizontal: WheelAxis
    private var held = KeySet()
    private(set) var press: PressGesture

    // The frame being gathered.
    private var motion = Vector.zero
    private var wheelLegacy: Int32?
    private var wheelHighResolution: Int32?
    private var horizontalLegacy: Int32?
    private var horizontalHighResolution: Int32?

    // A scroll stick's continuous sequence.
    private var stickLastTime: Timestamp?
    private var stickVelocity = VelocityTracker()

    init(
        device: DeviceDescription, profile: DeviceProfile, options: ClassifierOptions,
        thresholds: ClassificationThresholds
    ) {
        self.thresholds = thresholds
        mapping = ButtonMapping(leftHanded: options.leftHanded)
        if case .continuousStick(let pointsPerUnit) = profile.wheel {
            stickPointsPerUnit = pointsPerUnit
        } else {
            stickPointsPerUnit = nil
        }
        vertical = WheelAxis(advertisesHighResolution: device.supports(.wheelHighResolution), thresholds: thresholds)
        horizontal = WheelAxis(
            advertisesHighResolution: device.supports(.horizontalWheelHighResolution),
            thresholds: thresholds
        )
        press = PressGesture(mode: .pointer, thresholds: thresholds)
    }

    /// The parts' state names, for transition traces.
    func appendStateNames(to names: inout [(String, String)]) {
        names.append(("pointer press", press.stateName))
        names.append(("vertical wheel", vertical.stateName))
        names.append(("horizontal wheel", horizontal.stateName))
        names.append(("scroll stick", stickLastTime == nil ? "resting" : "scrolling"))
    }

    var nextDeadline: Timestamp? {
        let stickEnd = stickLastTime.map { $0 + thresholds.scrollStickEndTimeout }
        switch (press.nextDeadline, stickEnd) {
        case (let a?, let b?): return min(a, b)
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (nil, nil): return nil
        }
    }

    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        // Fire in deadline order so the output is the same whatever the batching.
        while let deadline = nextDeadline, deadline <= time {
            if let last = stickLastTime, last + thresholds.scrollStickEndTimeout == deadline {
                endStick(at: deadline, into: &output)
            } else {
                press.advance(to: deadline, into: &output)
            }
        }
    }

    private mutating func endStick(at time: Timestamp, into output: inout [ClassifiedInput]) {
        guard stickLastTime != nil else { return }
        let velocity = stickVelocity.velocity(at: time, window: thresholds.scrollVelocityWindow)
        output.append(
            ClassifiedInput(
                time: time,
                event: .scroll(source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: velocity)
            )
        )
        stickLastTime = nil
        stickVelocity.reset()
    }

    mutating func handleRelative(_ axis: RelativeAxis, value: Int32) {
        switch axis {
        case .x: motion.x += Double(value)
        case .y: motion.y += Double(value)
        case .wheel: wheelLegacy = (wheelLegacy ?? 0) &+ value
        case .wheelHighResolution: wheelHighResolution = (wheelHighResolution ?? 0) &+ value
        case .horizontalWheel: horizontalLegacy = (horizontalLegacy ?? 0) &+ value
        case .horizontalWheelHighResolution: horizontalHighResolution = (horizontalHighResolution ?? 0) &+ value
        default: break
        }
    }

    /// Handles a button event at once (buttons are not gathered: their order matters).
    mutating func handleButton(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput])
    {
        let button = mapping.button(for: code)
        switch value {
        case 1:
            guard !held.contains(code) else { return }
            held.insert(code)
            output.append(
                ClassifiedInput(time: time, event: .button(button, state: .down, trigger: .button, code: code)))
            if button == .primary { press.press(at: time) }
        case 0:
            guard held.contains(code) else { return }
            held.remove(code)
            if button == .primary { press.release(at: time, into: &output) }
            output.append(ClassifiedInput(time: time, event: .button(button, state: .up, trigger: .button, code: code)))
        default:
            // The kernel's autorepeat for a held button means nothing for a pointer.
            return
        }
    }

    /// Emits what the frame gathered.
    mutating func finishFrame(at time: Timestamp, into output: inout [ClassifiedInput]) {
        if motion != .zero {
            output.append(ClassifiedInput(time: time, event: .motion(delta: motion)))
            press.move(by: motion, at: time, into: &output)
            motion = .zero
        }
        if let stickPointsPerUnit {
            // Positive REL_WHEEL pushes away from the user: content scrolls up.
            let delta = Vector(
                x: Double(horizontalLegacy ?? 0) * stickPointsPerUnit,
                y: -Double(wheelLegacy ?? 0) * stickPointsPerUnit
            )
            if delta != .zero {
                let phase: ScrollPhase = stickLastTime == nil ? .began : .changed
                stickLastTime = time
                stickVelocity.add(delta, at: time)
                output.append(
                    ClassifiedInput(
                        time: time,
                        event: .scroll(source: .continuous, delta: delta, v120: nil, phase: phase, velocity: nil)
                    )
                )
            }
        } else {
            // Positive REL_WHEEL turns away from the user and scrolls up; the stream's positive y
            // scrolls down, so the vertical axis is negated (as libinput's v120 is).
            let kernelV120y = vertical.v120(legacy: wheelLegacy, highResolution: wheelHighResolution, at: time)
            let v120y = kernelV120y == 0 ? 0 : -kernelV120y
            let v120x = horizontal.v120(legacy: horizontalLegacy, highResolution: horizontalHighResolution, at: time)
            if v120x != 0 || v120y != 0 {
                let perDetent = thresholds.pointsPerDetent / 120
                output.append(
                    ClassifiedInput(
                        time: time,
                        event: .scroll(
                            source: .discrete,
                            delta: Vector(x: v120x * perDetent, y: v120y * perDetent),
                            v120: Vector(x: v120x, y: v120y),
                            phase: nil,
                            velocity: nil
                        )
                    )
                )
            }
        }
        wheelLegacy = nil
        wheelHighResolution = nil
        horizontalLegacy = nil
        horizontalHighResolution = nil
    }

    /// Ends everything: a begun gesture is cancelled, a stick scroll ends, held buttons come up.
    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        press.cancel(at: time, into: &output)
        endStick(at: time, into: &output)
        for code in held.codes {
            handleButton(code, value: 0, at: time, into: &output)
        }
    }
}
