import Classification
import Wayfinder

/// `wayfinder replay`: replays recordings, as raw frames or as the classified interaction stream.
struct ReplayCommand: Command {
    static let name = "replay"
    static let abstract = "Replays recordings: raw frames, the classified interaction stream, or the whole pipeline."
    static let discussion = """
        Several files are merged in time order. Times are seconds since the earliest first event.
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
    static let options = [files, desc, raw, scene, json, realtime] + DeviceSettingsOptions.options + [motion]
    static let exclusiveGroups = [[raw, scene]]

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
    /// The device settings the command line chose.
    var classifierOptions: ClassifierOptions
    /// Whether pointer motion and touch positions are printed.
    var isMotionIncluded: Bool

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
        classifierOptions = DeviceSettingsOptions.classifierOptions(from: arguments)
        isMotionIncluded = arguments.contains(Self.motion)
    }

    func run() throws {
        let replay: Replay
        do {
            replay = try Replay.load(recordings)
        } catch {
            throw CommandFailure("\(error)")
        }
        if isRaw {
            try runRaw(replay)
        } else {
            try runStream(replay)
        }
    }
}
