import InputEvents

extension Recording {
    /// Parses an evemu file (format 1.0 to 1.3) holding a description and, optionally, events.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - file: The name to report in errors.
    /// - Returns: A recording of one device.
    /// - Throws: ``RecordingError`` naming the line of the first problem.
    public static func evemu(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
        var parser = EvemuParser(file: file, part: .whole)
        try parser.parse(bytes)
        return Recording(devices: [try parser.device()])
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
        var descriptionParser = EvemuParser(file: descriptionFile, part: .descriptionOnly)
        try descriptionParser.parse(description)
        var device = try descriptionParser.device()
        var eventParser = EvemuParser(file: eventsFile, part: .eventsOnly)
        try eventParser.parse(events)
        device.frames = eventParser.frames
        device.comments = eventParser.comments
        return Recording(devices: [device])
    }
}

/// The `EV_SYN` codes a description gets when its file lists none: `SYN_REPORT` alone. Every
/// device sends it, and a description always has `EV_SYN`.
let minimumSynchronizationCodes: Set<UInt16> = [SynchronizationCode.report.rawValue]

/// A line-by-line evemu reader. Linear in the file size; one pass.
struct EvemuParser {
    enum Part {
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
    private(set) var frames: [EventFrame] = []
    private(set) var comments: [String] = []
    private var pending: [InputEvent] = []
    private var pendingLine = 0
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

    mutating func parse(_ bytes: [UInt8]) throws(RecordingError) {
        var lines = LineScanner(bytes: bytes)
        var first = true
        while let line = lines.next() {
            defer { first = false }
            if first, let version = Self.version(line.bytes) {
                guard version.major == 1, (0...3).contains(version.minor) else {
                    throw error(
                        line, .unsupportedVersion("\(version.major).\(version.minor) (this reader knows 1.0 to 1.3)"))
                }
                (major, minor) = version
                continue
            }
            if line.bytes.count > RecordingLimits.maximumLineLength {
                throw error(
                    line,
                    .limitExceeded(
                        "a line of \(line.bytes.count) bytes; evemu lines are at most "
                            + "\(RecordingLimits.maximumLineLength) bytes"))
            }
            try parseLine(line)
        }
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

    private mutating func parseLine(_ line: Line) throws(RecordingError) {
        var bytes = line.bytes
        while let first = bytes.first, Fields.isSpace(first) { bytes = bytes.dropFirst() }
        guard let first = bytes.first else { return }
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
            if name != nil || part == .eventsOnly { keepComment(bytes) }
            return
        }
        guard bytes.count >= 2, bytes[bytes.startIndex + 1] == UInt8(ascii: ":") else {
            throw error(line, .unknownLine(line.text))
        }
        sawDataLine = true
        let prefix = bytes[bytes.startIndex]
        var rest = bytes.dropFirst(2)
        if prefix == UInt8(ascii: "N") {
            try parseName(rest, line)
            return
        }
        if !(major == 1 && minor == 0), let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            rest = rest[rest.startIndex..<hash]
        }
        Fields.split(rest, into: &fields)
        switch prefix {
        case UInt8(ascii: "E"): try parseEvent(line)
        case UInt8(ascii: "I"): try parseIdentity(line)
        case UInt8(ascii: "P"): try parseProperties(line)
        case UInt8(ascii: "B"): try parseMask(line)
        case UInt8(ascii: "A"): try parseAxis(line)
        case UInt8(ascii: "L"), UInt8(ascii: "S"): try parseState(line, isLED: prefix == UInt8(ascii: "L"))
        default: throw error(line, .unknownLine(line.text))
        }
    }

    private mutating func keepComment(_ bytes: ArraySlice<UInt8>) {
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self).trimmingSpaces
        if text.isEmpty || text.allSatisfy({ $0 == "#" }) || text.hasPrefix("Waiting for events") { return }
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

    private mutating func parseEvent(_ line: Line) throws(RecordingError) {
        switch part {
        case .descriptionOnly:
            throw error(
                line, .misplaced("an event (E:) in a description file; events belong in the separate event file"))
        case .whole:
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
        sawEvent = true
        guard fields.count == 4 else {
            throw error(
                line, .malformed(expected: "4 fields after E: (seconds.microseconds type code value)", found: line.text)
            )
        }
        guard let time = Self.timestamp(fields[0]) else {
            throw error(
                line,
                .malformed(
                    expected: "a timestamp of the form seconds.microseconds with 6 digits",
                    found: String(decoding: fields[0], as: UTF8.self)), column: column(of: fields[0], in: line))
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
        if time < lastTime {
            throw error(
                line,
                .timeWentBackwards(
                    previous: Timestamp(microseconds: lastTime).description,
                    current: Timestamp(microseconds: time).description))
        }
        lastTime = time
        let base = firstTime ?? time
        firstTime = base
        if pending.isEmpty { pendingLine = line.number }
        guard pending.count < RecordingLimits.maximumEventsPerFrame else {
            throw RecordingError(file: file, line: pendingLine, reason: Self.frameLimitReason)
        }
        let event = InputEvent(
            time: Timestamp(microseconds: time - base), type: EventType(rawValue: UInt16(type)), code: UInt16(code),
            value: Int32(value))
        pending.append(event)
        if event.isReport {
            frames.append(EventFrame(events: pending))
            pending.removeAll(keepingCapacity: true)
        }
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

    /// Reads `seconds.microseconds` with exactly six digits after the point, as evemu writes it.
    private static func timestamp(_ field: ArraySlice<UInt8>) -> Int64? {
        guard let dot = field.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let fraction = field[(dot + 1)...]
        guard fraction.count == 6, fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            field.first != UInt8(ascii: "-"), field.first != UInt8(ascii: "+"),
            let seconds = Fields.decimal(field[..<dot], in: 0...Int64(UInt32.max) * 4),
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
        return RecordedDevice(description: description, frames: frames, comments: comments)
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
