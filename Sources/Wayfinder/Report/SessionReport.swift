public import Classification
public import EventModel
public import Geometry
public import InputEvents
import InputRecording

/// What a session report shows: the devices of a replay with their contacts, every event of the
/// stream, the decisions behind them, and the spans of time they took.
///
/// Everything comes from one run of the replay through a ``Runtime``: the pictures are drawn from
/// the events the stream has and from the raw frames (for the fingers' paths), never from a second
/// classification.
///
/// ```swift
/// let report = try SessionReport.record(replay, through: Runtime())
/// let html = ReportPage(report: report).html
/// ```
public struct SessionReport: Sendable {
    /// One device of the session.
    public struct Device: Sendable {
        /// The device as the stream names it.
        public var instance: DeviceInstance
        /// What kind of device it is.
        public var kind: DeviceKind
        /// Its contacts, for a touch surface.
        public var contacts: ContactPaths?
        /// The events and decisions that happened on its surface, where the fingers were then.
        public var marks: [Mark] = []
        /// The pointer's speed over time, for a device that moves the pointer, thinned like a
        /// contact's path.
        public var speed: ContactPath?
    }

    /// An event or decision drawn on a touch surface.
    public struct Mark: Sendable {
        /// When it happened.
        public var time: Timestamp
        /// Where the fingers were: their centre, in the surface's units.
        public var position: Vector
        /// A word or two for the picture (`tap`, `pinch began`, `why`).
        public var label: String
        /// The stream's line (or the `why:` line) shown on hover.
        public var line: String
        /// Whether it is a decision rather than an event.
        public var isDecision: Bool
    }

    /// One event of the stream (motion and positions left out, as the stream prints them unless
    /// asked).
    public struct Entry: Sendable {
        /// When it happened.
        public var time: Timestamp
        /// The index of its device in ``devices``.
        public var device: Int
        /// The stream's `type` (`tap`, `button`, `focus`, …).
        public var type: String
        /// A word or two for the timeline.
        public var label: String
        /// The line `wayfinder replay` prints for it.
        public var line: String
    }

    /// A decision, with the line `--why` prints.
    public struct Decision: Sendable {
        /// When it was taken.
        public var time: Timestamp
        /// The index of its device in ``devices``.
        public var device: Int
        /// The `why:` line.
        public var line: String
    }

    /// A stretch of time: a gesture from its beginning to its end, a key or button held, or the
    /// timeout a decision was measured against.
    public struct Span: Sendable {
        /// What it is.
        public enum Kind: String, Sendable {
            /// A gesture, key or button from began (down) to ended or cancelled (up).
            case held
            /// The timeout that decided something (a tap's, a long press's, middle-button
            /// emulation's), from where it started to where it ran out.
            case timeout
        }
        /// The index of its device in ``devices``.
        public var device: Int
        /// When it started and ended.
        public var start: Timestamp
        public var end: Timestamp
        /// What it is.
        public var kind: Kind
        /// Its name (`drag`, `KEY_TAB`, `tap timeout 180 ms`).
        public var label: String
    }

    /// The devices, in the replay's source order (the stream's device IDs).
    public var devices: [Device]
    /// Every event of the stream, in order.
    public var events: [Entry] = []
    /// Every decision, in order.
    public var decisions: [Decision] = []
    /// Every span, in the order they ended.
    public var spans: [Span] = []
    /// Where focus went: the focused item after each focus change (nil for nothing), in order.
    public var focusPath: [String?] = []
    /// Where actions landed: the item and the action's line, in order.
    public var actions: [(item: String, line: String)] = []
    /// When the session starts and ends (the last event, decision or frame).
    public var start: Timestamp
    public var end: Timestamp

