import EventModel
import InputEvents
import Wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `wayfinder demo`: the bundled scene and recordings through the whole pipeline.
struct DemoCommand: Command {
    static let name = "demo"
    static let abstract = "Shows the whole pipeline on a bundled scene and bundled recordings; needs no device."
    static let discussion = """
        Plays a keyboard session (Tab between groups, arrows, Return, Shift-Tab), a two-finger scroll
        and a secondary click on a real clickpad, and a real mouse's drag and wheel, one after another,
        on a photo-app scene. In a terminal it draws the scene with the focused item's halo, the Tab
        loop's group numbers, selection and scroll offsets, and names each interaction as it happens.
        Piped, it prints one line per event.
        """
    static let json = CommandOption.flag("--json", help: "Prints the event stream as JSON lines.")
    static let plain = CommandOption.flag("--plain", help: "Prints one line per event even in a terminal.")
    static let motion = CommandOption.flag("--motion", help: "Also prints pointer motion (with --json or --plain).")
    static let options = [json, plain, motion]
    static let exclusiveGroups = [[json, plain]]

    var isJSON: Bool
    var isPlain: Bool
    var includesMotion: Bool

    init(parsing arguments: ParsedArguments) {
        isJSON = arguments.contains(Self.json)
        isPlain = arguments.contains(Self.plain)
        includesMotion = arguments.contains(Self.motion)
    }

    func run() throws {
        let demo = try Demo.load()
        let runtime = try demo.makeRuntime()
        if isJSON {
            runtime.onEvent = { event in
                if let line = event.jsonLine(includeMotion: includesMotion) { print(line) }
            }
            try demo.replay.run(through: runtime)
        } else if isPlain || !Terminal.isOutputTerminal {
            var chapter = -1
            runtime.onEvent = { event in
                if let index = demo.chapters.lastIndex(where: { $0.start <= event.time }), index > chapter {
                    chapter = index
                    print("== \(index + 1)/\(demo.chapters.count) \(demo.chapters[index].title)")
                }
                if let line = event.textLine(includeMotion: includesMotion) { print(line) }
            }
            try demo.replay.run(through: runtime)
        } else {
            try runInTerminal(demo, runtime)
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

    private func runInTerminal(_ demo: Demo, _ runtime: Runtime) throws {
        let player = TerminalPlayer()
        player.begin()
        var chapter = -1
        var title = ""
        var motionFrames = 0
        func pause(_ duration: Duration) { Pacer.sleep(for: duration) }
        func draw(_ caption: String?) {
            if let snapshot = runtime.snapshot() { player.draw(snapshot, title: title, caption: caption) }
        }
        draw("")
        try demo.replay.run(
            through: runtime,
            beforeStep: { time in
                if let index = demo.chapters.lastIndex(where: { $0.start <= time }), index > chapter {
                    chapter = index
                    title = " wayfinder demo  \(index + 1)/\(demo.chapters.count)  \(demo.chapters[index].title)"
                    draw(nil)
                    pause(Pacing.chapter)
                }
            },
            afterStep: { events in
                guard !events.isEmpty else { return }
                switch Self.weight(of: events) {
                case .reading:
                    draw(Captions.caption(for: events))
                    pause(Pacing.caption)
                case .animation:
                    draw(Captions.caption(for: events))
                    pause(Pacing.animation)
                case .motion:
                    motionFrames += 1
                    if motionFrames % Pacing.motionFramesPerDraw == 0 { draw(nil) }
                }
            }
        )
        draw(" done: focus moved through three groups, a selection, a scroll, a context menu and a drag")
        player.end()
    }
}
