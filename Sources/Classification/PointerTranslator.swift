import DeviceProfiles
import EventModel
import Geometry
import InputEvents

/// The relative-axis values of the frame being read: motion is summed, each wheel axis is
/// kept apart with whether it was present (a wheel axis that is absent differs from one that
/// reports 0).
struct RelativeFrame {
    var motion = Vector.zero
    var wheel: Int32?
    var wheelHighResolution: Int32?
    var horizontalWheel: Int32?
    var horizontalWheelHighResolution: Int32?
    /// Whether any wheel axis was present.
    var hasWheel = false

    /// Adds one `EV_REL` event.
    mutating func add(_ axis: RelativeAxis, value: Int32, codes: KernelCodes) {
        switch axis.rawValue {
        case codes.relativeX: motion.x += Double(value)
        case codes.relativeY: motion.y += Double(value)
        case codes.wheel:
            wheel = (wheel ?? 0) &+ value
            hasWheel = true
        case codes.wheelHighResolution:
            wheelHighResolution = (wheelHighResolution ?? 0) &+ value
            hasWheel = true
        case codes.horizontalWheel:
            horizontalWheel = (horizontalWheel ?? 0) &+ value
            hasWheel = true
        case codes.horizontalWheelHighResolution:
            horizontalWheelHighResolution = (horizontalWheelHighResolution ?? 0) &+ value
            hasWheel = true
        default: break
        }
    }
}

/// Classifies a relative pointer (mouse, trackball, pointing stick, or the pointer half of a
/// combined device): motion, buttons, wheels, and long press and drag with the primary button.
///
/// It composes `PointerButtons`, `PressGesture`, a `WheelAxis` per wheel axis, or a `ScrollStick`
/// when the profile says the wheel axis is a stick, `MiddleButtonEmulation` and `ButtonScroll`
/// when the settings ask for them, and carries out their actions. Buttons are handled as they
/// arrive (their order in the frame matters); motion and wheels when the frame ends. A button
/// event goes first to on-button scrolling (the scroll button), then to middle-button emulation
/// (left and right), then to the buttons.
struct PointerTranslator: PointingPart {
    /// Points scrolled per v120 unit of a wheel.
    private let pointsPerV120: Double
    private let stickPointsPerUnit: Double?
    private var buttons: PointerButtons
    private var press: PressGesture
    private var vertical: WheelAxis
    private var horizontal: WheelAxis
    private var stick: ScrollStick
    private var frame = RelativeFrame()
    private let codes = KernelCodes()
    private var middle: MiddleButtonEmulation?
    private var buttonScroll: ButtonScroll?
    private let middleButtonTimeout: Int64
    private var accelerator: PointerAccelerator
    /// The movement under way while explaining, summed up when it ends.
    private var movement: MovementSummary?
    private let movementEndTimeout: Int64
    /// The decisions recorded while explaining.
    var log = DecisionLog()

    init(
        device: DeviceDescription, profile: DeviceProfile, settings deviceSettings: DeviceSettings,
        kind: DeviceKind, thresholds: ClassificationThresholds
    ) {
        pointsPerV120 = thresholds.pointsPerDetent / 120
        let settings = PointerSettings(settings: deviceSettings, device: device, kind: kind)
        buttons = PointerButtons(mapping: settings.mapping)
        accelerator = settings.accelerator
        movementEndTimeout = thresholds.pointerMovementEndTimeout.flooredMicroseconds
        middle = settings.middleButtonEmulation ? MiddleButtonEmulation(thresholds: thresholds) : nil
        buttonScroll = settings.scrollButton.map { ButtonScroll(button: $0, thresholds: thresholds) }
        middleButtonTimeout = thresholds.middleButtonTimeout.flooredMicroseconds / 1000
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
        stick = ScrollStick(thresholds: thresholds)
        press = PressGesture(mode: .pointer, thresholds: thresholds)
    }

    /// The parts' state names, for transition traces.
    func appendStateNames(to names: inout [(String, String)]) {
        names.append(("pointer press", press.stateName))
        names.append(("vertical wheel", vertical.stateName))
        names.append(("horizontal wheel", horizontal.stateName))
        names.append(("scroll stick", stick.stateName))
        if let middle { names.append(("middle-button emulation", middle.stateName)) }
        if let buttonScroll { names.append(("on-button scroll", buttonScroll.stateName)) }
    }

    /// The earliest of the long-press and scroll-stick deadlines (updated after every input).
    private(set) var nextDeadline: Timestamp?

