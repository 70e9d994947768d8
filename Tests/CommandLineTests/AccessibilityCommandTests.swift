import EventModel
import FocusEngine
import Foundation
import Geometry
import InputEvents
import Scenes
import Testing
import WayfinderTestSupport

@testable import Wayfinder
@testable import wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `--accessibility` against a real accessibility bus: each test starts its own session bus
/// (`dbus-run-session`), the AT-SPI2 bus launcher with accessibility on, the registry, and a
/// screen reader's client on libatspi (``ScreenReaderClient``), then runs the real `wayfinder`
/// and compares what the client sees, exactly, with the scene and with what `wayfinder` prints.
@Suite(.serialized) struct AccessibilityCommandTests {
    static let scene = Fixtures.testFixture("scenes/accessibility.scene.json")
    static let keyboard = Fixtures.testFixture("recordings/accessibility-keyboard.evemu")
    static let application = AccessibilityExposure.applicationName
    /// How long one line of `wayfinder`'s output may take: generous, for a loaded machine.
    static let lineLimit: Duration = .seconds(90)

    /// `wayfinder` running in the background, its standard output read line by line.
    final class Background {
        let process = Process()
        let output: LineReader
        let errors: LineReader

        init(_ arguments: [String], environment: [String: String]) throws {
            process.executableURL = try WayfinderProcess.executableURL()
            process.arguments = arguments
            process.environment = environment
            let outputPipe = Pipe()
            let errorPipe = Pipe()
            process.standardOutput = outputPipe
            process.standardError = errorPipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            output = LineReader(outputPipe.fileHandleForReading)
            errors = LineReader(errorPipe.fileHandleForReading)
        }

        deinit {
            if process.isRunning { process.terminate() }
        }

        /// The next `count` lines of standard output (fewer when it ends first).
        func lines(count: Int) -> [String] {
            var lines: [String] = []
            while lines.count < count, let line = output.nextLine(within: AccessibilityCommandTests.lineLimit) {
                lines.append(line)
            }
            return lines
        }

        /// Lines of standard output up to and including the first that `isWanted` accepts.
        func lines(through isWanted: (String) -> Bool) -> [String] {
            var lines: [String] = []
            while let line = output.nextLine(within: AccessibilityCommandTests.lineLimit) {
                lines.append(line)
                if isWanted(line) { return lines }
            }
            return lines
        }

        /// Sends a signal and waits for the exit; returns the status and the rest of the output.
        func stop(_ signal: Int32) -> (status: Int32, output: [String], errors: [String]) {
            kill(process.processIdentifier, signal)
            let rest = output.remainingLines(within: AccessibilityCommandTests.lineLimit)
            let errorLines = errors.remainingLines(within: AccessibilityCommandTests.lineLimit)
            process.waitUntilExit()
            return (process.terminationStatus, rest, errorLines)
        }
    }

    /// A stream line without its time, which a real-time run cannot fix.
    static func untimed(_ line: String) -> String {
        line.replacing(/"time":[0-9.e+-]+,/, with: "")
    }

    /// The focus lines of a stream, as (from, to).
    static func focusChanges(_ lines: [String]) throws -> [(from: String?, to: String?)] {
        struct Focus: Decodable {
            var type: String
            var from: String?
            var to: String?
        }
        return try lines.compactMap { line in
            let event = try JSONDecoder().decode(Focus.self, from: Data(line.utf8))
            return event.type == "focus" ? (event.from, event.to) : nil
        }
    }

    /// The events a screen reader receives for focus changes: the item losing focus turns its
    /// `focused` state off, the window is activated when focus enters it, the item gaining focus
    /// turns its `focused` state on, and the window is deactivated when focus leaves it.
    static func expectedEvents(for changes: [(from: String?, to: String?)]) -> [ScreenReaderClient.Event] {
        var events: [ScreenReaderClient.Event] = []
        for change in changes {
            if let from = change.from {
                events.append(.init(type: "object:state-changed:focused", id: from, detail1: 0))
            }
            if change.from == nil, change.to != nil {
                events.append(.init(type: "window:activate", id: "window", detail1: 0))
            }
            if let to = change.to {
                events.append(.init(type: "object:state-changed:focused", id: to, detail1: 1))
            } else if change.from != nil {
                events.append(.init(type: "window:deactivate", id: "window", detail1: 0))
            }
        }
        return events
    }

