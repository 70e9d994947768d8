import FileAccess
import InputEvents

#if canImport(Glibc)
    import Glibc
#endif

extension Recording {
    /// Parses an evemu file (format 1.0 to 1.3) holding a description and, optionally, events.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - file: The name to report in errors.
    /// - Returns: A recording of one device.
    /// - Throws: ``RecordingError`` naming the line of the first problem.
    public static func evemu(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
        try RecordingFile(evemu: bytes, name: file).load()
    }

    /// Parses an evemu description and an event log kept in separate files, as old evemu
    /// datasets are (`.desc` or `.prop` beside `.events`).
    /// - Parameters:
    ///   - description: The description file's content (`N:`, `I:`, `P:`, `B:`, `A:` lines).
    ///   - descriptionFile: Its name, for errors.
    ///   - events: The event file's content (`E:` lines and comments only).
    ///   - eventsFile: Its name, for errors.
    /// - Returns: A recording of one device.
    /// - Throws: ``RecordingError`` naming the file and line of the first problem.
    public static func evemu(
        description: [UInt8],
        descriptionFile: String,
        events: [UInt8],
        eventsFile: String
    ) throws(RecordingError) -> Recording {
        try RecordingFile(
            evemuEvents: events, name: eventsFile, description: description, descriptionName: descriptionFile
        )
        .load()
    }
}

/// The `EV_SYN` codes a description gets when its file lists none: `SYN_REPORT` alone. Every
/// device sends it, and a description always has `EV_SYN`.
let minimumSynchronizationCodes: Set<UInt16> = [SynchronizationCode.report.rawValue]

/// Where an evemu device's events start, and what reading them needs from the description.
struct EvemuStart: Sendable {
    /// The byte offset of the first `E:` line.
    var offset: Int64
    /// Its 1-based line number.
    var line: Int
    /// The file's format version.
    var major: Int
    var minor: Int
    /// Which part of a recording the file holds.
    var part: EvemuParser.Part
}

/// Reads an evemu description: every line up to the first event.
enum EvemuHeaderReader {
    /// Reads the description (from its own file, when separate) and finds the first event.
    /// - Throws: ``RecordingError`` naming the file and line of the first problem.
    static func read(events: ByteInput, description: ByteInput?) throws(RecordingError) -> RecordingFile.Header {
        var device: RecordedDevice
        var start: EvemuStart?
        var firstTime: Int64?
        if let description {
            var descriptionParser = EvemuParser(file: description.name, part: .descriptionOnly)
            var descriptionReader = try description.reader()
            _ = try descriptionParser.readHeader(from: &descriptionReader)
            device = try descriptionParser.device()
            var eventParser = EvemuParser(file: events.name, part: .eventsOnly)
            var eventReader = try events.reader()
            (start, firstTime) = try eventParser.readHeader(from: &eventReader)
            device.comments = eventParser.comments
        } else {
            var parser = EvemuParser(file: events.name, part: .whole)
            var reader = try events.reader()
            (start, firstTime) = try parser.readHeader(from: &reader)
            device = try parser.device()
        }
        return RecordingFile.Header(
            devices: [RecordingFile.Device(description: device.description, node: nil, comments: device.comments)],
            starts: [start.map(RecordingFile.Start.evemu) ?? .empty],
            baseTime: firstTime ?? 0
        )
    }
}

/// One evemu device's events, read frame by frame from its first `E:` line.
final class EvemuFrameCursor {
    /// Only ``next()`` touches it, one call at a time, so the run-time exclusivity check each
    /// access would make is left out.
    @exclusivity(unchecked) private var stream: EvemuEventStream

    init(
        input: ByteInput, start: EvemuStart, baseTime: Int64, keepingComments: Bool,
        declared: (codes: [EventType: Set<UInt16>], file: String)? = nil
    ) throws(RecordingError) {
        var parser = EvemuParser(file: input.name, part: start.part)
        parser.prepareForEvents(
            major: start.major, minor: start.minor, baseTime: baseTime, keepingComments: keepingComments,
            declared: declared)
        stream = EvemuEventStream(reader: try input.reader(offset: start.offset), parser: parser, line: start.line - 1)
    }

    func next() throws(RecordingError) -> EventFrame? { try stream.nextFrame() }

    var comments: [String] { stream.parser.comments }
}

/// The reader and the parser of one device's events, in one value so that the loop over a
/// frame's lines touches neither through a class.
struct EvemuEventStream: ~Copyable {
    var reader: BufferedFileReader
    var parser: EvemuParser
    /// The number of the last line read.
    var line: Int
    var isFinished = false
    /// ``FastEventLine/digitValues``, fetched once.
    private let digitValues = FastEventLine.digitValues

    init(reader: consuming BufferedFileReader, parser: EvemuParser, line: Int) {
        self.reader = reader
        self.parser = parser
        self.line = line
    }

