import FileAccess
public import Foundation
public import InputEvents

/// A recording opened for streaming: its devices' descriptions read up front, each device's
/// frames read lazily, one at a time, so that memory does not grow with the recording's length.
///
/// ```swift
/// let file = try RecordingFile(path: "session.yml")
/// for (index, device) in file.devices.enumerated() {
///     var frames = try file.makeFrameIterator(device: index)
///     while let frame = try frames.next() { print(device.description.name, frame.time) }
/// }
/// ```
///
/// Opening reads the file once to find its devices (for libinput record, through every device's
/// events but the last one's); each frame iterator then reads the file again from its device's
/// first event with its own file descriptor and parser, so iterators of several devices can be
/// advanced together (the Wayfinder module's replay merges them in time order). Timestamps are rebased as
/// ``Recording/load(path:descriptionPath:)`` rebases them: the first event of the whole
/// recording is at zero.
///
/// Problems found while iterating (a bad line among the events) throw from
/// ``FrameIterator/next()`` with the file and line, after the frames before it were returned.
public struct RecordingFile: Sendable {
    /// One device of the file, as far as the file describes it before its events.
    public struct Device: Hashable, Sendable {
        /// The device's description: name, identity, properties, codes, axes.
        public var description: DeviceDescription
        /// The device node it was recorded from (`/dev/input/event5`), when the file says.
        public var node: String?
        /// Free-text comments the file carries before the device's first event (evemu).
        public var comments: [String]
        /// The keys of the device's libinput record entry that the reader does not interpret,
        /// when the file was opened keeping them.
        public var kept = KeptDeviceKeys()
    }

    /// The recording file's path (for evemu logs with a separate description, the events file),
    /// or the name given to bytes in memory.
    public let path: String
    /// The separate description file of an evemu event log, if it has one.
    public let descriptionPath: String?
    /// The file's format.
    public let format: RecordingFormat
    /// The devices, in file order.
    public let devices: [Device]
    /// The top-level keys of a libinput record file before `devices` that the reader does not
    /// interpret (`libinput`, `system`), when the file was opened keeping them.
    public let keptBeforeDevices: KeptYAML
    /// The top-level keys after `devices`, as far as opening the file read them: when it stopped
    /// at the last device's events, that device's frame iterator reads the rest
    /// (``FrameIterator/keptAfterDevices``).
    public let keptAfterDevices: KeptYAML
    /// The time of the recording's first event as the file gives it; frames are read with their
    /// times counted from it. Writing them counted from the negated time base writes the times
    /// the file has.
    public var timeBase: Timestamp { Timestamp(microseconds: baseTime) }
    /// Whether the file was opened keeping the keys the reader does not interpret.
    let isKeeping: Bool

    /// Where the events are: the file at ``path`` or bytes in memory.
    let events: Source
    /// What each device's iterator needs to start at its first event.
    let starts: [Start]
    /// Microseconds subtracted from every event's time: the time of the recording's first event.
    let baseTime: Int64

    /// The events' bytes: a file or memory.
    enum Source: Sendable {
        case file
        case memory([UInt8])
    }

    /// Where and how a device's frames start.
    enum Start: Sendable {
        /// The device has no events.
        case empty
        /// An evemu file's first `E:` line.
        case evemu(EvemuStart)
        /// A libinput record device's `events` list.
        case libinput(LibinputStart)
    }

    /// Opens a recording file, detecting its format from the content, and reads its devices'
    /// descriptions.
    ///
    /// - Parameters:
    ///   - path: The recording: an evemu file (with or without its own description) or a
    ///     libinput record YAML file. Errors name it as given; an empty path is refused as such.
    ///   - descriptionPath: For evemu event logs kept apart from their description (old `.desc`
    ///     + `.events` pairs), the description file.
    ///   - keepingUnreadKeys: Whether to keep the keys of a libinput record file that the reader
    ///     does not interpret (``keptBeforeDevices``, ``Device/kept``, and the entries of
    ///     ``FrameIterator/nextEntry()``), to write them again, within
    ///     ``RecordingLimits/maximumKeptBytes``.
    /// - Throws: ``RecordingError`` naming the file and line of the first problem.
    public init(path: String, descriptionPath: String? = nil, keepingUnreadKeys: Bool = false)
        throws(RecordingError)
    {
        try self.init(
            events: path, bytes: nil, format: nil, descriptionPath: descriptionPath, descriptionBytes: nil,
            keeping: keepingUnreadKeys)
    }