    /// What the client must read for the fixture scene, worked out from the scene file: roles by
    /// the documented table, names from the labels, extents from the frames (a cell of the grid
    /// moved by the grid's content offset), and states from where focus and selection ended.
    static func expectedTree(
        focused: String?, selected: Set<String>, gridOffset: Double, fullKeyboardAccess: Bool
    ) throws -> ScreenReaderClient.Element {
        let scene = try Scene.load(path: Self.scene.path).scene
        let navigator = try FocusNavigator(scene: scene, fullKeyboardAccess: fullKeyboardAccess)
        let roles = [
            "button": "push button", "textField": "entry", "cell": "list item", "list": "list",
            "collection": "list", "label": "label", "container": "panel",
        ]
        let window = scene.root.frame
        let grid = try #require(scene.node(withID: "grid")).frame
        func element(_ node: SceneNode, parent: SceneNode?) throws -> ScreenReaderClient.Element {
            let focusNode = try #require(navigator.tree.node(withID: node.id))
            var extents = node.frame
            var inSight = window.intersects(extents)
            if parent?.id == "grid" {
                extents = extents.offset(by: Vector(x: 0, y: -gridOffset))
                inSight = inSight && grid.intersects(extents)
            }
            var states = ["enabled", "sensitive", "visible"]
            if inSight { states.append("showing") }
            if node.id == scene.root.id, focused != nil { states.append("active") }
            let isFocusable = navigator.system.isFocusable(focusNode)
            if isFocusable { states.append("focusable") }
            if node.id == focused { states.append("focused") }
            if node.role == .cell { states.append("selectable") }
            if selected.contains(node.id) { states.append("selected") }
            if node.role == .textField { states += ["editable", "single-line"] }
            var actions: [String] = []
            if isFocusable || focusNode.isFullKeyboardAccessElement {
                actions.append(focusNode.canBecomeFocused ? "select" : focusNode.accessibilityDefaultAction)
            }
            for interaction in node.interactions {
                if case .contextMenu(let titles) = interaction { actions += titles }
            }
            actions += node.actions.map(\.name)
            var interfaces = ["Accessible", "Component"]
            if !actions.isEmpty { interfaces.append("Action") }
            if node.role == .textField { interfaces.append("Text") }
            return ScreenReaderClient.Element(
                id: node.id,
                role: parent == nil ? "frame" : node.role.flatMap { roles[$0.rawValue] } ?? "panel",
                name: parent == nil ? "accessibility.scene.json" : node.label ?? "",
                states: states.sorted(),
                interfaces: interfaces.sorted(),
                extents: [Int(extents.minX), Int(extents.minY), Int(extents.width), Int(extents.height)],
                actions: actions.isEmpty ? nil : actions,
                text: node.role == .textField ? node.value ?? "" : nil,
                caret: node.role == .textField ? (node.value ?? "").unicodeScalars.count : nil,
                children: try node.children.map { try element($0, parent: node) })
        }
        return try element(scene.root, parent: nil)
    }

    @Test func aRealTimeReplayShowsTheSceneItsFocusAndWhatAScreenReaderAsks() throws {
        // What the replay prints without a bus: the focus lines the screen reader must hear.
        let plain = try WayfinderProcess.run(["replay", "--scene", Self.scene.path, "--json", Self.keyboard.path])
        try #require(plain.exitCode == 0, "\(plain.standardError)")
        let changes = try Self.focusChanges(plain.outputLines)
        #expect(
            changes.map(\.to) == [
                "search", "settings", "recents", "favorites", "shared", "photo-1", "photo-3",
                "photo-4", "shared",
            ], "the recording moves focus through every group")

        let reader = try ScreenReaderClient()
        defer { reader.close() }
        let replay = try Background(
            ["replay", "--scene", Self.scene.path, "--realtime", "--accessibility", "--json", Self.keyboard.path],
            environment: reader.environment)
        #expect(try reader.waitForApplication(Self.application))

        // Every focus change, in order, as the stream has it.
        let expected = Self.expectedEvents(for: changes)
        let received = try reader.events(waitingFor: expected.count)
        #expect(received == expected)
        // What the replay printed up to the long pause before its last key (Shift alone at 120 s,
        // then the keyboard removed): the same as without the bus, but for the times.
        let burst = plain.outputLines.dropLast(3).map(Self.untimed)
        #expect(replay.lines(count: burst.count).map(Self.untimed) == burst)

