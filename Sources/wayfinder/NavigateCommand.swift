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

        /// Whether the report is about one item, named after it (`--debug focusability ID`).
        var takesItem: Bool { self == .focusability || self == .request }
    }

    static let name = "navigate"
    static let examples = [
        Example("wayfinder navigate --scene scene.json --keys \"Tab Tab Down Return\"", "where each key moves focus"),
        Example("wayfinder navigate --scene scene.json --debug focusability photo-3", "why an item cannot be focused"),
        Example("wayfinder navigate --scene scene.json --debug loop", "the Tab loop, like UIKit's overlay"),
    ]
    static let abstract = "Drives a scene's keyboard focus with key presses and prints where focus goes."
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
        A command whose key clashes with keyboard navigation or with an earlier command is reported
        as a warning at the start.
        """

    static let scene = CommandOption.value(
        "--scene", placeholder: "SCENE", completion: .file(extensions: ["json"]), required: true,
        help: "The scene file (JSON).")
    static let focus = CommandOption.value(
        "--focus", placeholder: "ID", completion: .sceneItem, help: "Focuses this item before the first key.")
    static let fullKeyboardAccess = CommandOption.flag(
        "--fka", help: "Turns on Full Keyboard Access: controls become focusable, Tab+Z and Tab+F work.")
    static let search = CommandOption.choice(
        "--search", of: DirectionalSearch.self, help: "Overrides the scene's directional search.")
    static let keys = CommandOption.value(
        "--keys", placeholder: "\"K1 K2 …\"", help: "The keys to press, separated by spaces.")
    static let json = CommandOption.flag("--json", help: "Prints one JSON object per key.")
    static let trace = CommandOption.flag(
        "--trace", help: "Prints each focus transition (moves, failures, vetoes, modes) on standard error.")
    static let debug = CommandOption.choice(
        "--debug",
        choices: DebugReport.allCases.map { .init($0.rawValue, argument: $0.takesItem ? "ID" : nil) },
        help: "Prints what the focus debugger says after the keys (see above).")
    static let options = [scene, focus, fullKeyboardAccess, search, keys, json, trace, debug]

    var scenePath: String
    var initialFocus: String?
    var fullKeyboardAccess: Bool
    var search: DirectionalSearch?
    var keys: [KeyInput]?
    var isJSON: Bool
    var isTracing: Bool
    var debug: DebugReport?
    var debugItem: String?

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        scenePath = arguments.value(of: Self.scene) ?? ""
        initialFocus = arguments.value(of: Self.focus)
        fullKeyboardAccess = arguments.contains(Self.fullKeyboardAccess)
        search = arguments.choice(of: Self.search, as: DirectionalSearch.self)
        if let script = arguments.value(of: Self.keys) {
            do {
                keys = try KeyInput.script(script)
            } catch {
                throw UsageError("Invalid value for '--keys': \(error)")
            }
        }
        isJSON = arguments.contains(Self.json)
        isTracing = arguments.contains(Self.trace)
        debug = arguments.choice(of: Self.debug, as: DebugReport.self)
        debugItem = arguments.choiceArgument(of: Self.debug)
    }

    func validate() throws(UsageError) {
        if keys == nil && debug == nil { throw UsageError("Missing expected option '--keys \"K1 K2 …\"'") }
        if keys?.isEmpty == true { throw UsageError("Invalid value for '--keys': no keys given") }
    }

    /// `; did you mean "photo-3"?` for a misspelt id, or nothing.
    static func closestID(to id: String, in scene: Scene) -> String {
        var ids: [String] = []
        var pending = [scene.root]
        while let node = pending.popLast() {
            ids.append(node.id)
            pending += node.children.reversed()
        }
        return Suggestion.text(Suggestion.closest(to: id, among: ids))
    }

    func run() throws {
        var standardOutput = CommandOutput.standard
        var standardError = FileStream.standardError
        let path = scenePath
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
            guard case .unknownNode(let id) = error else { throw CommandFailure("\(path): --focus: \(error)") }
            throw CommandFailure("\(path): --focus: \(error)" + Self.closestID(to: id, in: loaded.scene))
        }
        // The scene is not freed node by node when the command returns: the process ends.
        ProcessLifetime.keepUntilExit(navigator)
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
                throw CommandFailure(
                    "\(path): --debug focusability: the scene has no node with the id \"\(id)\""
                        + Self.closestID(to: id, in: loaded.scene))
            }
            text = FocusDebugger.checkFocusability(for: node, in: navigator.system).description
        case .groups: text = FocusDebugger.checkFocusGroupTree(for: navigator.system)
        case .loop: text = FocusDebugger.focusLoop(in: navigator.system)
        case .status: text = FocusDebugger.status(of: navigator.system)
        case .commands: text = FocusDebugger.discoverabilityListing(for: navigator.system)
        case .request:
            let id = debugItem ?? ""
            guard let node = navigator.tree.node(withID: id) else {
                throw CommandFailure(
                    "\(path): --debug request: the scene has no node with the id \"\(id)\""
                        + Self.closestID(to: id, in: loaded.scene))
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