    /// Reads lines up to the end of the next frame.
    mutating func nextFrame() throws(RecordingError) -> EventFrame? {
        guard !isFinished else { return nil }
        let allowsComment = parser.allowsTrailingComments
        let digits = digitValues
        while true {
            // Event lines of the usual form, read in place while they are whole in the buffer.
            let buffered = reader.buffered
            if let base = buffered.baseAddress {
                let bytes = base.assumingMemoryBound(to: UInt8.self)
                var consumed = 0
                var completed = false
                while let (event, length) = FastEventLine.parse(
                    in: bytes + consumed, count: buffered.count - consumed, allowsComment: allowsComment, digits: digits
                ) {
                    line += 1
                    consumed += length
                    if try parser.add(event, line: line) {
                        completed = true
                        break
                    }
                }
                reader.consume(consumed)
                if completed { return parser.frame() }
            }
            // Anything else, one line at a time.
            let raw: UnsafeRawBufferPointer?
            do throws(FileError) {
                raw = try reader.nextLine(maximumLength: RecordingLimits.maximumLineLength)
            } catch {
                throw RecordingError(file: parser.file, reason: .file(error))
            }
            guard var bytes = raw else {
                isFinished = true
                try parser.finishEvents()
                return nil
            }
            line += 1
            try parser.checkLength(bytes, line: line)
            if let last = bytes.last, last == UInt8(ascii: "\r") {
                bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
            }
            let completed: Bool
            if let event = FastEventLine.parse(bytes, allowsComment: allowsComment) {
                completed = try parser.add(event, line: line)
            } else {
                completed = try parser.parseLine(Line(number: line, bytes: ArraySlice(bytes)))
            }
            if completed { return parser.frame() }
        }
    }
}

/// A line-by-line evemu reader: the description lines (``readHeader(from:)``) and then the
/// events (``add(_:line:)`` for lines ``FastEventLine`` reads, ``parseLine(_:)`` for any), one
/// frame at a time.
struct EvemuParser {
    enum Part: Sendable {
        /// A file with a description and optional events.
        case whole
        /// A `.desc` file: no events allowed.
        case descriptionOnly
        /// An `.events` file: no description lines allowed.
        case eventsOnly
    }

    let file: String
    let part: Part
    private(set) var major = 1
    private(set) var minor = 0
    private var sawDataLine = false
    private var sawEvent = false
    private var name: String?
    private var identity: DeviceIdentity?
    private var propertyBytes: [UInt8] = []
    private var masks: [UInt16: [UInt8]] = [:]
    private var axes: [AbsoluteAxis: AbsoluteAxisInfo] = [:]
    private var leds: [UInt16: Int32] = [:]
    private var switches: [UInt16: Int32] = [:]
    private(set) var comments: [String] = []
    private var keepsComments = true
    /// Whether the comments met are the device's (after its name, or in an event file).
    private var describesDevice = false
    private var pending = FrameBuffer()
    private var pendingLine = 0
    /// For an event log read with its own description: the codes the description declares, and
    /// the description's name, so that an event of another code is refused.
    private var declared: (codes: [EventType: Set<UInt16>], file: String)?
    private var firstTime: Int64?
    private var lastTime: Int64 = .min
    private var fields: [ArraySlice<UInt8>] = []

    init(file: String, part: Part) {
        self.file = file
        self.part = part
    }

    private func error(_ line: Line, _ reason: RecordingError.Reason, column: Int? = nil) -> RecordingError {
        RecordingError(file: file, line: line.number, column: column, reason: reason)
    }

    private var versionText: String { "\(major).\(minor)" }

    /// Reads the description: every line up to the first event (the whole file for a
    /// description file), which it leaves unread.
    /// - Returns: Where the first event is and its time (nil when it has none or it is not a
    ///   valid time), or nil when the file has no events.
    mutating func readHeader(from reader: inout BufferedFileReader) throws(RecordingError)
        -> (start: EvemuStart?, firstTime: Int64?)
    {
        var number = 0
        while true {
            let lineStart = reader.offset
            let raw: UnsafeRawBufferPointer?
            do throws(FileError) {
                raw = try reader.nextLine(maximumLength: RecordingLimits.maximumLineLength)
            } catch {
                throw RecordingError(file: file, reason: .file(error))
            }
            guard var bytes = raw else { break }
            number += 1
            try checkLength(bytes, line: number)
            if let last = bytes.last, last == UInt8(ascii: "\r") {
                bytes = UnsafeRawBufferPointer(rebasing: bytes.dropLast())
            }
            let line = Line(number: number, bytes: ArraySlice(bytes))
            if number == 1, let version = Self.version(line.bytes) {
                guard version.major == 1, (0...3).contains(version.minor) else {
                    throw error(
                        line, .unsupportedVersion("\(version.major).\(version.minor) (this reader knows 1.0 to 1.3)"))
                }
                (major, minor) = version
                continue
            }
            if part != .descriptionOnly, let time = try eventStart(line) {
                let start = EvemuStart(offset: lineStart, line: number, major: major, minor: minor, part: part)
                return (start, time)
            }
            try parseLine(line)
        }
        return (nil, nil)
    }

