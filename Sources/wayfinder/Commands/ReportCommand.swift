import Classification
import FileAccess
import Foundation
import Scenes
import Wayfinder

/// `wayfinder report`: a session (and its scene) as one HTML page to look at in a browser.
struct ReportCommand: Command {
    static let name = "report"
    static let examples = [
        Example("wayfinder report pad.events --desc pad.desc -o pad.html", "a recording drawn to scale"),
        Example("wayfinder report --demo -o demo.html", "the demo on its scene"),
    ]
    static let abstract = "Draws recordings, and a scene's keyboard order, as one self-contained HTML page."
    static let discussion = """
        The page shows each touch surface to scale with every contact's path and the events and
        decisions where they happened, a timeline of every event of the stream with the spans
        things were held and the timeouts that decided them, and with --scene the scene's frames
        with its Tab loop numbered (as navigate --debug loop prints it), where focus went and where
        actions landed. Hovering shows each event's line of the stream. The page needs no network:
        it opens from disk.

        With --scene and no recordings it draws the scene alone: its keyboard order, to review
        before anyone presses a key. --demo draws the demo's recordings on the demo's scene.

        Keys that type text are shown as KEY_A, as record hides them, unless --show-keycodes (the
        demo's synthesized keys are shown).
        """

    static let files = CommandOption.positional(
        "FILE", completion: .file(extensions: ReplayCommand.recordingExtensions), repeatable: true,
        help: "Recordings: evemu (.evemu, .events) or libinput record (.yml, .yaml).")
    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]),
        help: "Runs the recordings on a scene file and draws it; alone, draws the scene's Tab loop.")
    static let demo = CommandOption.flag("--demo", help: "Draws the demo's recordings on the demo's scene.")
    static let output = CommandOption.value(
        "-o", "--output", placeholder: "OUT.html", completion: .file(extensions: ["html"]), required: true,
        help: "The page to write (replaced if it exists).")
    static let showKeyCodes = CommandOption.flag("--show-keycodes", help: "Keeps the real key codes of keyboards.")
    static let options =
        [files, ReplayCommand.desc, scene, demo, output, showKeyCodes] + DeviceSettingsOptions.options
    static let exclusiveGroups = [[files, demo], [scene, demo]] + DeviceSettingsOptions.exclusiveGroups

    var recordings: [ReplayInput]
    var scenePath: String?
    var isDemo: Bool
    var outputPath: String
    var showsKeyCodes: Bool
    var deviceSettings: DeviceSettings
    var settingsPath: String?

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        recordings = try ReplayCommand.inputs(from: arguments, files: Self.files, descriptions: ReplayCommand.desc)
        scenePath = arguments.value(of: Self.scene)
        isDemo = arguments.contains(Self.demo)
        outputPath = arguments.value(of: Self.output) ?? ""
        showsKeyCodes = arguments.contains(Self.showKeyCodes)
        deviceSettings = try DeviceSettingsOptions.deviceSettings(from: arguments)
        settingsPath = arguments.value(of: DeviceSettingsOptions.settingsFile)
    }

    func validate() throws(UsageError) {
        if recordings.isEmpty && scenePath == nil && !isDemo {
            throw UsageError("Give recordings, '--scene SCENE' or '--demo'")
        }
    }

    func run() throws {
        var scene: (scene: Scene, file: String)?
        var replay: Replay?
        var title: String
        // The demo plays with its own settings (a flat pointer), as `wayfinder demo` does.
        var settings = deviceSettings
        if isDemo {
            let demo: Demo
            do {
                demo = try Demo.load()
            } catch {
                throw CommandFailure("\(error)")
            }
            scene = (demo.scene, demo.sceneFile)
            // The demo's keyboard session is synthesized for it: nothing typed to hide.
            replay = demo.replay
            settings = Demo.settings
            title = "wayfinder demo"
        } else {
            if let scenePath {
                do {
                    let loaded = try Scene.load(path: scenePath)
                    var standardError = FileStream.standardError
                    for warning in loaded.warnings { print("Warning: \(warning)", to: &standardError) }
                    scene = (loaded.scene, scenePath)
                } catch {
                    throw CommandFailure("\(error)")
                }
            }
            if !recordings.isEmpty {
                replay = try ReplayCommand.loadReplay(recordings)
            }
            let names = recordings.map { URL(fileURLWithPath: $0.path).lastPathComponent }
            title = (names + (scenePath.map { [URL(fileURLWithPath: $0).lastPathComponent] } ?? [])).joined(
                separator: ", ")
        }
        var session: SessionReport?
        if let replay {
            let runtime = try Runtime(
                scene: scene?.scene, sceneFile: scene?.file ?? "<scene>", settings: settings,
                rules: DeviceSettingsOptions.rules(file: settingsPath))
            ProcessLifetime.keepUntilExit(runtime)
            runtime.onDiagnostic = { message in
                var standardError = FileStream.standardError
                print("Warning: \(message)", to: &standardError)
            }
            do {
                session = try SessionReport.record(replay, through: runtime, showsKeyCodes: showsKeyCodes || isDemo)
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        let map: SceneMap?
        do {
            map = try scene.map { try SceneMap(scene: $0.scene, file: $0.file) }
        } catch {
            throw CommandFailure("\(error)")
        }
        let html = ReportPage(title: title, session: session, scene: map).html
        do {
            var file = try OutputFile(creating: outputPath, replacing: true)
            try file.write(html)
            try file.finish()
        } catch {
            throw CommandFailure("\(error)")
        }
    }
}