        // The tree, against the scene, where the recording left focus and selection.
        let tree = try reader.tree(of: Self.application)
        #expect(tree.name == Self.application && tree.role == "application")
        let window = try #require(tree.children.first)
        #expect(tree.children.count == 1)
        let scrolled = try Self.expectedTree(
            focused: "shared", selected: ["shared"], gridOffset: 140, fullKeyboardAccess: false)
        #expect(window == scrolled, "\(window)")

        // GrabFocus moves Wayfinder's focus (and scrolls the grid back), and the screen reader
        // hears it.
        #expect(try reader.grabFocus("photo-2", in: Self.application))
        #expect(
            replay.lines { $0.contains("contentOffset") }.map(Self.untimed) == [
                #"{"device":"accessibility","deviceID":"accessibility","version":2,"type":"focus","from":"shared","to":"photo-2","heading":"none"}"#,
                #"{"device":"accessibility","deviceID":"accessibility","version":2,"type":"contentOffset","item":"grid","x":0,"y":0}"#,
            ])
        let afterGrab = expected + Self.expectedEvents(for: [("shared", "photo-2")])
        #expect(try reader.events(waitingFor: afterGrab.count) == afterGrab)

        // DoAction runs a custom action as the actions menu would, a context menu's row as the
        // menu would, and the default action as Space would.
        #expect(try reader.doAction("Open", on: "settings", in: Self.application))
        #expect(try reader.doAction("Delete", on: "photo-1", in: Self.application))
        #expect(try reader.doAction("select", on: "favorites", in: Self.application))
        #expect(
            replay.lines { $0.contains(#""type":"select""#) }.map(Self.untimed) == [
                #"{"device":"accessibility","deviceID":"accessibility","version":2,"type":"action","item":"settings","name":"Open","trigger":"menu"}"#,
                #"{"device":"accessibility","deviceID":"accessibility","version":2,"type":"action","item":"photo-1","name":"Delete","trigger":"menu"}"#,
                #"{"device":"accessibility","deviceID":"accessibility","version":2,"type":"select","item":"favorites"}"#,
            ])
        let after = try reader.tree(of: Self.application)
        #expect(
            after.children == [
                try Self.expectedTree(
                    focused: "photo-2", selected: ["favorites"], gridOffset: 0, fullKeyboardAccess: false)
            ])

        // SIGTERM ends the replay cleanly: the keyboard is released, the application leaves.
        let end = replay.stop(SIGTERM)
        #expect(end.status == 0)
        #expect(end.output.map(Self.untimed) == [plain.outputLines.last.map(Self.untimed)])
        #expect(end.errors == [])
        #expect(try reader.waitUntilGone(Self.application))
        #expect(try reader.events(waitingFor: afterGrab.count) == afterGrab, "nothing else was heard")
    }

    // MARK: explore

    /// The focus node with an id in a runtime's scene.
    static func node(_ id: String, in runtime: Runtime) throws -> FocusNode {
        let focus = try #require(runtime.sceneSession?.focus)
        func find(_ environment: any FocusEnvironment) -> FocusNode? {
            if let node = environment as? FocusNode, node.id == id { return node }
            for child in environment.focusChildren {
                if let found = find(child) { return found }
            }
            return nil
        }
        return try #require(find(focus.root))
    }

    @Test func exploreWithFullKeyboardAccessShowsTheActionsMenuAsActions() throws {
        let reader = try ScreenReaderClient()
        defer { reader.close() }
        let scene = try Scene.load(path: Self.scene.path).scene
        // The same scene driven in the test, for the frames the terminal must show.
        let runtime = try Runtime(scene: scene, sceneFile: Self.scene.path, fullKeyboardAccess: true)
        let terminal = try PseudoTerminal(
            WayfinderProcess.executableURL(), ["explore", "--scene", Self.scene.path, "--fka", "--accessibility"],
            columns: 100, rows: 30, environment: reader.environment)
        func expect(_ caption: String, _ comment: Comment) throws {
            let frame = TerminalViewTests.frame(
                try #require(runtime.snapshot()), title: ExploreCommand.title, hint: ExploreCommand.quitHint,
                caption: caption, columns: 100, rows: 30)
            #expect(terminal.read { $0.lines == frame }, comment)
        }
        try expect("press Tab", "the first frame")
        #expect(try reader.waitForApplication(Self.application))
        var time = Timestamp.zero
        func press(_ bytes: String, _ chord: String) throws -> [WayfinderEvent] {
            terminal.type(bytes)
            time += .milliseconds(1)
            return runtime.press(try KeyPress(parsing: chord), at: time)
        }
        // Full Keyboard Access: Tab to the sidebar, the search field and the toolbar, whose first
        // button only Full Keyboard Access reaches; Right to Settings.
        for (bytes, chord) in [("\t", "Tab"), ("\t", "Tab"), ("\t", "Tab"), ("\u{1B}[C", "Right")] {
            let events = try press(bytes, chord)
            try expect("\(chord): " + (Captions.caption(for: events) ?? ""), "\(chord)")
        }
        let menu = try press("\u{1A}", "Tab+Z")  // Ctrl-Z: the actions menu
        let rows = menu.compactMap { event -> [String]? in
            guard case .action(let action) = event.payload, action.name == "actionsMenu" else { return nil }
            return action.actions
        }
        #expect(rows == [["Open", "Reset"]])
        try expect("Tab+Z: actions menu of settings: Open · Reset", "the actions menu")

        // The menu's rows are the node's actions, after the default one.
        let tree = try reader.tree(of: Self.application)
        let settings = try #require(tree.element(withID: "settings"))
        #expect(settings.actions == ["select", "Open", "Reset"])
        #expect(
            tree.children == [
                try Self.expectedTree(
                    focused: "settings", selected: ["recents"], gridOffset: 0, fullKeyboardAccess: true)
            ])
        let changes: [(from: String?, to: String?)] = [
            (nil, "recents"), ("recents", "search"), ("search", "slideshow"), ("slideshow", "settings"),
        ]
        #expect(try reader.events(waitingFor: 5) == Self.expectedEvents(for: changes))

        // DoAction runs a row as the menu would; GrabFocus moves focus; the caption says so.
        #expect(try reader.doAction("Reset", on: "settings", in: Self.application))
        time += .milliseconds(1)
        let reset = runtime.perform(.customAction("Reset", on: try Self.node("settings", in: runtime)), at: time)
        #expect(reset.map(\.payload) == [.action(ActionEvent(item: "settings", name: "Reset", trigger: .menu))])
        try expect("screen reader: " + (Captions.caption(for: reset) ?? ""), "the action run")
        #expect(try reader.grabFocus("search", in: Self.application))
        time += .milliseconds(1)
        let grabbed = runtime.perform(.focus(try Self.node("search", in: runtime)), at: time)
        try expect("screen reader: " + (Captions.caption(for: grabbed) ?? ""), "focus moved")
        let all = Self.expectedEvents(for: changes + [("settings", "search")])
        #expect(try reader.events(waitingFor: all.count) == all)

        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        #expect(try reader.waitUntilGone(Self.application), "explore leaves the bus when it ends")
    }

    // MARK: Without a bus, and with accessibility off

    /// Environments without an accessibility bus, and the one warning each gives.
    static let busless: [(environment: [String: String], warning: String)] = [
        (
            ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/bus"],
            "Warning: --accessibility: the session bus at unix:path=/nonexistent/bus cannot be reached: "
                + "Failed to connect to socket /nonexistent/bus: No such file or directory; "
                + "running without the accessibility bus"
        ),
        (
            ["AT_SPI_BUS_ADDRESS": "unix:path=/nonexistent/a11y-bus"],
            "Warning: --accessibility: the accessibility bus at unix:path=/nonexistent/a11y-bus cannot be reached: "
                + "Failed to connect to socket /nonexistent/a11y-bus: No such file or directory; "
                + "running without the accessibility bus"
        ),
        (
            [:],
            "Warning: --accessibility: no session bus: DBUS_SESSION_BUS_ADDRESS is not set; "
                + "running without the accessibility bus"
        ),
    ]

    /// The test's environment without any way to a bus, plus `extra`.
    static func environment(_ extra: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for name in ["DBUS_SESSION_BUS_ADDRESS", "AT_SPI_BUS_ADDRESS", "XDG_RUNTIME_DIR"] {
            environment[name] = nil
        }
        return environment.merging(extra) { $1 }
    }

    @Test(arguments: 0..<busless.count)
    func withoutABusAReplayWarnsOnceAndRunsAsWithoutIt(_ index: Int) throws {
        let (extra, warning) = Self.busless[index]
        let recording = Fixtures.testFixture("recordings/two-devices.libinput.yml").path
        let plain = try WayfinderProcess.run(["replay", "--scene", Self.scene.path, "--json", recording])
        let exposed = try WayfinderProcess.run(
            ["replay", "--scene", Self.scene.path, "--realtime", "--accessibility", "--json", recording],
            environment: Self.environment(extra))
        #expect(exposed.exitCode == 0)
        #expect(exposed.errorLines == [warning])
        #expect(exposed.outputLines == plain.outputLines)
        #expect(plain.outputLines.count == 6)
    }

    @Test func withoutABusExploreShowsTheWarningAndRunsAsWithoutIt() throws {
        let (extra, warning) = Self.busless[0]
        let scene = try Scene.load(path: Self.scene.path).scene
        let runtime = try Runtime(scene: scene, sceneFile: Self.scene.path)
        var environment = Self.environment(extra)
        environment["TERM"] = "xterm-256color"
        let terminal = try PseudoTerminal(
            WayfinderProcess.executableURL(), ["explore", "--scene", Self.scene.path, "--accessibility"],
            columns: 300, rows: 30, environment: environment)
        func frame(_ caption: String) throws -> [String] {
            TerminalViewTests.frame(
                try #require(runtime.snapshot()), title: ExploreCommand.title, hint: ExploreCommand.quitHint,
                caption: caption, columns: 300, rows: 30)
        }
        let first = try frame(warning)
        #expect(terminal.read { $0.lines == first }, "the warning is the first caption")
        terminal.type("\t")
        let events = runtime.press(try KeyPress(parsing: "Tab"), at: .zero + .milliseconds(1))
        let focused = try frame("Tab: " + (Captions.caption(for: events) ?? ""))
        #expect(terminal.read { $0.lines == focused }, "keys work as without the option")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
    }

    @Test func withAccessibilityOffNothingConnectsUntilAScreenReaderTurnsItOn() throws {
        let reader = try ScreenReaderClient(accessibilityEnabled: false)
        defer { reader.close() }
        let replay = try Background(
            ["replay", "--scene", Self.scene.path, "--realtime", "--accessibility", "--json", Self.keyboard.path],
            environment: reader.environment)
        #expect(
            replay.errors.nextLine(within: Self.lineLimit)
                == "Accessibility is off on this desktop (org.a11y.Status); the scene joins the accessibility bus "
                + "when a screen reader turns it on.")
        // Once the replay runs, it made its choice: only the client's own connection is on the
        // accessibility bus.
        #expect(replay.lines(count: 1).count == 1)
        let pid = replay.process.processIdentifier
        #expect(try !reader.connectedProcesses().contains(pid))

        try reader.setAccessibilityEnabled(true)
        #expect(try reader.waitForApplication(Self.application))
        #expect(try reader.connectedProcesses().contains(pid))
        // The scene is there as with accessibility on from the start: a screen reader can move focus.
        #expect(try reader.grabFocus("settings", in: Self.application))
        // Where the recording had taken focus by then depends on the machine's pace; where the
        // screen reader put it does not.
        let moved = replay.lines { $0.contains(#""device":"accessibility""#) }.last ?? ""
        #expect(moved.hasSuffix(#""to":"settings","heading":"none"}"#), "\(moved)")
        let end = replay.stop(SIGTERM)
        #expect(end.status == 0)
        #expect(try reader.waitUntilGone(Self.application))
    }

    // MARK: run

    @Test func runShowsTheSceneWhileItWaitsForDevices() throws {
        let reader = try ScreenReaderClient()
        defer { reader.close() }
        // No device is chosen, so that the live loop waits whatever the machine has attached.
        let run = try Background(
            ["run", "--scene", Self.scene.path, "--accessibility", "--json", "--device", "/nonexistent/event99"],
            environment: reader.environment)
        #expect(try reader.waitForApplication(Self.application))
        let tree = try reader.tree(of: Self.application)
        #expect(
            tree.children == [
                try Self.expectedTree(focused: nil, selected: ["recents"], gridOffset: 0, fullKeyboardAccess: false)
            ])
        // The bus is served in the same wait as the devices: GrabFocus moves focus at once.
        #expect(try reader.grabFocus("photo-4", in: Self.application))
        #expect(
            run.lines(count: 2).map(Self.untimed) == [
                #"{"device":"accessibility","deviceID":"accessibility","version":2,"type":"focus","from":null,"to":"photo-4","heading":"none"}"#,
                #"{"device":"accessibility","deviceID":"accessibility","version":2,"type":"contentOffset","item":"grid","x":0,"y":140}"#,
            ])
        let expected = Self.expectedEvents(for: [(nil, "photo-4")])
        #expect(try reader.events(waitingFor: expected.count) == expected)
        let end = run.stop(SIGTERM)
        #expect(end.status == 0)
        #expect(end.output == [])
        #expect(try reader.waitUntilGone(Self.application))
    }
}
