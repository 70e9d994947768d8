import FileAccess
import InputEvents

extension Recording {
    /// Parses a libinput record YAML file (file format version 1), through libyaml.
    ///
    /// Text before the `# libinput record` line or the `version:` key (a device-selection prompt
    /// captured from a terminal) is skipped. Unknown keys are ignored, as the format asks, and so
    /// are `hid` and `libinput` event entries: only `evdev` frames are read.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - file: The name to report in errors.
    /// - Returns: The recording; all devices share one time base, rebased to the first event.
    /// - Throws: ``RecordingError`` naming the line, column and key of the first problem.
    public static func libinputRecord(_ bytes: [UInt8], file: String) throws(RecordingError) -> Recording {
        try RecordingFile(libinputRecord: bytes, name: file).load()
    }
}

/// Where a libinput record device's frames start: the document (after any text before its
/// header) and the device's place in the `devices` list.
struct LibinputStart: Sendable {
    /// The byte offset where the YAML document starts.
    var offset: Int64
    /// The lines before it.
    var lineOffset: Int
    /// The device's index in `devices`.
    var deviceIndex: Int
    /// Whether the opening pass stopped at this device's events, leaving the rest of the file
    /// (the rest of this device, any further devices, the rest of the document) for its
    /// iterator to check.
    var checksRest: Bool
    /// `ndevices`, and where it is, for an iterator that checks the rest.
    var declaredDevices: Int
    var declaredDevicesMark: YAMLMark?
}

/// Messages shared by the opening pass and the frame iterators.
extension YAMLEventReader {
    /// "expected WHAT for PATH, found KIND", at the current event.
    func expected(_ what: String, at path: String) -> RecordingError {
        error(.malformed(expected: "\(what) for \(path)", found: kindName))
    }

    /// An integer from the current event, which must be a scalar.
    func integer(at path: @autoclosure () -> String, in range: ClosedRange<Int64>) throws(RecordingError) -> Int64 {
        guard current == .scalar else { throw expected("a number", at: path()) }
        guard let value = Fields.decimal(scalar, in: range) else {
            throw error(
                .malformed(
                    expected: "a decimal number in \(range.lowerBound)…\(range.upperBound) for \(path())",
                    found: scalarText))
        }
        return value
    }

    /// Reads the next node as a list of integers (an empty value is an empty list), calling
    /// `body` with each.
    /// - Returns: Where the list starts.
    @discardableResult
    func integers(
        at path: String, in range: ClosedRange<Int64>, _ body: (Int64) throws(RecordingError) -> Void
    ) throws(RecordingError) -> YAMLMark {
        try next()
        let start = mark
        if isNull { return start }
        guard current == .sequenceStart else { throw expected("a list of numbers", at: path) }
        var index = 0
        while try next() != .sequenceEnd {
            try body(try integer(at: "\(path)[\(index)]", in: range))
            index += 1
        }
        return start
    }

    /// Reads the next node as a list of exactly as many integers as `names` names.
    /// - Throws: ``RecordingError`` for a list of another length ("4 numbers [bustype, vendor,
    ///   product, version] for PATH") or a value that is not a number in `range`.
    func integers(exactly names: [String], at path: String, in range: ClosedRange<Int64>) throws(RecordingError)
        -> [Int64]
    {
        var values: [Int64] = []
        var count = 0
        let list = try integers(at: path, in: range) { value in
            count += 1
            if values.count < names.count { values.append(value) }
        }
        guard count == names.count else {
            throw error(
                at: list,
                .malformed(
                    expected: "\(names.count) numbers [\(names.joined(separator: ", "))] for \(path)",
                    found: "\(count) numbers"))
        }
        return values
    }

    /// An error at a mark.
    func error(at mark: YAMLMark, _ reason: RecordingError.Reason) -> RecordingError {
        RecordingError(file: file, line: mark.line, column: mark.column, reason: reason)
    }

    /// An error saying the file is not what it was when it was opened.
    func changed() -> RecordingError { error(.yaml("the file changed while it was being read")) }

