import EventModel
import InputDevices
import Scenes
import Wayfinder

/// `wayfinder run`: the whole pipeline on attached hardware, with hotplug.
struct RunCommand: Command {
    static let name = "run"
    static let abstract = "Runs the pipeline on attached input devices until Ctrl-C, with hotplug."
    static let usage = "wayfinder run [--scene SCENE] [--grab] [--json] [--motion]"
    static let discussion = """
        Prints the interaction stream: devices coming and going, keys, clicks, scrolls, taps, long
        presses and drags; with --scene, also focus, selection and the scene's interactions. Ctrl-C
        or SIGTERM cancels gestures in progress (printed), releases keys, buttons and grabs, and
        exits with 0. Times are the kernel's event times.
        """
    static let options = [
        OptionHelp("--scene SCENE", "Runs the whole pipeline, focus included, on a scene file."),
        OptionHelp("--grab", "Takes the devices exclusively: other programs see no input while it runs."),
        OptionHelp("--json", "Prints JSON lines."),
        OptionHelp("--motion", "Also prints pointer motion."),
    ]

    var scenePath: String?
    var grabs = false
    var isJSON = false
    var includesMotion = false

    init(arguments: inout ArgumentCursor) throws(UsageError) {
        while let argument = try arguments.next() {
            switch argument {
            case .option("--scene"): scenePath = try arguments.value(for: "--scene")
            case .option("--grab"): grabs = true
            case .option("--json"): isJSON = true
            case .option("--motion"): includesMotion = true
            default: throw argument.unexpected
            }
        }
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
        let runtime = try Runtime(scene: scene, sceneFile: scenePath ?? "<scene>")
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
