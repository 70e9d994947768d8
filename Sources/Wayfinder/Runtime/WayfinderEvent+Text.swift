import Classification
import FocusEngine
public import InputEvents

extension WayfinderEvent {
    /// The event as one line for people: time, device, then what happened
    /// (`  1.340001  Demo Keyboard  focus recents → favorites (down)`); nil for events that are
    /// only printed on request (`motion` unless `includeMotion`, positions).
    public func textLine(origin: Timestamp = .zero, includeMotion: Bool = false) -> String? {
        guard includeMotion || !isMotion else { return nil }
        switch payload {
        case .device(let change, let kind):
            let state: ClassifiedStreamLine.DeviceState = change == .added ? .added : .removed
            return ClassifiedStream.humanLine(
                ClassifiedStreamLine(time: time, device: device, content: .device(state, kind: kind)), origin: origin)
        case .input(let event, let target):
            let line = ClassifiedStream.humanLine(
                ClassifiedStreamLine(time: time, device: device, content: .input(event)), origin: origin)
            return target.map { line + " → \($0)" } ?? line
        case .focus, .select, .action, .contentOffset:
            guard let summary = summary(includeMotion: includeMotion) else { return nil }
            let seconds = ClassifiedStream.fixed((time - origin).inSeconds, digits: 6)
            let padded = String(repeating: " ", count: max(0, 10 - seconds.count)) + seconds
            return "\(padded)  \(device)  \(summary)"
        }
    }

    /// What happened, in a few words (`secondary click on photo-1`, `focus search → recents`).
    public func summary(includeMotion: Bool = false) -> String? {
        switch payload {
        case .device(let change, let kind):
            return "device \(change.rawValue) (\(kind.rawValue))"
        case .input(let event, let target):
            guard let text = Self.describe(event, includeMotion: includeMotion) else { return nil }
            return target.map { "\(text) on \($0)" } ?? text
        case .focus(let from, let to, let heading):
            return "focus \(from ?? "nothing") → \(to ?? "nothing")"
                + (heading == .none ? "" : " (\(heading))")
        case .select(let item):
            return "select \(item)"
        case .action(let action):
            var text = "action \(action.name) on \(action.item)"
            if let phase = action.phase { text += " \(phase.rawValue)" }
            if let translation = action.translation {
                text += " (\(Self.format(translation.x)), \(Self.format(translation.y)))"
            }
            if !action.actions.isEmpty { text += ": " + action.actions.joined(separator: ", ") }
            if let trigger = action.trigger { text += " [\(trigger)]" }
            return text
        case .contentOffset(let item, let offset):
            return "\(item) scrolled to (\(Self.format(offset.x)), \(Self.format(offset.y)))"
        }
    }

    private static func describe(_ event: ClassifiedEvent, includeMotion: Bool) -> String? {
        switch event {
        case .key(let code, let state, let modifiers, _):
            let chord = (modifiers.names + [KeyNames.kernelName(of: code)]).joined(separator: "+")
            return "key \(chord) \(state.rawValue)"
        case .button(let button, let state, let trigger, _):
            return "\(button.rawValue) button \(state.rawValue) (\(trigger.rawValue))"
        case .scroll(let source, let delta, _, let phase, _):
            var text = "\(source.rawValue) scroll (\(format(delta.x)), \(format(delta.y)))"
            if let phase { text += " \(phase.rawValue)" }
            return text
        case .tap(let fingers, let touchType, _):
            return "\(fingers)-finger tap (\(touchType.rawValue))"
        case .longPress(let phase, let touchType, _):
            return "long press \(phase.rawValue) (\(touchType.rawValue))"
        case .drag(let phase, let touchType, let translation, _):
            return "drag \(phase.rawValue) (\(format(translation.x)), \(format(translation.y))) (\(touchType.rawValue))"
        case .motion(let delta):
            return includeMotion ? "motion (\(format(delta.x)), \(format(delta.y)))" : nil
        case .position:
            return nil
        }
    }

    static func format(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}

/// Captions for the terminal view: what a person should notice in a batch of events.
public enum Captions {
    /// The caption for the events one input produced, or nil when nothing in them is worth a
    /// caption (motion, a key release).
    public static func caption(for events: [WayfinderEvent]) -> String? {
        var key: String?
        var parts: [String] = []
        for event in events {
            switch event.payload {
            case .input(.key(let code, let state, let modifiers, _), _) where state != .up:
                guard !KeyNames.isModifier(code) else { continue }
                key =
                    KeyNames.chord(of: code, modifiers: modifiers, text: KeyNames.usLayoutText[code.rawValue])
                    ?? KeyNames.kernelName(of: code)
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
                        " (\(WayfinderEvent.format($0.x)), \(WayfinderEvent.format($0.y)))"
                    }
                    parts.append("\(action.name) \(action.item) \(action.phase?.rawValue ?? "")\(moved ?? "")")
                default:
                    parts.append("\(action.name) on \(action.item)")
                }
            case .contentOffset(let item, let offset):
                parts.append("\(item) scrolled to y \(WayfinderEvent.format(offset.y))")
            case .device(let change, let kind):
                parts.append("\(event.device) \(change.rawValue) (\(kind.rawValue))")
            case .input:
                continue
            }
        }
        if parts.isEmpty, let key { return "key \(key)" }
        guard !parts.isEmpty else { return nil }
        return ((key.map { ["\($0):"] } ?? []) + parts).joined(separator: " ")
    }
}
