import Classification
import EventModel
import InputDevices
import Scenes
import Wayfinder

/// `wayfinder run`: the whole pipeline on attached hardware, with hotplug.
struct RunCommand: Command {
    static let name = "run"
    static let abstract = "Runs the pipeline on attached input devices until Ctrl-C, with hotplug."
    static let discussion = """
        Prints the interaction stream: devices coming and going, keys, clicks, scrolls, taps, long
        presses and drags; with --scene, also focus, selection and the scene's interactions. Ctrl-C
        or SIGTERM cancels gestures in progress (printed), releases keys, buttons and grabs, and
        exits with 0. Times are the kernel's event times.
        """
    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]),
        help: "Runs the whole pipeline, focus included, on a scene file.")
    static let grab = CommandOption.flag(
        "--grab", help: "Takes the devices exclusively: other programs see no input while it runs.")
    static let json = CommandOption.flag("--json", help: "Prints JSON lines.")
    static let motion = CommandOption.flag("--motion", help: "Also prints pointer motion.")
    static let options = [scene, grab, json] + DeviceSettingsOptions.options + [motion]

    var scenePath: String?
    var grabs: Bool
    var isJSON: Bool
    var includesMotion: Bool
    /// The device settings the command line chose.
    var classifierOptions: ClassifierOptions

    init(parsing arguments: ParsedArguments) {
        scenePath = arguments.value(of: Self.scene)
        grabs = arguments.contains(Self.grab)
        isJSON = arguments.contains(Self.json)
        includesMotion = arguments.contains(Self.motion)
        classifierOptions = DeviceSettingsOptions.classifierOptions(from: arguments)
    }

    func run() throws {
        var standardError = FileStream.standardError
        var scene: Scene?
        if let scenePath {
            do {
                let loaded = try Scene.load(path: scenePath)
                for warning in loaded.warnings { print("Warning: \(warning)", to: &standardError) }
                scene = loaded.scene
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        let runtime = try Runtime(scene: scene, sceneFile: scenePath ?? "<scene>", options: classifierOptions)
        let source: DeviceSessionSource
        do {
            source = try DeviceSessionSource(grabs: grabs) { warning in
                var standardError = FileStream.standardError
                print(warning, to: &standardError)
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        if source.deviceCount == 0 {
            print(
                "No input device could be opened; waiting for devices to be plugged in (Ctrl-C to stop). "
                    + DeviceError.permissionAdvice,
                to: &standardError
            )
        }
        let isJSON = isJSON
        let includesMotion = includesMotion
        runtime.onEvent = { (event: WayfinderEvent) in
            let line =
                isJSON ? event.jsonLine(includeMotion: includesMotion) : event.textLine(includeMotion: includesMotion)
            if let line { print(line) }
        }
        try LiveLoop(runtime: runtime, source: source).run()
    }
}
