public import Foundation
public import InputEvents

/// A recorded input session: one or more devices, each with its description and its frames.
///
/// Timestamps are rebased so that the first event of the whole recording is at zero; a
/// multi-device recording keeps one time base for all its devices.
///
/// ```swift
/// let recording = try Recording.load(contentsOf: URL(fileURLWithPath: "scroll.evemu"))
/// for device in recording.devices {
///     print(device.description.name, device.description.kind, device.frames.count)
/// }
/// try recording.write(to: URL(fileURLWithPath: "scroll.yml"), format: .libinputRecord)
/// ```
public struct Recording: Hashable, Sendable {
    /// The recorded devices, in file order.
    public var devices: [RecordedDevice]

    /// Creates a recording.
    public init(devices: [RecordedDevice]) {
        self.devices = devices
    }

    /// The time of the last frame of any device: how long the recording lasts.
    public var duration: Duration {
        let last = devices.compactMap { $0.frames.last?.time }.max() ?? .zero
        return last - .zero
    }
}

/// One device of a recording: what it is, what it sent, and what the file said about it.
public struct RecordedDevice: Hashable, Sendable {
    /// The device's description: name, identity, properties, codes, axes.
    public var description: DeviceDescription
    /// The frames the device sent, in time order. Every frame ends with a `SYN_REPORT`.
    public var frames: [EventFrame]
    /// The device node it was recorded from (`/dev/input/event5`), when the file says.
    public var node: String?
    /// Free-text comments the file carries about the session (not the generated description
    /// comments), such as "Clickpad tap event, followed by a slight move".
    public var comments: [String]

    /// Creates a recorded device.
    public init(description: DeviceDescription, frames: [EventFrame], node: String? = nil, comments: [String] = []) {
        self.description = description
        self.frames = frames
        self.node = node
        self.comments = comments
    }

    /// The number of events in all frames.
    public var eventCount: Int { frames.reduce(0) { $0 + $1.events.count } }
}

/// A recording file format.
public enum RecordingFormat: String, Hashable, Sendable, CaseIterable {
    /// evemu's text format (evemu-record, evemu-describe), versions 1.0 to 1.3.
    case evemu
    /// libinput record's YAML, file format version 1.
    case libinputRecord = "libinput"

    /// Guesses the format from a file's content: a `version:` key or a `# libinput record`
    /// line before any evemu data line means libinput record; otherwise evemu.
    /// - Parameter bytes: The file's content.
    /// - Returns: The format, or nil when the content has neither evemu data lines nor a
    ///   libinput record header.
    public static func detect(in bytes: some Collection<UInt8>) -> RecordingFormat? {
        var lines = LineScanner(bytes: Array(bytes.prefix(65_536)))
        while let line = lines.next() {
            let text = line.bytes
            if text.starts(with: Array("# libinput record".utf8)) || text.starts(with: Array("version:".utf8)) {
                return .libinputRecord
            }
            if text.count >= 2, text[text.startIndex + 1] == UInt8(ascii: ":"),
                [UInt8(ascii: "N"), UInt8(ascii: "I"), UInt8(ascii: "E")].contains(text[text.startIndex])
            {
                return .evemu
            }
        }
        return nil
    }
}

extension Recording {
    /// Reads a recording from a file, detecting its format from the content.
    ///
    /// - Parameters:
    ///   - url: The recording: an evemu file (with or without its own description) or a
    ///     libinput record YAML file.
    ///   - descriptionURL: For evemu event logs kept apart from their description (old `.desc`
    ///     + `.events` pairs), the description file. The events file must then have no
    ///     description of its own.
    /// - Returns: The recording, timestamps rebased to start at zero.
    /// - Throws: ``RecordingError`` naming the file and line of the first problem.
    public static func load(contentsOf url: URL, descriptionURL: URL? = nil) throws(RecordingError) -> Recording {
        let bytes = try readBytes(url)
        if let descriptionURL {
            let description = try readBytes(descriptionURL)
            return try evemu(
                description: description,
                descriptionFile: descriptionURL.path,
                events: bytes,
                eventsFile: url.path
            )
        }
        switch RecordingFormat.detect(in: bytes) {
        case .evemu: return try evemu(bytes, file: url.path)
        case .libinputRecord: return try libinputRecord(bytes, file: url.path)
        case nil: throw RecordingError(file: url.path, reason: .unknownFormat)
        }
    }

    /// Parses text in either format, detecting which.
    /// - Parameters:
    ///   - text: The file's content.
    ///   - file: The name to report in errors.
    /// - Throws: ``RecordingError``.
    public init(parsing text: String, file: String = "<text>") throws(RecordingError) {
        let bytes = Array(text.utf8)
        switch RecordingFormat.detect(in: bytes) {
        case .evemu: self = try Recording.evemu(bytes, file: file)
        case .libinputRecord: self = try Recording.libinputRecord(bytes, file: file)
        case nil: throw RecordingError(file: file, reason: .unknownFormat)
        }
    }

    /// Writes the recording to a file.
    /// - Parameters:
    ///   - url: Where to write.
    ///   - format: The format. evemu holds one device per file, so an evemu recording of
    ///     several devices is refused; libinput record holds any number.
    /// - Throws: ``RecordingError`` when the file cannot be written or the format cannot hold
    ///   the recording.
    public func write(to url: URL, format: RecordingFormat) throws(RecordingError) {
        let text: String
        switch format {
        case .evemu:
            guard devices.count == 1 else {
                throw RecordingError(
                    file: url.path,
                    reason: .malformed(expected: "one device for an evemu file", found: "\(devices.count) devices")
                )
            }
            text = evemuText()
        case .libinputRecord:
            text = libinputRecordText()
        }
        do {
            try Data(text.utf8).write(to: url)
        } catch {
            throw RecordingError(file: url.path, reason: .unreadable(error.localizedDescription))
        }
    }

    static func readBytes(_ url: URL) throws(RecordingError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw RecordingError(file: url.path, reason: .unreadable(error.localizedDescription))
        }
    }
}
