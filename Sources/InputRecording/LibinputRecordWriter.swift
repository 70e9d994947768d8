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
            text += writer.deviceHeader(device, hasFrames: !device.frames.isEmpty)
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
    public static func header(deviceCount: Int) -> String {
        // A block list of no entries would be read as an empty value, not a list.
        "# libinput record\nversion: 1\nndevices: \(deviceCount)\n"
            + (deviceCount == 0 ? "devices: []\n" : "devices:\n")
    }

    /// A device's entry up to its events: its description, node and comments (its frames are not
    /// looked at; `hasFrames` says whether any follow).
    public func deviceHeader(_ device: RecordedDevice, hasFrames: Bool) -> String {
        var text = ""
        LibinputRecordWriter.writeDescription(device, into: &text)
        text += hasFrames ? "  events:\n" : "  events: []\n"
        return text
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
    static func writeDescription(_ device: RecordedDevice, into text: inout String) {
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
        // libinput replay iterates this list, so an empty one is written as [] rather than null.
        text += "  udev:\n"
        if description.udevProperties.isEmpty {
            text += "    properties: []\n"
        } else {
            text += "    properties:\n"
            for (key, value) in description.udevProperties.sorted(by: { $0.key < $1.key }) {
                text += "    - \(TextFormatting.yamlQuoted(key + "=" + value))\n"
            }
        }
        text += "  quirks: []\n"
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