    private mutating func updateNextDeadline() {
        // One part after the other (see `Timestamp.earliest`).
        var earliest = press.nextDeadline
        earliest = .earliest(earliest, stick.nextDeadline)
        earliest = .earliest(earliest, movement?.end)
        earliest = .earliest(earliest, middle?.nextDeadline)
        earliest = .earliest(earliest, buttonScroll?.nextDeadline)
        nextDeadline = earliest
    }

    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        // Fire in deadline order so the output is the same whatever the batching.
        while let deadline = nextDeadline, deadline <= time {
            if let summary = movement, summary.end == deadline {
                movement = nil
                log.record(summary.reason, at: deadline)
            } else if stick.nextDeadline == deadline {
                if let action = stick.end(at: deadline) { perform(action, at: deadline, into: &output) }
            } else if let middleDeadline = middle?.nextDeadline, middleDeadline == deadline {
                if let action = middle?.advance(to: deadline) { perform(action, at: deadline, into: &output) }
            } else if let scrollDeadline = buttonScroll?.nextDeadline, scrollDeadline == deadline {
                if case .armed(let milliseconds)? = buttonScroll?.advance(to: deadline) {
                    log.record(.buttonScrollArmed(milliseconds: milliseconds), at: deadline)
                }
            } else {
                press.advance(to: deadline, into: &output)
            }
            updateNextDeadline()
        }
    }

    mutating func beginFrame() {}

    mutating func handleRelative(_ axis: RelativeAxis, value: Int32) {
        frame.add(axis, value: value, codes: codes)
    }

    mutating func handleAbsolute(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp) {}

    mutating func handleContactReport() {}

    /// Handles a button event at once (buttons are not gathered: their order matters). Codes
    /// outside the mouse buttons (`BTN_LEFT` up to `BTN_JOYSTICK`) are ignored.
    mutating func handleButton(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput])
    {
        guard code.rawValue >= codes.leftButton, code.rawValue < KeyCode.firstJoystickButtonCode,
            value != KeyEventValue.autorepeat
        else { return }
        if let scrollButton = buttonScroll?.button, code == scrollButton {
            if value == KeyEventValue.released {
                if let action = buttonScroll?.release(at: time) { perform(action, code: code, at: time, into: &output) }
            } else {
                buttonScroll?.press(at: time)
            }
        } else if middle != nil {
            if let action = middle?.handle(code, isDown: value != KeyEventValue.released, at: time) {
                perform(action, at: time, into: &output)
            }
        } else {
            passButton(code, value: value, at: time, into: &output)
        }
        updateNextDeadline()
    }

    /// Hands a button event to the buttons.
    private mutating func passButton(
        _ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        guard let action = buttons.handle(code, value: value) else { return }
        perform(action, at: time, into: &output)
    }

    private mutating func perform(
        _ action: MiddleButtonEmulation.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .forward(let event):
            passButton(event.code, value: event.isDown ? 1 : 0, at: time, into: &output)
        case .forwardHeldThen(let held, let event, let waited):
            log.record(.middleButtonNotEmulated(code: held, milliseconds: waited), at: time)
            passButton(held, value: 1, at: time, into: &output)
            passButton(event.code, value: event.isDown ? 1 : 0, at: time, into: &output)
        case .forwardHeld(let held, let waited):
            log.record(.middleButtonNotEmulated(code: held, milliseconds: waited), at: time)
            passButton(held, value: 1, at: time, into: &output)
        case .middle(let isDown, let apart):
            if let apart {
                log.record(.middleButtonEmulated(milliseconds: apart, limit: middleButtonTimeout), at: time)
            }
            output.append(
                ClassifiedInput(
                    time: time, event: .button(.middle, state: isDown ? .down : .up, trigger: .button, code: nil)))
        }
    }

    private mutating func perform(
        _ action: ButtonScroll.Action, code: KeyCode, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .armed(let milliseconds):
            log.record(.buttonScrollArmed(milliseconds: milliseconds), at: time)
        case .click:
            log.record(.buttonScrollClicked, at: time)
            passButton(code, value: 1, at: time, into: &output)
            passButton(code, value: 0, at: time, into: &output)
        case .scroll(let delta, let phase):
            output.append(ClassifiedInput(time: time, event: .continuousScroll(delta, phase: phase)))
        case .scrollEnded(let velocity):
            output.append(ClassifiedInput(time: time, event: .continuousScrollEnded(velocity: velocity)))
        }
    }

    private mutating func perform(
        _ action: PointerButtons.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .pressed(let button, let code):
            output.append(
                ClassifiedInput(time: time, event: .button(button, state: .down, trigger: .button, code: code)))
            if button == .primary { press.press(at: time) }
        case .released(let button, let code):
            if button == .primary { press.release(at: time, into: &output) }
            output.append(ClassifiedInput(time: time, event: .button(button, state: .up, trigger: .button, code: code)))
        }
    }

    private mutating func perform(
        _ action: ScrollStick.Action, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        switch action {
        case .scroll(let delta, let phase):
            output.append(ClassifiedInput(time: time, event: .continuousScroll(delta, phase: phase)))
        case .ended(let velocity):
            output.append(ClassifiedInput(time: time, event: .continuousScrollEnded(velocity: velocity)))
        }
    }

    /// Emits what the frame gathered.
    mutating func finishFrame(at time: Timestamp, into output: inout [ClassifiedInput]) {
        if frame.motion.x != 0 || frame.motion.y != 0 {
            if let scroll = buttonScroll, scroll.isHeld {
                // While the scroll button is held, movement scrolls (or is dropped before it
                // arms), unaccelerated as libinput's button scrolling is.
                let delta = accelerator.unaccelerated(frame.motion)
                if let action = buttonScroll?.move(by: delta, at: time), let code = buttonScroll?.button {
                    perform(action, code: code, at: time, into: &output)
                }
            } else {
                let (delta, travel) = accelerator.movement(accelerating: frame.motion, at: time)
                if log.isEnabled {
                    var summary = movement ?? MovementSummary(end: time)
                    summary.add(raw: travel.length, moved: delta.length, factor: accelerator.lastFactor)
                    summary.end = Timestamp(microseconds: time.microseconds + movementEndTimeout)
                    movement = summary
                }
                output.append(ClassifiedInput(time: time, event: .motion(delta: delta, unaccelerated: travel)))
                if press.followsMovement { press.move(by: delta, travel: travel, at: time, into: &output) }
            }
        }
        if !frame.hasWheel {
            // Nothing to scroll: the wheels' machines see only frames with wheel values, which
            // is all they would react to.
        } else if let stickPointsPerUnit {
            // Positive REL_WHEEL pushes away from the user: content scrolls up.
            let delta = Vector(
                x: Double(frame.horizontalWheel ?? 0) * stickPointsPerUnit,
                y: -Double(frame.wheel ?? 0) * stickPointsPerUnit
            )
            if delta != .zero {
                perform(stick.push(delta, at: time), at: time, into: &output)
            }
        } else {
            // Positive REL_WHEEL turns away from the user and scrolls up; the stream's positive y
            // scrolls down, so the vertical axis is negated (as libinput's v120 is).
            let kernelV120y = vertical.v120(legacy: frame.wheel, highResolution: frame.wheelHighResolution, at: time)
            let v120y = kernelV120y == 0 ? 0 : -kernelV120y
            let v120x = horizontal.v120(
                legacy: frame.horizontalWheel, highResolution: frame.horizontalWheelHighResolution, at: time)
            if v120x != 0 || v120y != 0 {
                let perDetent = pointsPerV120
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
        frame = RelativeFrame()
        updateNextDeadline()
    }

    /// Ends everything: a begun gesture is cancelled, a stick scroll ends, held buttons come up.
    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        if let summary = movement {
            movement = nil
            log.record(summary.reason, at: time)
        }
        press.cancel(at: time, into: &output)
        if let action = stick.end(at: time) { perform(action, at: time, into: &output) }
        if let code = buttonScroll?.button, let action = buttonScroll?.reset(at: time) {
            perform(action, code: code, at: time, into: &output)
        }
        if let action = middle?.reset() { perform(action, at: time, into: &output) }
        for code in buttons.heldCodes {
            handleButton(code, value: 0, at: time, into: &output)
        }
        updateNextDeadline()
    }
}

/// One pointer movement's acceleration, summed up for `--why`.
private struct MovementSummary {
    /// When the movement ends unless the pointer moves again.
    var end: Timestamp
    var raw = 0.0
    var moved = 0.0
    var smallestFactor = Double.infinity
    var largestFactor = 0.0

    init(end: Timestamp) { self.end = end }

    mutating func add(raw: Double, moved: Double, factor: Double) {
        self.raw += raw
        self.moved += moved
        smallestFactor = min(smallestFactor, factor)
        largestFactor = max(largestFactor, factor)
    }

    var reason: ClassificationDecision.Reason {
        .pointerMoved(raw: raw, moved: moved, smallestFactor: smallestFactor, largestFactor: largestFactor)
    }
}
