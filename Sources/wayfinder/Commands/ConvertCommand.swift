import FileAccess
import Foundation
import InputRecording

/// `wayfinder convert IN OUT`: rewrites a recording from evemu to libinput record YAML or back.
struct ConvertCommand: Command {
    static let name = "convert"
    static let abstract = "Converts a recording between evemu and libinput record YAML."
    static let discussion = """
        The input's format is read from its content. The output's format is --format when given,
        else its extension: .yml and .yaml are libinput record, .evemu and .events are evemu. An
        evemu file holds one device, so a recording of several devices converts to libinput record
        only. Key codes are written as the input has them. OUT is created readable by its owner
        only and never replaces an existing file; it appears only once it is complete, so Ctrl-C
        or a signal leaves no file behind. An OUT of - writes to standard output (give --format).
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
    static let options = [input, output, inputDescription, format]

    /// The recording to read.
    var inputPath: String
    /// Its separate description, for an evemu event log.
    var descriptionPath: String?
    /// Where to write.
    var outputPath: String
    /// The output format.
    var format: RecordingFormat

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        inputPath = arguments.value(of: Self.input) ?? ""
        outputPath = arguments.value(of: Self.output) ?? ""
        guard inputPath != Self.standardOutputPath else {
            throw UsageError("convert reads a recording file, not standard input ('-'): give the recording's path")
        }
        descriptionPath = arguments.value(of: Self.inputDescription)
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
        let recording: Recording
        do {
            // The paths as given, in errors too.
            recording = try Recording.load(path: inputPath, descriptionPath: descriptionPath)
        } catch {
            throw CommandFailure("\(error)")
        }
        if format == .evemu && recording.devices.count != 1 {
            throw CommandFailure(
                "\(inputPath) holds \(recording.devices.count) devices, and an evemu file holds one: "
                    + "convert to libinput record (.yml) instead")
        }
        guard outputPath != Self.standardOutputPath else {
            // A failed write is reported by CommandOutput when the command ends.
            CommandOutput.standard.withFile { file throws(FileError) in try recording.write(to: &file, format: format) }
            return
        }
        do {
            try recording.write(toPath: outputPath, format: format)
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