    /// After the document's end: the end of the stream. libinput record writes one document,
    /// listing every device under `devices`.
    /// - Throws: ``RecordingError`` at a second document.
    func expectStreamEnd() throws(RecordingError) {
        guard try next() == .documentEnd else { throw changed() }
        guard try next() == .streamEnd else {
            throw error(
                .misplaced("a second YAML document; libinput record writes one, listing every device under 'devices'"))
        }
    }

    /// Reads stream and document start and the root mapping's start.
    /// - Returns: false when the stream holds no document (and the reader is at its end).
    func enterDocument() throws(RecordingError) -> Bool {
        guard try next() == .streamStart else { throw changed() }
        guard try next() == .documentStart else { return false }
        try next()
        return true
    }
}

/// The opening pass over a libinput record file: the header keys and every device's description,
/// passing over their events. It stops at the last device's events when `version` and `ndevices`
/// came before `devices` (as libinput record writes them), leaving the rest to that device's
/// frame iterator, so that a one-device file is read once.
enum LibinputHeaderReader {
    static func read(_ input: ByteInput, head: [UInt8], keeper: YAMLKeeper) throws(RecordingError)
        -> RecordingFile.Header
    {
        // Skip anything before the header, keeping line numbers right.
        var lines = LineScanner(bytes: input.bytes ?? head)
        var start: (offset: Int, skipped: Int)?
        while let line = lines.next() {
            if line.bytes.starts(with: "# libinput record".utf8) || line.bytes.starts(with: "version:".utf8) {
                start = (line.bytes.startIndex, line.number - 1)
                break
            }
        }
        guard let start else { throw RecordingError(file: input.name, reason: .missing("the 'version: 1' header")) }
        let yaml = try YAMLEventReader(
            input: input.yamlInput(offset: Int64(start.offset)), file: input.name, lineOffset: start.skipped)
        var pass = Pass(yaml: yaml, offset: Int64(start.offset), lineOffset: start.skipped, keeper: keeper)
        return try pass.read()
    }

    private struct Pass {
        let yaml: YAMLEventReader
        let offset: Int64
        let lineOffset: Int
        var devices: [RecordingFile.Device] = []
        var starts: [RecordingFile.Start] = []
        var firstTimes: [Int64] = []
        var versionSeen = false
        var declared: (count: Int, mark: YAMLMark)?
        /// Keeps what the reader does not interpret, or passes over it.
        let keeper: YAMLKeeper
        var keptBeforeDevices = KeptYAML()
        var keptAfterDevices = KeptYAML()

        init(yaml: YAMLEventReader, offset: Int64, lineOffset: Int, keeper: YAMLKeeper) {
            self.yaml = yaml
            self.offset = offset
            self.lineOffset = lineOffset
            self.keeper = keeper
        }

        var header: RecordingFile.Header {
            RecordingFile.Header(
                devices: devices, starts: starts, baseTime: firstTimes.min() ?? 0,
                keptBeforeDevices: keptBeforeDevices, keptAfterDevices: keptAfterDevices)
        }

