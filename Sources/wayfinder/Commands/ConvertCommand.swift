import FileAccess
import Foundation
import InputEvents
import InputRecording

/// `wayfinder convert IN OUT`: rewrites a recording from evemu to libinput record YAML or back.
struct ConvertCommand: Command {
    static let name = "convert"
    static let examples = [
        Example(
            "wayfinder convert pad.events --desc pad.desc pad.yml",
            "an evemu log and its description to libinput record"),
        Example("wayfinder convert session.yml session.evemu --force", "back to evemu, replacing an older file"),
    ]
    static let seeAlso = ["evemu-record(1)", "libinput-record(1)"]
    static let abstract = "Converts a recording between evemu and libinput record YAML."
    static let discussion = """
        The input's format is read from its content. The output's format is --format when given,
        else its extension: .yml and .yaml are libinput record, .evemu and .events are evemu. An
        evemu file holds one device, so a recording of several devices converts to libinput record
        only. Key codes are written as the input has them. From libinput record to libinput
        record, everything Wayfinder does not read is kept and written again where it was: the
        libinput version, the system (os, kernel, dmi), hid descriptors, quirks (written only if
        read), udev.virtual, hid and libinput entries among the events, unknown keys; times are
        written as the input has them. evemu has no place for these (nor for the node, or udev
        properties but the size): converting to evemu drops them, and a warning names the keys
        dropped. A libinput record file is one YAML document: a second one is an error.
        OUT is created readable by its owner
        only and replaces an existing file only with --force (a symbolic link at OUT is replaced,
        never followed); it appears only once it is complete, so Ctrl-C or a signal leaves no file
        behind, and an old OUT stays as it was. An OUT of - writes to standard output (give --format).
        """

    static let input = CommandOption.positional(
        "IN", completion: .file(extensions: ReplayCommand.recordingExtensions), required: true,
        help: "The recording to read: evemu or libinput record.")
    static let inputDescription = CommandOption.value(
        "--desc", placeholder: "DESC", completion: .file(extensions: ["desc"]),
        help: "The description of IN when IN is an evemu event log kept apart from it.")
    static let output = CommandOption.positional(
        "OUT", completion: .file(extensions: ReplayCommand.recordingExtensions), required: true,
        help: "The file to write, or - for standard output.")
    static let format = CommandOption.choice(
        "--format", of: RecordingFormat.self, help: "The output's format (default: from OUT's extension).")
    static let force = CommandOption.flag(
        "--force", help: "Replaces OUT if it exists (a symbolic link is replaced, not followed).")
    static let options = [input, output, inputDescription, format, force]

