/// Compares a stream with expected lines (a golden file's) one line at a time, keeping only the
/// last few lines for context: a stream of any length is compared in constant memory.
///
/// ```swift
/// var matcher = StreamMatcher(name: "scroll.golden.jsonl")
/// for line in stream {
///     if let difference = try matcher.match(actual: line, expected: golden.next()) { throw difference }
/// }
/// if let difference = try matcher.finish(expected: golden.next()) { throw difference }
/// ```
public struct StreamMatcher: Sendable {
    /// How many equal lines before a difference its report shows.
    public static let contextLines = 2

    /// The expected lines' name in reports: the golden file's path.
    public let name: String
    /// How lines are compared.
    public let comparison: StreamComparison
    /// How many lines matched so far.
    public private(set) var matchedLines = 0
    private var context: [String] = []

    /// Creates a matcher.
    /// - Parameters:
    ///   - name: The expected lines' name in reports (a golden file's path).
    ///   - comparison: How lines are compared.
    public init(name: String, comparison: StreamComparison = StreamComparison()) {
        self.name = name
        self.comparison = comparison
    }

    /// Compares the stream's next line with the next expected line.
    ///
    /// - Parameters:
    ///   - actual: The stream's line.
    ///   - expected: The next expected line; nil when the expected lines have ended.
    /// - Returns: Nil while they match; else the difference, after which the matcher is done.
    /// - Throws: ``StreamExpectationError`` when the expected line is not a JSON object.
    public mutating func match(actual: String, expected: String?) throws(StreamExpectationError) -> StreamDifference? {
        let number = matchedLines + 1
        guard let expected else {
            return StreamDifference(name: name, line: number, kind: .streamGoesOn(actual: actual), context: context)
        }
        let field: FieldDifference?
        do {
            field = try comparison.difference(expected: expected, actual: actual)
        } catch {
            // The stream's own lines are always objects: what is wrong is the expected line.
            throw StreamExpectationError(name: name, line: number, message: error.message)
        }
        if let field {
            return StreamDifference(
                name: name, line: number, kind: .lineDiffers(expected: expected, actual: actual, field: field),
                context: context)
        }
        matchedLines = number
        context.append(actual)
        if context.count > Self.contextLines { context.removeFirst() }
        return nil
    }

    /// Ends the comparison after the stream's last line.
    /// - Parameter expected: The next expected line, or nil when they have ended too.
    /// - Returns: Nil when the expected lines ended with the stream; else the difference.
    public func finish(expected: String?) -> StreamDifference? {
        expected.map {
            StreamDifference(name: name, line: matchedLines + 1, kind: .streamEnded(expected: $0), context: context)
        }
    }
}

/// Where a stream first differs from what was expected, with a report that shows it.
public struct StreamDifference: Error, Hashable, Sendable, CustomStringConvertible {
    /// What differs.
    public enum Kind: Hashable, Sendable {
        /// The line differs in `field`.
        case lineDiffers(expected: String, actual: String, field: FieldDifference)
        /// The stream ended where this line was expected.
        case streamEnded(expected: String)
        /// The stream has this line after the expected lines ended.
        case streamGoesOn(actual: String)
    }

    /// The expected lines' name (a golden file's path).
    public var name: String
    /// The 1-based number of the first line that differs, in the stream and in the expected lines.
    public var line: Int
    /// What differs.
    public var kind: Kind
    /// The equal lines just before (at most ``StreamMatcher/contextLines``).
    public var context: [String]

    /// The first field that differs, when a line differs.
    public var field: FieldDifference? {
        if case .lineDiffers(_, _, let field) = kind { field } else { nil }
    }

    /// The report: where, what, and the lines around it, `-` for expected and `+` for the stream.
    ///
    /// ```text
    /// scroll.golden.jsonl:12: the stream differs in "dy": expected 3, got 4
    ///     10  {…}
    ///     11  {…}
    ///   - 12  {…expected…}
    ///   + 12  {…stream's…}
    /// ```
    public var description: String {
        var lines: [String]
        switch kind {
        case .lineDiffers(_, _, let field):
            lines = ["\(name):\(line): the stream differs in \(field.summary)"]
        case .streamEnded:
            lines = ["\(name):\(line): the stream ended after \(line - 1) lines; the file has more"]
        case .streamGoesOn:
            lines = ["\(name):\(line): the stream goes on after the file's \(line - 1) lines"]
        }
        for (offset, text) in context.enumerated() {
            lines.append("    \(line - context.count + offset)  \(text)")
        }
        switch kind {
        case .lineDiffers(let expected, let actual, _):
            lines += ["  - \(line)  \(expected)", "  + \(line)  \(actual)"]
        case .streamEnded(let expected):
            lines.append("  - \(line)  \(expected)")
        case .streamGoesOn(let actual):
            lines.append("  + \(line)  \(actual)")
        }
        return lines.joined(separator: "\n")
    }
}

/// An expected line (a golden file's) that cannot be compared: not one JSON object, or too long.
public struct StreamExpectationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The expected lines' name (a golden file's path).
    public var name: String
    /// The 1-based line.
    public var line: Int
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(name: String, line: Int, message: String) {
        self.name = name
        self.line = line
        self.message = message
    }

    /// `file:line: message`.
    public var description: String { "\(name):\(line): \(message)" }
}
