import Accessibility
import Classification
import EventModel
import InputDevices
import InputEvents
import Scenes
import Wayfinder

/// `wayfinder run`: the whole pipeline on attached hardware, with hotplug.
struct RunCommand: Command {
    static let name = "run"
    static let examples = [
        Example("wayfinder run --scene \"$(wayfinder demo --print-scene-path)\"", "the demo's scene drawn live"),
        Example("wayfinder run --json --grab", "the event stream only, devices taken exclusively"),
        Example("wayfinder run --device /dev/input/event5 --tap-to-click --why", "one device, tapping, with reasons"),
        Example("wayfinder run --layout de --variant nodeadkeys", "keys typed on a German keyboard"),
    ]
    static let seeAlso = ["libinput(4)", "xkeyboard-config(7)"]
    static let abstract = "Runs the pipeline on attached input devices until Ctrl-C, with hotplug."
    static let discussion = """
        Prints the interaction stream: devices coming and going, keys, clicks, scrolls, taps, long
        presses and drags; with --scene, also focus, selection and the scene's interactions. Ctrl-C
        or SIGTERM cancels gestures in progress (printed), releases keys, buttons and grabs, and
        exits with 0. Times are seconds since the session started; with --json, device lines
        print the start (seconds since 1970) as sessionStart.

        With --scene and standard output a terminal, it draws the scene live instead, as demo does:
        the focused item, selection, scroll offsets, the pointer and a caption naming each
        interaction, following the terminal's size. --plain prints lines in a terminal; piped, it
        prints lines; --json prints the event stream.

        With --accessibility, screen readers (Orca) see the scene on the AT-SPI2 accessibility bus
        while it runs: its nodes, and every focus change. What they ask (focus moved, an action run)
        is handled like input, from the device "accessibility".
        """

    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]),
        help: "Runs the whole pipeline, focus included, on a scene file.")
    static let grab = CommandOption.flag(
        "--grab", help: "Takes the devices exclusively: other programs see no input while it runs.")
    static let json = CommandOption.flag("--json", help: "Prints JSON lines.")
    static let plain = CommandOption.flag("--plain", help: "Prints one line per event even in a terminal.")
    static let device = CommandOption.value(
        "--device", placeholder: "NODE|NAME", completion: .deviceNode, repeatable: true,
        help: "Uses only this device, by event node or by name (see 'wayfinder devices'); also when plugged in.")
    static let motion = CommandOption.flag("--motion", help: "Also prints pointer motion.")
    static let why = CommandOption.flag(
        "--why",
        help: "Also prints why each classification decision went as it did ('why:' lines as --plain; JSON with --json)."
    )
    static let options =
        [scene, grab, json, plain, device, AccessibilityExposure.option] + DeviceSettingsOptions.options
        + [motion, why, StreamVersionOption.option]
    static let exclusiveGroups = [[json, plain]] + DeviceSettingsOptions.exclusiveGroups

    var scenePath: String?
    var grabs: Bool
    var isJSON: Bool
    var isPlain: Bool
    /// The devices chosen with `--device`; every device when empty.
    var selection: DeviceSelection
    var includesMotion: Bool
    /// Whether decisions are explained.
    var explainsDecisions: Bool
    /// The device settings the command line chose.
    var deviceSettings: DeviceSettings
    /// The settings file `--settings` named, if any.
    var settingsPath: String?
    /// Whether the scene is shown to screen readers while the command runs.
    var exposesAccessibility: Bool
    /// The version of the JSON lines contract printed.
    var streamVersion: StreamVersion

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        scenePath = arguments.value(of: Self.scene)
        grabs = arguments.contains(Self.grab)
        isJSON = arguments.contains(Self.json)
        isPlain = arguments.contains(Self.plain)
        selection = DeviceSelection(arguments.values(of: Self.device))
        includesMotion = arguments.contains(Self.motion)
        explainsDecisions = arguments.contains(Self.why)
        deviceSettings = try DeviceSettingsOptions.deviceSettings(from: arguments)
        settingsPath = arguments.value(of: DeviceSettingsOptions.settingsFile)
        exposesAccessibility = arguments.contains(AccessibilityExposure.option)
        streamVersion = try StreamVersionOption.version(from: arguments)
    }

    func validate() throws(UsageError) {
        if exposesAccessibility, scenePath == nil {
            throw UsageError("'--accessibility' needs '--scene': the scene is what screen readers see")
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
        let runtime = try Runtime(
            scene: scene, sceneFile: scenePath ?? "<scene>", settings: deviceSettings,
            rules: DeviceSettingsOptions.rules(file: settingsPath))
        let isView = scene != nil && !isJSON && !isPlain && !explainsDecisions && Terminal.isOutputTerminal
        let messages = MessageSink()
        let source: DeviceSessionSource
        do {
            source = try DeviceSessionSource(grabs: grabs, selection: selection, handlesStopSignals: true) {
                messages.report($0)
            }
        } catch {
            throw CommandFailure("\(error)")
        }
        if let advice = Self.advice(attached: source.attachedCount, opened: source.deviceCount, selection: selection) {
            print(advice, terminator: "", to: &standardError)
        }
        var accessible: AccessibleScene?
        if exposesAccessibility, let scenePath {
            accessible = AccessibilityExposure.expose(
                runtime, windowName: AccessibilityExposure.windowName(ofScene: scenePath),
                clock: LiveLoop.realtimeClock,
                report: messages.report)
            // The bus is served in the same wait as the devices.
            source.participants = accessible.map { [$0] } ?? []
        }
        defer { accessible?.close() }
        guard isView, let scenePath else {
            try Self.printStream(
                of: runtime, source: source, to: .standard, isJSON: isJSON, includesMotion: includesMotion,
                explainsDecisions: explainsDecisions, streamVersion: streamVersion, report: messages.report)
            return
        }
        let view = try LiveSceneView(
            source: source, runtime: runtime, title: " wayfinder run  \(scenePath)", messages: messages)
        defer { view.end() }
        try LiveLoop(runtime: runtime, source: view).run()
    }

    /// Prints the runtime's stream, one line per event, while the live loop runs on `source`:
    /// until the source stops (SIGINT, SIGTERM), or until `output` can no longer be written. What
    /// a person should know besides (a keyboard classified without a keymap) goes to `report` as
    /// a warning.
    /// - Throws: ``OutputStopped`` when the output failed; what the source throws.
    static func printStream(
        of runtime: Runtime, source: any LiveInputSource, to output: CommandOutput, isJSON: Bool,
        includesMotion: Bool, explainsDecisions: Bool = false, streamVersion: StreamVersion = .current,
        report: @escaping (String) -> Void
    ) throws {
        // Times count from the session's start, which device lines print (version 2).
        let start = runtime.sessionStart ?? LiveLoop.realtimeClock()
        runtime.sessionStart = start
        let origin: Timestamp = streamVersion == .one ? .zero : start
        let jsonLine = ReusedJSONLine()
        runtime.onEvent = { (event: WayfinderEvent) in
            if isJSON {
                let isPrinted = event.appendJSON(
                    to: &jsonLine.line, origin: origin, includeMotion: includesMotion, version: streamVersion)
                if isPrinted { output.writeLine(&jsonLine.line) }
            } else if let line = event.textLine(origin: origin, includeMotion: includesMotion) {
                output.writeLine(line)
            }
        }
        if explainsDecisions {
            runtime.onDecision = { decision in
                let line =
                    isJSON
                    ? decision.jsonLine(origin: origin, version: streamVersion)
                    : decision.commandLineText(origin: origin)
                output.writeLine(line)
            }
        }
        runtime.onDiagnostic = { message in report("Warning: \(message)") }
        try LiveLoop(runtime: runtime, source: WritingSource(source, output: output)).run()
    }

    /// What to say before waiting when no device is open: that there are no event nodes at all
    /// (as `devices` says it), that none matches `--device`, or that none could be opened (with
    /// how to get access); nil when a device is open. Each says that it is waiting for devices.
    static func advice(attached: Int, opened: Int, selection: DeviceSelection) -> String? {
        guard opened == 0 else { return nil }
        let waiting = "waiting for devices to be plugged in (Ctrl-C to stop)"
        if attached == 0 { return DevicesCommand.noDevicesAdvice + "Until then, \(waiting).\n" }
        if !selection.isAll {
            return "No attached device matches --device "
                + selection.patterns.map { "'\($0)'" }.joined(separator: ", ") + " (see 'wayfinder devices'); "
                + waiting + ".\n"
        }
        return "No input device could be opened; \(waiting). \(DeviceError.permissionAdvice).\n"
    }
}

