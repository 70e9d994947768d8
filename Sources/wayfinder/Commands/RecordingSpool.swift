import FileAccess
import InputEvents
import InputRecording

/// What `wayfinder record` has captured so far: each device's frames go to a private, unlinked
/// spill file as they arrive (keys already obfuscated unless asked otherwise), so that memory
/// stays flat however long the session; ``write(to:)`` turns them into the recording at the end,
/// when the number of devices and the earliest event, which the file's first lines need, are
/// known.
///
/// A frame is spilled as its event count (4 bytes) and its events (16 bytes each: time in µs,
/// type, code, value), in the machine's byte order: the file is read back by the same process.
struct RecordingSpool {
    /// One device being recorded.
    private struct Device {
        var path: String
        var description: DeviceDescription
        var frameCount = 0
    }

    private var devices: [Device] = []
    private var spills: [SpillFile] = []
    private let showsKeyCodes: Bool
    /// The earliest event of any device: times in the recording count from it.
    private(set) var origin: Timestamp?
    /// Bytes of the frame being spilled, kept between frames.
    private var scratch: [UInt8] = []

    /// The bytes a spilled event takes.
    private static let eventSize = 16

    init(showsKeyCodes: Bool) {
        self.showsKeyCodes = showsKeyCodes
    }

    /// How many devices were added.
    var deviceCount: Int { devices.count }
    /// How many frames were recorded, of all devices.
    var frameCount: Int { devices.reduce(0) { $0 + $1.frameCount } }

    /// Starts recording a device.
    /// - Throws: ``FileError`` when no spill file can be made for it.
    mutating func add(path: String, description: DeviceDescription) throws(FileError) {
        spills.append(try SpillFile(purpose: "the events of \(path)"))
        devices.append(Device(path: path, description: description))
    }

    /// Records a frame of the device at `path` (a device not added is ignored).
    /// - Throws: ``FileError`` when the spill file cannot take it (a full disk).
    mutating func record(_ frame: EventFrame, from path: String) throws(FileError) {
        guard let index = devices.lastIndex(where: { $0.path == path }) else { return }
        if let first = frame.events.first?.time, first < origin ?? first + .microseconds(1) { origin = first }
        scratch.removeAll(keepingCapacity: true)
        Self.append(UInt32(frame.events.count), to: &scratch)
        for var event in frame.events {
            if !showsKeyCodes { Obfuscation.apply(to: &event) }
            Self.append(event.time.microseconds, to: &scratch)
            Self.append(event.type.rawValue, to: &scratch)
            Self.append(event.code, to: &scratch)
            Self.append(event.value, to: &scratch)
        }
        try spills[index].write(scratch)
        devices[index].frameCount += 1
    }

    private static func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    /// Writes the recording: every device with its frames, times counted from the earliest event.
    /// - Throws: ``FileError`` when reading a spill back or writing `output` fails.
    mutating func write(to output: inout OutputFile, format: RecordingFormat) throws(FileError) {
        let origin = origin ?? .zero
        var text = ""
        text.reserveCapacity(OutputFile.bufferCapacity)
        if format == .libinputRecord { text += LibinputRecordStreamWriter.header(deviceCount: devices.count) }
        for index in devices.indices {
            let device = devices[index]
            var libinput = LibinputRecordStreamWriter(start: origin)
            var evemu = EvemuStreamWriter(description: device.description)
            switch format {
            case .libinputRecord:
                text += libinput.deviceHeader(
                    RecordedDevice(description: device.description, frames: [], node: device.path),
                    hasFrames: device.frameCount > 0)
            case .evemu:
                text += evemu.header()
            }
            try spills[index].rewind()
            while let frame = try readFrame(from: index) {
                switch format {
                case .libinputRecord: libinput.write(frame, into: &text)
                case .evemu: evemu.write(frame, into: &text)
                }
                if text.utf8.count >= OutputFile.bufferCapacity / 2 {
                    try output.write(text)
                    text.removeAll(keepingCapacity: true)
                }
            }
        }
        try output.write(text)
    }

    /// The next spilled frame of a device, or nil after its last.
    private func readFrame(from index: Int) throws(FileError) -> EventFrame? {
        var header = [UInt8](repeating: 0, count: 4)
        guard try spills[index].read(into: &header) else { return nil }
        let count = Int(header.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
        var record = [UInt8](repeating: 0, count: count * Self.eventSize)
        if count > 0 {
            guard try spills[index].read(into: &record) else { return nil }
        }
        var events: [InputEvent] = []
        events.reserveCapacity(count)
        record.withUnsafeBytes { bytes in
            for offset in stride(from: 0, to: bytes.count, by: Self.eventSize) {
                events.append(
                    InputEvent(
                        time: Timestamp(microseconds: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self)),
                        type: EventType(rawValue: bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt16.self)),
                        code: bytes.loadUnaligned(fromByteOffset: offset + 10, as: UInt16.self),
                        value: bytes.loadUnaligned(fromByteOffset: offset + 12, as: Int32.self)))
            }
        }
        return EventFrame(events: events)
    }
}
