public import InputEvents

// The stream's two encodings, JSON lines (`events.md`) and text for people, written once for
// every command that prints events: `replay`, `replay --scene`, `run`, `demo`.

/// A version of the JSON lines stream's contract, printed as `version` on every line.
///
/// The version changes only for a change that is not an extension (a field removed, renamed or
/// given another meaning); new types and fields keep it. The previous version stays available
/// for one release (`--stream-version 1`).
public enum StreamVersion: Int, Hashable, Sendable, CaseIterable {
    /// The first contract: wheel detents of 10 points, `drag`'s `dx`/`dy` and pinch `scale`
    /// since began but pinch `rotation` per event, a `pan` action against the scroll's sign.
    case one = 1
    /// Units stated per field, every gesture field per event (`dx`, `rotationChange`) or since
    /// began (`totalDx`, `scale`), a `pan` scrolling as a scroll does, device identity on
    /// device lines.
    case two = 2

    /// The version printed unless another is asked for.
    public static let current = StreamVersion.two

    /// Points a wheel detent (120 units of v120) scrolled in version 1's `scroll` lines.
    static let versionOnePointsPerDetent = 10.0
}

extension WayfinderEvent {
    /// The version of the JSON lines stream printed unless another is asked for.
    public static let streamVersion = StreamVersion.current.rawValue

    /// The event as one line of the JSON lines stream (`events.md`), without the line break; nil
    /// for what the stream prints only on request: motion and positions unless `includeMotion`.
    ///
    /// Every line has `time`, `device` (the device's name), `deviceID` (its identity: the event
    /// node live, `R:D` in a replay), `version` and `type`; inputs that went to a node of a scene
    /// add `target`.
    /// - Parameters:
    ///   - origin: The time printed as 0 (a replay's start, a live session's start).
    ///   - includeMotion: Whether to print motion and positions.
    ///   - version: The contract to follow.
    public func jsonLine(
        origin: Timestamp = .zero,
        includeMotion: Bool = false,
        version: StreamVersion = .current
    ) -> String? {
        var line = JSONLine()
        guard appendJSON(to: &line, origin: origin, includeMotion: includeMotion, version: version) else {
            return nil
        }
        return line.text
    }

    /// Writes the event's JSON object into `line` (emptied first), reusing its storage; returns
    /// false, leaving `line` empty, for what the stream does not print (see
    /// ``jsonLine(origin:includeMotion:version:)``).
    public func appendJSON(
        to line: inout JSONLine,
        origin: Timestamp = .zero,
        includeMotion: Bool = false,
        version: StreamVersion = .current
    ) -> Bool {
        line.removeAll()
        guard payload.isPrinted(includeMotion: includeMotion, version: version) else { return false }
        line.append(literalKey: "time", microseconds: time.microseconds - origin.microseconds)
        Self.appendFieldsAfterTime(to: &line, device: device, version: version)
        payload.appendJSONFields(to: &line, version: version)
        if version != .one, case .device(.added, _) = payload, let details = device.details {
            details.appendJSONFields(to: &line, origin: origin)
        }
        return true
    }
}

extension WayfinderEvent {
    /// Appends the fields every line of the JSON streams starts with: `time` (seconds since the
    /// stream's origin), `device`, `deviceID` and `version`; the caller adds `type` and the rest.
    /// Event lines, `--why` lines and `--raw --json` lines share them.
    public static func appendCommonFields(
        to line: inout JSONLine,
        time: Duration,
        device: DeviceInstance,
        version: StreamVersion
    ) {
        line.append(literalKey: "time", seconds: time)
        appendFieldsAfterTime(to: &line, device: device, version: version)
    }

    /// Appends the common fields after `time` (see ``appendCommonFields(to:time:device:version:)``).
    static func appendFieldsAfterTime(to line: inout JSONLine, device: DeviceInstance, version: StreamVersion) {
        line.append(device.jsonFields, version: version.rawValue)
    }
}

extension EventPayload {
    /// Whether the streams print the payload: motion and positions only when asked, everything
    /// else always (touches too, but for version 1, which printed them as positions).
    public func isPrinted(includeMotion: Bool, version: StreamVersion = .current) -> Bool {
        if includeMotion { return true }
        if version == .one, case .input(.touch, _) = self { return false }
        return !isMotion
    }

