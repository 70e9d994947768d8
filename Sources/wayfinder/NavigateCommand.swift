import FocusEngine
import Foundation
import Scenes
import Wayfinder

/// `wayfinder navigate`: drives a scene's focus engine with key presses, no device needed.
struct NavigateCommand: Command {
    /// What `--debug` prints after the keys have run.
    enum DebugReport: String, CaseIterable, Sendable {
        /// Why one item can or cannot be focused (`--debug focusability ID`).
        case focusability
        /// The focus group tree with primary items.
        case groups
        /// The Tab loop, like a focus loop overlay.
        case loop
        /// The focused item, first responder and modes.
        case status
        /// Where a focus update request from a node would land, and why (`--debug request ID`).
        case request
        /// The app commands available for the current focus (what holding Command lists).
        case commands
    }

    static let name = "navigate"
    static let abstract = "Drives a scene's keyboard focus with key presses and prints where focus goes."
    static let usage =
        "wayfinder navigate --scene SCENE [--focus ID] [--fka] [--search precise|proximity] --keys \"K1 K2 …\" "
        + "[--json] [--trace] [--debug focusability ID|request ID|groups|loop|status|commands]"
    static let discussion = """
        For each key it prints one line: the key, the focused item's id afterwards (or null), and the
        selections and actions it caused. With --json each line is
        {"key":…,"focused":…,"moved":…,"events":[…]} with events in the event-stream form.

        Keys: Tab, Shift+Tab, Up, Down, Left, Right, Return, Space, Escape, chords such as Ctrl+P,
        and with --fka Tab+Z (actions menu) and Tab+F (Find), then text:word to type into Find.

        --debug prints the focus debugger's answer after the keys (or alone, without --keys):
        focusability ID explains why an item can or cannot be focused, request ID where a focus
        update request from that node would land and why, groups prints the focus group tree with
        each group's primary item, loop prints the Tab loop, status the focus state, commands the
        scene's commands available for the current focus (validated along the responder chain).
        A command whose key clashes with keyboard navigation is reported as a warning at the start.
        """
    static let options = [
        OptionHelp("--scene SCENE", "The scene file (JSON)."),
        OptionHelp("--focus ID", "Focuses this item before the first key."),
        OptionHelp("--fka", "Turns on Full Keyboard Access: controls become focusable, Tab+Z and Tab+F work."),
        OptionHelp("--search precise|proximity", "Overrides the scene's directional search."),
        OptionHelp("--keys \"K1 K2 …\"", "The keys to press, separated by spaces."),
        OptionHelp("--json", "Prints one JSON object per key."),
        OptionHelp("--trace", "Prints each focus transition (moves, failures, vetoes, modes) on standard error."),
        OptionHelp(
            "--debug WHAT", "Prints focusability ID, request ID, groups, loop, status or commands after the keys."),
    ]

    var scenePath: String?
    var initialFocus: String?
    var fullKeyboardAccess = false
    var search: DirectionalSearch?
    var keys: [KeyInput]?
    var isJSON = false
    var isTracing = false
    var debug: DebugReport?
    var debugItem: String?

    init(arguments: inout ArgumentCursor) throws(UsageError) {
        while let argument = try arguments.next() {
            switch argument {
            case .option("--scene"): scenePath = try arguments.value(for: "--scene")
            case .option("--focus"): initialFocus = try arguments.value(for: "--focus")
            case .option("--fka"): fullKeyboardAccess = true
            case .option("--search"): search = try arguments.value(for: "--search", as: DirectionalSearch.self)
            case .option("--keys"):
                let script = try arguments.value(for: "--keys")
                do {
                    keys = try KeyInput.script(script)
                } catch {
                    throw UsageError("Invalid value for '--keys': \(error)")
                }
            case .option("--json"): isJSON = true
            case .option("--trace"): isTracing = true
            case .option("--debug"):
                debug = try arguments.value(for: "--debug", as: DebugReport.self)
                if debug == .focusability || debug == .request {
                    debugItem = try arguments.value(for: "--debug \(debug?.rawValue ?? "")")
                }
            default: throw argument.unexpected
            }
        }
    }

    func validate() throws(UsageError) {
        if scenePath == nil { throw UsageError("Missing expected option '--scene SCENE'") }
        if keys == nil && debug == nil { throw UsageError("Missing expected option '--keys \"K1 K2 …\"'") }
        if keys?.isEmpty == true { throw UsageError("Invalid value for '--keys': no keys given") }
    }

    func run() throws {
        var standardOutput = FileStream.standardOutput
        var standardError = FileStream.standardError
        let path = scenePath ?? ""
        let loaded: LoadedScene
        do {
            loaded = try Scene.load(path: path)
        } catch {
            throw CommandFailure(error.description)
        }
        for warning in loaded.warnings { print("warning: \(warning)", to: &standardError) }
        let navigator: FocusNavigator
        do {
            navigator = try FocusNavigator(
                scene: loaded.scene,
                file: path,
                initialFocus: initialFocus,
                fullKeyboardAccess: fullKeyboardAccess,
                directionalSearch: search
            )
        } catch let error as NavigationError {
            throw CommandFailure("\(path): --focus: \(error)")
        }
        for clash in navigator.tree.commandTable?.clashes ?? [] {
            print("warning: \(path): \(clash)", to: &standardError)
        }
        if isTracing {
            navigator.system.traceHandler = { line in
                var standardError = FileStream.standardError
                print(line, to: &standardError)
            }
        }
        for input in keys ?? [] {
            let step = navigator.press(input)
            print(isJSON ? step.jsonLine : step.textLine, to: &standardOutput)
        }
        guard let debug else { return }
        let text: String
        switch debug {
        case .focusability:
            let id = debugItem ?? ""
            guard let node = navigator.tree.node(withID: id) else {
                throw CommandFailure("\(path): --debug focusability: the scene has no node with the id \"\(id)\"")
            }
            text = FocusDebugger.checkFocusability(for: node, in: navigator.system).description
        case .groups: text = FocusDebugger.checkFocusGroupTree(for: navigator.system)
        case .loop: text = FocusDebugger.focusLoop(in: navigator.system)
        case .status: text = FocusDebugger.status(of: navigator.system)
        case .commands: text = FocusDebugger.discoverabilityListing(for: navigator.system)
        case .request:
            let id = debugItem ?? ""
            guard let node = navigator.tree.node(withID: id) else {
                throw CommandFailure("\(path): --debug request: the scene has no node with the id \"\(id)\"")
            }
            text = FocusDebugger.simulateFocusUpdateRequest(from: node, in: navigator.system)
        }
        if isJSON {
            let escaped = try String(
                decoding: JSONSerialization.data(withJSONObject: [text], options: []), as: UTF8.self)
            print("{\"debug\":\"\(debug.rawValue)\",\"text\":\(escaped.dropFirst().dropLast())}", to: &standardOutput)
        } else {
            print(text, to: &standardOutput)
        }
    }
}
