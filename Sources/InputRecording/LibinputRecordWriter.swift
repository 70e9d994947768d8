public import InputEvents

extension Recording {
    /// The recording as a libinput record YAML file (version 1), laid out as `libinput record`
    /// writes it: one `- evdev:` entry per frame, `[sec, usec, type, code, value]` per event with
    /// a comment naming it. Times count from the earliest event of any device, as libinput
    /// record writes them, so a recording with kernel timestamps is written from zero too.
    ///
    /// Reading the text back gives the same descriptions and frames. `libinput replay` can
    /// replay the file.
    public func libinputRecordText() -> String {
        var text = ""
        text.reserveCapacity(devices.reduce(0) { $0 + $1.eventCount } * 72 + 4096)
        text += LibinputRecordStreamWriter.header(deviceCount: devices.count)
        let start = devices.compactMap { $0.frames.first?.events.first?.time }.min() ?? .zero
        for device in devices {
            var writer = LibinputRecordStreamWriter(start: start)
            text += writer.deviceHeader(device, hasFrames: !device.frames.isEmpty, kept: KeptDeviceKeys())
            for frame in device.frames { writer.write(frame, into: &text) }
        }
        return text
    }
}

/// Writes a libinput record file a frame at a time, so that a long recording is never held whole
/// (`wayfinder convert` streams through it): the file's header, then for each device its
/// description and its frames. The text is the same as ``Recording/libinputRecordText()``.
///
/// ```swift
/// output.write(LibinputRecordStreamWriter.header(deviceCount: 1))
/// var writer = LibinputRecordStreamWriter(start: firstEventTime)
/// output.write(writer.deviceHeader(device, hasFrames: true))
/// while let frame = try frames.next() { writer.write(frame, into: &text) }
/// ```
public struct LibinputRecordStreamWriter: Sendable {
    /// The earliest event of any device: times are written from it.
    private let start: Int64
    private var lastReport: Timestamp?

    /// Creates a writer for one device of a file whose earliest event (of any device) is at
    /// `start`.
    public init(start: Timestamp) { self.start = start.microseconds }

    /// The lines before the first device.
    /// - Parameters:
    ///   - deviceCount: How many devices follow.
    ///   - kept: Top-level keys read from a libinput record file and kept
    ///     (``RecordingFile/keptBeforeDevices``), written after `ndevices`.
    public static func header(deviceCount: Int, kept: KeptYAML = KeptYAML()) -> String {
        var text = "# libinput record\nversion: 1\nndevices: \(deviceCount)\n"
        kept.write(indent: 0, into: &text)
        // A block list of no entries would be read as an empty value, not a list.
        return text + (deviceCount == 0 ? "devices: []\n" : "devices:\n")
    }

    /// The top-level keys after the devices (``RecordingFile/keptAfterDevices`` and the last
    /// iterator's ``FrameIterator/keptAfterDevices``), written after the last device's frames.
    public static func trailer(kept: KeptYAML) -> String {
        var text = ""
        kept.write(indent: 0, into: &text)
        return text
    }

    /// A device's entry up to its events: its description, node and comments (its frames are not
    /// looked at; `hasFrames` says whether any follow).
    /// - Parameters:
    ///   - device: The device; its frames are not looked at.
    ///   - hasFrames: Whether any frames follow.
    ///   - kept: The keys of the device's entry read from a libinput record file and kept
    ///     (``RecordingFile/Device/kept``): written where they were read, but for those after
    ///     the events, which ``deviceTrailer(kept:)`` writes. `quirks` are written only if read.
    public func deviceHeader(_ device: RecordedDevice, hasFrames: Bool, kept: KeptDeviceKeys = KeptDeviceKeys())
        -> String
    {
        var text = ""
        LibinputRecordWriter.writeDescription(device, kept: kept, into: &text)
        text += hasFrames ? "  events:\n" : "  events: []\n"
        return text
    }

    /// A device's keys after its events, written after its last frame.
    public func deviceTrailer(kept: KeptYAML) -> String {
        var text = ""
        kept.write(indent: 2, into: &text)
        return text
    }

    /// Appends one entry of the events: its frame, if it has one, and its other keys in the same
    /// list item (an entry of only other keys, such as `- hid: …`, is written as it was read).
    public mutating func write(_ entry: RecordedEntry, into text: inout String) {
        if let frame = entry.frame {
            write(frame, into: &text)
            entry.kept.write(indent: 4, into: &text)
        } else if !entry.kept.isEmpty {
            var item = ""
            entry.kept.write(indent: 4, into: &item)
            text += "  - "
            text += item.dropFirst(4)
        }
    }

