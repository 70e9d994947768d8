public import InputEvents

extension Recording {
    /// The recording's first device as an evemu 1.3 file, laid out as evemu-record writes it: the
    /// commented description, the `N:`/`I:`/`P:`/`B:`/`A:`/`L:`/`S:` lines, the "Waiting for
    /// events" banner, and one `E:` line per event with a comment naming it.
    ///
    /// Times are written relative to the first event plus 1 µs, as evemu-record does (evemu-play
    /// takes a zero time as unset). Reading the text back gives the same description and frames.
    /// - Parameter deviceIndex: Which device to write (evemu holds one per file).
    public func evemuText(deviceIndex: Int = 0) -> String {
        guard devices.indices.contains(deviceIndex) else { return "# EVEMU 1.3\n" }
        let device = devices[deviceIndex]
        var text = ""
        text.reserveCapacity(device.eventCount * 64 + 8192)
        EvemuWriter.writeDescription(device, into: &text)
        EvemuWriter.writeEvents(device, into: &text)
        return text
    }
}

enum EvemuWriter {
    /// The event types evemu writes `B:` lines for, with the mask size in bytes the kernel uses
    /// for each (`KEY_CNT`, `REL_CNT`, … rounded up to whole 8-byte lines).
    static let maskSizes: [(type: EventType, bytes: Int)] = [
        (.key, 96), (.relative, 8), (.absolute, 8), (.miscellaneous, 8), (.switch, 8), (.led, 8),
        (.sound, 8), (.autorepeat, 8), (.forceFeedback, 16),
    ]

    static func writeDescription(_ device: RecordedDevice, into text: inout String) {
        let description = device.description
        let identity = description.identity
        text += "# EVEMU 1.3\n"
        text += "# Input device name: \"\(description.name.replacingNewlines)\"\n"
        text += "# Input device ID: bus 0x\(TextFormatting.hex(identity.busType, width: 2)) "
        text += "vendor 0x\(TextFormatting.hex(identity.vendorID, width: 2)) "
        text += "product 0x\(TextFormatting.hex(identity.productID, width: 2)) "
        text += "version 0x\(TextFormatting.hex(identity.version, width: 2))\n"
        // The size the file itself says, from its axes: an evemu file has no place for udev
        // properties (ID_INPUT_WIDTH_MM), so a size taken from them would change when the file
        // is read back and written again.
        var held = description
        held.udevProperties = [:]
        if let size = held.physicalSize, description.absoluteAxes[.x]?.resolution ?? 0 > 0 {
            text += "# Size in mm: \(Int(size.width.rounded()))x\(Int(size.height.rounded()))\n"
        }
        text += "# Supported events:\n"
        // A type without codes is one evemu cannot say it has (its B: line of zeros means none):
        // it is left out, so that the file reads back as it is written.
        for type in description.supportedCodes.keys.sorted() where !(description.supportedCodes[type] ?? []).isEmpty {
            text += "#   Event type \(type.rawValue) (\(type.name ?? "?"))\n"
            for code in (description.supportedCodes[type] ?? []).sorted() {
                text += "#     Event code \(code) (\(EventCodeNames.name(of: type, code: code) ?? "?"))\n"
                if type == .absolute, let info = description.absoluteAxes[AbsoluteAxis(rawValue: code)] {
                    text += "#       Value      \(TextFormatting.padLeft(String(info.value), 6))\n"
                    text += "#       Min        \(TextFormatting.padLeft(String(info.minimum), 6))\n"
                    text += "#       Max        \(TextFormatting.padLeft(String(info.maximum), 6))\n"
                    text += "#       Fuzz       \(TextFormatting.padLeft(String(info.fuzz), 6))\n"
                    text += "#       Flat       \(TextFormatting.padLeft(String(info.flat), 6))\n"
                    text += "#       Resolution \(TextFormatting.padLeft(String(info.resolution), 6))\n"
                }
            }
        }
        text += "# Properties:\n"
        for property in description.properties.sorted() {
            text += "#   Property  type \(property.rawValue) (\(property.name ?? "?"))\n"
        }

        // The N: line runs to the end of the line; a line break cannot be part of it.
        text += "N: \(description.name.replacingNewlines)\n"
        text +=
            "I: "
            + [identity.busType, identity.vendorID, identity.productID, identity.version]
            .map { TextFormatting.hex($0, width: 4) }.joined(separator: " ") + "\n"
        writeMaskLines(
            prefix: "P:", TextFormatting.mask(description.properties.map(\.rawValue), minimumBytes: 8), into: &text)
        let synchronization = description.supportedCodes[.synchronization] ?? []
        writeMaskLines(prefix: "B: 00", TextFormatting.mask(synchronization, minimumBytes: 8), into: &text)
        var written: Set<EventType> = [.synchronization]
        for (type, size) in maskSizes {
            written.insert(type)
            let mask = TextFormatting.mask(description.supportedCodes[type] ?? [], minimumBytes: size)
            writeMaskLines(prefix: "B: " + TextFormatting.hex(type.rawValue, width: 2), mask, into: &text)
        }
        for type in description.supportedCodes.keys.sorted()
        where !written.contains(type) && !(description.supportedCodes[type] ?? []).isEmpty {
            let mask = TextFormatting.mask(description.supportedCodes[type] ?? [], minimumBytes: 8)
            writeMaskLines(prefix: "B: " + TextFormatting.hex(type.rawValue, width: 2), mask, into: &text)
        }
        for (axis, info) in description.absoluteAxes.sorted(by: { $0.key < $1.key }) {
            text += "A: \(TextFormatting.hex(axis.rawValue, width: 2)) \(info.minimum) \(info.maximum) "
            text += "\(info.fuzz) \(info.flat) \(info.resolution)\n"
        }
        for (led, state) in description.ledStates.sorted(by: { $0.key < $1.key }) where state != 0 {
            text += "L: \(TextFormatting.hex(led, width: 2)) \(state)\n"
        }
        for (code, state) in description.switchStates.sorted(by: { $0.key < $1.key }) where state != 0 {
            text += "S: \(TextFormatting.hex(code, width: 2)) \(state)\n"
        }
    }

