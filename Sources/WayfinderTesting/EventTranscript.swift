public import EventModel
import FileAccess
public import InputEvents
public import Wayfinder

#if canImport(Glibc)
    import Glibc
#endif

/// What a play produced: every event in order, as values, as the JSON lines `wayfinder replay
/// --json` prints, and as short summaries to compare in a test.
public struct EventTranscript: Sendable {
    /// The kinds of events, to pick some out of a transcript.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// A device appeared or went away.
        case device
        /// Classified input: keys, buttons, scrolls, taps, gestures.
        case input
        /// The focus moved.
        case focus
        /// An item was selected.
        case select
        /// An interaction or a custom action fired.
        case action
        /// A scroll view's content moved.
        case contentOffset
    }

    /// Every event, in order.
    public let events: [WayfinderEvent]
    /// The time the lines' times count from.
    public let origin: Timestamp

    /// Creates a transcript.
    public init(events: [WayfinderEvent], origin: Timestamp) {
        self.events = events
        self.origin = origin
    }

    /// The events as JSON lines, exactly as `wayfinder replay --json` prints them (pointer motion
    /// and positions too with `includeMotion`).
    public func jsonLines(includeMotion: Bool = false) -> [String] {
        var line = JSONLine()
        return events.compactMap { event in
            event.appendJSON(to: &line, origin: origin, includeMotion: includeMotion) ? line.text : nil
        }
    }

    /// What happened, in a few words an event (`action contextMenu on photo-1: Share, Delete
    /// [secondaryClick]`, `focus search → recents (next)`), for the kinds asked (all by default);
    /// without times or devices, so that a test states the outcome and nothing else.
    public func summaries(of kinds: Set<Kind> = Set(Kind.allCases)) -> [String] {
        events.compactMap { kinds.contains(Kind($0.payload)) ? $0.summary() : nil }
    }

    /// The shape of what happened: each event's summary without amounts (distances, offsets,
    /// scales), and each continuous update (a scroll's or a drag's `changed`, a scroll view moving)
    /// once per run of updates. Every `began`, `ended`, click, tap, key,
    /// focus move and action stays, so a missing or doubled one shows; what the sensor's noise
    /// changes (how far each frame moved) does not.
    ///
    /// ```swift
    /// #expect(transcript.outline(of: [.input, .action]) == [
    ///     "continuous scroll began on grid", "continuous scroll changed on grid", "continuous scroll ended on grid",
    /// ])
    /// ```
    ///
    /// With `includingUpdates` false, continuous updates are left out altogether: what began and
    /// what ended. A lifted item follows a resting finger's wobble on a real touchscreen, so a
    /// long press there has `changed` updates that an exact script has not.
    public func outline(of kinds: Set<Kind> = Set(Kind.allCases), includingUpdates: Bool = true) -> [String] {
        var lines: [String] = []
        // The updates since the last line that is not one: a scroll's `changed` and the scroll
        // view moving alternate, and each run is shown once.
        var run: Set<String> = []
        for event in events where kinds.contains(Kind(event.payload)) {
            guard let (line, isUpdate) = Self.outline(event) else { continue }
            if isUpdate {
                guard includingUpdates, run.insert(line).inserted else { continue }
            } else {
                run.removeAll()
            }
            lines.append(line)
        }
        return lines
    }

    /// An event's line in an outline, and whether it is a continuous update; nil for motion and
    /// positions.
    private static func outline(_ event: WayfinderEvent) -> (String, Bool)? {
        switch event.payload {
        case .input(let input, let target):
            let on = target.map { " on \($0)" } ?? ""
            switch input {
            case .scroll(let source, _, _, let phase, _):
                return ("\(source.rawValue) scroll" + (phase.map { " \($0.rawValue)" } ?? "") + on, phase == .changed)
            case .drag(let phase, let touchType, _, _):
                return ("drag \(phase.rawValue) (\(touchType.rawValue))" + on, phase == .changed)
            case .gesture(let gesture):
                return (
                    "\(gesture.kind.rawValue) \(gesture.phase.rawValue) \(gesture.fingers) fingers" + on,
                    gesture.phase == .changed
                )
            case .motion, .position, .touch: return nil
            case .key, .button, .tap, .longPress:
                return event.summary().map { ($0, false) }
            }
        case .action(let action):
            var line = "action \(action.name) on \(action.item)"
            if let phase = action.phase { line += " \(phase.rawValue)" }
            if !action.actions.isEmpty { line += ": " + action.actions.joined(separator: ", ") }
            if let trigger = action.trigger { line += " [\(trigger)]" }
            return (line, action.phase == .changed)
        case .contentOffset(let item, _):
            return ("\(item) scrolled", true)
        case .device, .focus, .select:
            return event.summary().map { ($0, false) }
        }
    }

    /// Compares the JSON lines with expected ones.
    /// - Returns: Nil when equal; else where they first differ, with a readable report.
    /// - Throws: `StreamExpectationError` when an expected line is not a JSON object.
    public func difference(
        fromExpectedLines expected: [String], comparison: StreamComparison = StreamComparison(),
        includeMotion: Bool = false
    ) throws -> StreamDifference? {
        var matcher = StreamMatcher(name: "expected lines", comparison: comparison)
        let lines = jsonLines(includeMotion: includeMotion)
        for (index, line) in lines.enumerated() {
            if let difference = try matcher.match(
                actual: line, expected: index < expected.count ? expected[index] : nil)
            {
                return difference
            }
        }
        return matcher.finish(expected: lines.count < expected.count ? expected[lines.count] : nil)
    }

    /// Checks the JSON lines against a golden file: throws the first difference, with a report
    /// that names the file, the line and the field. With `updating` (by default, when the
    /// environment sets `WAYFINDER_UPDATE_EXPECTATIONS=1`), writes the file instead.
    ///
    /// ```swift
    /// try transcript.expect(matchingGolden: "Tests/Golden/scroll.jsonl")
    /// ```
    /// - Throws: `StreamDifference`; `FileError` when the file cannot be read or written;
    ///   `StreamExpectationError` when a line of it is not a JSON object.
    public func expect(
        matchingGolden path: String, comparison: StreamComparison = StreamComparison(), includeMotion: Bool = false,
        updating: Bool = GoldenFiles.updateRequested
    ) throws {
        let lines = jsonLines(includeMotion: includeMotion)
        if updating {
            var file = try OutputFile(creating: path, replacing: true)
            for line in lines { try file.write(line + "\n") }
            try file.finish()
            return
        }
        var golden = try GoldenStreamFile(path: path, comparison: comparison)
        for line in lines {
            if let difference = try golden.check(line) { throw difference }
        }
        if let difference = try golden.finish() { throw difference }
    }
}

/// Golden files in a user's tests.
public enum GoldenFiles {
    /// The environment variable that makes ``EventTranscript/expect(matchingGolden:comparison:includeMotion:updating:)``
    /// write golden files instead of checking them: `WAYFINDER_UPDATE_EXPECTATIONS=1 swift test`.
    public static let updateVariable = "WAYFINDER_UPDATE_EXPECTATIONS"

    /// Whether the environment asks for golden files to be written.
    public static var updateRequested: Bool {
        guard let value = getenv(updateVariable) else { return false }
        return String(cString: value) == "1"
    }
}

extension EventTranscript.Kind {
    /// The kind of a payload.
    init(_ payload: EventPayload) {
        switch payload {
        case .device: self = .device
        case .input: self = .input
        case .focus: self = .focus
        case .select: self = .select
        case .action: self = .action
        case .contentOffset: self = .contentOffset
        }
    }
}
