import CYAML
import FileAccess

/// A 1-based line and column.
struct YAMLMark: Hashable {
    var line: Int
    var column: Int
}

/// What libyaml reported: one event of a document's structure.
enum YAMLEvent {
    case streamStart, streamEnd, documentStart, documentEnd
    case scalar, sequenceStart, sequenceEnd, mappingStart, mappingEnd, alias
}

/// Where a YAML reader takes its bytes from.
enum YAMLInput: Sendable {
    /// A file, read from a byte offset on.
    case file(path: String, offset: Int64)
    /// Bytes in memory, from an offset on.
    case memory([UInt8], offset: Int)
}

/// libyaml's event stream, one event at a time, with no tree: the reader keeps only libyaml's
/// state and the current event, so memory does not grow with the document.
///
/// It tracks the nesting depth as events arrive and refuses a document nested deeper than
/// ``RecordingLimits/maximumNestingDepth`` at the first event beyond it, before libyaml scans
/// further (libyaml's work per token grows with the depth), and refuses a scalar longer than
/// ``RecordingLimits/maximumValueLength``. Aliases are refused: a recording has no use for
/// them, and they would let a small file stand for a large tree.
///
/// A class: libyaml's parser keeps pointers into itself, so it lives at one address for its
/// whole life, which the reader owns.
final class YAMLEventReader {
    /// The file name for errors.
    let file: String
    /// Lines before the input's start, added to every line number.
    let lineOffset: Int
    /// How many sequences and mappings are open.
    private(set) var depth = 0
    /// The current event.
    private(set) var current = YAMLEvent.streamStart

    private let parser: UnsafeMutablePointer<yaml_parser_t>
    /// The current event, as libyaml made it (valid until the next).
    let event: UnsafeMutablePointer<yaml_event_t>
    private var hasEvent = false
    private let source: YAMLSource