    /// Runs a replay through a runtime and keeps what the report shows.
    ///
    /// - Parameters:
    ///   - replay: The recordings.
    ///   - runtime: The runtime, with or without a scene; its `onDecision` is taken over.
    ///   - showsKeyCodes: Whether keys keep their codes; else every key that types text becomes
    ///     `KEY_A` before the runtime sees it, as `wayfinder record` hides them.
    /// - Throws: What the replay's readers throw (a malformed recording, with its file and line).
    public static func record(_ replay: Replay, through runtime: Runtime, showsKeyCodes: Bool = false) throws
        -> SessionReport
    {
        let collector = Collector(replay: replay)
        runtime.onDecision = { decision in collector.add(decision) }
        try replay.run(
            through: runtime,
            prepareFrame: { source, frame in
                if !showsKeyCodes {
                    for index in frame.events.indices { Obfuscation.apply(to: &frame.events[index]) }
                }
                collector.report.devices[source].contacts?.follow(frame)
                collector.report.end = max(collector.report.end, frame.time)
            },
            afterStep: { events in for event in events { collector.add(event) } }
        )
        runtime.onDecision = nil
        return collector.report
    }

    /// Collects what the callbacks of one run hand on.
    private final class Collector {
        var report: SessionReport
        /// The spans begun and not yet ended, by device and name.
        var open: [String: Timestamp] = [:]
        var lastMotion: [Int: Timestamp] = [:]
        /// Each device's index in the report: the replay's sources, then what else causes events
        /// (the scene's own deadlines: a scroll decelerating, a zoom bouncing back).
        var indices: [DeviceInstance: Int] = [:]

        init(replay: Replay) {
            let devices = replay.sources.indices.map { index in
                let description = replay.sources[index].description
                let kind = description.kind
                let isTouch = kind == .touchpad || kind == .clickpad || kind == .touchscreen || kind == .tablet
                return Device(
                    instance: replay.instance(of: index), kind: kind,
                    contacts: isTouch ? ContactPaths(device: description) : nil)
            }
            report = SessionReport(devices: devices, start: replay.startTime, end: replay.startTime)
            for (index, device) in devices.enumerated() { indices[device.instance] = index }
        }

        /// The index of a device in the report, added when it is new.
        func index(of instance: DeviceInstance) -> Int {
            if let index = indices[instance] { return index }
            report.devices.append(Device(instance: instance, kind: .other, contacts: nil))
            indices[instance] = report.devices.count - 1
            return report.devices.count - 1
        }

        func add(_ decision: ExplainedDecision) {
            let device = index(of: decision.device)
            let line = decision.textLine()
            report.decisions.append(Decision(time: decision.time, device: device, line: line))
            report.end = max(report.end, decision.time)
            if let centre = report.devices[device].contacts?.currentCentre {
                report.devices[device].marks.append(
                    Mark(time: decision.time, position: centre, label: "why", line: line, isDecision: true))
            }
            if let (start, limit) = decision.decision.timeout {
                report.spans.append(
                    Span(
                        device: device, start: decision.time - .milliseconds(start),
                        end: decision.time - .milliseconds(start) + .milliseconds(limit), kind: .timeout,
                        label: "\(limit) ms"))
            }
        }

        func add(_ event: WayfinderEvent) {
            let device = index(of: event.device)
            report.end = max(report.end, event.time)
            if case .input(.motion(let delta, _), _) = event.payload {
                addSpeed(delta, at: event.time, device: device)
            }
            guard let line = event.textLine() else { return }
            let (type, label) = Self.describe(event.payload)
            report.events.append(Entry(time: event.time, device: device, type: type, label: label, line: line))
            switch event.payload {
            case .focus(_, let to, _): report.focusPath.append(to)
            case .action(let action): report.actions.append((action.item, line))
            default: break
            }
            if let (name, isStart) = Self.span(of: event.payload) {
                let key = "\(device) \(name)"
                if isStart {
                    if open[key] == nil { open[key] = event.time }
                } else if let start = open.removeValue(forKey: key) {
                    report.spans.append(Span(device: device, start: start, end: event.time, kind: .held, label: name))
                }
            }
            if Self.isMarked(event.payload), let centre = report.devices[device].contacts?.currentCentre {
                report.devices[device].marks.append(
                    Mark(time: event.time, position: centre, label: label, line: line, isDecision: false))
            }
        }