    /// Appends the payload's `type` and fields (`events.md`) to a JSON object: the part of a stream
    /// line after `time`, `device`, `deviceID` and `version`, also used where payloads are printed on their own
    /// (`wayfinder navigate --json`).
    public func appendJSONFields(to line: inout JSONLine, version: StreamVersion = .current) {
        switch self {
        case .device(let change, let kind):
            line.append("type", "device")
            line.append("state", change.rawValue)
            line.append("kind", kind.rawValue)
        case .input(let event, let target):
            Self.appendFields(of: event, to: &line, version: version)
            if let target { line.append("target", target) }
        case .focus(let from, let to, let heading):
            line.append("type", "focus")
            line.append("from", from)
            line.append("to", to)
            line.append("heading", heading.description)
        case .select(let item):
            line.append("type", "select")
            line.append("item", item)
        case .action(let action):
            line.append("type", "action")
            line.append("item", action.item)
            line.append("name", action.name)
            if let phase = action.phase { line.append("phase", phase.rawValue) }
            if let trigger = action.trigger { line.append("trigger", trigger.rawValue) }
            if !action.actions.isEmpty { line.append("actions", strings: action.actions) }
            if let translation = action.translation {
                if version == .one {
                    line.append("dx", translation.x)
                    line.append("dy", translation.y)
                } else {
                    // A pan scrolls: its totals carry the scroll's sign (positive y scrolls down,
                    // the content moving up), which is the opposite of the fingers' movement.
                    let sign = action.name == "pan" ? -1.0 : 1.0
                    line.append("totalDx", sign * translation.x)
                    line.append("totalDy", sign * translation.y)
                }
            }
            if let scale = action.scale { line.append(version == .one ? "scale" : "zoomScale", scale) }
        case .contentOffset(let item, let offset):
            line.append("type", "contentOffset")
            line.append("item", item)
            line.append("x", offset.x)
            line.append("y", offset.y)
        }
    }

    private static func appendFields(of event: ClassifiedEvent, to json: inout JSONLine, version: StreamVersion) {
        switch event {
        case .key(let code, let state, let modifiers, let keysym, let text):
            json.append("type", "key")
            json.append("key", code.streamName)
            json.append("state", state.rawValue)
            json.append("modifiers", strings: modifiers.names)
            if let text { json.append("text", text) }
            if let keysym { json.append("keysym", keysym.name) }
        case .button(let button, let state, let trigger, let code):
            json.append("type", "button")
            json.append("button", button.rawValue)
            json.append("state", state.rawValue)
            json.append("trigger", trigger.rawValue)
            if let code { json.append("code", code.streamName) }
        case .scroll(let source, let delta, let v120, let phase, let velocity):
            json.append("type", "scroll")
            json.append("source", source.rawValue)
            if version == .one, source == .discrete, let v120 {
                // Version 1 scrolled a fixed 10 points a detent, whatever the scroll view moved.
                let perV120 = StreamVersion.versionOnePointsPerDetent / 120
                json.append("dx", v120.x * perV120)
                json.append("dy", v120.y * perV120)
            } else {
                json.append("dx", delta.x)
                json.append("dy", delta.y)
            }
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
            if let position {
                json.append("x", position.x)
                json.append("y", position.y)
            } else {
                json.appendNull("x")
                json.appendNull("y")
            }
        case .drag(let phase, let touchType, let translation, let position):
            json.append("type", "drag")
            json.append("phase", phase.rawValue)
            json.append("touchType", touchType.rawValue)
            json.append(version == .one ? "dx" : "totalDx", translation.x)
            json.append(version == .one ? "dy" : "totalDy", translation.y)
            if let position {
                json.append("x", position.x)
                json.append("y", position.y)
            }
        case .motion(let delta, let unaccelerated):
            json.append(
                literalType: "motion", ("dx", delta.x), ("dy", delta.y), ("dxUnaccelerated", unaccelerated.x),
                ("dyUnaccelerated", unaccelerated.y))
        case .touch(let phase, let position, let contact) where version == .one:
            appendFields(
                of: .position(position, touchType: .direct, isDown: phase != .up, contact: contact), to: &json,
                version: version)
        case .touch(let phase, let position, let contact):
            json.append("type", "touch")
            json.append("phase", phase.rawValue)
            json.append("x", position.x)
            json.append("y", position.y)
            json.append("contact", contact)
        case .position(let position, let touchType, let isDown, let contact):
            json.append("type", "position")
            json.append("x", position.x)
            json.append("y", position.y)
            json.append("touchType", touchType.rawValue)
            json.append("down", isDown)
            json.append("contact", contact)
        case .gesture(let gesture):
            json.append("type", gesture.kind.rawValue)
            json.append("phase", gesture.phase.rawValue)
            json.append("fingers", gesture.fingers)
            json.append("touchType", gesture.touchType.rawValue)
            if gesture.kind != .hold {
                json.append("dx", gesture.delta.x)
                json.append("dy", gesture.delta.y)
            }
            if gesture.kind == .pinch {
                json.append("scale", gesture.scale)
                json.append(version == .one ? "rotation" : "rotationChange", gesture.rotation)
            }
            if let position = gesture.position {
                json.append("x", position.x)
                json.append("y", position.y)
            }
        }
    }

}

