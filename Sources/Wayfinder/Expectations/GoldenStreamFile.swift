public import FileAccess

/// A golden file compared with a stream as the stream is written: the file is read a line at a
/// time beside it, so neither is ever held whole.
///
/// ```swift
/// var golden = try GoldenStreamFile(path: "scroll.golden.jsonl", comparison: StreamComparison())
/// for line in stream {
///     if let difference = try golden.check(line) { print(difference) }
/// }
/// if let difference = try golden.finish() { print(difference) }
/// ```
public struct GoldenStreamFile: ~Copyable {
    /// The longest line a golden file may have: far above the stream's longest (a context menu
    /// with its actions is a few hundred bytes), low enough that a file with no line feeds is
    /// refused instead of read whole.
    public static let maximumLineLength = 65_536

    private var reader: BufferedFileReader
    private var matcher: StreamMatcher
    private var difference: StreamDifference?

    /// Opens a golden file.
    /// - Throws: `FileError` when it cannot be opened.
    public init(path: String, comparison: StreamComparison = StreamComparison()) throws(FileError) {
        reader = BufferedFileReader(try ReadableFile(path: path))
        matcher = StreamMatcher(name: path, comparison: comparison)
    }

    /// How many of the stream's lines matched so far.
    public var matchedLines: Int { matcher.matchedLines }

    /// Compares the stream's next line with the file's.
    /// - Returns: The first difference, once found (and the same one for every later line).
    /// - Throws: `FileError` when reading fails; ``StreamExpectationError`` when the file's line
    ///   is not a JSON object or is too long.
    public mutating func check(_ line: String) throws -> StreamDifference? {
        if let difference { return difference }
        difference = try matcher.match(actual: line, expected: nextLine())
        return difference
    }

    /// Ends the comparison after the stream's last line.
    /// - Returns: The first difference, or nil when the file and the stream are equal.
    public mutating func finish() throws -> StreamDifference? {
        if let difference { return difference }
        difference = matcher.finish(expected: try nextLine())
        return difference
    }

    private mutating func nextLine() throws -> String? {
        guard let bytes = try reader.nextLine(maximumLength: Self.maximumLineLength) else { return nil }
        guard bytes.count <= Self.maximumLineLength else {
            throw StreamExpectationError(
                name: matcher.name, line: matcher.matchedLines + 1,
                message: "a line longer than \(Self.maximumLineLength) bytes; a golden file has one JSON object a line")
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