        mutating func read() throws(RecordingError) -> RecordingFile.Header {
            guard try yaml.enterDocument() else {
                throw yaml.error(
                    .malformed(expected: "a mapping of version, ndevices, devices for the document", found: "\"\""))
            }
            guard yaml.current == .mappingStart else {
                throw yaml.expected("a mapping of version, ndevices, devices", at: "the document")
            }
            let rootMark = yaml.mark
            var devicesSeen = false
            while try yaml.next() != .mappingEnd {
                guard yaml.current == .scalar else {
                    if devicesSeen {
                        try keeper.keep(from: yaml, into: &keptAfterDevices)
                    } else {
                        try keeper.keep(from: yaml, into: &keptBeforeDevices)
                    }
                    continue
                }
                if !versionSeen && yaml.isScalar("version") {
                    versionSeen = true
                    try yaml.next()
                    guard yaml.current == .scalar else { throw yaml.expected("1", at: "version") }
                    guard yaml.isScalar("1") else {
                        throw yaml.error(.unsupportedVersion(yaml.scalarText + " (this reader knows version 1)"))
                    }
                } else if declared == nil && yaml.isScalar("ndevices") {
                    try yaml.next()
                    let count = try yaml.integer(at: "ndevices", in: 0...Int64(Int32.max))
                    declared = (Int(count), yaml.mark)
                } else if !devicesSeen && yaml.isScalar("devices") {
                    devicesSeen = true
                    if try readDevices() { return header }
                } else if devicesSeen {
                    try keeper.keep(from: yaml, into: &keptAfterDevices)
                } else {
                    try keeper.keep(from: yaml, into: &keptBeforeDevices)
                }
            }
            try yaml.expectStreamEnd()
            guard versionSeen else {
                throw RecordingError(
                    file: yaml.file, line: rootMark.line, column: rootMark.column, reason: .missing("the 'version' key")
                )
            }
            guard devicesSeen else {
                throw RecordingError(
                    file: yaml.file, line: rootMark.line, column: rootMark.column,
                    reason: .missing("the 'devices' list"))
            }
            if let declared, declared.count != devices.count {
                throw RecordingError(
                    file: yaml.file, line: declared.mark.line, column: declared.mark.column,
                    reason: .deviceCountMismatch(declared: declared.count, found: devices.count))
            }
            return header
        }

        /// Reads the `devices` list.
        /// - Returns: Whether the pass stopped at the last declared device's events.
        private mutating func readDevices() throws(RecordingError) -> Bool {
            try yaml.next()
            guard yaml.current == .sequenceStart else { throw yaml.expected("a list", at: "devices") }
            while try yaml.next() != .sequenceEnd {
                let index = devices.count
                guard index < RecordingLimits.maximumDevices else {
                    throw yaml.error(
                        .limitExceeded("more than \(RecordingLimits.maximumDevices) devices in one recording"))
                }
                if let declared, index >= declared.count {
                    var found = index + 1
                    try yaml.skipNode()
                    while try yaml.next() != .sequenceEnd {
                        found += 1
                        try yaml.skipNode()
                    }
                    throw RecordingError(
                        file: yaml.file, line: declared.mark.line, column: declared.mark.column,
                        reason: .deviceCountMismatch(declared: declared.count, found: found))
                }
                let canStop = versionSeen && declared.map { index == $0.count - 1 } ?? false
                if try readDevice(index: index, canStop: canStop) { return true }
            }
            return false
        }