    /// Whether a line is an event, checking that an event may come here; for the first event of
    /// a file, its time.
    /// - Returns: nil for any other line; for an event, its time, or `Int64.min` when its time is
    ///   not valid (reading the events will say so).
    private mutating func eventStart(_ line: Line) throws(RecordingError) -> Int64?? {
        var bytes = line.bytes
        while let first = bytes.first, Fields.isSpace(first) { bytes = bytes.dropFirst() }
        guard bytes.count >= 2, bytes[bytes.startIndex] == UInt8(ascii: "E"),
            bytes[bytes.startIndex + 1] == UInt8(ascii: ":")
        else { return nil }
        try checkEventAllowed(line)
        var rest = bytes.dropFirst(2)
        if !(major == 1 && minor == 0), let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            rest = rest[rest.startIndex..<hash]
        }
        Fields.split(rest, into: &fields)
        return .some(fields.first.flatMap(Self.timestamp))
    }

    /// Sets the parser up to read events, after a header pass made by another parser.
    mutating func prepareForEvents(
        major: Int, minor: Int, baseTime: Int64, keepingComments: Bool,
        declared: (codes: [EventType: Set<UInt16>], file: String)? = nil
    ) {
        self.declared = declared
        self.major = major
        self.minor = minor
        sawDataLine = true
        describesDevice = true
        firstTime = baseTime
        keepsComments = keepingComments
    }

    /// Refuses a line longer than ``RecordingLimits/maximumLineLength``.
    func checkLength(_ bytes: UnsafeRawBufferPointer, line: Int) throws(RecordingError) {
        guard bytes.count > RecordingLimits.maximumLineLength else { return }
        throw RecordingError(
            file: file, line: line,
            reason: .limitExceeded(
                "a line longer than \(RecordingLimits.maximumLineLength) bytes; evemu lines are a few dozen"))
    }

    /// Whether a `#` may end an event line (format 1.1 and later).
    var allowsTrailingComments: Bool { !(major == 1 && minor == 0) }

    /// The frame the last event completed.
    mutating func frame() -> EventFrame { pending.frame() }

    /// Checks the end of the events: no frame may be left without its `SYN_REPORT`.
    func finishEvents() throws(RecordingError) {
        if !pending.isEmpty {
            throw RecordingError(file: file, line: pendingLine, reason: .incompleteFrame(events: pending.count))
        }
    }

    /// Reads `# EVEMU 1.3`.
    private static func version(_ bytes: ArraySlice<UInt8>) -> (major: Int, minor: Int)? {
        let text = String(decoding: bytes, as: UTF8.self).trimmingSpaces
        let prefix = "# EVEMU "
        guard text.hasPrefix(prefix) else { return nil }
        let parts = text.dropFirst(prefix.count).split(separator: ".")
        guard parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]) else { return (0, 0) }
        return (major, minor)
    }

    /// Reads any line: a comment, a description line, an event.
    /// - Returns: Whether the line completed a frame (see ``frame()``).
    @discardableResult
    mutating func parseLine(_ line: Line) throws(RecordingError) -> Bool {
        var bytes = line.bytes
        while let first = bytes.first, Fields.isSpace(first) { bytes = bytes.dropFirst() }
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: "#") {
            if major == 1 && minor == 0 && sawDataLine {
                throw error(
                    line,
                    .misplaced(
                        "a comment after the first data line; format 1.0 allows comments only at the top "
                            + "(files with comments anywhere start with '# EVEMU 1.1' or later)"
                    )
                )
            }
            if keepsComments && (describesDevice || name != nil || part == .eventsOnly) { try keepComment(bytes, line) }
            return false
        }
        guard bytes.count >= 2, bytes[bytes.startIndex + 1] == UInt8(ascii: ":") else {
            throw error(line, .unknownLine(line.text))
        }
        sawDataLine = true
        let prefix = bytes[bytes.startIndex]
        var rest = bytes.dropFirst(2)
        if prefix == UInt8(ascii: "N") {
            try parseName(rest, line)
            return false
        }
        if !(major == 1 && minor == 0), let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            rest = rest[rest.startIndex..<hash]
        }
        Fields.split(rest, into: &fields)
        switch prefix {
        case UInt8(ascii: "E"): return try parseEvent(line)
        case UInt8(ascii: "I"): try parseIdentity(line)
        case UInt8(ascii: "P"): try parseProperties(line)
        case UInt8(ascii: "B"): try parseMask(line)
        case UInt8(ascii: "A"): try parseAxis(line)
        case UInt8(ascii: "L"), UInt8(ascii: "S"): try parseState(line, isLED: prefix == UInt8(ascii: "L"))
        default: throw error(line, .unknownLine(line.text))
        }
        return false
    }

    private mutating func keepComment(_ bytes: ArraySlice<UInt8>, _ line: Line) throws(RecordingError) {
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self).trimmingSpaces
        if text.isEmpty || text.allSatisfy({ $0 == "#" }) || text.hasPrefix("Waiting for events") { return }
        // The description's comments are kept whole, so they are bounded; those an iterator
        // keeps among the events belong to a caller that keeps every frame too.
        if !describesDevice && comments.count >= RecordingLimits.maximumDescriptionEntries {
            throw error(
                line,
                .limitExceeded(
                    "more than \(RecordingLimits.maximumDescriptionEntries) comments before the first event"))
        }
        comments.append(text)
    }

    // MARK: Description lines

    private func checkDescriptionAllowed(_ line: Line, needsIdentity: Bool = true) throws(RecordingError) {
        let prefix = String(decoding: line.bytes.prefix(2), as: UTF8.self)
        if part == .eventsOnly {
            throw error(
                line, .misplaced("a description line (\(prefix)) in an event file whose description is a separate file")
            )
        }
        if sawEvent {
            throw error(
                line, .misplaced("a description line (\(prefix)) after the events; the description comes first"))
        }
        if name == nil { throw error(line, .missing("the N: line (the device name) before \(prefix) lines")) }
        if needsIdentity && identity == nil {
            throw error(line, .missing("the I: line (bus vendor product version) right after N:"))
        }
    }

    private mutating func parseName(_ rest: ArraySlice<UInt8>, _ line: Line) throws(RecordingError) {
        if part == .eventsOnly || sawEvent || name != nil {
            try checkDescriptionAllowed(line, needsIdentity: false)
            throw error(line, .misplaced("a second N: line; an evemu file describes one device"))
        }
        var text = rest
        if let first = text.first, first == UInt8(ascii: " ") { text = text.dropFirst() }
        let value = String(decoding: text, as: UTF8.self)
        guard !value.trimmingSpaces.isEmpty else {
            throw error(line, .malformed(expected: "the device name after N:", found: line.text))
        }
        name = value
    }

    private mutating func parseIdentity(_ line: Line) throws(RecordingError) {
        try checkDescriptionAllowed(line, needsIdentity: false)
        if identity != nil { throw error(line, .misplaced("a second I: line")) }
        guard fields.count == 4 else {
            throw error(
                line,
                .malformed(expected: "4 hexadecimal fields after I: (bus vendor product version)", found: line.text))
        }
        var values: [UInt16] = []
        for (index, field) in fields.enumerated() {
            guard let value = Fields.hex(field, maximum: 0xffff) else {
                throw error(
                    line,
                    .malformed(
                        expected: "a 16-bit hexadecimal number in I: field \(index + 1)",
                        found: String(decoding: field, as: UTF8.self)))
            }
            values.append(UInt16(value))
        }
        identity = DeviceIdentity(busType: values[0], vendorID: values[1], productID: values[2], version: values[3])
    }

    private mutating func parseProperties(_ line: Line) throws(RecordingError) {
        try checkDescriptionAllowed(line)
        guard fields.count == 8 else {
            throw error(line, .malformed(expected: "8 hexadecimal bytes after P:", found: line.text))
        }
        guard propertyBytes.count + 8 <= RecordingLimits.maximumMaskBytes else {
            throw error(line, .limitExceeded(Self.maskLimitText("P: lines (the property bits)")))
        }
        for field in fields {
            guard let byte = Fields.hex(field, maximum: 0xff) else {
                throw error(
                    line,
                    .malformed(
                        expected: "a hexadecimal byte in the P: line", found: String(decoding: field, as: UTF8.self)))
            }
            propertyBytes.append(UInt8(byte))
        }
    }

    private mutating func parseMask(_ line: Line) throws(RecordingError) {
        try checkDescriptionAllowed(line)
        guard fields.count == 9 else {
            throw error(line, .malformed(expected: "an event type and 8 hexadecimal bytes after B:", found: line.text))
        }
        guard let type = Fields.hex(fields[0], maximum: UInt64(EventType.maximum.rawValue)) else {
            throw error(
                line,
                .malformed(
                    expected: "an event type (00 to 1f) after B:", found: String(decoding: fields[0], as: UTF8.self)))
        }
        guard masks[UInt16(type), default: []].count + 8 <= RecordingLimits.maximumMaskBytes else {
            throw error(
                line,
                .limitExceeded(
                    Self.maskLimitText("B: lines for event type \(String(decoding: fields[0], as: UTF8.self))")))
        }
        var bytes: [UInt8] = []
        for field in fields.dropFirst() {
            guard let byte = Fields.hex(field, maximum: 0xff) else {
                throw error(
                    line,
                    .malformed(
                        expected: "a hexadecimal byte in the B: line", found: String(decoding: field, as: UTF8.self)))
            }
            bytes.append(UInt8(byte))
        }
        masks[UInt16(type), default: []].append(contentsOf: bytes)
    }

    private mutating func parseAxis(_ line: Line) throws(RecordingError) {
        try checkDescriptionAllowed(line)
        // Format 1.2 added the resolution: 5 fields before it, 6 from it on.
        let count = major == 1 && minor < 2 ? 5 : 6
        guard fields.count == count else {
            let layout = count == 6 ? "code min max fuzz flat resolution" : "code min max fuzz flat"
            throw error(
                line,
                .malformed(
                    expected: "\(count) fields after A: in a format \(versionText) file (\(layout))", found: line.text)
            )
        }
        guard let code = Fields.hex(fields[0], maximum: UInt64(AbsoluteAxis.maximum.rawValue)) else {
            throw error(
                line,
                .malformed(
                    expected: "an absolute axis code (00 to 3f) after A:",
                    found: String(decoding: fields[0], as: UTF8.self)))
        }
        var values: [Int32] = []
        for field in fields.dropFirst() {
            guard let value = Fields.decimal(field, in: Int64(Int32.min)...Int64(Int32.max)) else {
                throw error(
                    line,
                    .malformed(
                        expected: "a 32-bit decimal number in the A: line",
                        found: String(decoding: field, as: UTF8.self)))
            }
            values.append(Int32(value))
        }
        let axis = AbsoluteAxis(rawValue: UInt16(code))
        if axes[axis] != nil { throw error(line, .misplaced("a second A: line for axis \(axis.name ?? "\(code)")")) }
        axes[axis] = AbsoluteAxisInfo(
            minimum: values[0],
            maximum: values[1],
            fuzz: values[2],
            flat: values[3],
            resolution: values.count > 4 ? values[4] : 0
        )
    }

    private mutating func parseState(_ line: Line, isLED: Bool) throws(RecordingError) {
        try checkDescriptionAllowed(line)
        let what = isLED ? "L: (LED state)" : "S: (switch state)"
        guard fields.count == 2, let code = Fields.hex(fields[0], maximum: 0xffff),
            let value = Fields.decimal(fields[1], in: Int64(Int32.min)...Int64(Int32.max))
        else {
            throw error(
                line, .malformed(expected: "a hexadecimal code and a decimal state after \(what)", found: line.text))
        }
        if isLED { leds[UInt16(code)] = Int32(value) } else { switches[UInt16(code)] = Int32(value) }
    }

    // MARK: Events

    /// Refuses an event where the file's part does not allow one.
    private mutating func checkEventAllowed(_ line: Line) throws(RecordingError) {
        switch part {
        case .descriptionOnly:
            throw error(
                line, .misplaced("an event (E:) in a description file; events belong in the separate event file"))
        case .whole:
            if describesDevice { break }
            if name == nil {
                throw error(
                    line,
                    .misplaced("an event (E:) before the device description; the file starts with N: and I: lines"))
            }
            if identity == nil {
                throw error(line, .missing("the I: line (bus vendor product version) right after N:"))
            }
        case .eventsOnly:
            break
        }
    }

    private mutating func parseEvent(_ line: Line) throws(RecordingError) -> Bool {
        try checkEventAllowed(line)
        sawEvent = true
        guard fields.count == 4 else {
            throw error(
                line, .malformed(expected: "4 fields after E: (seconds.microseconds type code value)", found: line.text)
            )
        }
        guard let time = Self.timestamp(fields[0]) else {
            // A timestamp of the right form too large to be one is said to be too large.
            let expected =
                Self.hasTimestampForm(fields[0])
                ? "a timestamp of at most \(Self.maximumSeconds) seconds"
                : "a timestamp of the form seconds.microseconds with 6 digits"
            throw error(
                line, .malformed(expected: expected, found: String(decoding: fields[0], as: UTF8.self)),
                column: column(of: fields[0], in: line))
        }
        guard let type = Fields.hex(fields[1], maximum: UInt64(EventType.maximum.rawValue)) else {
            throw error(
                line,
                .malformed(
                    expected: "a hexadecimal event type (0000 to 001f)",
                    found: String(decoding: fields[1], as: UTF8.self)), column: column(of: fields[1], in: line))
        }
        guard let code = Fields.hex(fields[2], maximum: 0xffff) else {
            throw error(
                line,
                .malformed(expected: "a hexadecimal event code", found: String(decoding: fields[2], as: UTF8.self)),
                column: column(of: fields[2], in: line))
        }
        guard let value = Fields.decimal(fields[3], in: Int64(Int32.min)...Int64(Int32.max)) else {
            throw error(
                line,
                .malformed(expected: "a 32-bit decimal event value", found: String(decoding: fields[3], as: UTF8.self)),
                column: column(of: fields[3], in: line))
        }
        return try add(time: time, type: UInt16(type), code: UInt16(code), value: Int32(value), line: line.number)
    }

    /// Adds an event read by ``FastEventLine``.
    /// - Returns: Whether it completed a frame.
    @inline(__always)
    mutating func add(_ event: FastEventLine.Parsed, line: Int) throws(RecordingError) -> Bool {
        sawEvent = true
        return try add(time: event.time, type: event.type, code: event.code, value: event.value, line: line)
    }

    /// Adds an event to the frame being read.
    /// - Returns: Whether it completed the frame (it is a `SYN_REPORT`).
    @inline(__always)
    private mutating func add(time: Int64, type: UInt16, code: UInt16, value: Int32, line: Int) throws(RecordingError)
        -> Bool
    {
        if time < lastTime {
            throw RecordingError(
                file: file, line: line,
                reason: .timeWentBackwards(
                    previous: Timestamp(microseconds: lastTime).description,
                    current: Timestamp(microseconds: time).description))
        }
        lastTime = time
        // EV_SYN codes are the kernel's own, declared by no device.
        if let declared, type != 0, declared.codes[EventType(rawValue: type)]?.contains(code) != true {
            let kind = EventType(rawValue: type)
            let typeName = kind.name ?? "type \(type)"
            let codeName = EventCodeNames.name(of: kind, code: code) ?? "code \(code)"
            throw RecordingError(
                file: file, line: line,
                reason: .undeclaredCode(event: "\(typeName) \(codeName)", description: declared.file))
        }
        let base = firstTime ?? time
        firstTime = base
        if pending.isEmpty { pendingLine = line }
        guard pending.count < RecordingLimits.maximumEventsPerFrame else {
            throw RecordingError(file: file, line: pendingLine, reason: Self.frameLimitReason)
        }
        pending.append(
            InputEvent(
                time: Timestamp(microseconds: time - base), type: EventType(rawValue: type), code: code, value: value))
        // SYN_REPORT: EV_SYN (0), code 0.
        return type == 0 && code == 0
    }

    /// Why a bitmask was refused: more bytes than 16-bit codes need.
    static func maskLimitText(_ what: String) -> String {
        "more than \(RecordingLimits.maximumMaskBytes) bytes of \(what); that many bytes hold every 16-bit code"
    }

    /// Why a frame was refused: more events than any device sends at once.
    static let frameLimitReason = RecordingError.Reason.limitExceeded(
        "a frame of more than \(RecordingLimits.maximumEventsPerFrame) events without a SYN_REPORT"
    )

    private func column(of field: ArraySlice<UInt8>, in line: Line) -> Int {
        field.startIndex - line.bytes.startIndex + 1
    }

    /// The latest timestamp read, in seconds: four times what a 32-bit `time_t` holds, room for
    /// any recording's clock (evemu writes the kernel's, seconds since boot or the epoch).
    static let maximumSeconds = Int64(UInt32.max) * 4

    /// Whether a field is digits, a point and six digits: a timestamp's form, whatever its size.
    static func hasTimestampForm(_ field: ArraySlice<UInt8>) -> Bool {
        guard let dot = field.firstIndex(of: UInt8(ascii: ".")) else { return false }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        return dot > field.startIndex && field[..<dot].allSatisfy(isDigit) && field[(dot + 1)...].count == 6
            && field[(dot + 1)...].allSatisfy(isDigit)
    }

    /// Reads `seconds.microseconds` with exactly six digits after the point, as evemu writes it.
    static func timestamp(_ field: ArraySlice<UInt8>) -> Int64? {
        guard let dot = field.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let fraction = field[(dot + 1)...]
        guard fraction.count == 6, fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            field.first != UInt8(ascii: "-"), field.first != UInt8(ascii: "+"),
            let seconds = Fields.decimal(field[..<dot], in: 0...maximumSeconds),
            let microseconds = Fields.decimal(fraction, in: 0...999_999)
        else { return nil }
        return seconds * 1_000_000 + microseconds
    }

    // MARK: Result

    func device() throws(RecordingError) -> RecordedDevice {
        guard let name else { throw RecordingError(file: file, reason: .missing("the N: line (the device name)")) }
        guard let identity else {
            throw RecordingError(file: file, reason: .missing("the I: line (bus vendor product version)"))
        }
        var properties: Set<InputProperty> = []
        for (index, byte) in propertyBytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                properties.insert(InputProperty(rawValue: UInt16(index * 8 + bit)))
            }
        }
        // A type is present when any of its codes is (an all-zero B: line is how evemu writes
        // an absent type). `B: 00` holds the EV_SYN codes (SYN_REPORT, SYN_CONFIG, SYN_DROPPED…).
        var codes: [EventType: Set<UInt16>] = [:]
        for (type, bytes) in masks {
            let set = Self.bits(bytes)
            if !set.isEmpty { codes[EventType(rawValue: type)] = set }
        }
        if codes[.synchronization] == nil { codes[.synchronization] = minimumSynchronizationCodes }
        let description = DeviceDescription(
            name: name,
            identity: identity,
            properties: properties,
            supportedCodes: codes,
            absoluteAxes: axes,
            ledStates: leds,
            switchStates: switches
        )
        return RecordedDevice(description: description, frames: [], comments: comments)
    }

    private static func bits(_ bytes: [UInt8]) -> Set<UInt16> {
        var result: Set<UInt16> = []
        for (index, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { result.insert(UInt16(index * 8 + bit)) }
        }
        return result
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first == " " || first == "\t" { scalars = scalars.dropFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars = scalars.dropLast() }
        return String(scalars)
    }
}