        /// Adds a speed sample: the motion's length over the time since the previous motion.
        private func addSpeed(_ delta: Vector, at time: Timestamp, device: Int) {
            defer { lastMotion[device] = time }
            guard let previous = lastMotion[device], time > previous else { return }
            let seconds = (time - previous).inSeconds
            // A pause longer than a tenth of a second is a new movement, not a slow one.
            guard seconds < 0.1 else { return }
            let speed = (delta.x * delta.x + delta.y * delta.y).squareRoot() / seconds
            if report.devices[device].speed == nil {
                report.devices[device].speed = ContactPath(number: 0, start: time)
            }
            report.devices[device].speed?.append(Vector(x: time.seconds, y: speed), at: time)
        }

        /// Whether an event is drawn where the fingers were: what starts or ends something.
        private static func isMarked(_ payload: EventPayload) -> Bool {
            guard case .input(let event, _) = payload else { return false }
            switch event {
            case .tap, .button: return true
            case .scroll(_, _, _, let phase, _): return phase == .began || phase == .ended
            case .longPress(let phase, _, _), .drag(let phase, _, _, _): return phase != .changed
            case .gesture(let gesture): return gesture.phase != .changed
            case .touch(let phase, _, _): return phase != .move
            case .key, .motion, .position: return false
            }
        }

        /// The span an event begins or ends, by name.
        private static func span(of payload: EventPayload) -> (name: String, isStart: Bool)? {
            guard case .input(let event, _) = payload else { return nil }
            switch event {
            case .key(let code, let state, _, _, _):
                return state == .repeat ? nil : (code.streamName, state == .down)
            case .button(let button, let state, _, _): return ("\(button.rawValue) button", state == .down)
            case .scroll(.continuous, _, _, let phase?, _):
                return phase == .changed ? nil : ("scroll", phase == .began)
            case .longPress(let phase, _, _): return phase == .changed ? nil : ("long press", phase == .began)
            case .drag(let phase, _, _, _): return phase == .changed ? nil : ("drag", phase == .began)
            case .gesture(let gesture):
                return gesture.phase == .changed ? nil : (gesture.kind.rawValue, gesture.phase == .began)
            case .scroll, .tap, .motion, .position, .touch: return nil
            }
        }

        /// The stream's `type` of a payload and a short label for it.
        private static func describe(_ payload: EventPayload) -> (type: String, label: String) {
            switch payload {
            case .device(let change, _): return ("device", change.rawValue)
            case .focus(_, let to, _): return ("focus", "→ " + (to ?? "nothing"))
            case .select(let item): return ("select", "select " + item)
            case .action(let action): return ("action", action.name)
            case .contentOffset(let item, _): return ("contentOffset", item)
            case .input(let event, _):
                switch event {
                case .key(let code, let state, _, _, _): return ("key", "\(code.streamName) \(state.rawValue)")
                case .button(let button, let state, _, _): return ("button", "\(button.rawValue) \(state.rawValue)")
                case .scroll(let source, _, _, let phase, _):
                    return ("scroll", phase.map { "scroll \($0.rawValue)" } ?? "\(source.rawValue) scroll")
                case .tap(let fingers, _, _): return ("tap", "tap \(fingers)")
                case .longPress(let phase, _, _): return ("longPress", "long press \(phase.rawValue)")
                case .drag(let phase, _, _, _): return ("drag", "drag \(phase.rawValue)")
                case .motion: return ("motion", "motion")
                case .position: return ("position", "position")
                case .touch(let phase, _, _): return ("touch", "touch \(phase.rawValue)")
                case .gesture(let gesture):
                    return (gesture.kind.rawValue, "\(gesture.kind.rawValue) \(gesture.phase.rawValue)")
                }
            }
        }
    }
}

extension ClassificationDecision {
    /// For a decision taken because a timeout ran out (a touch held longer than a tap may be,
    /// buttons pressed within middle-button emulation's window): how long before the decision
    /// the timeout started, and its length, in milliseconds.
    public var timeout: (start: Int64, limit: Int64)? {
        switch reason {
        case .touchHeldTooLong(_, let milliseconds, let limit, _): (milliseconds, limit)
        case .touchscreenHeldTooLong(let milliseconds, let limit): (milliseconds, limit)
        case .middleButtonEmulated(let milliseconds, let limit): (milliseconds, limit)
        default: nil
        }
    }
}