    /// The recording to read.
    var inputPath: String
    /// Its separate description, for an evemu event log.
    var descriptionPath: String?
    /// Where to write.
    var outputPath: String
    /// The output format.
    var format: RecordingFormat
    /// Whether an existing OUT is replaced.
    var replacesOutput: Bool

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        inputPath = arguments.value(of: Self.input) ?? ""
        outputPath = arguments.value(of: Self.output) ?? ""
        guard inputPath != Self.standardOutputPath else {
            throw UsageError("convert reads a recording file, not standard input ('-'): give the recording's path")
        }
        descriptionPath = arguments.value(of: Self.inputDescription)
        replacesOutput = arguments.contains(Self.force)
        if let format = arguments.choice(of: Self.format, as: RecordingFormat.self) {
            self.format = format
        } else if outputPath == Self.standardOutputPath {
            throw UsageError("Give '--format evemu|libinput' to write to standard output ('-')")
        } else if let format = Self.format(ofExtension: URL(fileURLWithPath: outputPath).pathExtension) {
            self.format = format
        } else {
            throw UsageError(
                "Cannot tell the format of '\(outputPath)' from its extension: use .yml, .yaml, .evemu or .events, "
                    + "or give '--format evemu|libinput'")
        }
    }

    /// The OUT that stands for standard output.
    static let standardOutputPath = "-"

    /// The format a file extension stands for.
    static func format(ofExtension pathExtension: String) -> RecordingFormat? {
        switch pathExtension.lowercased() {
        case "yml", "yaml": .libinputRecord
        case "evemu", "events": .evemu
        default: nil
        }
    }

    func run() throws {
        // SIGINT, SIGTERM or SIGHUP while OUT is written remove it: half a recording is never
        // left looking like a whole one.
        UnfinishedFiles.removeOnTerminationSignals()
        let file: RecordingFile
        let devices: [RecordedDevice]
        let start: Timestamp
        let keptEntryKeys: [String]
        let keptAfterEvents: [String]
        do {
            // The paths as given, in errors too. Whatever the reader does not interpret is kept,
            // to be written again (libinput record) or named as dropped (evemu).
            file = try RecordingFile(path: inputPath, descriptionPath: descriptionPath, keepingUnreadKeys: true)
            (devices, start, keptEntryKeys, keptAfterEvents) = try Self.survey(file)
        } catch {
            throw CommandFailure("\(error)")
        }
        if format == .evemu && devices.count != 1 {
            throw CommandFailure(
                "\(inputPath) holds \(devices.count) devices, and an evemu file holds one: "
                    + "convert to libinput record (.yml) instead")
        }
        // Said once the output is written: what evemu has no place for.
        func warnOfDroppedKeys() {
            guard format == .evemu else { return }
            let dropped = Self.namesOfKept(in: file, entryKeys: keptEntryKeys, afterEvents: keptAfterEvents)
            guard !dropped.isEmpty else { return }
            var errors = FileStream.standardError
            print(
                "Warning: \(inputPath): evemu has no place for \(dropped.joined(separator: ", ")); they are not written",
                to: &errors)
        }
        // The frames are read a second time as they are written: memory stays one frame's and
        // the output buffer's, however long the recording (as `replay` reads it).
        var failure: (any Error)?
        func write(to output: inout OutputFile) throws(FileError) {
            do {
                try Self.write(file, devices: devices, start: start, format: format, to: &output)
            } catch let error as FileError {
                throw error
            } catch {
                failure = error
            }
        }
        guard outputPath != Self.standardOutputPath else {
            // A failed write is reported by CommandOutput when the command ends.
            CommandOutput.standard.withFile { file throws(FileError) in try write(to: &file) }
            if let failure { throw CommandFailure("\(failure)") }
            warnOfDroppedKeys()
            return
        }
        do throws(FileError) {
            var output = try OutputFile(creating: outputPath, replacing: replacesOutput)
            try write(to: &output)
            // A reading error leaves no file: the output is dropped unfinished.
            if failure == nil { try output.finish() }
        } catch {
            let message = "\(RecordingError(file: outputPath, reason: .file(error)))"
            throw CommandFailure(error.reason == .alreadyExists ? message + "; give --force to replace it" : message)
        }
        if let failure { throw CommandFailure("\(failure)") }
        warnOfDroppedKeys()
    }

    /// Reads every device's entries once without keeping them: each device's description with the
    /// comments the file holds about it (evemu's, between events, included), the time of the
    /// earliest event, from which libinput record counts, and the names of the kept keys among
    /// the events and after them, for the warning of what evemu cannot hold.
    static func survey(_ file: RecordingFile) throws(RecordingError) -> (
        devices: [RecordedDevice], start: Timestamp, entryKeys: [String], afterEvents: [String]
    ) {
        var devices: [RecordedDevice] = []
        var start: Timestamp?
        var entryKeys: [String] = []
        var afterEvents: [String] = []
        for (index, device) in file.devices.enumerated() {
            var iterator = try file.makeFrameIterator(device: index, keepingComments: true)
            var first: Timestamp?
            var hasEntries = false
            while let entry = try iterator.nextEntry() {
                if first == nil { first = entry.frame?.events.first?.time }
                for key in entry.kept.keys where !entryKeys.contains("events.\(key)") {
                    entryKeys.append("events.\(key)")
                }
                hasEntries = true
            }
            afterEvents += iterator.keptAfterEvents.keys + iterator.keptAfterDevices.keys
            if let first { start = min(start ?? first, first) }
            devices.append(
                RecordedDevice(
                    description: device.description, frames: [], node: device.node,
                    comments: device.comments + iterator.comments))
            if hasEntries { devices[devices.count - 1].frames = [EventFrame(events: [])] }
        }
        return (devices, start ?? .zero, entryKeys, afterEvents)
    }

    /// The names of what the file holds that the reader does not interpret, each once, in file
    /// order: what an evemu file has no place for.
    static func namesOfKept(in file: RecordingFile, entryKeys: [String], afterEvents: [String]) -> [String] {
        var names: [String] = []
        let all =
            file.keptBeforeDevices.keys + file.devices.flatMap(\.kept.names) + entryKeys + afterEvents
            + file.keptAfterDevices.keys
        for name in all where !names.contains(name) { names.append(name) }
        return names
    }

    /// Writes the file's devices in `format`, reading their frames as it goes. `devices` come from
    /// ``survey(_:)`` (a device with entries holds one empty frame, to say so).
    static func write(
        _ file: RecordingFile, devices: [RecordedDevice], start: Timestamp, format: RecordingFormat,
        to output: inout OutputFile
    ) throws {
        var text = ""
        text.reserveCapacity(OutputFile.bufferCapacity)
        func flushIfFull() throws(FileError) {
            guard text.utf8.count >= OutputFile.bufferCapacity / 2 else { return }
            try output.write(text)
            text.removeAll(keepingCapacity: true)
        }
        switch format {
        case .evemu:
            var writer = EvemuStreamWriter(description: devices[0].description, comments: devices[0].comments)
            text += writer.header()
            var iterator = try file.makeFrameIterator(device: 0)
            while let frame = try iterator.next() {
                writer.write(frame, into: &text)
                try flushIfFull()
            }
        case .libinputRecord:
            // From libinput record, the times as the file has them: its hid and libinput entries,
            // written as read, have them so.
            let origin =
                file.format == .libinputRecord ? Timestamp(microseconds: -file.timeBase.microseconds) : start
            text += LibinputRecordStreamWriter.header(deviceCount: devices.count, kept: file.keptBeforeDevices)
            var keptAfterDevices = ""
            for (index, device) in devices.enumerated() {
                var writer = LibinputRecordStreamWriter(start: origin)
                var header = device
                header.frames = []
                let kept = file.devices[index].kept
                text += writer.deviceHeader(header, hasFrames: !device.frames.isEmpty, kept: kept)
                var iterator = try file.makeFrameIterator(device: index)
                while let entry = try iterator.nextEntry() {
                    writer.write(entry, into: &text)
                    try flushIfFull()
                }
                text += writer.deviceTrailer(kept: kept.afterEvents)
                text += writer.deviceTrailer(kept: iterator.keptAfterEvents)
                keptAfterDevices += LibinputRecordStreamWriter.trailer(kept: iterator.keptAfterDevices)
            }
            text += LibinputRecordStreamWriter.trailer(kept: file.keptAfterDevices) + keptAfterDevices
        }
        try output.write(text)
    }
}