/// An event line of the usual form read straight from its bytes: `E:`, blanks, six-digit
/// microseconds, hexadecimal type and code of up to four digits, a decimal value with an
/// optional minus, then the end of the line or a comment.
///
/// Every line it declines goes to ``EvemuParser/parseLine(_:)``, which reads the same lines the
/// same way and says what is wrong with the others; this is only the quick way through the
/// lines evemu-record and old evemu writers write.
enum FastEventLine {
    struct Parsed {
        var time: Int64
        var type: UInt16
        var code: UInt16
        var value: Int32
    }

    /// The value of each byte as a hexadecimal digit (either case), 0xff for any other byte.
    /// Written once when first used and only read after, so sharing it is safe.
    nonisolated(unsafe) static let digitValues: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: 0xff, count: 256)
        for (index, character) in "0123456789abcdef".utf8.enumerated() {
            table[Int(character)] = UInt8(index)
            if index >= 10 { table[Int(character) - 0x20] = UInt8(index) }
        }
        return UnsafePointer(table)
    }()

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Four hexadecimal digits, or nil.
    @inline(__always)
    private static func hex4(_ p: UnsafePointer<UInt8>, _ digits: UnsafePointer<UInt8>) -> UInt32? {
        // Little-endian: the first digit is the lowest byte.
        let word = UnsafeRawPointer(p).loadUnaligned(as: UInt32.self)
        if word & 0xF0F0_F0F0 == 0x3030_3030 && (word &+ 0x0606_0606) & 0xF0F0_F0F0 == 0x3030_3030 {
            // Four decimal digits (the usual case: types, and most codes): their low nibbles.
            let nibbles = word & 0x0F0F_0F0F
            let pairs = (nibbles & 0x000F_000F) << 4 | (nibbles >> 8) & 0x000F_000F
            return (pairs & 0xFF) << 8 | (pairs >> 16) & 0xFF
        }
        let (a, b, c, d) = (digits[Int(p[0])], digits[Int(p[1])], digits[Int(p[2])], digits[Int(p[3])])
        guard (a | b | c | d) < 0x10 else { return nil }
        return UInt32(a) << 12 | UInt32(b) << 8 | UInt32(c) << 4 | UInt32(d)
    }

    /// Six decimal digits, read as one 64-bit word (eight bytes must be readable), or nil.
    @inline(__always)
    private static func decimal6(_ p: UnsafePointer<UInt8>) -> Int64? {
        // Little-endian: the first digit is the lowest byte. Two '0's below it make eight digits.
        let word = UnsafeRawPointer(p).loadUnaligned(as: UInt64.self) << 16 | 0x3030
        let digits = word &- 0x3030_3030_3030_3030
        // Every byte was '0'…'9' if subtracting '0' borrowed nowhere and left each below 10.
        guard (digits | (digits &+ 0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080 == 0,
            word & 0xF0F0_F0F0_F0F0_F0F0 == 0x3030_3030_3030_3030
        else { return nil }
        return Int64(eightDigits(digits))
    }

    /// The value of eight digits 0…9, one per byte, the first in the lowest byte.
    @inline(__always)
    private static func eightDigits(_ digits: UInt64) -> UInt64 {
        var value = (digits &* 10) &+ (digits >> 8)
        value = ((value & 0x00FF_00FF_00FF_00FF) &* 100) &+ ((value >> 16) & 0x00FF_00FF_00FF_00FF)
        value = ((value & 0x0000_FFFF_0000_FFFF) &* 10000) &+ ((value >> 32) & 0x0000_FFFF_0000_FFFF)
        return value & 0xFFFF_FFFF
    }

    /// Reads one line, without its line feed, or returns nil for any line not of the usual form.
    /// - Parameter allowsComment: Whether a `#` may follow the value (format 1.1 and later).
    static func parse(_ bytes: UnsafeRawBufferPointer, allowsComment: Bool) -> Parsed? {
        guard let base = bytes.baseAddress else { return nil }
        let p = base.assumingMemoryBound(to: UInt8.self)
        guard let (parsed, end) = parseFields(p, count: bytes.count, digits: digitValues),
            end == bytes.count || (allowsComment && p[end] == UInt8(ascii: "#"))
        else { return nil }
        return parsed
    }

    /// Reads a line at the start of a buffer, or returns nil for a line not of the usual form or
    /// not wholly in the buffer.
    /// - Parameter digits: ``digitValues``, fetched once by the caller.
    /// - Returns: The event and the line's length with its line feed (and carriage return).
    @inline(__always)
    static func parse(in p: UnsafePointer<UInt8>, count: Int, allowsComment: Bool, digits: UnsafePointer<UInt8>)
        -> (Parsed, length: Int)?
    {
        guard let (parsed, end) = parseFields(p, count: count, digits: digits), end < count else { return nil }
        switch p[end] {
        case UInt8(ascii: "\n"):
            return (parsed, end + 1)
        case UInt8(ascii: "\r"):
            guard end + 1 < count, p[end + 1] == UInt8(ascii: "\n") else { return nil }
            return (parsed, end + 2)
        case UInt8(ascii: "#") where allowsComment:
            guard let feed = memchr(p + end, 0x0a, count - end) else { return nil }
            return (parsed, UnsafePointer<UInt8>(feed.assumingMemoryBound(to: UInt8.self)) - p + 1)
        default:
            return nil
        }
    }

    /// Reads the fields and the blanks after them.
    /// - Returns: The event and the index after the blanks that follow its value.
    @inline(__always)
    private static func parseFields(_ p: UnsafePointer<UInt8>, count: Int, digits: UnsafePointer<UInt8>)
        -> (Parsed, Int)?
    {
        guard count >= 12, p[0] == UInt8(ascii: "E"), p[1] == UInt8(ascii: ":"), isSpace(p[2]) else { return nil }
        var i = 3
        while i < count && isSpace(p[i]) { i += 1 }
        // Seconds: at most 11 digits (evemu's limit, 4 × 2³², has 11).
        var seconds: Int64 = 0
        let secondsStart = i
        while i < count, p[i] &- 0x30 < 10 {
            seconds = seconds &* 10 &+ Int64(p[i] &- 0x30)
            i += 1
        }
        guard i > secondsStart, i - secondsStart <= 11, seconds <= Int64(UInt32.max) * 4 else { return nil }
        // The point, six digits and a blank; eight bytes from the first digit must be there.
        guard i + 8 < count, p[i] == UInt8(ascii: "."), let microseconds = decimal6(p + i + 1) else { return nil }
        i += 7
        guard isSpace(p[i]) else { return nil }
        var type: UInt32 = 0
        var code: UInt32 = 0
        var start = i
        if i + 11 < count, p[i] == 0x20, p[i + 5] == 0x20, p[i + 10] == 0x20,
            let fixedType = hex4(p + i + 1, digits), let fixedCode = hex4(p + i + 6, digits)
        {
            // The layout evemu writes (`%04x %04x`), read without a loop.
            type = fixedType
            code = fixedCode
            i += 11
        } else {
            // Type and code: blanks, up to four hexadecimal digits, a blank.
            func field() -> UInt32? {
                while i < count && isSpace(p[i]) { i += 1 }
                let start = i
                var field: UInt32 = 0
                while i < count, digits[Int(p[i])] < 0x10 {
                    field = field &<< 4 | UInt32(digits[Int(p[i])])
                    i += 1
                }
                guard i > start, i - start <= 4, i < count, isSpace(p[i]) else { return nil }
                return field
            }
            guard let slowType = field(), let slowCode = field() else { return nil }
            type = slowType
            code = slowCode
        }
        // EV_MAX: 0x1f.
        guard type <= 0x1f else { return nil }
        while i < count && isSpace(p[i]) { i += 1 }
        // Value: an optional minus and up to ten digits, within 32 bits.
        var negative = false
        if i < count && p[i] == UInt8(ascii: "-") {
            negative = true
            i += 1
        }
        var value: Int64 = 0
        start = i
        while i < count, p[i] &- 0x30 < 10 {
            value = value &* 10 &+ Int64(p[i] &- 0x30)
            i += 1
        }
        guard i > start, i - start <= 10 else { return nil }
        if negative { value = -value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        while i < count && isSpace(p[i]) { i += 1 }
        let parsed = Parsed(
            time: seconds &* 1_000_000 &+ microseconds, type: UInt16(truncatingIfNeeded: type),
            code: UInt16(truncatingIfNeeded: code), value: Int32(truncatingIfNeeded: value))
        return (parsed, i)
    }
}