        /// Reads one device's description and the time of its first event.
        /// - Returns: Whether the pass stopped at its events.
        private mutating func readDevice(index: Int, canStop: Bool) throws(RecordingError) -> Bool {
            let path = "devices[\(index)]"
            guard yaml.current == .mappingStart else { throw yaml.expected("a mapping", at: path) }
            let deviceMark = yaml.mark
            var description: DeviceDescription?
            var udev: [String: String] = [:]
            var node: String?
            var eventsSeen = false
            var udevSeen = false
            var nodeSeen = false
            var start = RecordingFile.Start.empty
            var firstTime: Int64?
            var kept = KeptDeviceKeys()
            while try yaml.next() != .mappingEnd {
                guard yaml.current == .scalar else {
                    try keeper.keep(from: yaml, into: &kept.beforeEvents)
                    continue
                }
                let isEvdev = yaml.isScalar("evdev")
                let isUdev = yaml.isScalar("udev")
                let isNode = yaml.isScalar("node")
                if eventsSeen && (isEvdev || isUdev || isNode) {
                    throw yaml.error(
                        .misplaced(
                            "\(path).\(yaml.scalarText) after \(path).events; a recording describes each device "
                                + "before its events"))
                }
                if isEvdev && description == nil {
                    description = try readEvdev(path: path, kept: &kept)
                } else if isUdev && !udevSeen {
                    udevSeen = true
                    udev = try readUdev(path: path, kept: &kept)
                } else if isNode && !nodeSeen {
                    nodeSeen = true
                    try yaml.next()
                    if yaml.current == .scalar && !yaml.scalar.isEmpty {
                        node = yaml.scalarText
                    } else {
                        try yaml.skipNode()
                    }
                } else if !eventsSeen && yaml.isScalar("events") {
                    eventsSeen = true
                    try yaml.next()
                    if yaml.isNull { continue }
                    guard yaml.current == .sequenceStart else {
                        throw yaml.expected("a list of frames", at: "\(path).events")
                    }
                    let listDepth = yaml.depth
                    firstTime = try peekFirstTime()
                    start = .libinput(
                        LibinputStart(
                            offset: offset, lineOffset: lineOffset, deviceIndex: index, checksRest: false,
                            declaredDevices: declared?.count ?? 0, declaredDevicesMark: declared?.mark))
                    if canStop, var description {
                        description.udevProperties = udev
                        if case .libinput(var stopped) = start {
                            stopped.checksRest = true
                            start = .libinput(stopped)
                        }
                        add(description, node: node, kept: kept, start: start, firstTime: firstTime)
                        return true
                    }
                    try yaml.skip(toDepth: listDepth - 1)
                } else if eventsSeen {
                    try keeper.keep(from: yaml, into: &kept.afterEvents)
                } else {
                    try keeper.keep(from: yaml, into: &kept.beforeEvents)
                }
            }
            guard var description else {
                throw RecordingError(
                    file: yaml.file, line: deviceMark.line, column: deviceMark.column,
                    reason: .missing("the 'evdev' description of \(path)"))
            }
            description.udevProperties = udev
            add(description, node: node, kept: kept, start: start, firstTime: firstTime)
            return false
        }

        private mutating func add(
            _ description: DeviceDescription, node: String?, kept: KeptDeviceKeys, start: RecordingFile.Start,
            firstTime: Int64?
        ) {
            devices.append(RecordingFile.Device(description: description, node: node, comments: [], kept: kept))
            starts.append(start)
            if let firstTime { firstTimes.append(firstTime) }
        }

        /// Finds the time of the first event of the first `evdev` frame, from the start of an
        /// `events` list, and stays inside the list. Leaves malformed events to the iterator.
        private func peekFirstTime() throws(RecordingError) -> Int64? {
            let listDepth = yaml.depth
            while try yaml.next() != .sequenceEnd {
                guard yaml.current == .mappingStart else {
                    try yaml.skipNode()
                    continue
                }
                while try yaml.next() != .mappingEnd {
                    guard yaml.isScalar("evdev") else {
                        try yaml.skipNode()
                        try yaml.skipNextNode()
                        continue
                    }
                    // The first evdev entry decides, well formed or not.
                    var time: Int64?
                    if try yaml.next() == .sequenceStart, try yaml.next() == .sequenceStart,
                        try yaml.next() == .scalar,
                        let seconds = Fields.decimal(yaml.scalar, in: 0...Int64(UInt32.max) * 4),
                        try yaml.next() == .scalar, let microseconds = Fields.decimal(yaml.scalar, in: 0...999_999)
                    {
                        time = seconds * 1_000_000 + microseconds
                    }
                    try yaml.skipNode()
                    try yaml.skip(toDepth: listDepth)
                    return time
                }
            }
            // The list ended: step back inside it for the caller, which skips to its end.
            return nil
        }

