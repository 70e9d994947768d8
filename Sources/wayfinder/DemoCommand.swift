import Classification
import EventModel
import Foundation
import InputEvents
import Scenes
import Wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `wayfinder demo`: the bundled scene and recordings through the whole pipeline, or one's own.
struct DemoCommand: Command {
    static let name = "demo"
    static let examples = [
        Example("wayfinder demo --plain", "the showcase as lines, one per event"),
        Example("wayfinder demo --why --natural-scrolling", "with a setting changed, and why each decision went so"),
        Example("cp \"$(wayfinder demo --print-scene-path)\" my-scene.json", "a copy of the demo's scene to change"),
        Example(
            "wayfinder demo --scene my-scene.json pad.events --desc pad.desc", "one's own recording on one's scene"),
    ]
    static let abstract = "Shows the whole pipeline on a bundled scene and bundled recordings; needs no device."
    static let discussion = """
        Plays a keyboard session (Tab between groups, arrows, Return, Shift-Tab), a two-finger scroll
        and a secondary click on a real clickpad, a real mouse's drag and wheel, and synthesized
        gestures: the pointer hovering over the toolbar, a pinch that zooms the photo grid, and a
        touchscreen's swipe to delete an album, one after another, on a photo-app scene. In a
        terminal it draws the scene with the focused item's halo, the Tab loop's group numbers,
        selection, scroll offsets and zoom, and the items under the pointer highlighted, and names
        each interaction as it happens; the view follows the terminal's size, and Ctrl-C ends it.
        Piped, it prints one line per event.

        With --scene and RECORDING arguments it plays one's own recordings, one after another, on
        one's own scene (either alone replaces the bundled one). The device settings options are
        replay's; the demo's default differs in one: flat pointer acceleration, because its
        synthesized streams are scripted in points. --why prints lines, with the decision behind
        each event.
        """

    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]),
        help: "Plays on this scene file instead of the bundled one.")
    static let json = CommandOption.flag("--json", help: "Prints the event stream as JSON lines.")
    static let plain = CommandOption.flag("--plain", help: "Prints one line per event even in a terminal.")
    static let motion = CommandOption.flag("--motion", help: "Also prints pointer motion (with --json or --plain).")
    static let recordings = CommandOption.positional(
        "RECORDING", completion: .file(extensions: ReplayCommand.recordingExtensions), repeatable: true,
        help: "Plays these recordings instead of the bundled ones, one after another.")
    static let desc = CommandOption.value(
        "--desc", placeholder: "DESC", completion: .file(extensions: ["desc"]), repeatable: true,
        help: "The description of the evemu event log just before it, kept in a separate file.")
    static let printScenePath = CommandOption.flag(
        "--print-scene-path",
        help: "Prints the path of the bundled scene file, for run --scene and one's own copy, and exits.")
    static let why = CommandOption.flag(
        "--why", help: "Also prints why each classification decision went as it did ('why:' lines; as --plain).")
    static let options =
        [scene, json, plain, motion, StreamVersionOption.option, recordings, desc] + DeviceSettingsOptions.options + [
            why, printScenePath,
        ]
    static let exclusiveGroups = [[json, plain], [json, why]] + DeviceSettingsOptions.exclusiveGroups

    var scenePath: String?
    var recordingInputs: [ReplayInput]
    var isJSON: Bool
    var isPlain: Bool
    var includesMotion: Bool
    /// The version of the JSON lines contract printed.
    var streamVersion: StreamVersion

    /// Whether to print the bundled scene's path instead of playing.
    var printsScenePath: Bool
    /// The device settings the command line chose, on top of the demo's.
    var deviceSettings: DeviceSettings
    /// The settings file `--settings` named, if any.
    var settingsPath: String?
    /// Whether decisions are explained.
    var explainsDecisions: Bool

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        printsScenePath = arguments.contains(Self.printScenePath)
        deviceSettings = try DeviceSettingsOptions.deviceSettings(from: arguments, base: Demo.settings)
        settingsPath = arguments.value(of: DeviceSettingsOptions.settingsFile)
        explainsDecisions = arguments.contains(Self.why)
        scenePath = arguments.value(of: Self.scene)
        recordingInputs = try ReplayCommand.inputs(from: arguments, files: Self.recordings, descriptions: Self.desc)
        isJSON = arguments.contains(Self.json)
        isPlain = arguments.contains(Self.plain)
        includesMotion = arguments.contains(Self.motion)
        streamVersion = try StreamVersionOption.version(from: arguments)
    }

    /// The showcase the options chose: the bundled one, or one's own scene and recordings.
    func loadDemo() throws -> Demo {
        let bundled = try Demo.load()
        guard scenePath != nil || !recordingInputs.isEmpty else { return bundled }
        var scene = bundled.scene
        var sceneFile = bundled.sceneFile
        if let scenePath {
            do {
                let loaded = try Scene.load(path: scenePath)
                var standardError = FileStream.standardError
                for warning in loaded.warnings { print("Warning: \(warning)", to: &standardError) }
                scene = loaded.scene
                sceneFile = scenePath
            } catch {
                throw CommandFailure("\(error)")
            }
        }
        guard !recordingInputs.isEmpty else {
            var demo = bundled
            demo.scene = scene
            demo.sceneFile = sceneFile
            return demo
        }
        // Opening them first gives the replay's messages (an event log without --desc).
        _ = try ReplayCommand.loadReplay(recordingInputs)
        return try Demo(scene: scene, sceneFile: sceneFile, recordings: recordingInputs)
    }

    func run() throws {
        if printsScenePath {
            guard let resources = Demo.resourcesDirectory else {
                throw CommandFailure("the demo's resources are missing next to the executable")
            }
            CommandOutput.standard.writeLine(resources.appendingPathComponent(Demo.sceneFile).path)
            return
        }
        let demo = try loadDemo()
        let runtime = try demo.makeRuntime(
            settings: deviceSettings, rules: DeviceSettingsOptions.rules(file: settingsPath))
        runtime.onDiagnostic = { message in
            var standardError = FileStream.standardError
            print("Warning: \(message)", to: &standardError)
        }
        let output = CommandOutput.standard
        if isJSON {
            runtime.onEvent = { event in
                if let line = event.jsonLine(includeMotion: includesMotion, version: streamVersion) {
                    output.writeLine(line)
                }
            }
            try demo.replay.run(through: runtime, afterStep: { _ in try output.checkWritable() })
        } else if isPlain || explainsDecisions || !Terminal.isOutputTerminal {
            var chapter = -1
            runtime.onEvent = { event in
                if let index = demo.chapters.lastIndex(where: { $0.start <= event.time }), index > chapter {
                    chapter = index
                    output.writeLine("== \(index + 1)/\(demo.chapters.count) \(demo.chapters[index].title)")
                }
                if let line = event.textLine(includeMotion: includesMotion) { output.writeLine(line) }
            }
            if explainsDecisions {
                // Decisions come through the runtime's callbacks, in order with the events.
                runtime.onDecision = { decision in output.writeLine(decision.commandLineText()) }
            }
            try demo.replay.run(through: runtime, afterStep: { _ in try output.checkWritable() })
        } else {
            try runInTerminal(demo, runtime, isBundled: scenePath == nil && recordingInputs.isEmpty)
        }
    }

    /// How long the terminal view lingers, so that a person can follow: long enough to read a
    /// caption, short enough that the whole demo takes seconds.
    enum Pacing {
        /// After a focus move, a selection, a click or an action.
        static let caption: Duration = .milliseconds(280)
        /// After a frame of scrolling or dragging: about 120 frames a second, so a two-second
        /// deceleration stays smooth but brief.
        static let animation: Duration = .milliseconds(8)
        /// Before each recording starts.
        static let chapter: Duration = .milliseconds(500)
        /// Pointer motion alone is drawn once every this many frames, without pausing.
        static let motionFramesPerDraw = 6
    }

    /// What a batch of events deserves on screen.
    enum Weight {
        /// Something to read: focus, selection, a click, an action starting or ending.
        case reading
        /// A frame of a scroll or a drag.
        case animation
        /// The pointer moved, nothing else.
        case motion
    }

    static func weight(of events: [WayfinderEvent]) -> Weight {
        var weight = Weight.motion
        for event in events {
            switch event.payload {
            case .focus, .select, .input(.button(_, .down, _, _), _): return .reading
            case .action(let action):
                if action.phase == nil || action.phase == .began || action.phase == .ended { return .reading }
                weight = .animation
            case .contentOffset, .input(.scroll, _), .input(.drag, _): weight = .animation
            case .device, .input: continue
            }
        }
        return weight
    }

    private func runInTerminal(_ demo: Demo, _ runtime: Runtime, isBundled: Bool) throws {
        let view = try TerminalView()
        // Warnings wait until the terminal is back: written now, they would be drawn over.
        var warnings: [String] = []
        runtime.onDiagnostic = { warnings.append("Warning: \($0)") }
        defer {
            view.end()
            var standardError = FileStream.standardError
            for warning in warnings { print(warning, to: &standardError) }
        }
        var chapter = -1
        var title = ""
        var motionFrames = 0
        func draw(_ caption: String?) {
            if let snapshot = runtime.snapshot() { view.draw(snapshot, title: title, caption: caption) }
        }
        draw("")
        try demo.replay.run(
            through: runtime,
            beforeStep: { time in
                if let index = demo.chapters.lastIndex(where: { $0.start <= time }), index > chapter {
                    chapter = index
                    title = " wayfinder demo  \(index + 1)/\(demo.chapters.count)  \(demo.chapters[index].title)"
                    draw(nil)
                    view.pause(for: Pacing.chapter)
                }
            },
            afterStep: { events in
                guard !events.isEmpty else { return }
                switch Self.weight(of: events) {
                case .reading:
                    draw(Captions.caption(for: events))
                    view.pause(for: Pacing.caption)
                case .animation:
                    draw(Captions.caption(for: events))
                    view.pause(for: Pacing.animation)
                case .motion:
                    motionFrames += 1
                    if motionFrames % Pacing.motionFramesPerDraw == 0 { draw(nil) }
                }
            }
        )
        let summary =
            isBundled
            ? "done: focus moved through three groups, a selection, a scroll, a context menu, a drag, "
                + "hover, a pinch and a swipe"
            : "done: \(demo.chapters.count) recording\(demo.chapters.count == 1 ? "" : "s") played"
        draw(" " + summary)
        view.pause(for: Pacing.chapter)
        view.end()
        if !view.isStopped { CommandOutput.standard.writeLine("wayfinder demo: \(summary)") }
    }
}
