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
    static let abstract = "Explores a scene's keyboard focus interactively in the terminal."
    static let discussion = """
        Draws the scene and moves focus with the keys of the terminal: Tab and Shift-Tab between
        groups, the arrows inside a group, Return or Space to select, Escape. q or Ctrl-C quits; the
        terminal is restored on exit and on SIGINT or SIGTERM. Standard input and output must be a
        terminal.
        """
    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]), required: true,
        help: "The scene file (JSON).")
    static let options = [scene]

    /// How long a lone ESC waits for the rest of an escape sequence before it counts as the Escape
    /// key: terminals send a sequence in one write, so a few tens of milliseconds is plenty (the
    /// same order as the delays editors such as Vim and tmux use).
    static let escapeWait: Duration = .milliseconds(50)

    var scenePath: String

    init(parsing arguments: ParsedArguments) {
        scenePath = arguments.value(of: Self.scene) ?? ""
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
        let runtime = try Runtime(scene: scene, sceneFile: scenePath)
        let signals = try StopSignals()
        let raw = try RawTerminalMode()
        defer { raw.restore() }
        let player = TerminalPlayer()
        let title = " wayfinder explore  Tab / Shift-Tab: groups · arrows: items · Return, Space: select · q: quit"
        player.begin()
        if let snapshot = runtime.snapshot() { player.draw(snapshot, title: title, caption: "press Tab") }
        var decoder = TerminalKeyDecoder()
        var time = Timestamp.zero
        var buffer = [UInt8](repeating: 0, count: 64)
        let input = FileDescriptor(rawValue: STDIN_FILENO)
        let stop = signals.withFileDescriptor { $0 }
        loop: while true {
            let ready = try Readiness.waitForReadable([input, stop], timeout: nil)
            if ready[1] { break }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count <= 0 { break }
            let bytes = buffer[0..<count]
            if bytes.contains(0x03) || bytes.contains(0x04) { break }  // Ctrl-C, Ctrl-D
            var keys = decoder.decode(bytes)
            if bytes.last == 0x1B, try !Readiness.waitForReadable([input], timeout: Self.escapeWait)[0] {
                keys += decoder.flush()
            }
            for key in keys {
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
                let caption = Captions.caption(for: events) ?? "\(chord): nothing to do here"
                if let snapshot = runtime.snapshot() {
                    player.draw(snapshot, title: title, caption: "\(chord): " + caption)
                }
            }
        }
        player.end()
    }
}