    /// Appends one frame's entry.
    public mutating func write(_ frame: EventFrame, into text: inout String) {
        var lastReport =
            self.lastReport ?? Timestamp(microseconds: (frame.events.first?.time.microseconds ?? start) - start)
        text += "  - evdev:\n"
        for event in frame.events {
            let time = Timestamp(microseconds: event.time.microseconds - start)
            text += "    - [\(TextFormatting.padLeft(String(time.wholeSeconds), 3)), "
            text += "\(TextFormatting.padLeft(String(time.microsecondsOfSecond), 6)), "
            text += "\(TextFormatting.padLeft(String(event.type.rawValue), 3)), "
            text += "\(TextFormatting.padLeft(String(event.code), 3)), "
            text += "\(TextFormatting.padLeft(String(event.value), 7))] # "
            text += TextFormatting.eventComment(event, at: time, lastReport: lastReport)
            text += "\n"
            if event.isReport { lastReport = time }
        }
        self.lastReport = lastReport
    }
}

enum LibinputRecordWriter {
    static func writeDescription(_ device: RecordedDevice, kept: KeptDeviceKeys, into text: inout String) {
        let description = device.description
        let identity = description.identity
        text += "- node: \(TextFormatting.yamlQuoted(device.node ?? ""))\n"
        text += "  evdev:\n"
        text += "    # Name: \(description.name.yamlCommentText)\n"
        text += "    # ID: bus 0x\(TextFormatting.hex(identity.busType, width: 2)) vendor 0x"
        text +=
            "\(TextFormatting.hex(identity.vendorID, width: 2)) product 0x\(TextFormatting.hex(identity.productID, width: 2))"
        text += " version 0x\(TextFormatting.hex(identity.version, width: 2))\n"
        if let size = description.physicalSize {
            text += "    # Size in mm: \(Int(size.width.rounded()))x\(Int(size.height.rounded()))\n"
        }
        text += "    name: \(TextFormatting.yamlQuoted(description.name))\n"
        text += "    id: [\(identity.busType), \(identity.vendorID), \(identity.productID), \(identity.version)]\n"
        text += "    codes:\n"
        for type in description.supportedCodes.keys.sorted() {
            let codes = (description.supportedCodes[type] ?? []).sorted().map(String.init).joined(separator: ", ")
            text += "      \(type.rawValue): [\(codes)] # \(type.name ?? "?")\n"
        }
        if !description.absoluteAxes.isEmpty {
            text += "    absinfo:\n"
            for (axis, info) in description.absoluteAxes.sorted(by: { $0.key < $1.key }) {
                text +=
                    "      \(axis.rawValue): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), \(info.resolution)]"
                text += " # \(axis.name ?? "?")\n"
            }
        }
        let properties = description.properties.sorted().map { String($0.rawValue) }.joined(separator: ", ")
        text += "    properties: [\(properties)]\n"
        kept.evdev.write(indent: 4, into: &text)
        // libinput replay iterates this list, so an empty one is written as [] rather than null.
        text += "  udev:\n"
        if let listed = kept.udevProperties {
            // As the file listed them, order and repeats included.
            text += listed.isEmpty ? "    properties: []\n" : "    properties:\n"
            for property in listed { text += "    - \(TextFormatting.yamlQuoted(property))\n" }
        } else if description.udevProperties.isEmpty {
            text += "    properties: []\n"
        } else {
            text += "    properties:\n"
            for (key, value) in description.udevProperties.sorted(by: { $0.key < $1.key }) {
                text += "    - \(TextFormatting.yamlQuoted(key + "=" + value))\n"
            }
        }
        kept.udev.write(indent: 4, into: &text)
        // Quirks only as read: an empty list would say the device has none.
        kept.beforeEvents.write(indent: 2, into: &text)
        if !device.comments.isEmpty {
            for comment in device.comments { text += "  # \(comment.yamlCommentText)\n" }
        }
    }
}

extension String {
    /// The string on one line, for comments.
    var replacingNewlines: String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }

    /// The string as a YAML comment may hold it: on one line (every line break YAML knows, NEL
    /// and U+2028/U+2029 included, becomes a space) and every character YAML cannot carry
    /// (control characters, U+FFFE, U+FFFF) replaced by U+FFFD, since libyaml refuses a file
    /// with one anywhere, comments included.
    var yamlCommentText: String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": result.append(" ")
            case _ where TextFormatting.isYAMLPrintable(scalar): result.append(scalar)
            default: result.append("\u{FFFD}")
            }
        }
        return String(result)
    }
}
