import Classification
import EventModel
import Geometry
import InputEvents
import WayfinderTestSupport

/// How often a test calls `advance(to:)` between frames.
enum AdvanceGranularity: CaseIterable, CustomStringConvertible {
    /// Only through `process` (each frame fires what is due before it).
    case framesOnly
    /// After every frame, to the frame's time.
    case everyFrame
    /// Every millisecond of script time, as a live timer would.
    case everyMillisecond
    /// Every third frame, to a time just before the next frame.
    case everyThirdFrame

    var description: String {
        switch self {
        case .framesOnly: "frames only"
        case .everyFrame: "every frame"
        case .everyMillisecond: "every millisecond"
        case .everyThirdFrame: "every third frame"
        }
    }
}

/// Flat acceleration at speed 0, for tests about what moves rather than how far: a mouse count
/// is one point, a touchpad millimetre 1000/25.4 points times libinput's flat touchpad slowdown,
/// 0.2968 (`filter-touchpad-flat.c`).
let flatPointer = DeviceSettings(accelerationProfile: .flat)
/// See `flatPointer`.
let flatTouchpadPointsPerMillimetre = 1000 / 25.4 * 0.2968

/// Feeds frames to a translator and returns everything it classified, including what deadlines
/// produce up to `end` and, if asked, the device's removal.
func classify(
    _ device: DeviceDescription,
    _ frames: [EventFrame],
    options: DeviceSettings = DeviceSettings(),
    kind: DeviceKind? = nil,
    advance: AdvanceGranularity = .framesOnly,
    until end: Timestamp? = nil,
    removeAt removal: Timestamp? = nil
) throws -> [ClassifiedInput] {
    var translator = try DeviceTranslator(device: device, kind: kind, settings: options)
    var output: [ClassifiedInput] = []
    var clock = frames.first?.time ?? .zero
    for (index, frame) in frames.enumerated() {
        if advance == .everyMillisecond {
            while clock + .milliseconds(1) < frame.time {
                clock += .milliseconds(1)
                translator.advance(to: clock, into: &output)
            }
        }
        translator.process(frame, at: frame.time, into: &output)
        switch advance {
        case .framesOnly, .everyMillisecond:
            break
        case .everyFrame:
            translator.advance(to: frame.time, into: &output)
        case .everyThirdFrame:
            if index % 3 == 0, index + 1 < frames.count {
                translator.advance(to: frames[index + 1].time - .microseconds(1), into: &output)
            }
        }
    }
    if let end { translator.advance(to: end, into: &output) }
    if let removal { translator.removeDevice(at: removal, into: &output) }
    return output
}

/// A short description of an event, for comparing sequences.
func summary(_ event: ClassifiedEvent) -> String {
    switch event {
    case .key(let code, let state, let modifiers, _, let text):
        var result = "key \(code.rawValue) \(state.rawValue)"
        if !modifiers.names.isEmpty { result += " " + modifiers.names.joined(separator: "+") }
        if let text { result += " \"\(text)\"" }
        return result
    case .button(let button, let state, let trigger, _):
        return "button \(button.rawValue) \(state.rawValue) \(trigger.rawValue)"
    case .scroll(let source, let delta, let v120, let phase, _):
        switch source {
        case .discrete:
            let v = v120 ?? .zero
            return "scroll discrete \(format(v.x)),\(format(v.y))"
        case .continuous:
            return "scroll \(phase?.rawValue ?? "?")\(direction(delta))"
        }
    case .tap(let fingers, let touchType, _):
        return "tap \(fingers) \(touchType.rawValue)"
    case .longPress(let phase, let touchType, _):
        return "longPress \(phase.rawValue) \(touchType.rawValue)"
    case .drag(let phase, let touchType, _, _):
        return "drag \(phase.rawValue) \(touchType.rawValue)"
    case .motion:
        return "motion"
    case .position(_, _, let isDown, let contact):
        return (isDown ? "position" : "position up") + (contact == 0 ? "" : " \(contact)")
    case .touch(let phase, _, let contact):
        return (phase == .up ? "touch up" : "touch") + (contact == 0 ? "" : " \(contact)")
    case .gesture(let gesture):
        return "\(gesture.kind.rawValue) \(gesture.phase.rawValue) \(gesture.fingers) \(gesture.touchType.rawValue)"
    }
}

private func format(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
}

private func direction(_ delta: Vector) -> String {
    guard delta != .zero else { return "" }
    var parts: [String] = []
    if delta.y > 0 { parts.append("down") }
    if delta.y < 0 { parts.append("up") }
    if delta.x > 0 { parts.append("right") }
    if delta.x < 0 { parts.append("left") }
    return " " + parts.joined(separator: "+")
}

/// Summaries with runs of the same continuous update collapsed into one: pointer motion, a
/// scroll's or a drag's `changed` events, contact positions. Everything else (keys, buttons,
/// taps, wheel detents, every `began`, `ended` and `cancelled`) stays, so a doubled button or a
/// doubled `scroll ended` shows.
func collapsed(_ inputs: [ClassifiedInput]) -> [String] {
    var result: [String] = []
    for input in inputs {
        let line = summary(input.event)
        if result.last == line, isContinuousUpdate(input.event) { continue }
        result.append(line)
    }
    return result
}

/// Whether an event is one of a run of updates of the same movement.
private func isContinuousUpdate(_ event: ClassifiedEvent) -> Bool {
    switch event {
    case .motion: true
    case .position(_, _, let isDown, _): isDown
    case .touch(let phase, _, _): phase != .up
    case .scroll(.continuous, _, _, let phase, _): phase == .changed
    case .drag(let phase, _, _, _): phase == .changed
    case .gesture(let gesture): gesture.phase == .changed
    case .key, .button, .scroll, .tap, .longPress: false
    }
}

/// Every summary, without collapsing.
func summaries(_ inputs: [ClassifiedInput]) -> [String] {
    inputs.map { summary($0.event) }
}

/// The sum of the discrete scrolls' v120 values.
func totalV120(_ inputs: [ClassifiedInput]) -> Vector {
    var total = Vector.zero
    for input in inputs {
        if case .scroll(.discrete, _, let v120?, _, _) = input.event {
            total = Vector(x: total.x + v120.x, y: total.y + v120.y)
        }
    }
    return total
}

/// Two fingers 20 mm apart on the scripted touchpad moving apart 1 mm each every 10 ms, ten
/// times, then lifting: a pinch.
func spreadingTwoFingers() -> InputScript {
    var script = InputScript(device: ScriptedDevice.touchpad())
    script.put(finger: 0, atPercent: 40, 50)
    script.put(finger: 1, atPercent: 60, 50)
    script.sync()
    for _ in 0..<10 {
        script.wait(.milliseconds(10))
        script.move(finger: 0, byMillimetres: -1, 0)
        script.move(finger: 1, byMillimetres: 1, 0)
        script.sync()
    }
    script.lift(fingers: [0, 1])
    return script
}