        private func readEvdev(path devicePath: String, kept: inout KeptDeviceKeys) throws(RecordingError)
            -> DeviceDescription
        {
            let path = "\(devicePath).evdev"
            try yaml.next()
            guard yaml.current == .mappingStart else { throw yaml.expected("a mapping", at: path) }
            let evdevMark = yaml.mark
            var name: String?
            var id: [UInt16]?
            var codes: [EventType: Set<UInt16>]?
            var axes: [AbsoluteAxis: AbsoluteAxisInfo] = [:]
            var absinfoSeen = false
            var properties: Set<InputProperty>?
            while try yaml.next() != .mappingEnd {
                guard yaml.current == .scalar else {
                    try keeper.keep(from: yaml, into: &kept.evdev)
                    continue
                }
                if name == nil && yaml.isScalar("name") {
                    try yaml.next()
                    guard yaml.current == .scalar else { throw yaml.expected("a string", at: "\(path).name") }
                    // As in an evemu file's N: line: a blank name names no device, and an evemu
                    // file could not hold it.
                    guard yaml.scalarText.contains(where: { !$0.isWhitespace }) else {
                        throw yaml.expected("a device name that is not blank", at: "\(path).name")
                    }
                    name = yaml.scalarText
                } else if id == nil && yaml.isScalar("id") {
                    id = try yaml.integers(
                        exactly: ["bustype", "vendor", "product", "version"], at: "\(path).id", in: 0...0xffff
                    ).map { UInt16($0) }
                } else if codes == nil && yaml.isScalar("codes") {
                    codes = try readCodes(path: path)
                } else if !absinfoSeen && yaml.isScalar("absinfo") {
                    absinfoSeen = true
                    axes = try readAbsinfo(path: path)
                } else if properties == nil && yaml.isScalar("properties") {
                    var set: Set<InputProperty> = []
                    try yaml.integers(at: "\(path).properties", in: 0...0xffff) { value in
                        set.insert(InputProperty(rawValue: UInt16(value)))
                    }
                    properties = set
                } else {
                    try keeper.keep(from: yaml, into: &kept.evdev)
                }
            }
            func missing(_ what: String) -> RecordingError {
                RecordingError(
                    file: yaml.file, line: evdevMark.line, column: evdevMark.column, reason: .missing(what))
            }
            guard let name else { throw missing("'name' in \(path)") }
            guard let id else { throw missing("'id' in \(path)") }
            guard var codes else { throw missing("'codes' in \(path)") }
            if codes[.synchronization]?.isEmpty ?? true { codes[.synchronization] = minimumSynchronizationCodes }
            return DeviceDescription(
                name: name,
                identity: DeviceIdentity(busType: id[0], vendorID: id[1], productID: id[2], version: id[3]),
                properties: properties ?? [],
                supportedCodes: codes,
                absoluteAxes: axes
            )
        }

        private func readCodes(path: String) throws(RecordingError) -> [EventType: Set<UInt16>] {
            try yaml.next()
            guard yaml.current == .mappingStart else {
                throw yaml.expected("a mapping of type to codes", at: "\(path).codes")
            }
            var codes: [EventType: Set<UInt16>] = [:]
            while try yaml.next() != .mappingEnd {
                let type = try yaml.integer(at: "\(path).codes key", in: 0...Int64(EventType.maximum.rawValue))
                var set = codes[EventType(rawValue: UInt16(type)), default: []]
                try yaml.integers(at: "\(path).codes.\(type)", in: 0...0xffff) { set.insert(UInt16($0)) }
                codes[EventType(rawValue: UInt16(type))] = set
            }
            return codes
        }

        private func readAbsinfo(path: String) throws(RecordingError) -> [AbsoluteAxis: AbsoluteAxisInfo] {
            try yaml.next()
            if yaml.isNull { return [:] }
            guard yaml.current == .mappingStart else {
                throw yaml.expected("a mapping of axis to [min, max, fuzz, flat, resolution]", at: "\(path).absinfo")
            }
            var axes: [AbsoluteAxis: AbsoluteAxisInfo] = [:]
            while try yaml.next() != .mappingEnd {
                let code = try yaml.integer(at: "\(path).absinfo key", in: 0...Int64(AbsoluteAxis.maximum.rawValue))
                let values = try yaml.integers(
                    exactly: ["min", "max", "fuzz", "flat", "resolution"], at: "\(path).absinfo.\(code)",
                    in: Int64(Int32.min)...Int64(Int32.max)
                ).map { Int32($0) }
                axes[AbsoluteAxis(rawValue: UInt16(code))] = AbsoluteAxisInfo(
                    minimum: values[0], maximum: values[1], fuzz: values[2], flat: values[3], resolution: values[4])
            }
            return axes
        }

