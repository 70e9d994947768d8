import Classification
import EventModel
import Foundation
import InputRecording
import Wayfinder

/// `wayfinder replay`: replays recordings, as raw frames or as the classified interaction stream.
struct ReplayCommand: Command {
    static let name = "replay"
    static let examples = [
        Example("wayfinder replay --json mouse.evemu", "the classified stream as JSON lines"),
        Example("wayfinder replay pad.events --desc pad.desc --why --tap-to-click", "with a setting, and the reasons"),
        Example(
            "wayfinder replay session.yml --scene my-scene.json --expect golden.jsonl", "compared with a golden file"),
    ]
    static let seeAlso = ["libinput(4)", "xkeyboard-config(7)", "evemu-record(1)", "libinput-record(1)"]
    static let abstract = "Replays recordings: raw frames, the classified interaction stream, or the whole pipeline."
    static let discussion = """
        Several files are merged in time order. Times are seconds since the earliest first event.

        With --realtime, Ctrl-C or SIGTERM ends the replay early: gestures in progress are
        cancelled and keys released (printed), and it exits with 0. With --accessibility as well,
        screen readers see the scene on the accessibility bus while it plays, and what they ask
        (focus moved, an action run) is printed like any input, from the device "accessibility".
        """

    /// The extensions of recording files, for completion.
    static let recordingExtensions = ["evemu", "events", "yml", "yaml"]

    static let files = CommandOption.positional(
        "FILE", completion: .file(extensions: recordingExtensions), repeatable: true, required: true,
        help: "Recordings: evemu (.evemu, .events) or libinput record (.yml, .yaml).")
    static let desc = CommandOption.value(
        "--desc", placeholder: "DESC", completion: .file(extensions: ["desc"]), repeatable: true,
        help: "The description of the evemu event log just before it, kept in a separate file.")
    static let raw = CommandOption.flag("--raw", help: "Prints one line per frame instead of classified interactions.")
    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]),
        help: "Runs the whole pipeline, focus included, on a scene file.")
    static let json = CommandOption.flag("--json", help: "Prints JSON lines (one object per frame with --raw).")
    static let realtime = CommandOption.flag("--realtime", help: "Waits between frames as long as the recording did.")
    static let motion = CommandOption.flag("--motion", help: "Also prints pointer motion and touch positions.")
    static let device = CommandOption.value(
        "--device", placeholder: "NAME|R:D", completion: .recordedDevice, repeatable: true,
        help: "Replays only this device, by name or as recording:device (0:0 is the first file's first).")
    static let why = CommandOption.flag(
        "--why",
        help: "Also prints why each classification decision went as it did ('why:' lines, or 'why' JSON lines).")
    static let expect = CommandOption.value(
        "--expect", placeholder: "GOLDEN", completion: .file(extensions: ["jsonl"]),
        help: "Compares the JSON-lines stream with a golden file: exit 0 when equal, else 1 and where it differs.")
    static let updateExpectations = CommandOption.flag(
        "--update-expectations", help: "Writes the JSON-lines stream into the --expect file instead of comparing.")
    static let ignore = CommandOption.value(
        "--ignore", placeholder: "FIELD,…", repeatable: true,
        help: "Leaves these fields out of the --expect comparison (by name, or a path such as actions[0]).")
    static let timeTolerance = CommandOption.value(
        "--time-tolerance", placeholder: "MS",
        help: "How many milliseconds times may differ by in the --expect comparison (default: 1).")
    static let options =
        [files, desc, raw, scene, json, realtime, AccessibilityExposure.option, device] + DeviceSettingsOptions.options
        + [motion, why, StreamVersionOption.option, expect, updateExpectations, ignore, timeTolerance]
    static let exclusiveGroups =
        [[raw, scene], [raw, why], [raw, expect], [why, expect]] + DeviceSettingsOptions.exclusiveGroups

    /// The recordings to replay, each with the `--desc` that follows it.
    var recordings: [ReplayInput]
    /// Whether to print raw frames.
    var isRaw: Bool
    /// The scene for the whole pipeline.
    var scenePath: String?
    /// Whether to print JSON lines.
    var isJSON: Bool
    /// Whether to wait between frames as the recording did.
    var isRealtime: Bool
    /// Whether the scene is shown to screen readers while the replay runs.
    var exposesAccessibility: Bool
    /// The device settings the command line chose.
    var deviceSettings: DeviceSettings
    /// The settings file `--settings` named, if any.
    var settingsPath: String?
    /// Whether pointer motion and touch positions are printed.
    var isMotionIncluded: Bool
    /// The devices chosen with `--device`; every device when empty.
    var selection: DeviceSelection
    /// Whether decisions are explained.
    var explainsDecisions: Bool
    /// The golden file `--expect` names, and whether it is compared with or written.
    var expectation: StreamExpectationOptions?
    /// The version of the JSON lines contract printed.
    var streamVersion: StreamVersion

    /// Returns the recordings given as `files`, each with the `descriptions` option that follows
    /// it.
    /// - Throws: ``UsageError`` for a description before any file, or two for one file.
    static func inputs(
        from arguments: ParsedArguments,
        files: CommandOption,
        descriptions: CommandOption
    ) throws(UsageError) -> [ReplayInput] {
        var recordings: [ReplayInput] = []
        for occurrence in arguments.occurrences {
            if occurrence.option == files, let path = occurrence.value {
                recordings.append(ReplayInput(path: path))
            } else if occurrence.option == descriptions, let path = occurrence.value {
                guard let last = recordings.indices.last else {
                    throw UsageError("'\(occurrence.name)' must follow the event log it describes")
                }
                guard recordings[last].descriptionPath == nil else {
                    throw UsageError(
                        "'\(recordings[last].path)' is given two descriptions; each '--desc' follows its own log")
                }
                recordings[last].descriptionPath = path
            }
        }
        return recordings
    }

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        recordings = try Self.inputs(from: arguments, files: Self.files, descriptions: Self.desc)
        isRaw = arguments.contains(Self.raw)
        scenePath = arguments.value(of: Self.scene)
        isJSON = arguments.contains(Self.json)
        isRealtime = arguments.contains(Self.realtime)
        exposesAccessibility = arguments.contains(AccessibilityExposure.option)
        deviceSettings = try DeviceSettingsOptions.deviceSettings(from: arguments)
        settingsPath = arguments.value(of: DeviceSettingsOptions.settingsFile)
        isMotionIncluded = arguments.contains(Self.motion)
        selection = DeviceSelection(arguments.values(of: Self.device))
        explainsDecisions = arguments.contains(Self.why)
        streamVersion = try StreamVersionOption.version(from: arguments)
        expectation = try StreamExpectationOptions(
            parsing: arguments, expect: Self.expect, update: Self.updateExpectations, ignore: Self.ignore,
            timeTolerance: Self.timeTolerance)
    }

    func validate() throws(UsageError) {
        if exposesAccessibility, scenePath == nil || !isRealtime {
            throw UsageError("'--accessibility' needs '--scene' and '--realtime': a scene shown while it plays")
        }
    }

    func run() throws {
        var replay = try Self.loadReplay(recordings)
        if !selection.isAll {
            let all = replay.sources
            replay.sources = all.filter {
                selection.contains(node: "\($0.recording):\($0.device)", name: $0.description.name)
            }
            guard !replay.sources.isEmpty else {
                let names = all.map { "'\($0.description.name)' (\($0.recording):\($0.device))" }
                throw CommandFailure(
                    "no device of the recordings matches --device "
                        + selection.patterns.map { "'\($0)'" }.joined(separator: ", ") + "; they hold "
                        + names.joined(separator: ", "))
            }
        }
        if isRaw {
            try runRaw(replay)
        } else {
            try runStream(replay)
        }
    }
}

