import Accessibility
import EventModel
import FocusEngine
import InputDevices
import InputEvents
import Scenes
import Wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `wayfinder explore`: moves focus around a scene with the terminal's keyboard.
struct ExploreCommand: Command {
    static let name = "explore"
    static let examples = [
        Example("wayfinder explore --scene my-scene.json --fka", "Tab, arrows and Full Keyboard Access in the terminal")
    ]
    static let abstract = "Explores a scene's keyboard focus interactively in the terminal."
    static let discussion = """
        Draws the scene and moves focus with the keys of the terminal: Tab and Shift-Tab between
        groups, the arrows inside a group, Return or Space to select, Escape. q or Ctrl-C quits. The
        view follows the terminal's size, and the terminal is restored on exit, on SIGINT or SIGTERM
        and on an error. Standard input and output must be a terminal. With --fka, Full Keyboard
        Access is on: controls and accessibility elements join the cursor's order, Space activates,
        and Ctrl-Z stands for Tab+Z (the actions menu, whose rows the caption lists; Up, Down and
        Return choose). Ctrl-F stands for Tab+F (Find): what is typed then searches the labels,
        the arrows step through the matches, Backspace shortens the query, and Return or Escape
        ends Find. With --accessibility, screen readers (Orca) see the scene on the AT-SPI2
        accessibility bus; focus they move and actions they run show in the caption.
        """
    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]), required: true,
        help: "The scene file (JSON).")
    static let fullKeyboardAccessOption = CommandOption.flag(
        "--fka", help: "Turns on Full Keyboard Access; Ctrl-Z opens the actions menu (Tab+Z), Ctrl-F Find (Tab+F).")
    static let options = [scene, fullKeyboardAccessOption, AccessibilityExposure.option]
    /// The byte a terminal sends for Ctrl-Z in raw mode; it stands for the Tab+Z chord, which a
    /// terminal cannot send.
    static let actionsMenuByte: UInt8 = 0x1A
    /// The byte a terminal sends for Ctrl-F in raw mode; it stands for the Tab+F chord (Find).
    static let findByte: UInt8 = 0x06

    /// How long a lone ESC waits for the rest of an escape sequence before it counts as the Escape
    /// key: terminals send a sequence in one write, so a few tens of milliseconds is plenty (the
    /// same order as the delays editors such as Vim and tmux use).
    static let escapeWait: Duration = .milliseconds(50)

    var scenePath: String
    var fullKeyboardAccess: Bool
    /// Whether the scene is shown to screen readers while the command runs.
    var exposesAccessibility: Bool

    init(parsing arguments: ParsedArguments) {
        scenePath = arguments.value(of: Self.scene) ?? ""
        fullKeyboardAccess = arguments.contains(Self.fullKeyboardAccessOption)
        exposesAccessibility = arguments.contains(AccessibilityExposure.option)
    }

    func run() throws {
        let scene: Scene
        do {
            scene = try Scene.load(path: scenePath).scene
        } catch {
            throw CommandFailure("\(error)")
        }
        guard Terminal.isInputTerminal, Terminal.isOutputTerminal else {
            throw CommandFailure(
                "explore needs a terminal on standard input and output; use 'wayfinder navigate' in scripts")
        }
        let runtime = try Runtime(scene: scene, sceneFile: scenePath, fullKeyboardAccess: fullKeyboardAccess)
        // Terminal keys carry no kernel time: a steady 1 ms apart keeps them, and what screen
        // readers ask, in order.
        var time = Timestamp.zero
        var messages: [String] = []
        let accessible =
            exposesAccessibility
            ? AccessibilityExposure.expose(
                runtime, windowName: AccessibilityExposure.windowName(ofScene: scenePath),
                clock: {
                    time += .milliseconds(1)
                    return time
                }, report: { messages.append($0) })
            : nil
        defer { accessible?.close() }
        let raw = try RawTerminalMode()
        defer { raw.restore() }
        let view = try TerminalView()
        defer { view.end() }
        func draw(_ caption: String) {
            if let snapshot = runtime.snapshot() {
                view.draw(snapshot, title: Self.title, hint: Self.quitHint, caption: caption)
            }
        }
        draw(messages.last ?? "press Tab")
        accessible?.onEvents = { events in
            draw("screen reader: " + (Captions.caption(for: events) ?? "nothing to do here"))
        }
        accessible?.bus.onReport = { message in draw("accessibility bus: \(message)") }
        let participants: [any PollParticipant] = accessible.map { [$0] } ?? []
        var decoder = TerminalKeyDecoder()
        // A paste arrives as one read; its keys are pressed in turn and drawn once.
        var buffer = [UInt8](repeating: 0, count: 4096)
        let input = FileDescriptor(rawValue: STDIN_FILENO)
        // The caption of the keys pressed since the last frame: drawn once the input queued so
        // far is used up, so that a burst of keys costs one frame, not one per key.
        var pendingCaption: String?
        loop: while true {
            let ready = try Readiness.waitForReadable(
                [input, view.stopDescriptor, view.player.resizeDescriptor], timeout: nil, participants: participants)
            if ready[1], view.checkStop() { break }
            if ready[2] { view.player.redrawIfResized() }
            guard ready[0] else { continue }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count <= 0 { break }
            let bytes = buffer[0..<count]
            if bytes.contains(0x03) || bytes.contains(0x04) { break }  // Ctrl-C, Ctrl-D
            if fullKeyboardAccess, bytes.contains(Self.actionsMenuByte) {
                time += .milliseconds(1)
                let events = runtime.press(KeyPress(.character("z"), modifiers: .tab), at: time)
                // The actions menu drawn as the caption: its rows, in order.
                let menu = events.lazy.compactMap { event -> String? in
                    guard case .action(let action) = event.payload, action.name == "actionsMenu" else { return nil }
                    return "actions menu of \(action.item): "
                        + (action.actions.isEmpty ? "none" : action.actions.joined(separator: " · "))
                }.first
                pendingCaption = nil
                draw("Tab+Z: " + (menu ?? "nothing focused"))
                continue
            }
            if fullKeyboardAccess, bytes.contains(Self.findByte) {
                time += .milliseconds(1)
                let events = runtime.press(KeyPress(.character("f"), modifiers: .tab), at: time)
                pendingCaption = nil
                draw(Self.findCaption(query: runtime.findQuery, events: events))
                continue
            }
            var keys = decoder.decode(bytes)
            if bytes.last == 0x1B, try !Readiness.waitForReadable([input], timeout: Self.escapeWait)[0] {
                keys += decoder.flush()
            }
            for key in keys {
                // While Find is open, characters (and Space) are the query, not commands.
                if runtime.findQuery != nil, let text = Self.findText(key) {
                    time += .milliseconds(1)
                    let events = runtime.press(KeyInput.text(text), at: time)
                    pendingCaption = Self.findCaption(query: runtime.findQuery, events: events)
                    continue
                }
                let chord: String
                switch key {
                case .character("q"), .character("Q"): break loop
                case .character(let character): chord = String(character).uppercased()
                case .named(let name): chord = name
                }
                guard let press = try? KeyPress(parsing: chord) else { continue }
                // Terminal keys carry no kernel time: a steady 1 ms apart keeps them in order.
                time += .milliseconds(1)
                let events = runtime.press(press, at: time)
                // Only Ctrl-F opens Find, so Find open after a key means the key stayed in it.
                if runtime.findQuery != nil {
                    pendingCaption = Self.findCaption(query: runtime.findQuery, events: events)
                } else {
                    pendingCaption = "\(chord): " + (Captions.caption(for: events) ?? "nothing to do here")
                }
            }
            // More keys already waiting are pressed before anything is drawn.
            if let caption = pendingCaption, try !Readiness.waitForReadable([input], timeout: .zero)[0] {
                pendingCaption = nil
                draw(caption)
            }
        }
    }

    /// The text a key types into Find, or nil for a key that is not text.
    static func findText(_ key: TerminalKeyDecoder.Key) -> String? {
        switch key {
        case .character(let character): String(character)
        case .named("Space"): " "
        case .named: nil
        }
    }

    /// The caption while Find is open: the query, and where it took focus.
    static func findCaption(query: String?, events: [WayfinderEvent]) -> String {
        guard let query else { return "Find: closed" }
        let found = Captions.caption(for: events).map { " · " + $0 } ?? ""
        return "Find: \"\(query)\"" + found + " (Return or Escape ends Find)"
    }

    /// The title line's text, cut to fit the terminal.
    static let title = " wayfinder explore  Tab / Shift-Tab: groups · arrows: items · Return, Space: select"

    /// What the title line keeps at its right end at any width.
    static let quitHint = "q: quit "
}
