public import FileAccess
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

    /// How much of a file ``detect(in:)`` looks at: 64 KiB, room for a device-selection prompt
    /// captured before a libinput record header.
    public static let detectionLength = 65_536

    /// Guesses the format from a file's content: a `version:` key or a `# libinput record`
    /// line before any evemu data line means libinput record; otherwise evemu.
    /// - Parameter bytes: The file's content.
    /// - Returns: The format, or nil when the content has neither evemu data lines nor a
    ///   libinput record header.
    public static func detect(in bytes: some Collection<UInt8>) -> RecordingFormat? {
        var lines = LineScanner(bytes: Array(bytes.prefix(detectionLength)))
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
        try load(path: url.path, descriptionPath: descriptionURL?.path)
    }

    /// Reads a recording from a file given by its path, detecting its format from the content.
    ///
    /// Errors name the path as given; an empty path is refused as empty (a URL made from it
    /// would name the current directory instead).
    /// - Parameters:
    ///   - path: The recording.
    ///   - descriptionPath: The separate description of an evemu event log, if it has one.
    /// - Returns: The recording, timestamps rebased to start at zero.
    /// - Throws: ``RecordingError`` naming the file and line of the first problem.
    public static func load(path: String, descriptionPath: String? = nil) throws(RecordingError) -> Recording {
        try RecordingFile(path: path, descriptionPath: descriptionPath).load()
    }

    /// Parses text in either format, detecting which.
    /// - Parameters:
    ///   - text: The file's content.
    ///   - file: The name to report in errors.
    /// - Throws: ``RecordingError``.
    public init(parsing text: String, file: String = "<text>") throws(RecordingError) {
        self = try RecordingFile(bytes: Array(text.utf8), name: file).load()
    }

    /// Writes the recording to a new private file (mode 0600: a keyboard's recording holds
    /// passwords).
    ///
    /// The file is never created through a symbolic link. An existing file is kept unless
    /// `replacing` is true; it is then replaced whole, the new content written beside it and
    /// renamed over it, so that a failed write leaves the old file as it was.
    /// - Parameters:
    ///   - path: Where to write.
    ///   - format: The format. evemu holds one device per file, so an evemu recording of
    ///     several devices is refused; libinput record holds any number.
    ///   - replacing: Whether an existing file (or symbolic link) at `path` may be replaced.
    /// - Throws: ``RecordingError`` when the file cannot be created or written (a full disk
    ///   included), or the format cannot hold the recording.
    public func write(toPath path: String, format: RecordingFormat, replacing: Bool = false) throws(RecordingError) {
        if format == .evemu && devices.count != 1 {
            throw RecordingError(
                file: path,
                reason: .malformed(expected: "one device for an evemu file", found: "\(devices.count) devices")
            )
        }
        do throws(FileError) {
            var output = try OutputFile(creating: path, replacing: replacing)
            try write(to: &output, format: format)
            try output.finish()
        } catch {
            throw RecordingError(file: path, reason: .file(error))
        }
    }

    /// Writes the recording to a file; see ``write(toPath:format:replacing:)``.
    public func write(to url: URL, format: RecordingFormat, replacing: Bool = false) throws(RecordingError) {
        try write(toPath: url.path, format: format, replacing: replacing)
    }

    /// Writes the recording's text to an open output (a file or standard output).
    /// - Throws: `FileError` when writing fails.
    public func write(to output: inout OutputFile, format: RecordingFormat) throws(FileError) {
        switch format {
        case .evemu: try output.write(evemuText())
        case .libinputRecord: try output.write(libinputRecordText())
        }
    }
}
