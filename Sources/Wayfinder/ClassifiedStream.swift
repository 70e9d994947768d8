public import Classification
public import InputEvents

/// One line of the classified interaction stream: a device change or a classified event, with
/// the time and the device's name.
public struct ClassifiedStreamLine: Hashable, Sendable {
    /// Whether a device appeared or went away.
    public enum DeviceState: String, Hashable, Sendable {
        case added
        case removed
    }

    /// What the line says.
    public enum Content: Hashable, Sendable {
        /// A device appeared or went away.
        case device(DeviceState, kind: DeviceKind)
        /// A classified event.
        case input(ClassifiedEvent)
    }

    /// When it happened.
    public var time: Timestamp
    /// The device's name.
    public var device: String
    /// What happened.
    public var content: Content
    /// For keys, the keysym in the layout.
    public var keysym: KeySymbol?

    /// Creates a line.
    public init(time: Timestamp, device: String, content: Content, keysym: KeySymbol? = nil) {
        self.time = time
        self.device = device
        self.content = content
        self.keysym = keysym
    }

    /// Whether the line is pointer motion or a contact position, which the event stream prints
    /// only when asked (`--motion`).
    public var isMotion: Bool {
        guard case .input(let event) = content else { return false }
        switch event {
        case .motion, .position: return true
        case .key, .button, .scroll, .tap, .longPress, .drag: return false
        }
    }
}

/// The classified interaction stream of `events.md`: classification of recorded devices, and
/// its JSON-lines and human-readable encodings.
///
/// ```swift
/// let lines = try ClassifiedStream.replay([(recording.description, recording.frames)])
/// let origin = ClassifiedStream.origin(of: [recording.frames])
/// for line in lines where !line.isMotion {
///     print(ClassifiedStream.jsonLine(line, origin: origin))
/// }
/// ```
public enum ClassifiedStream {
    /// The time a replay counts from: the earliest first frame of all devices.
    public static func origin(of frameLists: [[EventFrame]]) -> Timestamp {
        frameLists.compactMap { $0.first?.time }.min() ?? .zero
    }

    /// Classifies recorded devices and merges their streams in time order (lines at the same
    /// time keep each device's order, devices in the order given).
    ///
    /// Each device is `added` at its first frame and `removed` after its last, which ends every
    /// gesture and releases every key and button still held.
    ///
    /// - Throws: `ClassificationError` when a device cannot be classified (a keyboard layout
    ///   that does not compile).
    public static func replay(
        _ devices: [(description: DeviceDescription, frames: [EventFrame])],
        options: ClassifierOptions = ClassifierOptions()
    ) throws(ClassificationError) -> [ClassifiedStreamLine] {
        var lines: [(order: Int, line: ClassifiedStreamLine)] = []
        var output: [ClassifiedInput] = []
        output.reserveCapacity(64)
        for (description, frames) in devices {
            guard let first = frames.first, let last = frames.last else { continue }
            var translator = try DeviceTranslator(device: description, options: options)
            let name = description.name
            func add(_ line: ClassifiedStreamLine) { lines.append((lines.count, line)) }
            add(ClassifiedStreamLine(time: first.time, device: name, content: .device(.added, kind: translator.kind)))
            for frame in frames {
                output.removeAll(keepingCapacity: true)
                translator.process(frame, at: frame.time, into: &output)
                for input in output {
                    add(
                        ClassifiedStreamLine(
                            time: input.time, device: name, content: .input(input.event), keysym: input.keysym))
                }
            }
            output.removeAll(keepingCapacity: true)
            translator.removeDevice(at: last.time, into: &output)
            for input in output {
                add(
                    ClassifiedStreamLine(
                        time: input.time, device: name, content: .input(input.event), keysym: input.keysym))
            }
            add(ClassifiedStreamLine(time: last.time, device: name, content: .device(.removed, kind: translator.kind)))
        }
        lines.sort { ($0.line.time, $0.order) < ($1.line.time, $1.order) }
        return lines.map(\.line)
    }

    /// The kernel name of a key or button (`KEY_A`, `BTN_LEFT`), or its number when it has none.
    static func keyName(_ code: KeyCode) -> String {
        code.name ?? (code.isButton ? "BTN_\(code.rawValue)" : "KEY_\(code.rawValue)")
    }

    /// Encodes a line as one JSON object (`events.md`), without a line break.
    ///
    /// - Parameter origin: the time printed as 0 (a replay's first event).
    public static func jsonLine(_ line: ClassifiedStreamLine, origin: Timestamp) -> String {
        var json = JSONLine()
        json.append("time", (line.time - origin).inSeconds)
        json.append("device", line.device)
        switch line.content {
        case .device(let state, let kind):
            json.append("type", "device")
            json.append("state", state.rawValue)
            json.append("kind", kind.rawValue)
        case .input(let event):
            appendFields(of: event, to: &json)
            if let keysym = line.keysym { json.append("keysym", keysym.name) }
        }
        return json.text
    }

    private static func appendPosition(_ position: Vector?, to json: inout JSONLine) {
        if let position {
            json.append("x", position.x)
            json.append("y", position.y)
        } else {
            json.appendNull("x")
            json.appendNull("y")
        }
    }