    /// Opens a recording file given by URL; see ``init(path:descriptionPath:keepingUnreadKeys:)``.
    public init(contentsOf url: URL, descriptionURL: URL? = nil) throws(RecordingError) {
        try self.init(path: url.path, descriptionPath: descriptionURL?.path)
    }

    /// Reads a recording held in memory, detecting its format from the content.
    /// - Parameters:
    ///   - bytes: The file's content.
    ///   - name: The name errors give for it.
    ///   - keepingUnreadKeys: Whether to keep what the reader does not interpret; see
    ///     ``init(path:descriptionPath:keepingUnreadKeys:)``.
    /// - Throws: ``RecordingError``.
    public init(bytes: [UInt8], name: String, keepingUnreadKeys: Bool = false) throws(RecordingError) {
        try self.init(
            events: name, bytes: bytes, format: nil, descriptionPath: nil, descriptionBytes: nil,
            keeping: keepingUnreadKeys)
    }

    /// Reads an evemu file in memory, whatever its content looks like.
    init(evemu bytes: [UInt8], name: String) throws(RecordingError) {
        try self.init(events: name, bytes: bytes, format: .evemu, descriptionPath: nil, descriptionBytes: nil)
    }

    /// Reads a libinput record file in memory, whatever its content looks like.
    init(libinputRecord bytes: [UInt8], name: String) throws(RecordingError) {
        try self.init(events: name, bytes: bytes, format: .libinputRecord, descriptionPath: nil, descriptionBytes: nil)
    }

    /// Reads an evemu event log and its separate description, both in memory.
    init(evemuEvents events: [UInt8], name: String, description: [UInt8], descriptionName: String)
        throws(RecordingError)
    {
        try self.init(
            events: name, bytes: events, format: .evemu, descriptionPath: descriptionName,
            descriptionBytes: description)
    }

    private init(
        events path: String, bytes: [UInt8]?, format forced: RecordingFormat?, descriptionPath: String?,
        descriptionBytes: [UInt8]?, keeping: Bool = false
    ) throws(RecordingError) {
        self.path = path
        isKeeping = keeping
        self.descriptionPath = descriptionPath
        events = bytes.map(Source.memory) ?? .file
        let header: Header
        if let descriptionPath {
            format = .evemu
            header = try EvemuHeaderReader.read(
                events: ByteInput(name: path, bytes: bytes),
                description: ByteInput(name: descriptionPath, bytes: descriptionBytes))
        } else {
            let head = try ByteInput(name: path, bytes: bytes).head()
            switch forced ?? RecordingFormat.detect(in: head) {
            case .evemu?:
                format = .evemu
                header = try EvemuHeaderReader.read(events: ByteInput(name: path, bytes: bytes), description: nil)
            case .libinputRecord?:
                format = .libinputRecord
                header = try LibinputHeaderReader.read(
                    ByteInput(name: path, bytes: bytes), head: head, keeper: YAMLKeeper(isKeeping: keeping))
            case nil:
                throw RecordingError(file: path, reason: .unknownFormat)
            }
        }
        devices = header.devices
        starts = header.starts
        baseTime = header.baseTime
        keptBeforeDevices = header.keptBeforeDevices
        keptAfterDevices = header.keptAfterDevices
    }

    /// What a header pass found.
    struct Header {
        var devices: [Device]
        var starts: [Start]
        var baseTime: Int64
        var keptBeforeDevices = KeptYAML()
        var keptAfterDevices = KeptYAML()
    }