        private func readUdev(path: String, kept: inout KeptDeviceKeys) throws(RecordingError) -> [String: String] {
            try yaml.next()
            guard yaml.current == .mappingStart else {
                // Not a mapping: written as one with no properties.
                try yaml.skipNode()
                return [:]
            }
            var properties: [String: String] = [:]
            var listSeen = false
            while try yaml.next() != .mappingEnd {
                guard !listSeen && yaml.isScalar("properties") else {
                    try keeper.keep(from: yaml, into: &kept.udev)
                    continue
                }
                listSeen = true
                try yaml.next()
                if yaml.isNull {
                    if keeper.isKeeping { kept.udevProperties = [] }
                    continue
                }
                var listed: [String] = []
                guard yaml.current == .sequenceStart else {
                    throw yaml.expected("a list of \"KEY=VALUE\" strings", at: "\(path).udev.properties")
                }
                var count = 0
                while try yaml.next() != .sequenceEnd {
                    guard count < RecordingLimits.maximumDescriptionEntries else {
                        throw yaml.error(
                            .limitExceeded(
                                "more than \(RecordingLimits.maximumDescriptionEntries) udev properties for \(path)"))
                    }
                    count += 1
                    let text = yaml.current == .scalar ? yaml.scalarText : ""
                    guard yaml.current == .scalar, let equals = text.firstIndex(of: "=") else {
                        throw yaml.expected("a \"KEY=VALUE\" string", at: "\(path).udev.properties")
                    }
                    properties[String(text[..<equals])] = String(text[text.index(after: equals)...])
                    if keeper.isKeeping { listed.append(text) }
                }
                if keeper.isKeeping { kept.udevProperties = listed }
            }
            return properties
        }
    }
}

extension YAMLEventReader {
    /// Reads events until the nesting is back at `depth`.
    func skip(toDepth target: Int) throws(RecordingError) {
        while depth > target {
            switch try next() {
            case .streamEnd, .documentEnd: throw error(.yaml("the document ends inside a list or mapping"))
            default: break
            }
        }
    }
}

/// One libinput record device's frames, read from its `events` list one frame at a time, with
/// no tree and no string made per value.
final class LibinputFrameCursor {
    private let yaml: YAMLEventReader
    private let start: LibinputStart
    private let baseTime: Int64
    private var entryIndex = 0
    private var lastTime: Int64 = .min
    private var isFinished = false
    /// The frame being read, kept between frames so that its buffer is reused.
    private var pending = FrameBuffer()
    /// Keeps the keys of entries that are not `evdev`, or passes over them.
    private let keeper: YAMLKeeper
    /// The device's keys after its events, read by ``checkRest()``.
    private(set) var keptAfterEvents = KeptYAML()
    /// The file's top-level keys after `devices`, read by ``checkRest()``.
    private(set) var keptAfterDevices = KeptYAML()

    init(input: ByteInput, start: LibinputStart, baseTime: Int64, keeper: YAMLKeeper) throws(RecordingError) {
        self.start = start
        self.baseTime = baseTime
        self.keeper = keeper
        yaml = try YAMLEventReader(
            input: input.yamlInput(offset: start.offset), file: input.name, lineOffset: start.lineOffset)
        try enterEvents()
    }

    private var devicePath: String { "devices[\(start.deviceIndex)]" }
    private var eventsPath: String { "\(devicePath).events" }

    /// Walks from the start of the document to the device's `events` list, as the opening pass
    /// found it.
    private func enterEvents() throws(RecordingError) {
        guard try yaml.enterDocument(), yaml.current == .mappingStart else { throw yaml.changed() }
        try enterValue(of: "devices")
        guard yaml.current == .sequenceStart else { throw yaml.changed() }
        for _ in 0..<start.deviceIndex {
            guard try yaml.next() != .sequenceEnd else { throw yaml.changed() }
            try yaml.skipNode()
        }
        guard try yaml.next() == .mappingStart else { throw yaml.changed() }
        try enterValue(of: "events")
        guard yaml.current == .sequenceStart else { throw yaml.changed() }
    }