    private static func appendFields(of event: ClassifiedEvent, to json: inout JSONLine) {
        switch event {
        case .key(let code, let state, let modifiers, let text):
            json.append("type", "key")
            json.append("key", keyName(code))
            json.append("state", state.rawValue)
            json.append("modifiers", strings: modifiers.names)
            if let text { json.append("text", text) }
        case .button(let button, let state, let trigger, let code):
            json.append("type", "button")
            json.append("button", button.rawValue)
            json.append("state", state.rawValue)
            json.append("trigger", trigger.rawValue)
            if let code { json.append("code", keyName(code)) }
        case .scroll(let source, let delta, let v120, let phase, let velocity):
            json.append("type", "scroll")
            json.append("source", source.rawValue)
            json.append("dx", delta.x)
            json.append("dy", delta.y)
            if let v120 {
                json.append("v120x", v120.x)
                json.append("v120y", v120.y)
            }
            if let phase { json.append("phase", phase.rawValue) }
            if let velocity {
                json.append("vx", velocity.x)
                json.append("vy", velocity.y)
            }
        case .tap(let fingers, let touchType, let position):
            json.append("type", "tap")
            json.append("fingers", fingers)
            json.append("touchType", touchType.rawValue)
            if let position {
                json.append("x", position.x)
                json.append("y", position.y)
            }
        case .longPress(let phase, let touchType, let position):
            json.append("type", "longPress")
            json.append("phase", phase.rawValue)
            json.append("touchType", touchType.rawValue)
            appendPosition(position, to: &json)
        case .drag(let phase, let touchType, let translation, let position):
            json.append("type", "drag")
            json.append("phase", phase.rawValue)
            json.append("touchType", touchType.rawValue)
            json.append("dx", translation.x)
            json.append("dy", translation.y)
            if let position {
                json.append("x", position.x)
                json.append("y", position.y)
            }
        case .motion(let delta):
            json.append("type", "motion")
            json.append("dx", delta.x)
            json.append("dy", delta.y)
        case .position(let position, let touchType, let isDown):
            json.append("type", "position")
            json.append("x", position.x)
            json.append("y", position.y)
            json.append("touchType", touchType.rawValue)
            json.append("down", isDown)
        }
    }

    /// Encodes a line for people: the time, the device, and what happened.
    ///
    /// ```
    ///   1.068800  Ultrathin Touch Mouse  scroll discrete dy -10 (v120 0 -120)
    /// ```
    public static func humanLine(_ line: ClassifiedStreamLine, origin: Timestamp) -> String {
        let time = fixed((line.time - origin).inSeconds, digits: 6)
        let padding = String(repeating: " ", count: max(0, 10 - time.count))
        return padding + time + "  " + line.device + "  " + humanText(line.content)
    }

    private static func humanText(_ content: ClassifiedStreamLine.Content) -> String {
        switch content {
        case .device(let state, let kind):
            return "device \(state.rawValue) (\(kind.rawValue))"
        case .input(let event):
            switch event {
            case .key(let code, let state, let modifiers, let text):
                var result = "key \(keyName(code)) \(state.rawValue)"
                if !modifiers.names.isEmpty { result += " [" + modifiers.names.joined(separator: "+") + "]" }
                if let text { result += " " + JSONLine.quoted(text) }
                return result
            case .button(let button, let state, let trigger, let code):
                var result = "button \(button.rawValue) \(state.rawValue) by \(trigger.rawValue)"
                if let code { result += " (\(keyName(code)))" }
                return result
            case .scroll(let source, let delta, let v120, let phase, let velocity):
                var result = "scroll \(source.rawValue)"
                if let phase { result += " \(phase.rawValue)" }
                result += " dx \(fixed(delta.x, digits: 2)) dy \(fixed(delta.y, digits: 2))"
                if let v120 { result += " (v120 \(fixed(v120.x, digits: 1)) \(fixed(v120.y, digits: 1)))" }
                if let velocity {
                    result += " velocity \(fixed(velocity.x, digits: 1)) \(fixed(velocity.y, digits: 1)) pt/s"
                }
                return result
            case .tap(let fingers, let touchType, _):
                return "tap \(fingers) finger\(fingers == 1 ? "" : "s") (\(touchType.rawValue))"
            case .longPress(let phase, let touchType, _):
                return "longPress \(phase.rawValue) (\(touchType.rawValue))"
            case .drag(let phase, let touchType, let translation, _):
                return
                    "drag \(phase.rawValue) (\(touchType.rawValue)) dx \(fixed(translation.x, digits: 2)) dy \(fixed(translation.y, digits: 2))"
            case .motion(let delta):
                return "motion dx \(fixed(delta.x, digits: 2)) dy \(fixed(delta.y, digits: 2))"
            case .position(let position, let touchType, let isDown):
                return
                    "position \(fixed(position.x, digits: 4)) \(fixed(position.y, digits: 4)) \(isDown ? "down" : "up") (\(touchType.rawValue))"
            }
        }
    }

    /// A number with a fixed count of digits after the point, without Foundation's formatter.
    static func fixed(_ value: Double, digits: Int) -> String {
        guard value.isFinite else { return "nan" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        let whole = Int64(scaled / scale)
        let fraction = Int64(scaled - Double(whole) * scale)
        let sign = value < 0 && scaled != 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        let fractionText = String(fraction)
        return sign + String(whole) + "." + String(repeating: "0", count: max(0, digits - fractionText.count))
            + fractionText
    }
}