extension ReplayCommand {
    /// Opens recordings for a replay, with the advice an event log given without its description
    /// needs.
    /// - Throws: ``CommandFailure`` naming the file and line.
    static func loadReplay(_ inputs: [ReplayInput]) throws(CommandFailure) -> Replay {
        do {
            return try Replay.load(inputs)
        } catch {
            throw CommandFailure(explained(error, inputs: inputs))
        }
    }

    /// The error's text; for an event log read without `--desc`, followed by the advice to give
    /// one, naming the `.desc` file beside the log when there is one.
    static func explained(_ error: RecordingError, inputs: [ReplayInput]) -> String {
        guard case .misplaced(let what) = error.reason, what.hasPrefix("an event (E:) before the device description"),
            inputs.contains(where: { $0.path == error.file && $0.descriptionPath == nil })
        else { return "\(error)" }
        let advice = "; an event log kept apart from its description needs '--desc DESC' after it"
        guard let beside = descriptionBeside(eventLog: error.file) else { return "\(error)\(advice)" }
        return "\(error)\(advice): '\(error.file) --desc \(beside)'?"
    }

    /// The `.desc` file beside an event log, by the naming of the bundled pairs: `pad.desc` for
    /// `pad.events` or for `pad.two-finger-scroll.events`.
    static func descriptionBeside(eventLog path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        let directory = (path as NSString).deletingLastPathComponent
        var stem = url.deletingPathExtension().lastPathComponent
        while !stem.isEmpty {
            let name = stem + ".desc"
            let candidate = directory.isEmpty ? name : (directory as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            guard let dot = stem.lastIndex(of: ".") else { return nil }
            stem = String(stem[..<dot])
        }
        return nil
    }
}