extension WayfinderEvent {
    /// The event as one line for people: the time, the device, and what happened; nil for what is
    /// printed only on request (motion, positions and touches unless `includeMotion`).
    ///
    /// ```
    ///   1.068800  Ultrathin Touch Mouse  scroll discrete dx 0.00 dy -40.00 (v120 0.0 -120.0)
    ///   1.340001  Demo Keyboard  focus recents → favorites (down)
    /// ```
    public func textLine(origin: Timestamp = .zero, includeMotion: Bool = false) -> String? {
        // The text for people leaves touches out, as motion, unless asked for.
        guard includeMotion || !isMotion else { return nil }
        if !includeMotion, case .input(.touch, _) = payload { return nil }
        let text: String
        switch payload {
        case .device(let change, let kind):
            text = "device \(change.rawValue) (\(kind.rawValue))"
        case .input(let event, let target):
            text = Self.inputText(event) + (target.map { " → \($0)" } ?? "")
        case .focus, .select, .action, .contentOffset:
            guard let summary = summary(includeMotion: includeMotion) else { return nil }
            text = summary
        }
        return Self.textLine(time: time, origin: origin, device: device.name, text: text)
    }

    /// A line of the text stream: the time in seconds since `origin` (right-aligned, six
    /// decimals), two spaces, the device's name, two spaces, then `text`. Event lines and `--why`
    /// lines share these columns.
    public static func textLine(time: Timestamp, origin: Timestamp, device: String, text: String) -> String {
        let seconds = fixed((time - origin).inSeconds, digits: 6)
        return String(repeating: " ", count: max(0, 10 - seconds.count)) + seconds + "  " + device + "  " + text
    }

    private static func inputText(_ event: ClassifiedEvent) -> String {
        switch event {
        case .key(let code, let state, let modifiers, _, let text):
            var result = "key \(code.streamName) \(state.rawValue)"
            if !modifiers.names.isEmpty { result += " [" + modifiers.names.joined(separator: "+") + "]" }
            if let text { result += " " + JSONLine.quoted(text) }
            return result
        case .button(let button, let state, let trigger, let code):
            var result = "button \(button.rawValue) \(state.rawValue) by \(trigger.rawValue)"
            if let code { result += " (\(code.streamName))" }
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
            return "drag \(phase.rawValue) (\(touchType.rawValue)) dx \(fixed(translation.x, digits: 2)) "
                + "dy \(fixed(translation.y, digits: 2))"
        case .motion(let delta, let unaccelerated):
            return "motion dx \(fixed(delta.x, digits: 2)) dy \(fixed(delta.y, digits: 2)) "
                + "(unaccelerated \(fixed(unaccelerated.x, digits: 2)) \(fixed(unaccelerated.y, digits: 2)))"
        case .touch(let phase, let position, let contact):
            return "touch \(phase.rawValue) \(fixed(position.x, digits: 4)) \(fixed(position.y, digits: 4))"
                + (contact == 0 ? "" : " contact \(contact)")
        case .position(let position, let touchType, let isDown, let contact):
            return "position \(fixed(position.x, digits: 4)) \(fixed(position.y, digits: 4)) "
                + "\(isDown ? "down" : "up") (\(touchType.rawValue))" + (contact == 0 ? "" : " contact \(contact)")
        case .gesture(let gesture):
            var result = "\(gesture.kind.rawValue) \(gesture.phase.rawValue) \(gesture.fingers) fingers"
            if gesture.kind != .hold {
                result += " dx \(fixed(gesture.delta.x, digits: 2)) dy \(fixed(gesture.delta.y, digits: 2))"
            }
            if gesture.kind == .pinch {
                result += " scale \(fixed(gesture.scale, digits: 3)) rotation \(fixed(gesture.rotation, digits: 1))°"
            }
            return result + " (\(gesture.touchType.rawValue))"
        }
    }