/// One JSON line's storage, reused for every event `run --json` prints. A class with an unchecked
/// property rather than a captured `var`, whose box is checked for exclusivity on every event:
/// only the event handler touches it, and it calls nothing that could.
private final class ReusedJSONLine {
    @exclusivity(unchecked) var line = JSONLine()
}

/// The devices as a live source that writes out the lines printed so far before each wait, so
/// that a reader of the pipe sees each event when it happens, and that stops the loop once the
/// output cannot be written (a full disk, a reader gone).
final class WritingSource: LiveInputSource {
    private let source: any LiveInputSource
    private let output: CommandOutput

    init(_ source: any LiveInputSource, output: CommandOutput) {
        self.source = source
        self.output = output
    }

    func poll(timeout: Duration?, into inputs: inout [LiveInput]) throws -> Bool {
        output.flush()
        try output.checkWritable()
        return try source.poll(timeout: timeout, into: &inputs)
    }

    func close() { source.close() }
}

/// Where warnings go while `run` runs: standard error, or the live view's caption once it draws.
final class MessageSink {
    /// Takes the messages while the view draws; nil prints them on standard error.
    var handler: ((String) -> Void)?

    /// Reports a message.
    func report(_ message: String) {
        if let handler { return handler(message) }
        var standardError = FileStream.standardError
        print(message, to: &standardError)
    }
}