    /// In a mapping, passes over the entries up to the first with `key` and reads its value's
    /// first event.
    private func enterValue(of key: StaticString) throws(RecordingError) {
        while true {
            guard try yaml.next() != .mappingEnd else { throw yaml.changed() }
            if yaml.isScalar(key) { break }
            try yaml.skipNode()
            try yaml.skipNextNode()
        }
        try yaml.next()
    }

    func next() throws(RecordingError) -> EventFrame? {
        while let entry = try nextEntry() {
            if let frame = entry.frame { return frame }
        }
        return nil
    }

    /// The next entry of the events list: its frame and its other keys (`hid` and `libinput`
    /// entries, and unknown keys), kept when the keeper keeps them. Without a keeper, entries
    /// without a frame are passed over.
    func nextEntry() throws(RecordingError) -> RecordedEntry? {
        guard !isFinished else { return nil }
        while true {
            guard try yaml.next() != .sequenceEnd else {
                isFinished = true
                if start.checksRest { try checkRest() }
                return nil
            }
            let index = entryIndex
            entryIndex += 1
            guard yaml.current == .mappingStart else {
                throw yaml.expected("a mapping such as 'evdev: [...]'", at: "\(eventsPath)[\(index)]")
            }
            var frame: EventFrame?
            var evdevSeen = false
            var kept = KeptYAML()
            keeper.resetBudget()
            while try yaml.next() != .mappingEnd {
                if !evdevSeen && yaml.isScalar("evdev") {
                    evdevSeen = true
                    frame = try readFrame(index: index)
                } else {
                    // hid and libinput entries, and unknown keys.
                    try keeper.keep(from: yaml, into: &kept)
                }
            }
            if frame != nil || !kept.isEmpty { return RecordedEntry(frame: frame, kept: kept) }
        }
    }

    /// The value of one event field, or why it is not one.
    private enum Field {
        case value(Int64)
        case problem(RecordingError)
    }

    private static let fieldNames = ["seconds", "microseconds", "type", "code", "value"]
    private static let fieldRanges: [ClosedRange<Int64>] = [
        0...Int64(UInt32.max) * 4, 0...999_999, 0...Int64(EventType.maximum.rawValue), 0...0xffff,
        Int64(Int32.min)...Int64(Int32.max),
    ]

