public import EventModel
import FocusEngine

/// Captions for the terminal view: what a person should notice in a batch of events.
public enum Captions {
    /// The caption for the events one input produced, or nil when nothing in them is worth a
    /// caption (motion, a key release).
    public static func caption(for events: [WayfinderEvent]) -> String? {
        var key: String?
        var parts: [String] = []
        for event in events {
            switch event.payload {
            case .input(.key(let code, let state, let modifiers, let keysym, _), _) where state != .up:
                guard !code.isModifier else { continue }
                key =
                    KeyPress(code: code, keysym: keysym, modifiers: modifiers)?.description ?? code.streamName
            case .input(.button(let button, .down, let trigger, _), let target):
                let how = trigger == .button ? "" : " (\(trigger.rawValue))"
                parts.append("\(button.rawValue) click\(how)" + (target.map { " on \($0)" } ?? ""))
            case .input(.scroll(let source, _, _, let phase, _), let target) where phase != .changed:
                let what = source == .continuous ? "two-finger scroll" : "wheel scroll"
                let verb = phase == .ended ? " ends" : ""
                parts.append("\(what)\(verb)" + (target.map { " on \($0)" } ?? ""))
            case .input(.tap(let fingers, _, _), let target):
                parts.append("\(fingers)-finger tap" + (target.map { " on \($0)" } ?? ""))
            case .focus(_, let to, let heading):
                parts.append("focus → \(to ?? "nothing")" + (heading == .none ? "" : " (\(heading))"))
            case .select(let item):
                parts.append("selects \(item)")
            case .action(let action):
                switch action.name {
                case "contextMenu":
                    let trigger = action.trigger.map { " by \($0)" } ?? ""
                    parts.append(
                        "context menu on \(action.item)\(trigger): " + action.actions.joined(separator: " · "))
                case "drag", "pan":
                    let moved = action.translation.map {
                        " (\(WayfinderEvent.rounded($0.x)), \(WayfinderEvent.rounded($0.y)))"
                    }
                    parts.append("\(action.name) \(action.item) \(action.phase?.rawValue ?? "")\(moved ?? "")")
                case "zoom":
                    let scale = action.scale.map { " ×\(WayfinderEvent.fixed($0, digits: 2))" } ?? ""
                    parts.append("zoom \(action.item) \(action.phase?.rawValue ?? "")\(scale)")
                case "hover":
                    parts.append(
                        action.phase == .ended ? "pointer leaves \(action.item)" : "pointer over \(action.item)")
                default:
                    let trigger = action.trigger == .swipe ? " by swipe" : ""
                    parts.append("\(action.name) on \(action.item)\(trigger)")
                }
            case .contentOffset(let item, let offset):
                parts.append("\(item) scrolled to y \(WayfinderEvent.rounded(offset.y))")
            case .device(let change, let kind):
                parts.append("\(event.device.name) \(change.rawValue) (\(kind.rawValue))")
            case .input:
                continue
            }
        }
        if parts.isEmpty, let key { return "key \(key)" }
        guard !parts.isEmpty else { return nil }
        return ((key.map { ["\($0):"] } ?? []) + parts).joined(separator: " ")
    }
}
