import EventModel
import FocusEngine
import Foundation
import InputEvents
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

@testable import wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The terminal views of `explore`, `run --scene` and `demo`, run on a pseudo-terminal: each
/// frame compared with what the renderer draws for the same state at the terminal's size, through
/// a resize, and the terminal restored on the way out.
@Suite(.serialized) struct TerminalViewTests {
    static let photos = Fixtures.testFixture("scenes/photos.scene.json")

    /// What a view shows: the title line, then the picture with its caption, at a size.
    static func frame(
        _ snapshot: TerminalSnapshot,
        title: String,
        hint: String,
        caption: String,
        columns: Int,
        rows: Int
    ) -> [String] {
        var snapshot = snapshot
        snapshot.caption = caption
        var heading = TerminalPlayer.titleLine(title, hint: hint, columns: columns)
        while heading.last == " " { heading.removeLast() }
        return [heading] + TerminalRenderer(columns: columns, rows: rows - 1).render(snapshot)
    }

    static func start(_ arguments: [String], columns: Int, rows: Int) throws -> PseudoTerminal {
        try PseudoTerminal(WayfinderProcess.executableURL(), arguments, columns: columns, rows: rows)
    }

    @Test func exploreDrawsAt80By24FollowsKeysAndAResizeAndRestoresTheTerminal() throws {
        let runtime = try Runtime(scene: Scene.load(path: Self.photos.path).scene, sceneFile: Self.photos.path)
        let title = ExploreCommand.title
        let hint = ExploreCommand.quitHint
        let terminal = try Self.start(["explore", "--scene", Self.photos.path], columns: 80, rows: 24)
        let before = terminal.modes()

        let start = Self.frame(
            try #require(runtime.snapshot()), title: title, hint: hint, caption: "press Tab", columns: 80, rows: 24)
        #expect(terminal.read { $0.lines == start }, "\(terminal.screen.lines)")
        #expect(terminal.screen.isAlternate && !terminal.screen.isCursorVisible)
        #expect(start[0].hasSuffix("q: quit"), "the hint survives 80 columns")

        terminal.type("\t")
        let events = runtime.press(try KeyPress(parsing: "Tab"), at: Timestamp.zero + .milliseconds(1))
        let caption = "Tab: " + (Captions.caption(for: events) ?? "")
        let focused = Self.frame(
            try #require(runtime.snapshot()), title: title, hint: hint, caption: caption, columns: 80, rows: 24)
        #expect(terminal.read { $0.lines == focused }, "\(terminal.screen.lines)")

        try terminal.resize(columns: 120, rows: 40)
        let larger = Self.frame(
            try #require(runtime.snapshot()), title: title, hint: hint, caption: caption, columns: 120, rows: 40)
        #expect(terminal.read { $0.lines == larger }, "\(terminal.screen.lines)")

        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        #expect(terminal.screen.lines.allSatisfy { $0.isEmpty }, "the screen from before, blank")
        #expect(!terminal.screen.isAlternate && terminal.screen.isCursorVisible)
        #expect(terminal.screen.alternateScreenEntries == 1)
        let after = terminal.modes()
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "raw mode undone")
    }

    /// Issue 23 case 8: explore drew a frame for every key, so a burst (a paste, a held key's
    /// queued repeats) cost a full redraw per key. Keys that arrive together are pressed in turn
    /// and drawn once: the screen shows the state after the last, and the captions of the keys
    /// before it are never written.
    @Test func exploreDrawsABurstOfKeysOnce() throws {
        let runtime = try Runtime(scene: Scene.load(path: Self.photos.path).scene, sceneFile: Self.photos.path)
        let terminal = try Self.start(["explore", "--scene", Self.photos.path], columns: 80, rows: 24)
        let start = Self.frame(
            try #require(runtime.snapshot()), title: ExploreCommand.title, hint: ExploreCommand.quitHint,
            caption: "press Tab", columns: 80, rows: 24)
        #expect(terminal.read { $0.lines == start }, "\(terminal.screen.lines)")
        let before = terminal.output.count
        terminal.type(String(repeating: "\t", count: 3))
        var captions: [String] = []
        for index in 1...3 {
            let events = runtime.press(try KeyPress(parsing: "Tab"), at: Timestamp.zero + .milliseconds(Int64(index)))
            captions.append("Tab: " + (Captions.caption(for: events) ?? ""))
        }
        #expect(Set(captions).count == 3, "each Tab's caption differs: \(captions)")
        let last = Self.frame(
            try #require(runtime.snapshot()), title: ExploreCommand.title, hint: ExploreCommand.quitHint,
            caption: captions[2], columns: 80, rows: 24)
        #expect(terminal.read { $0.lines == last }, "\(terminal.screen.lines)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        let written = String(decoding: terminal.output[before...], as: UTF8.self)
        #expect(captions.map { written.contains($0) } == [false, false, true])
    }

    @Test func exploreWithFullKeyboardAccessDrawsTheActionsMenuAndFind() throws {
        let runtime = try Runtime(
            scene: Scene.load(path: Self.photos.path).scene, sceneFile: Self.photos.path, fullKeyboardAccess: true)
        let title = ExploreCommand.title
        let hint = ExploreCommand.quitHint
        let terminal = try Self.start(["explore", "--scene", Self.photos.path, "--fka"], columns: 100, rows: 30)
        func expect(_ caption: String, _ comment: Comment) throws {
            let frame = Self.frame(
                try #require(runtime.snapshot()), title: title, hint: hint, caption: caption, columns: 100, rows: 30)
            #expect(terminal.read { $0.lines == frame }, comment)
        }
        try expect("press Tab", "the first frame")
        // What the terminal sends, and what explore presses for it, 1 ms apart.
        var time = Timestamp.zero
        func press(_ input: KeyInput) -> [WayfinderEvent] {
            time += .milliseconds(1)
            return runtime.press(input, at: time)
        }
        for _ in 0..<2 {
            terminal.type("\t")
            let events = press(.press(try KeyPress(parsing: "Tab")))
            try expect("Tab: " + (Captions.caption(for: events) ?? ""), "Tab")
        }
        terminal.type("\u{1A}")  // Ctrl-Z: Tab+Z, the actions menu
        _ = press(.press(try KeyPress(parsing: "Tab+Z")))
        try expect("Tab+Z: actions menu of settings: Open", "the actions menu")
        terminal.type("\r")
        let chosen = press(.press(try KeyPress(parsing: "Return")))
        try expect("Return: " + (Captions.caption(for: chosen) ?? "nothing to do here"), "the action chosen")

        terminal.type("\u{06}")  // Ctrl-F: Tab+F, Find
        let opened = press(.press(try KeyPress(parsing: "Tab+F")))
        #expect(runtime.findQuery == "")
        try expect(ExploreCommand.findCaption(query: "", events: opened), "Find opened")
        terminal.type("p")
        let typed = press(.text("p"))
        #expect(runtime.findQuery == "p")
        try expect(ExploreCommand.findCaption(query: "p", events: typed), "Find with a query")
        terminal.type("\u{7F}")  // Backspace
        let shortened = press(.press(try KeyPress(parsing: "Backspace")))
        try expect(ExploreCommand.findCaption(query: "", events: shortened), "Backspace shortens the query")
        terminal.type("q")  // text while Find is open, not quit
        let queried = press(.text("q"))
        try expect(ExploreCommand.findCaption(query: "q", events: queried), "q is text in Find")
        terminal.type("\r")
        let ended = press(.press(try KeyPress(parsing: "Return")))
        #expect(runtime.findQuery == nil)
        try expect("Return: " + (Captions.caption(for: ended) ?? "nothing to do here"), "Find ended")

        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screen.isAlternate && terminal.screen.isCursorVisible)
    }

    /// Issue 23, case 6: SIGHUP left the terminal raw, on the alternate screen with the cursor
    /// hidden, and SIGQUIT printed the runtime's crash prompt over it: every stop signal now ends
    /// the view cleanly.
    @Test(arguments: [SIGHUP, SIGQUIT, SIGTERM])
    func exploreRestoresTheTerminalOnASignal(signal: Int32) throws {
        let terminal = try Self.start(["explore", "--scene", Self.photos.path], columns: 80, rows: 24)
        let before = terminal.modes()
        #expect(terminal.read { $0.lines.contains { $0.contains("press Tab") } }, "\(terminal.screen.lines)")
        terminal.signal(signal)
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screen.isAlternate && terminal.screen.isCursorVisible)
        #expect(terminal.screen.lines.allSatisfy { $0.isEmpty }, "the screen from before, blank")
        let after = terminal.modes()
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "raw mode undone")
    }