    /// Reads an `evdev` list: the events of one frame.
    private func readFrame(index: Int) throws(RecordingError) -> EventFrame {
        // Paths name a place in errors only; they are made when one is thrown.
        func listPath() -> String { "\(eventsPath)[\(index)].evdev" }
        func itemPath(_ position: Int) -> String { "\(listPath())[\(position)]" }
        try yaml.next()
        guard yaml.current == .sequenceStart else {
            throw yaml.expected("a non-empty list of [sec, usec, type, code, value]", at: listPath())
        }
        let listMark = yaml.mark
        pending.removeAll()
        var position = 0
        var lastMark = listMark
        var lastType: UInt16 = 0
        var lastCode: UInt16 = 0
        var lastIsReport = false
        while try yaml.next() != .sequenceEnd {
            if lastIsReport {
                throw RecordingError(
                    file: yaml.file, line: lastMark.line, column: lastMark.column, reason: .reportInsideFrame)
            }
            guard yaml.current == .sequenceStart else {
                throw yaml.expected("[sec, usec, type, code, value]", at: itemPath(position))
            }
            let itemMark = yaml.mark
            var values: (Int64, Int64, Int64, Int64, Int64) = (0, 0, 0, 0, 0)
            var problem: RecordingError?
            var count = 0
            while try yaml.next() != .sequenceEnd {
                guard count < 5 else {
                    throw RecordingError(
                        file: yaml.file, line: itemMark.line, column: itemMark.column,
                        reason: .malformed(
                            expected: "[sec, usec, type, code, value] for \(itemPath(position))", found: "a list"))
                }
                let range = Self.fieldRanges[count]
                if yaml.current == .scalar, let value = Fields.decimal(yaml.scalar, in: range) {
                    switch count {
                    case 0: values.0 = value
                    case 1: values.1 = value
                    case 2: values.2 = value
                    case 3: values.3 = value
                    default: values.4 = value
                    }
                } else if problem == nil {
                    do throws(RecordingError) {
                        _ = try yaml.integer(at: "\(itemPath(position)) \(Self.fieldNames[count])", in: range)
                    } catch {
                        problem = error
                    }
                    try yaml.skipNode()
                } else {
                    try yaml.skipNode()
                }
                count += 1
            }
            guard count == 5 else {
                throw RecordingError(
                    file: yaml.file, line: itemMark.line, column: itemMark.column,
                    reason: .malformed(
                        expected: "[sec, usec, type, code, value] for \(itemPath(position))", found: "a list"))
            }
            if let problem { throw problem }
            let time = values.0 * 1_000_000 + values.1
            if time < lastTime {
                throw RecordingError(
                    file: yaml.file, line: itemMark.line, column: itemMark.column,
                    reason: .timeWentBackwards(
                        previous: Timestamp(microseconds: lastTime).description,
                        current: Timestamp(microseconds: time).description))
            }
            lastTime = time
            guard pending.count < RecordingLimits.maximumEventsPerFrame else {
                throw RecordingError(
                    file: yaml.file, line: listMark.line, column: listMark.column,
                    reason: EvemuParser.frameLimitReason)
            }
            let event = InputEvent(
                time: Timestamp(microseconds: time - baseTime), type: EventType(rawValue: UInt16(values.2)),
                code: UInt16(values.3), value: Int32(values.4))
            pending.append(event)
            lastMark = itemMark
            lastType = UInt16(values.2)
            lastCode = UInt16(values.3)
            lastIsReport = event.isReport
            position += 1
        }
        guard position > 0 else {
            throw RecordingError(
                file: yaml.file, line: listMark.line, column: listMark.column,
                reason: .malformed(
                    expected: "a non-empty list of [sec, usec, type, code, value] for \(listPath())", found: "a list"))
        }
        guard lastIsReport else {
            throw RecordingError(
                file: yaml.file, line: lastMark.line, column: lastMark.column,
                reason: .malformed(
                    expected: "a SYN_REPORT [sec, usec, 0, 0, 0] as the last event of the frame",
                    found: "type \(lastType) code \(lastCode)"))
        }
        return pending.frame()
    }

    /// After the last device's events, when the opening pass stopped there: the rest of the
    /// device, no device beyond those `ndevices` declares, and a well-formed end of the document.
    private func checkRest() throws(RecordingError) {
        keeper.resetBudget()
        while try yaml.next() != .mappingEnd {
            if yaml.isScalar("evdev") || yaml.isScalar("udev") || yaml.isScalar("node") {
                throw yaml.error(
                    .misplaced(
                        "\(devicePath).\(yaml.scalarText) after \(eventsPath); a recording describes each device "
                            + "before its events"))
            }
            try keeper.keep(from: yaml, into: &keptAfterEvents)
        }
        var found = start.deviceIndex + 1
        while try yaml.next() != .sequenceEnd {
            found += 1
            try yaml.skipNode()
        }
        if found != start.declaredDevices, let mark = start.declaredDevicesMark {
            throw RecordingError(
                file: yaml.file, line: mark.line, column: mark.column,
                reason: .deviceCountMismatch(declared: start.declaredDevices, found: found))
        }
        while try yaml.next() != .mappingEnd {
            try keeper.keep(from: yaml, into: &keptAfterDevices)
        }
        try yaml.expectStreamEnd()
    }
}
