public import EventModel
public import FocusEngine
public import Scenes

/// A scene turned into `FocusNode`s, ready for a `FocusSystem`.
///
/// ```swift
/// let tree = try SceneFocusTree(scene: loaded.scene)
/// let system = FocusSystem(root: tree.root, configuration: tree.configuration)
/// tree.node(withID: "photo-1")?.frame
/// ```
public final class SceneFocusTree {
    /// The scene the tree was built from.
    public let scene: Scene
    /// The root node.
    public let root: FocusNode
    /// The scene's command table; nil when it declares no commands.
    public private(set) var commandTable: CommandTable?
    /// Every node, in tree order, by id.
    private let nodes: NodeIndex<FocusNode>

    /// Builds the nodes of `scene`.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - file: The name errors use for the scene's source.
    /// - Throws: `SceneError` when a custom action's key chord cannot be parsed (naming the
    ///   node and the field).
    public init(scene: Scene, file: String = "<scene>") throws(SceneError) {
        self.scene = scene
        var nodes: [FocusNode] = []
        var halos: [(FocusHaloEffect, SceneHalo)] = []
        // Only the fields that differ from a new node's defaults are set: every write to a node's
        // property is checked for exclusive access at run time, and most nodes set few fields.
        func build(_ description: SceneNode) throws(SceneError) -> FocusNode {
            let node = FocusNode(
                id: description.id, frame: description.frame, role: description.role,
                focusable: description.focusable)
            if let allowsFocus = description.allowsFocus { node.allowsFocus = allowsFocus }
            if let group = description.focusGroup { node.declaredFocusGroup = group }
            if let priority = description.priority { node.focusGroupPriority = FocusGroupPriority(rawValue: priority) }
            if description.selected { node.isInitiallySelected = true }
            if let follows = description.selectionFollowsFocus { node.followsFocusWithSelection = follows }
            if description.focusSection { node.isFocusSection = true }
            switch description.focusEffect {
            case .automatic:
                break
            case .custom:
                node.focusEffectStyle = .appDrawn
            case .halo(let halo):
                let effect = FocusHaloEffect(
                    roundedRect: halo.rect ?? description.frame,
                    cornerRadius: halo.cornerRadius,
                    curve: halo.curve == .continuous ? .continuous : .circular
                )
                halos.append((effect, halo))
                node.focusEffectStyle = .halo(effect)
            }
            if let label = description.label { node.accessibilityLabel = label }
            let inputLabels = description.inputLabels
            if !inputLabels.isEmpty { node.accessibilityUserInputLabels = inputLabels }
            if !description.respondsToUserInteraction { node.accessibilityRespondsToUserInteraction = false }
            if let path = description.accessibilityPath { node.accessibilityPath = path }
            if let scroll = description.scroll { node.scrollContentSize = scroll.contentSize }
            if let element = description.accessibilityElement { node.accessibilityElementOverride = element }
            if let action = description.defaultAction { node.defaultAccessibilityAction = action }
            if let value = description.value { node.accessibilityValue = value }
            let performs = description.performs
            if !performs.isEmpty { node.performableActions = performs }
            if description.transparent { node.isTransparentFocusItem = true }
            if let onSubmit = description.onSubmit { node.submitAction = SubmitAction(name: onSubmit) }
            for (index, action) in description.actions.enumerated() {
                var key: KeyPress?
                if let chord = action.key {
                    do {
                        key = try KeyPress(parsing: chord)
                    } catch {
                        throw SceneError(
                            file: file,
                            line: description.line,
                            nodeID: description.id,
                            field: "actions[\(index)].key",
                            kind: .invalidValue(error.reason)
                        )
                    }
                }
                node.accessibilityCustomActions.append(CustomAction(name: action.name, key: key))
            }
            nodes.append(node)
            // Through a buffer: iterating the array would copy each child's description.
            try description.children.withUnsafeBufferPointer { children throws(SceneError) in
                if children.count > 1 { node.reserveChildCapacity(children.count) }
                for index in children.indices { node.addChild(try build(children[index])) }
            }
            return node
        }
        root = try build(scene.root)
        self.nodes = NodeIndex(nodes, identifier: \.id)
        var commands: [AppCommand] = []
        for (index, command) in scene.commands.enumerated() {
            do {
                let input = try KeyPress(parsing: command.key)
                commands.append(
                    AppCommand(
                        title: command.title, input: input, discoverabilityTitle: command.discoverabilityTitle,
                        action: command.action))
            } catch {
                throw SceneError(
                    file: file, line: command.line, nodeID: nil, field: "commands[\(index)].key",
                    kind: .invalidValue(error.reason))
            }
        }
        commandTable = commands.isEmpty ? nil : CommandTable(commands)
        for (effect, halo) in halos {
            effect.referenceItem = halo.referenceNode.flatMap { node(withID: $0) }
            effect.containerItem = halo.containerNode.flatMap { node(withID: $0) }
        }
    }

