import Classification
import InputEvents

extension WayfinderEvent {
    /// The event as one line of the JSON lines stream (`events.md`), without the newline; nil for
    /// events the stream does not print (`motion` unless `includeMotion`, `position`, and content
    /// offsets, which the stream carries on `scroll` lines).
    public func jsonLine(includeMotion: Bool = false) -> String? {
        var object = JSONObjectWriter()
        object.add("time", number: time.seconds)
        object.add("device", string: device)
        switch payload {
        case .device(let change, let kind):
            object.add("type", string: "device")
            object.add("state", string: change.rawValue)
            object.add("kind", string: kind.rawValue)
        case .input(let event, let target):
            guard Self.encode(event, into: &object, includeMotion: includeMotion) else { return nil }
            if let target { object.add("target", string: target) }
        case .focus(let from, let to, let heading):
            object.add("type", string: "focus")
            object.add("from", optionalString: from)
            object.add("to", optionalString: to)
            object.add("heading", string: heading.rawValue)
        case .select(let item):
            object.add("type", string: "select")
            object.add("item", string: item)
        case .action(let action):
            object.add("type", string: "action")
            object.add("item", string: action.item)
            object.add("name", string: action.name)
            if let phase = action.phase { object.add("phase", string: phase.rawValue) }
            if let trigger = action.trigger { object.add("trigger", string: trigger) }
            if !action.actions.isEmpty { object.add("actions", strings: action.actions) }
            if let translation = action.translation {
                object.add("dx", number: translation.x)
                object.add("dy", number: translation.y)
            }
        case .contentOffset:
            return nil
        }
        return object.finish()
    }

    /// Writes a classified event's `type` and fields; false when the stream does not print it.
    private static func encode(_ event: ClassifiedEvent, into object: inout JSONObjectWriter, includeMotion: Bool)
        -> Bool
    {
        switch event {
        case .key(let code, let state, let modifiers, _):
            object.add("type", string: "key")
            object.add("key", string: KeyNames.kernelName(of: code))
            object.add("state", string: state.rawValue)
            object.add("modifiers", strings: modifiers.names)
        case .button(let button, let state, let trigger, let code):
            object.add("type", string: "button")
            object.add("button", string: button.rawValue)
            object.add("state", string: state.rawValue)
            object.add("trigger", string: trigger.rawValue)
            if let code { object.add("code", string: KeyNames.kernelName(of: code)) }
        case .scroll(let source, let delta, let v120, let phase, _):
            object.add("type", string: "scroll")
            object.add("source", string: source.rawValue)
            object.add("dx", number: delta.x)
            object.add("dy", number: delta.y)
            if let v120 {
                object.add("v120x", number: v120.x)
                object.add("v120y", number: v120.y)
            }
            if let phase { object.add("phase", string: phase.rawValue) }
        case .tap(let fingers, let touchType, _):
            object.add("type", string: "tap")
            object.add("fingers", number: Double(fingers))
            object.add("touchType", string: touchType.rawValue)
        case .longPress(let phase, let touchType, let position):
            object.add("type", string: "longPress")
            object.add("phase", string: phase.rawValue)
            object.add("touchType", string: touchType.rawValue)
            object.add("x", number: position?.x ?? 0)
            object.add("y", number: position?.y ?? 0)
        case .drag(let phase, let touchType, let translation, _):
            object.add("type", string: "drag")
            object.add("phase", string: phase.rawValue)
            object.add("touchType", string: touchType.rawValue)
            object.add("dx", number: translation.x)
            object.add("dy", number: translation.y)
        case .motion(let delta):
            guard includeMotion else { return false }
            object.add("type", string: "motion")
            object.add("dx", number: delta.x)
            object.add("dy", number: delta.y)
        case .position:
            return false
        }
        return true
    }
}

/// Writes one JSON object on one line, escaping strings as RFC 8259 requires.
struct JSONObjectWriter {
    private var text = "{"
    private var isFirst = true

    mutating func add(_ key: String, string: String) {
        addKey(key)
        Self.appendString(string, to: &text)
    }

    mutating func add(_ key: String, optionalString: String?) {
        addKey(key)
        if let optionalString { Self.appendString(optionalString, to: &text) } else { text += "null" }
    }

    mutating func add(_ key: String, number: Double) {
        addKey(key)
        text += Self.format(number)
    }

    mutating func add(_ key: String, strings: [String]) {
        addKey(key)
        text += "["
        for (index, string) in strings.enumerated() {
            if index > 0 { text += "," }
            Self.appendString(string, to: &text)
        }
        text += "]"
    }

    func finish() -> String { text + "}" }

    private mutating func addKey(_ key: String) {
        if !isFirst { text += "," }
        isFirst = false
        Self.appendString(key, to: &text)
        text += ":"
    }

    /// A number as JSON: integers without a fraction, others in the shortest form that reads back
    /// the same; non-finite values (which JSON cannot hold) as 0.
    static func format(_ number: Double) -> String {
        guard number.isFinite else { return "0" }
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    static func appendString(_ string: String, to text: inout String) {
        text += "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