    /// Returns an iterator over one device's frames, starting at its first frame.
    ///
    /// Each call opens the file again, so iterators are independent: advance several together,
    /// or read one device twice.
    /// - Parameters:
    ///   - index: The device's index in ``devices``.
    ///   - keepingComments: Whether to collect the evemu comments met between events into
    ///     ``FrameIterator/comments`` (which then grows with their number).
    /// - Throws: ``RecordingError`` when the file cannot be opened again.
    public func makeFrameIterator(device index: Int, keepingComments: Bool = false) throws(RecordingError)
        -> FrameIterator
    {
        precondition(devices.indices.contains(index), "device \(index) of a recording with \(devices.count)")
        switch starts[index] {
        case .empty:
            return FrameIterator(cursor: .empty)
        case .evemu(let start):
            return FrameIterator(
                cursor: .evemu(
                    try EvemuFrameCursor(
                        input: ByteInput(name: path, bytes: events.bytes), start: start, baseTime: baseTime,
                        keepingComments: keepingComments,
                        declared: descriptionPath.map { (devices[index].description.supportedCodes, $0) })))
        case .libinput(let start):
            return FrameIterator(
                cursor: .libinput(
                    try LibinputFrameCursor(
                        input: ByteInput(name: path, bytes: events.bytes), start: start, baseTime: baseTime,
                        keeper: YAMLKeeper(isKeeping: isKeeping))))
        }
    }

    /// Reads every device's frames into memory.
    /// - Throws: ``RecordingError`` naming the file and line of the first problem.
    public func load() throws(RecordingError) -> Recording {
        var loaded: [RecordedDevice] = []
        for (index, device) in devices.enumerated() {
            var iterator = try makeFrameIterator(device: index, keepingComments: true)
            var frames: [EventFrame] = []
            while let frame = try iterator.next() {
                // A copy of exactly the frame's events, so the iterator's buffer is free again.
                frames.append(EventFrame(events: frame.events.withUnsafeBufferPointer { Array($0) }))
            }
            loaded.append(
                RecordedDevice(
                    description: device.description, frames: frames, node: device.node,
                    comments: device.comments + iterator.comments))
        }
        return Recording(devices: loaded)
    }
}

extension RecordingFile.Source {
    /// The bytes of a memory source.
    var bytes: [UInt8]? {
        switch self {
        case .file: nil
        case .memory(let bytes): bytes
        }
    }
}

/// One device's frames, read one at a time from its place in the file.
///
/// Made by ``RecordingFile/makeFrameIterator(device:keepingComments:)``. It owns an open file
/// and a parser; ``next()`` reads only as far as the next frame, so memory stays one frame's.
///
/// A frame shares its storage with the iterator until the iterator reads the next one; letting
/// each frame go before asking for the next lets the iterator reuse that storage, so that it
/// allocates nothing per frame.
public struct FrameIterator: ~Copyable {
    private let cursor: FrameCursor

    init(cursor: FrameCursor) { self.cursor = cursor }

    /// The next frame, or nil after the last.
    /// - Throws: ``RecordingError`` naming the file and line of a problem among the events
    ///   (a malformed event, time going backwards, a frame cut off at the end).
    public mutating func next() throws(RecordingError) -> EventFrame? {
        try cursor.next()
    }

    /// The next entry of the device's events, or nil after the last: a frame, an entry the
    /// reader does not interpret (libinput record's `hid` and `libinput` entries), or both. The
    /// entry's other keys are kept when the file was opened keeping them; otherwise only
    /// entries with a frame are returned.
    /// - Throws: ``RecordingError``, as ``next()`` does.
    public mutating func nextEntry() throws(RecordingError) -> RecordedEntry? {
        try cursor.nextEntry()
    }

    /// The evemu comments met between events so far, when the iterator keeps them.
    public var comments: [String] { cursor.comments }

    /// After the last entry, when the file was opened keeping what the reader does not
    /// interpret and opening it stopped at this device's events: the device's keys after its
    /// events. Otherwise empty (``RecordingFile/Device/kept`` has them).
    public var keptAfterEvents: KeptYAML { cursor.kept.afterEvents }

    /// After the last entry, as ``keptAfterEvents``: the file's top-level keys after `devices`.
    /// Otherwise empty (``RecordingFile/keptAfterDevices`` has them).
    public var keptAfterDevices: KeptYAML { cursor.kept.afterDevices }
}

/// One entry of a device's events: a frame, and the keys beside it that the reader does not
/// interpret (libinput record's `- hid: …` and `- libinput: …` entries have only these).
public struct RecordedEntry {
    /// The entry's frame, if it has one.
    public var frame: EventFrame?
    /// The entry's other keys, when kept.
    public var kept: KeptYAML
}

