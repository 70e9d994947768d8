import Classification
import FocusEngine
public import InputEvents

extension WayfinderEvent {
    /// Whether the event is pointer motion or a contact position, which the stream prints only
    /// when asked (`--motion`).
    public var isMotion: Bool {
        guard case .input(let event, _) = payload else { return false }
        switch event {
        case .motion, .position: return true
        case .key, .button, .scroll, .tap, .longPress, .drag: return false
        }
    }

    /// The event as one line of the JSON lines stream (`events.md`), without the line break; nil
    /// for what the stream does not print: motion and positions unless `includeMotion`, and
    /// content offsets (the scroll view that moved is the `target` of the `scroll` line).
    ///
    /// Inputs print exactly as the classified stream does, with `target` added when the input went
    /// to a node of the scene.
    /// - Parameters:
    ///   - origin: The time printed as 0 (a replay's start; zero for live kernel times).
    ///   - includeMotion: Whether to print motion and positions.
    public func jsonLine(origin: Timestamp = .zero, includeMotion: Bool = false) -> String? {
        switch payload {
        case .device(let change, let kind):
            let state: ClassifiedStreamLine.DeviceState = change == .added ? .added : .removed
            return ClassifiedStream.jsonLine(
                ClassifiedStreamLine(time: time, device: device, content: .device(state, kind: kind)), origin: origin)
        case .input(let event, let target):
            guard includeMotion || !isMotion else { return nil }
            let line = ClassifiedStream.jsonLine(
                ClassifiedStreamLine(time: time, device: device, content: .input(event)), origin: origin)
            guard let target, line.hasSuffix("}") else { return line }
            return String(line.dropLast()) + ",\"target\":" + JSONLine.quoted(target) + "}"
        case .focus(let from, let to, let heading):
            var line = header(origin: origin, type: "focus")
            line.append("from", from)
            line.append("to", to)
            line.append("heading", heading.description)
            return line.text
        case .select(let item):
            var line = header(origin: origin, type: "select")
            line.append("item", item)
            return line.text
        case .action(let action):
            var line = header(origin: origin, type: "action")
            line.append("item", action.item)
            line.append("name", action.name)
            if let phase = action.phase { line.append("phase", phase.rawValue) }
            if let trigger = action.trigger { line.append("trigger", trigger) }
            if !action.actions.isEmpty { line.append("actions", strings: action.actions) }
            if let translation = action.translation {
                line.append("dx", translation.x)
                line.append("dy", translation.y)
            }
            return line.text
        case .contentOffset:
            return nil
        }
    }

    private func header(origin: Timestamp, type: String) -> JSONLine {
        var line = JSONLine()
        line.append("time", (time - origin).inSeconds)
        line.append("device", device)
        line.append("type", type)
        return line
    }
}