/// `run --scene` in a terminal: the devices as a live source that draws the scene between waits.
///
/// The view draws after each batch of input, when the loop comes back to wait: at once for
/// something to read (a click, focus, a device), at most ``motionFrameInterval`` apart for motion
/// and scrolling alone. The wait is cut to ``resizeCheckInterval`` so that a resized terminal is
/// redrawn while no input arrives (the session's wait cannot include the resize signal).
final class LiveSceneView: LiveInputSource {
    /// How often motion alone is drawn: 30 frames a second moves a pointer smoothly across a
    /// grid of characters, and keeps a 1000 Hz mouse from flooding the terminal.
    static let motionFrameInterval: Duration = .milliseconds(33)
    /// The longest wait before a resize is noticed without input: a tenth of a second reads as
    /// immediate.
    static let resizeCheckInterval: Duration = .milliseconds(100)

    private let source: any LiveInputSource
    private let runtime: Runtime
    private let player: TerminalPlayer
    private let title: String
    private var pending: [WayfinderEvent] = []
    private var isDrawPending = false
    private var lastDraw = Timestamp.zero
    private var caption: String?

    /// Starts the view on the alternate screen and draws the scene.
    /// - Parameters:
    ///   - source: The devices.
    ///   - runtime: The runtime the loop feeds; the view takes its `onEvent` and `onDiagnostic`.
    ///   - title: The title line.
    ///   - messages: Where warnings go; the view shows them in its caption.
    ///   - player: What draws; standard output's terminal by default.
    init(
        source: any LiveInputSource,
        runtime: Runtime,
        title: String,
        messages: MessageSink,
        player: TerminalPlayer? = nil
    ) throws {
        self.source = source
        self.runtime = runtime
        self.title = title
        self.player = try player ?? TerminalPlayer()
        self.player.begin()
        pending.reserveCapacity(64)
        runtime.onEvent = { [unowned self] event in pending.append(event) }
        messages.handler = { [unowned self] message in
            caption = message
            isDrawPending = true
        }
        runtime.onDiagnostic = { message in messages.report("Warning: \(message)") }
        caption = "waiting for input"
        draw()
    }

    private func draw() {
        guard let snapshot = runtime.snapshot() else { return }
        player.draw(snapshot, title: title, hint: "Ctrl-C: quit ", caption: caption)
        caption = nil
        isDrawPending = false
        lastDraw = TerminalView.now()
    }

    /// Takes in the events since the last wait: draws at once for something to read, and for
    /// motion alone once ``motionFrameInterval`` has passed since the last frame (or when
    /// `force`).
    func drawPending(force: Bool = false) {
        if !pending.isEmpty {
            if let text = Captions.caption(for: pending) { caption = text }
            isDrawPending = true
            let isMotionOnly = DemoCommand.weight(of: pending) == .motion
            pending.removeAll(keepingCapacity: true)
            if !isMotionOnly { draw() }
        }
        if isDrawPending, force || TerminalView.now() - lastDraw >= Self.motionFrameInterval { draw() }
    }

    func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
        drawPending()
        player.redrawIfResized()
        let nextDraw = isDrawPending ? Self.motionFrameInterval - (TerminalView.now() - lastDraw) : nil
        let cap = min(nextDraw ?? Self.resizeCheckInterval, Self.resizeCheckInterval)
        return try source.poll(timeout: min(timeout ?? cap, cap), into: &output)
    }

    func close() { source.close() }

    /// Leaves the alternate screen, restoring the terminal.
    func end() { player.end() }
}