/// A parser positioned in one device's events, of either format. The parsers are classes: each
/// owns a file and a parser that stay at one place while iterators and merges hold it.
enum FrameCursor {
    case empty
    case evemu(EvemuFrameCursor)
    case libinput(LibinputFrameCursor)

    /// The next frame, or nil after the last.
    @inline(__always)
    func next() throws(RecordingError) -> EventFrame? {
        switch self {
        case .empty: nil
        case .evemu(let cursor): try cursor.next()
        case .libinput(let cursor): try cursor.next()
        }
    }

    /// The next entry, or nil after the last.
    func nextEntry() throws(RecordingError) -> RecordedEntry? {
        switch self {
        case .empty: nil
        case .evemu(let cursor): try cursor.next().map { RecordedEntry(frame: $0, kept: KeptYAML()) }
        case .libinput(let cursor): try cursor.nextEntry()
        }
    }

    /// What a libinput cursor kept after the device's events.
    var kept: (afterEvents: KeptYAML, afterDevices: KeptYAML) {
        switch self {
        case .libinput(let cursor): (cursor.keptAfterEvents, cursor.keptAfterDevices)
        case .empty, .evemu: (KeptYAML(), KeptYAML())
        }
    }

    /// Comments met between events, when kept.
    var comments: [String] {
        switch self {
        case .evemu(let cursor): cursor.comments
        case .empty, .libinput: []
        }
    }
}

/// The bytes of a file or of memory, named for errors.
struct ByteInput {
    /// The file's path, or the name given to the bytes.
    var name: String
    /// The bytes, or nil to read the file at `name`.
    var bytes: [UInt8]?

    /// Opens a buffered reader over the bytes or the file, from an offset on.
    func reader(offset: Int64 = 0, capacity: Int = BufferedFileReader.defaultCapacity) throws(RecordingError)
        -> BufferedFileReader
    {
        if let bytes {
            let start = Int(clamping: offset)
            return BufferedFileReader(bytes: bytes[min(start, bytes.count)...], name: name, offset: offset)
        }
        do throws(FileError) {
            let file = try ReadableFile(path: name)
            if offset > 0 { try file.seek(to: offset) }
            return BufferedFileReader(file, capacity: capacity, offset: offset)
        } catch {
            throw RecordingError(file: name, reason: .file(error))
        }
    }

    /// The first bytes, enough to detect the format (see ``RecordingFormat/detect(in:)``).
    func head() throws(RecordingError) -> [UInt8] {
        if let bytes { return Array(bytes.prefix(RecordingFormat.detectionLength)) }
        var reader = try reader(capacity: RecordingFormat.detectionLength)
        do throws(FileError) {
            while try reader.fill() {}
        } catch {
            throw RecordingError(file: name, reason: .file(error))
        }
        return Array(reader.buffered)
    }

    /// Where libyaml reads these bytes from an offset on.
    func yamlInput(offset: Int64) -> YAMLInput {
        if let bytes { return .memory(bytes, offset: Int(clamping: offset)) }
        return .file(path: name, offset: offset)
    }
}

/// The events of the frame being read, in one buffer kept from frame to frame.
///
/// A finished frame shares the buffer. The next frame's first event starts a new buffer only if
/// that frame is still held (copy on write), so a reader whose caller lets each frame go before
/// asking for the next allocates nothing per frame; a caller that keeps frames keeps each with
/// this buffer's capacity (a few events more than the largest frame so far).
struct FrameBuffer {
    private var events: [InputEvent] = []
    private var isHandedOut = false

    init() { events.reserveCapacity(16) }

    /// The events of the frame being read.
    var count: Int { isHandedOut ? 0 : events.count }

    /// Whether the frame being read has no event yet.
    var isEmpty: Bool { count == 0 }

    /// Adds an event to the frame being read.
    @inline(__always)
    mutating func append(_ event: InputEvent) {
        if isHandedOut {
            events.removeAll(keepingCapacity: true)
            isHandedOut = false
        }
        events.append(event)
    }

    /// Ends the frame being read and returns it.
    mutating func frame() -> EventFrame {
        isHandedOut = true
        return EventFrame(events: events)
    }

    /// Drops the events of the frame being read.
    mutating func removeAll() {
        events.removeAll(keepingCapacity: true)
        isHandedOut = false
    }
}