    @Test(arguments: [
        (Int32(SIGTERM), "SIGTERM"), (Int32(SIGINT), "SIGINT"), (Int32(SIGHUP), "SIGHUP"), (Int32(SIGQUIT), "SIGQUIT"),
    ])
    func runDrawsTheSceneFollowsAResizeAndRestoresTheTerminalOnASignal(signal: Int32, name: String) throws {
        let runtime = try Runtime(scene: Scene.load(path: Self.photos.path).scene, sceneFile: Self.photos.path)
        let snapshot = try #require(runtime.snapshot())
        let title = " wayfinder run  \(Self.photos.path)"
        // A node that is never there: no device opens, whatever this machine has.
        let terminal = try Self.start(
            ["run", "--scene", Self.photos.path, "--device", "/dev/input/event999"], columns: 100, rows: 30)
        let waiting = Self.frame(
            snapshot, title: title, hint: "Ctrl-C: quit ", caption: "waiting for input", columns: 100, rows: 30)
        #expect(terminal.read { $0.lines == waiting }, "\(terminal.screen.lines)")

        // Larger, so that what was printed before the view is not cut when it comes back.
        try terminal.resize(columns: 120, rows: 40)
        let larger = Self.frame(
            snapshot, title: title, hint: "Ctrl-C: quit ", caption: "waiting for input", columns: 120, rows: 40)
        #expect(terminal.read { $0.lines == larger }, "\(terminal.screen.lines)")

        terminal.signal(signal)
        #expect(terminal.waitForExit() == 0, "\(name)")
        #expect(!terminal.screen.isAlternate && terminal.screen.isCursorVisible)
        let advice = try #require(
            RunCommand.advice(
                attached: DevicesCommandTests.hasEventNodes ? 1 : 0, opened: 0,
                selection: DeviceSelection(["/dev/input/event999"])))
        // As the terminal shows it: wrapped at 100 columns.
        let expected = advice.split(separator: "\n", omittingEmptySubsequences: false).dropLast().flatMap { line in
            stride(from: 0, to: max(line.count, 1), by: 100).map { String(line.dropFirst($0).prefix(100)) }
        }
        #expect(Array(terminal.screen.lines.prefix(expected.count)) == expected, "what was said before the view")
    }

    @Test(arguments: [(80, 24), (132, 43)])
    func demoPlaysOnesOwnRecordingOnOnesOwnScene(columns: Int, rows: Int) throws {
        let recording = try #require(BundledRecording.all.first { $0.path.hasSuffix("right-phys-click.events") })
        let inputs = [ReplayInput(path: recording.url.path, descriptionPath: recording.descriptionURL?.path)]
        let scene = try Scene.load(path: Self.photos.path).scene
        let demo = try Demo(scene: scene, sceneFile: Self.photos.path, recordings: inputs)
        let runtime = try demo.makeRuntime()
        _ = try demo.replay.events(through: runtime)
        let title = " wayfinder demo  1/1  \(recording.url.lastPathComponent)"
        let last = Self.frame(
            try #require(runtime.snapshot()), title: title, hint: "Ctrl-C: quit",
            caption: " done: 1 recording played", columns: columns, rows: rows)

        let terminal = try Self.start(
            ["demo", "--scene", Self.photos.path] + ReplayCommandTests.arguments(for: recording),
            columns: columns, rows: rows)
        #expect(terminal.read { $0.lines == last }, "\(terminal.screen.lines)")
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screen.isAlternate && terminal.screen.isCursorVisible)
        #expect(terminal.screen.lines.filter { !$0.isEmpty } == ["wayfinder demo: done: 1 recording played"])
    }

    @Test func ctrlCEndsTheDemoAndRestoresTheTerminal() throws {
        let terminal = try Self.start(["demo"], columns: 80, rows: 24)
        #expect(terminal.read { $0.lines.first?.hasPrefix(" wayfinder demo  1/7  keyboard") == true })
        terminal.type("\u{03}")  // the terminal turns it into SIGINT, as a person's Ctrl-C
        #expect(terminal.waitForExit() == 0)
        #expect(!terminal.screen.isAlternate && terminal.screen.isCursorVisible)
        #expect(terminal.screen.lines.allSatisfy { $0.isEmpty }, "nothing printed after a stop")
    }

    @Test(arguments: [
        (80, " wayfinder explore  Tab / Shift-Tab: groups · arrows: items · Return,…  q: quit "),
        (100, " wayfinder explore  Tab / Shift-Tab: groups · arrows: items · Return, Space: select         q: quit "),
        (8, "q: quit "),
        (5, "q: qu"),
    ])
    func theTitleKeepsItsHint(columns: Int, expected: String) {
        let line = TerminalPlayer.titleLine(ExploreCommand.title, hint: ExploreCommand.quitHint, columns: columns)
        #expect(line == expected)
        #expect(line.count == min(columns, max(line.count, 0)))
    }

    /// Issue 23, case 11: `NO_COLOR` and `TERM=dumb` were ignored by the terminal views.
    @Test(arguments: [["NO_COLOR": "1", "TERM": "xterm-256color"], ["TERM": "dumb"]])
    func exploreDrawsWithoutColourWhenAskedTo(environment: [String: String]) throws {
        #expect(!Terminal.allowsColour(environment: environment))
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { $1 }
        if environment["NO_COLOR"] == nil { variables.removeValue(forKey: "NO_COLOR") }
        let terminal = try PseudoTerminal(
            WayfinderProcess.executableURL(), ["explore", "--scene", Self.photos.path], columns: 80, rows: 24,
            environment: variables)
        #expect(terminal.read { $0.lines.contains { $0.contains("press Tab") } }, "\(terminal.screen.lines)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        // No SGR sequence (ESC [ … m) that sets a colour or an attribute in what it wrote; the
        // reset on the way out (ESC [ 0 m) changes nothing.
        let text = String(decoding: terminal.output, as: UTF8.self)
        #expect(text.firstMatch(of: /\x{1B}\[[0-9;]*[1-9][0-9;]*m/) == nil)
    }

    @Test func colourIsOnByDefault() {
        #expect(Terminal.allowsColour(environment: ["TERM": "xterm-256color"]))
        #expect(Terminal.allowsColour(environment: ["NO_COLOR": "", "TERM": "xterm"]))
    }
}