    /// The node with `id`.
    public func node(withID id: String) -> FocusNode? { nodes.node(withIdentifier: id) }

    /// The focus configuration the scene asks for.
    public var configuration: FocusConfiguration {
        FocusConfiguration(
            layoutDirection: scene.layoutDirection,
            selectKey: scene.selectKey,
            directionalSearch: scene.directionalSearch
        )
    }
}

/// Why a navigation session could not start.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `--focus` names an id the scene does not have.
    case unknownNode(String)
    /// `--focus` names a node that cannot be focused; the report says why.
    case notFocusable(String, reason: String)

    /// What happened, in words.
    public var description: String {
        switch self {
        case .unknownNode(let id): "the scene has no node with the id \"\(id)\""
        case .notFocusable(let id, let reason): "the node \"\(id)\" cannot be focused: \(reason)"
        }
    }
}

/// One key of a navigation session and what it did.
public struct NavigationStep: Hashable, Sendable {
    /// The key as written in the script.
    public var key: String
    /// The focused item's id afterwards, or nil.
    public var focused: String?
    /// Whether the focused item changed.
    public var moved: Bool
    /// Whether anything used the key.
    public var handled: Bool
    /// The events, in order.
    public var events: [EventPayload]

    /// `{"key":"Right","focused":"b","moved":true,"events":[…]}`, each event as the event stream
    /// prints its payload.
    public var jsonLine: String {
        var line = JSONLine()
        line.append("key", key)
        line.append("focused", focused)
        line.append("moved", moved)
        line.append(
            "events",
            objects: events.map { event in
                var object = JSONLine()
                event.appendJSONFields(to: &object)
                return object
            })
        return line.text
    }

    /// `Down  favorites  select favorites`: the key, the focused id (or `null`), then what the key
    /// caused besides moving focus.
    public var textLine: String {
        var parts = [key, focused ?? "null"]
        if !handled { parts.append("(not handled)") }
        for event in events {
            switch event {
            case .select(let item):
                parts.append("select \(item)")
            case .action(let action) where action.name == "actionsMenu":
                parts.append(
                    "actions menu of \(action.item): "
                        + (action.actions.isEmpty ? "none" : action.actions.joined(separator: ", ")))
            case .action(let action):
                parts.append("action \(action.item): \(action.name) (\(action.trigger?.rawValue ?? "none"))")
            case .focus, .device, .input, .contentOffset:
                continue
            }
        }
        return parts.joined(separator: "  ")
    }
}

/// Drives a scene's focus with key presses: what `wayfinder navigate` runs.
///
/// ```swift
/// let navigator = try FocusNavigator(scene: scene, fullKeyboardAccess: false)
/// for input in try KeyInput.script("Tab Tab Down Return") {
///     print(navigator.press(input).textLine)
/// }
/// ```
public final class FocusNavigator {
    /// The scene's nodes.
    public let tree: SceneFocusTree
    /// The focus system.
    public let system: FocusSystem

    /// Starts a session.
    ///
    /// - Parameters:
    ///   - scene: The scene.
    ///   - file: The scene's file name for errors.
    ///   - initialFocus: The id to focus before the first key.
    ///   - fullKeyboardAccess: Whether Full Keyboard Access is on.
    ///   - directionalSearch: Overrides the scene's directional search.
    /// - Throws: `SceneError` for a bad key chord in the scene, ``NavigationError`` for a bad
    ///   initial focus.
    public init(
        scene: Scene,
        file: String = "<scene>",
        initialFocus: String? = nil,
        fullKeyboardAccess: Bool = false,
        directionalSearch: DirectionalSearch? = nil
    ) throws {
        tree = try SceneFocusTree(scene: scene, file: file)
        var configuration = tree.configuration
        configuration.fullKeyboardAccess = fullKeyboardAccess
        if let directionalSearch { configuration.directionalSearch = directionalSearch }
        system = FocusSystem(root: tree.root, configuration: configuration)
        system.commandTable = tree.commandTable
        if let initialFocus {
            guard let node = tree.node(withID: initialFocus) else { throw NavigationError.unknownNode(initialFocus) }
            let result = system.focus(node)
            if !result.moved {
                let report = FocusDebugger.checkFocusability(for: node, in: system)
                throw NavigationError.notFocusable(initialFocus, reason: report.reasons.joined(separator: "; "))
            }
        }
    }

    /// Presses one key (or types text) and reports what happened.
    public func press(_ input: KeyInput) -> NavigationStep {
        let result = system.handle(input)
        return NavigationStep(
            key: input.description,
            focused: system.focusedItem.map { FocusSystem.name(of: $0) },
            moved: result.moved,
            handled: result.handled,
            events: result.events
        )
    }

    /// Runs a whole script.
    public func run(_ inputs: [KeyInput]) -> [NavigationStep] { inputs.map { press($0) } }
}