    private static func writeMaskLines(prefix: String, _ bytes: [UInt8], into text: inout String) {
        var index = 0
        while index < bytes.count {
            text += prefix
            for byte in bytes[index..<min(index + 8, bytes.count)] { text += " " + TextFormatting.hex(byte, width: 2) }
            text += "\n"
            index += 8
        }
    }

    static func writeEvents(_ device: RecordedDevice, into text: inout String) {
        text += banner
        for comment in device.comments { text += "# \(comment.replacingNewlines)\n" }
        var stream = EvemuEventWriter()
        for frame in device.frames { stream.write(frame, into: &text) }
    }

    static let banner = """
        ################################
        #      Waiting for events      #
        ################################

        """
}

/// Writes an evemu 1.3 file as it is recorded: the description first, then each frame as it
/// arrives, so that a recorder can stream to a file or a terminal until it is stopped.
///
/// ```swift
/// var writer = EvemuStreamWriter(description: device)
/// output.write(writer.header())
/// for await frame in frames { output.write(writer.text(for: frame)) }
/// ```
///
/// The text is the same as ``Recording/evemuText(deviceIndex:)`` writes for the whole recording:
/// times count from the first frame written, plus 1 µs.
public struct EvemuStreamWriter: Sendable {
    /// The device being recorded.
    public let description: DeviceDescription
    /// Comments about the session, written after the banner.
    public let comments: [String]
    private var events = EvemuEventWriter()

    /// Creates a writer for one device.
    /// - Parameters:
    ///   - description: The device's description.
    ///   - comments: Free-text comments about the session, written after the banner (as
    ///     ``Recording/evemuText(deviceIndex:)`` writes a recorded device's).
    public init(description: DeviceDescription, comments: [String] = []) {
        self.description = description
        self.comments = comments
    }

    /// The description and the "Waiting for events" banner, to write once before any frame.
    public func header() -> String {
        var text = ""
        EvemuWriter.writeDescription(RecordedDevice(description: description, frames: []), into: &text)
        text += EvemuWriter.banner
        for comment in comments { text += "# \(comment.replacingNewlines)\n" }
        return text
    }

    /// The `E:` lines of one frame.
    /// - Parameter frame: The next frame, with the device's own (kernel) timestamps.
    public mutating func text(for frame: EventFrame) -> String {
        var text = ""
        events.write(frame, into: &text)
        return text
    }

    /// Appends the `E:` lines of one frame.
    public mutating func write(_ frame: EventFrame, into text: inout String) {
        events.write(frame, into: &text)
    }
}

/// The `E:` lines of consecutive frames, with evemu-record's time base and comments.
struct EvemuEventWriter: Sendable {
    private var offset: Int64?
    private var lastReport = Timestamp(microseconds: 1)

    mutating func write(_ frame: EventFrame, into text: inout String) {
        for event in frame.events {
            let offset = self.offset ?? event.time.microseconds - 1
            self.offset = offset
            let time = Timestamp(microseconds: event.time.microseconds - offset)
            text += "E: \(time) \(TextFormatting.hex(event.type.rawValue, width: 4)) "
            text += "\(TextFormatting.hex(event.code, width: 4)) \(TextFormatting.evemuValue(event.value))\t# "
            text += TextFormatting.eventComment(event, at: time, lastReport: lastReport)
            text += "\n"
            if event.isReport { lastReport = time }
        }
    }
}
