public import FileAccess

/// Why a recording could not be read, and where: the file, the line (1-based) and, where it
/// helps, the column (1-based) or field.
///
/// ```swift
/// do { _ = try Recording.load(contentsOf: url) } catch { print(error) }
/// // touch.evemu:12: expected 6 fields after A: in a format 1.2 file (code min max fuzz flat resolution), found "A: 00 0 1000 0 0"
/// ```
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The file could not be opened, read or written: missing, a directory, a FIFO, a loop
        /// of symbolic links, a full disk…
        case file(FileError)
        /// The content is neither an evemu nor a libinput-record file.
        case unknownFormat
        /// The file declares a format version this reader does not know.
        case unsupportedVersion(String)
        /// A line or value does not have the expected form; the text says what was expected.
        case malformed(expected: String, found: String)
        /// A line of a kind this reader does not know (evemu prefixes `N: I: P: B: A: L: S: E:`).
        case unknownLine(String)
        /// A required part is missing: `N:`, `I:`, a YAML key.
        case missing(String)
        /// A part appears where it may not: a description line among events, a comment in the
        /// middle of a format 1.0 file, an event before the description.
        case misplaced(String)
        /// An event is stamped earlier than the event before it.
        case timeWentBackwards(previous: String, current: String)
        /// Events after the last `SYN_REPORT` of a device: the frame was cut off.
        case incompleteFrame(events: Int)
        /// A libinput-record frame has a `SYN_REPORT` before its last event.
        case reportInsideFrame
        /// `ndevices` does not match the number of devices listed.
        case deviceCountMismatch(declared: Int, found: Int)
        /// The YAML itself is not well formed (libyaml's message).
        case yaml(String)
        /// The file goes beyond one of the ``RecordingLimits``; the text names the limit and why
        /// no recording needs more.
        case limitExceeded(String)
        /// An event of a code the separate description does not declare: a device sends only the
        /// codes it declares, so the description is another device's.
        case undeclaredCode(event: String, description: String)
    }

    /// The file the error is in (its path, or the name given to in-memory text).
    public var file: String
    /// The 1-based line, when the error is at a line.
    public var line: Int?
    /// The 1-based column, when known.
    public var column: Int?
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(file: String, line: Int? = nil, column: Int? = nil, reason: Reason) {
        self.file = file
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: message`, as compilers print errors.
    public var description: String {
        // A file error names its path itself, and says so when the path is empty.
        if case .file(let error) = reason, line == nil { return error.description }
        var location = file
        if let line { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): \(message)"
    }

    /// The message without the location.
    public var message: String {
        switch reason {
        case .file(let error): error.message
        case .unknownFormat:
            "not a recording: expected an evemu file (N:/E: lines) or a libinput record file (version: 1)"
        case .unsupportedVersion(let version): "unsupported format version \(version)"
        case .malformed(let expected, let found): "expected \(expected), found \(quoted(found))"
        case .unknownLine(let text):
            "unknown line \(quoted(text)); expected N:, I:, P:, B:, A:, L:, S:, E: or a comment"
        case .missing(let what): "missing \(what)"
        case .misplaced(let what): what
        case .timeWentBackwards(let previous, let current):
            "event time \(current) is earlier than the previous event's \(previous)"
        case .incompleteFrame(let count):
            "\(count) event\(count == 1 ? "" : "s") after the last SYN_REPORT: the recording ends in the middle of a frame"
        case .reportInsideFrame: "a SYN_REPORT before the end of a frame; each frame ends with its only SYN_REPORT"
        case .deviceCountMismatch(let declared, let found): "ndevices says \(declared) but \(found) devices are listed"
        case .yaml(let problem): "YAML: \(problem)"
        case .limitExceeded(let what): what
        case .undeclaredCode(let event, let description):
            "\(event) is not a code \(description) declares, and a device sends only the codes it declares: "
                + "is \(description) the description of this event log?"
        }
    }

    private func quoted(_ text: String) -> String {
        let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
        return "\"\(shown)\""
    }
}