    /// Opens a YAML stream.
    /// - Throws: ``RecordingError`` when the file cannot be opened or libyaml cannot start.
    init(input: YAMLInput, file: String, lineOffset: Int) throws(RecordingError) {
        self.file = file
        self.lineOffset = lineOffset
        switch input {
        case .file(let path, let offset):
            do throws(FileError) {
                let opened = try ReadableFile(path: path)
                if offset > 0 { try opened.seek(to: offset) }
                source = YAMLSource(file: opened)
            } catch {
                throw RecordingError(file: file, reason: .file(error))
            }
        case .memory(let bytes, let offset):
            let count = max(bytes.count - offset, 0)
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 1)
            if count > 0 { bytes[offset...].withUnsafeBytes { copy.copyMemory(from: $0) } }
            source = YAMLSource(memory: copy, count: count)
        }
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        guard yaml_parser_initialize(parser) != 0 else {
            parser.deallocate()
            throw RecordingError(file: file, reason: .yaml("libyaml could not start"))
        }
        self.parser = parser
        event = .allocate(capacity: 1)
        if let memory = source.memory {
            yaml_parser_set_input_string(
                parser, memory.baseAddress!.assumingMemoryBound(to: UInt8.self), source.memoryCount)
        } else {
            yaml_parser_set_input(parser, yamlReadFile, Unmanaged.passUnretained(source).toOpaque())
        }
    }

    deinit {
        if hasEvent { yaml_event_delete(event) }
        yaml_parser_delete(parser)
        event.deallocate()
        parser.deallocate()
    }

    /// The start of the current event.
    var mark: YAMLMark {
        YAMLMark(
            line: Int(event.pointee.start_mark.line) + 1 + lineOffset, column: Int(event.pointee.start_mark.column) + 1)
    }

    /// The current scalar's bytes (empty for other events). Valid until the next event.
    var scalar: UnsafeRawBufferPointer {
        guard hasEvent, current == .scalar, let value = event.pointee.data.scalar.value else {
            return .init(start: nil, count: 0)
        }
        return UnsafeRawBufferPointer(start: value, count: Int(event.pointee.data.scalar.length))
    }

    /// The current scalar as text, for messages and names.
    var scalarText: String { String(decoding: scalar, as: UTF8.self) }

    /// Whether the current event is a scalar with exactly these bytes.
    func isScalar(_ text: StaticString) -> Bool {
        guard current == .scalar else { return false }
        let bytes = scalar
        return bytes.count == text.utf8CodeUnitCount
            && (bytes.isEmpty || memcmp(bytes.baseAddress!, text.utf8Start, bytes.count) == 0)
    }

    /// Whether the current event is an empty value: a scalar that is empty, `~` or `null`.
    var isNull: Bool { current == .scalar && (scalar.isEmpty || isScalar("~") || isScalar("null")) }

    /// The current node's kind, for "found …" in messages: the scalar quoted, "a list" or
    /// "a mapping".
    var kindName: String {
        switch current {
        case .scalar: "\"\(scalarText)\""
        case .sequenceStart: "a list"
        case .mappingStart: "a mapping"
        default: "the end of a list or mapping"
        }
    }

    /// An error at the current event.
    func error(_ reason: RecordingError.Reason) -> RecordingError {
        let at = mark
        return RecordingError(file: file, line: at.line, column: at.column, reason: reason)
    }

    /// Advances to the next event.
    /// - Returns: The event's kind.
    /// - Throws: ``RecordingError`` for a syntax error (libyaml's message and position), a read
    ///   error, an alias, or a limit passed.
    @discardableResult
    func next() throws(RecordingError) -> YAMLEvent {
        if hasEvent {
            yaml_event_delete(event)
            hasEvent = false
        }
        guard yaml_parser_parse(parser, event) != 0 else {
            if let failure = source.failure { throw RecordingError(file: file, reason: .file(failure)) }
            let problem = parser.pointee.problem.map { String(cString: $0) } ?? "syntax error"
            let context = parser.pointee.context.map { String(cString: $0) + ": " } ?? ""
            let at = parser.pointee.problem_mark
            throw RecordingError(
                file: file, line: Int(at.line) + 1 + lineOffset, column: Int(at.column) + 1,
                reason: .yaml(context + problem))
        }
        hasEvent = true
        switch event.pointee.type {
        case YAML_STREAM_START_EVENT: current = .streamStart
        case YAML_STREAM_END_EVENT: current = .streamEnd
        case YAML_DOCUMENT_START_EVENT: current = .documentStart
        case YAML_DOCUMENT_END_EVENT: current = .documentEnd
        case YAML_SCALAR_EVENT:
            current = .scalar
            let length = event.pointee.data.scalar.length
            guard length <= RecordingLimits.maximumValueLength else {
                throw error(
                    .limitExceeded(
                        "a value of \(length) bytes; values are at most \(RecordingLimits.maximumValueLength) bytes"))
            }
        case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
            current = event.pointee.type == YAML_SEQUENCE_START_EVENT ? .sequenceStart : .mappingStart
            // Checked before libyaml reads further: its work per token grows with the depth.
            guard depth < RecordingLimits.maximumNestingDepth else {
                throw error(
                    .limitExceeded("lists and mappings nested more than \(RecordingLimits.maximumNestingDepth) deep"))
            }
            depth += 1
        case YAML_SEQUENCE_END_EVENT:
            current = .sequenceEnd
            depth -= 1
        case YAML_MAPPING_END_EVENT:
            current = .mappingEnd
            depth -= 1
        case YAML_ALIAS_EVENT:
            current = .alias
            throw error(.yaml("aliases (*name) are not supported in recordings"))
        default:
            current = .streamEnd
        }
        return current
    }

    /// Passes over the current node: for the start of a list or mapping, every event up to and
    /// including its end; for a scalar, nothing.
    func skipNode() throws(RecordingError) {
        guard current == .sequenceStart || current == .mappingStart else { return }
        let target = depth - 1
        while depth > target {
            switch try next() {
            case .streamEnd, .documentEnd:
                throw error(.yaml("the document ends inside a list or mapping"))
            default: break
            }
        }
    }

    /// Advances to the next node and passes over it.
    func skipNextNode() throws(RecordingError) {
        try next()
        try skipNode()
    }
}

/// What a ``YAMLEventReader`` reads: an open file (through libyaml's read handler) or bytes it
/// owns.
private final class YAMLSource {
    var file: ReadableFile?
    let memory: UnsafeMutableRawBufferPointer?
    let memoryCount: Int
    /// Why reading the file failed, for the error libyaml's "input error" stands for.
    var failure: FileError?

    init(file: consuming ReadableFile) {
        self.file = .some(file)
        memory = nil
        memoryCount = 0
    }

    init(memory: UnsafeMutableRawBufferPointer, count: Int) {
        self.memory = memory
        memoryCount = count
    }

    deinit { memory?.deallocate() }

    /// Reads the next bytes of the file; nil after a read error.
    func read(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        switch file {
        case .some(let file):
            do throws(FileError) {
                return try file.read(into: buffer)
            } catch {
                failure = error
                return nil
            }
        case .none:
            return 0
        }
    }
}

/// libyaml's read handler for a file: fills its buffer from the reader's source.
private func yamlReadFile(
    data: UnsafeMutableRawPointer?,
    buffer: UnsafeMutablePointer<UInt8>?,
    size: Int,
    sizeRead: UnsafeMutablePointer<Int>?
) -> Int32 {
    guard let data, let buffer, let sizeRead else { return 0 }
    let source = Unmanaged<YAMLSource>.fromOpaque(data).takeUnretainedValue()
    guard let count = source.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: size)) else { return 0 }
    sizeRead.pointee = count
    return 1
}
