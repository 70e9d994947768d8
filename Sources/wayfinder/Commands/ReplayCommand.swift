import Wayfinder

/// `wayfinder replay`: replays recordings, as raw frames or as the classified interaction stream.
struct ReplayCommand: Command {
    /// How a clickpad's physical click becomes a primary, secondary or middle button.
    enum ClickMethod: String, CaseIterable, Sendable {
        /// Where the finger presses: the bottom-right area is secondary, the middle is middle.
        case areas
        /// How many fingers are down: two is secondary, three is middle ("clickfinger").
        case fingers
    }

    static let name = "replay"
    static let abstract = "Replays recordings: raw frames, the classified interaction stream, or the whole pipeline."
    static let usage =
        "wayfinder replay FILE… [--desc DESC] [--raw] [--scene SCENE] [--json] [--realtime] [--tap-to-click] "
        + "[--click-method areas|fingers] [--motion]"
    static let discussion = """
        Several files are merged in time order. Times are seconds since the earliest first event.
        """
    static let options = [
        OptionHelp("FILE…", "Recordings: evemu (.evemu, .events) or libinput record (.yml, .yaml)."),
        OptionHelp("--desc DESC", "The description of the evemu event log just before it, kept in a separate file."),
        OptionHelp("--raw", "Prints one line per frame instead of classified interactions."),
        OptionHelp("--scene SCENE", "Runs the whole pipeline, focus included, on a scene file."),
        OptionHelp("--json", "Prints JSON lines (one object per frame with --raw)."),
        OptionHelp("--realtime", "Waits between frames as long as the recording did."),
        OptionHelp("--tap-to-click", "Turns touchpad taps into clicks."),
        OptionHelp("--click-method areas|fingers", "How a clickpad click picks its button (default: areas)."),
        OptionHelp("--motion", "Also prints pointer motion and touch positions."),
    ]

    /// The recordings to replay, each with the `--desc` that follows it.
    var recordings: [ReplayInput] = []
    /// Whether to print raw frames.
    var isRaw = false
    /// The scene for the whole pipeline.
    var scenePath: String?
    /// Whether to print JSON lines.
    var isJSON = false
    /// Whether to wait between frames as the recording did.
    var isRealtime = false
    /// Whether touchpad taps click.
    var isTapToClickEnabled = false
    /// How clickpad clicks pick a button; nil for the device's default.
    var clickMethod: ClickMethod?
    /// Whether pointer motion and touch positions are printed.
    var isMotionIncluded = false

    init(arguments: inout ArgumentCursor) throws(UsageError) {
        while let argument = try arguments.next() {
            switch argument {
            case .option("--desc"):
                let path = try arguments.value(for: "--desc")
                guard let last = recordings.indices.last else {
                    throw UsageError("'--desc' must follow the event log it describes")
                }
                guard recordings[last].descriptionPath == nil else {
                    throw UsageError(
                        "'\(recordings[last].path)' is given two descriptions; each '--desc' follows its own log")
                }
                recordings[last].descriptionPath = path
            case .option("--raw"): isRaw = true
            case .option("--scene"): scenePath = try arguments.value(for: "--scene")
            case .option("--json"): isJSON = true
            case .option("--realtime"): isRealtime = true
            case .option("--tap-to-click"): isTapToClickEnabled = true
            case .option("--motion"): isMotionIncluded = true
            case .option("--click-method"):
                clickMethod = try arguments.value(for: "--click-method", as: ClickMethod.self)
            case .positional(let path): recordings.append(ReplayInput(path: path))
            default: throw argument.unexpected
            }
        }
    }

    func validate() throws(UsageError) {
        if recordings.isEmpty {
            throw UsageError("Missing expected argument 'FILE…'")
        }
        if isRaw && scenePath != nil {
            throw UsageError("'--raw' and '--scene' cannot be used together")
        }
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