    /// What happened, in a few words (`primary button down (buttonArea) on photo-1`,
    /// `focus search → recents (next)`); nil for motion unless `includeMotion`, and positions.
    public func summary(includeMotion: Bool = false) -> String? {
        switch payload {
        case .device(let change, let kind):
            return "device \(change.rawValue) (\(kind.rawValue))"
        case .input(let event, let target):
            guard let text = Self.describe(event, includeMotion: includeMotion) else { return nil }
            return target.map { "\(text) on \($0)" } ?? text
        case .focus(let from, let to, let heading):
            return "focus \(from ?? "nothing") → \(to ?? "nothing")" + (heading == .none ? "" : " (\(heading))")
        case .select(let item):
            return "select \(item)"
        case .action(let action):
            var text = "action \(action.name) on \(action.item)"
            if let phase = action.phase { text += " \(phase.rawValue)" }
            if let translation = action.translation {
                text += " (\(Self.rounded(translation.x)), \(Self.rounded(translation.y)))"
            }
            if let scale = action.scale { text += " ×\(Self.fixed(scale, digits: 2))" }
            if !action.actions.isEmpty { text += ": " + action.actions.joined(separator: ", ") }
            if let trigger = action.trigger { text += " [\(trigger)]" }
            return text
        case .contentOffset(let item, let offset):
            return "\(item) scrolled to (\(Self.rounded(offset.x)), \(Self.rounded(offset.y)))"
        }
    }

    private static func describe(_ event: ClassifiedEvent, includeMotion: Bool) -> String? {
        switch event {
        case .key(let code, let state, let modifiers, _, _):
            let chord = (modifiers.names + [code.streamName]).joined(separator: "+")
            return "key \(chord) \(state.rawValue)"
        case .button(let button, let state, let trigger, _):
            return "\(button.rawValue) button \(state.rawValue) (\(trigger.rawValue))"
        case .scroll(let source, let delta, _, let phase, _):
            var text = "\(source.rawValue) scroll (\(rounded(delta.x)), \(rounded(delta.y)))"
            if let phase { text += " \(phase.rawValue)" }
            return text
        case .tap(let fingers, let touchType, _):
            return "\(fingers)-finger tap (\(touchType.rawValue))"
        case .longPress(let phase, let touchType, _):
            return "long press \(phase.rawValue) (\(touchType.rawValue))"
        case .drag(let phase, let touchType, let translation, _):
            return
                "drag \(phase.rawValue) (\(rounded(translation.x)), \(rounded(translation.y))) (\(touchType.rawValue))"
        case .motion(let delta, _):
            return includeMotion ? "motion (\(rounded(delta.x)), \(rounded(delta.y)))" : nil
        case .position, .touch:
            return nil
        case .gesture(let gesture):
            var text = "\(gesture.fingers)-finger \(gesture.kind.rawValue) \(gesture.phase.rawValue)"
            if gesture.kind == .pinch { text += " ×\(fixed(gesture.scale, digits: 2))" }
            return text + " (\(gesture.touchType.rawValue))"
        }
    }

    /// A number to one decimal, whole numbers without one (`12`, `12.5`), for summaries.
    public static func rounded(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// A number with a fixed count of digits after the point, without Foundation's formatter.
    public static func fixed(_ value: Double, digits: Int) -> String {
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

extension KeyCode {
    /// The name the stream prints for a key or button: the kernel's (`KEY_A`, `BTN_LEFT`), or
    /// its number when the kernel has none (`KEY_767`).
    public var streamName: String {
        name ?? (isButton ? "BTN_\(rawValue)" : "KEY_\(rawValue)")
    }
}
