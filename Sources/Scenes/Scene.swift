public import FocusEngine
public import Geometry

/// A scene: a tree of nodes with the settings the focus engine and the interactions need, as
/// described by a scene file.
///
/// ```swift
/// let loaded = try Scene.load(contentsOf: URL(fileURLWithPath: "photos.scene.json"))
/// for warning in loaded.warnings { print("warning: \(warning)") }
/// let scene = loaded.scene
/// scene.root.children.map(\.id)  // ["search", "sidebar", "grid", "settings"]
/// ```
///
/// A loaded scene is valid: ids are unique, frames have no negative size, every enumerated field
/// holds one of its documented values, and every node id a field refers to exists.
public struct Scene: Hashable, Sendable {
    /// The window size; the pointer starts at its centre. Defaults to the root's frame size.
    public var size: Size
    /// Whether reading order runs left to right or right to left.
    public var layoutDirection: LayoutDirection
    /// The key that selects the focused item.
    public var selectKey: SelectKey
    /// How arrow keys find the next item.
    public var directionalSearch: DirectionalSearch
    /// What the scene shows, for people reading the file (scene files have no comments).
    public var description: String?
    /// The root node, usually the window.
    public var root: SceneNode
    /// The app's commands (its menu), built once and validated along the responder chain.
    public var commands: [SceneCommand]

    /// Creates a scene.
    public init(
        size: Size? = nil,
        layoutDirection: LayoutDirection = .leftToRight,
        selectKey: SelectKey = .return,
        directionalSearch: DirectionalSearch = .precise,
        description: String? = nil,
        commands: [SceneCommand] = [],
        root: SceneNode
    ) {
        self.size = size ?? root.frame.size
        self.layoutDirection = layoutDirection
        self.selectKey = selectKey
        self.directionalSearch = directionalSearch
        self.description = description
        self.commands = commands
        self.root = root
    }

    /// Every node in tree order: a node, then its children's subtrees in order (pre-order).
    public var allNodes: [SceneNode] {
        var result: [SceneNode] = []
        func visit(_ node: SceneNode) {
            result.append(node)
            for child in node.children { visit(child) }
        }
        visit(root)
        return result
    }

    /// The node with the given id, if any.
    public func node(withID id: String) -> SceneNode? {
        func find(_ node: SceneNode) -> SceneNode? {
            if node.id == id { return node }
            for child in node.children {
                if let found = find(child) { return found }
            }
            return nil
        }
        return find(root)
    }
}

/// One node of a scene: a view, a cell, a container, or anything with a frame.
///
/// The fields most nodes set (id, frame, children, role, focusability, label, interactions) are
/// stored inline; the rarer ones (groups, priorities, effects, paths, actions, scrolling) live in
/// one shared, immutable box that only nodes using them allocate, so that a large generated
/// scene costs little memory per node. The loader shares one array among nodes whose
/// interactions are written alike.
public struct SceneNode: Hashable, Sendable {
    /// The unique id; what the command line prints.
    public var id: String
    /// The frame in window coordinates.
    public var frame: Rect
    /// The children, drawn above their parent, in order.
    public var children: [SceneNode]
    /// What the node is, for Full Keyboard Access, default focus groups and the terminal view.
    public var role: NodeRole?
    /// `canBecomeFocused`, when the file says so; nil leaves it to the role and the container.
    public var focusable: Bool?
    /// On a list or collection: whether its cells may be focused.
    public var allowsFocus: Bool?
    /// Whether the node starts selected.
    public var selected: Bool
    /// On a container: the default for its items; on an item: its override.
    public var selectionFollowsFocus: Bool?
    /// Whether this container catches directional moves into its area.
    public var focusSection: Bool
    /// Whether the node responds to the user; `false` makes Full Keyboard Access skip it.
    public var respondsToUserInteraction: Bool
    /// Whether the node is an accessibility element; nil: it is one when it has a label.
    public var accessibilityElement: Bool?
    /// Whether focusable nodes behind this one stay focusable where it covers them.
    public var transparent: Bool = false
    /// The accessibility label.
    public var label: String?
    /// The line of the node's opening brace in its file, or nil for a node built in code.
    public var line: Int?
    /// Interactions attached to the node.
    public var interactions: [SceneInteraction]
    private var extras: ExtrasBox?

    /// The rarely used fields.
    private struct Extras: Hashable, Sendable {
        var focusGroup: String?
        var priority: Int?
        var focusEffect: SceneFocusEffect = .automatic
        var inputLabels: [String] = []
        var accessibilityPath: AccessibilityPath?
        var actions: [SceneCustomAction] = []
        var scroll: SceneScroll?
        var onSubmit: String?
        var defaultAction: String?
        var performs: [String] = []
        var value: String?

        /// Whether every field has its default, so that no box is needed (cheaper than comparing
        /// with `Extras()`).
        var isDefault: Bool {
            guard case .automatic = focusEffect else { return false }
            return focusGroup == nil && priority == nil && inputLabels.isEmpty && accessibilityPath == nil
                && actions.isEmpty && scroll == nil && onSubmit == nil && defaultAction == nil && performs.isEmpty
                && value == nil
        }
    }

    /// An immutable box: setting a rare field makes a new one, so copies never share changes.
    private final class ExtrasBox: Hashable, Sendable {
        let value: Extras
        init(_ value: Extras) { self.value = value }
        static func == (lhs: ExtrasBox, rhs: ExtrasBox) -> Bool { lhs.value == rhs.value }
        func hash(into hasher: inout Hasher) { hasher.combine(value) }
    }

    private var extrasValue: Extras { extras?.value ?? Extras() }

    private mutating func modifyExtras(_ change: (inout Extras) -> Void) {
        var value = extrasValue
        change(&value)
        extras = value.isDefault ? nil : ExtrasBox(value)
    }

    /// The focus group identifier; nil inherits the parent's group.
    public var focusGroup: String? {
        get { extras?.value.focusGroup }
        set { modifyExtras { $0.focusGroup = newValue } }
    }
    /// The focus group priority; a custom value can only raise the system's.
    public var priority: Int? {
        get { extras?.value.priority }
        set { modifyExtras { $0.priority = newValue } }
    }
    /// How focus is drawn on this node.
    public var focusEffect: SceneFocusEffect {
        get { extras?.value.focusEffect ?? .automatic }
        set { modifyExtras { $0.focusEffect = newValue } }
    }
    /// Extra names for Find and voice control.
    public var inputLabels: [String] {
        get { extras?.value.inputLabels ?? [] }
        set { modifyExtras { $0.inputLabels = newValue } }
    }
    /// The shape of the focus outline, when it is not the frame.
    public var accessibilityPath: AccessibilityPath? {
        get { extras?.value.accessibilityPath }
        set { modifyExtras { $0.accessibilityPath = newValue } }
    }
    /// Custom actions (the Full Keyboard Access actions menu and their key chords).
    public var actions: [SceneCustomAction] {
        get { extras?.value.actions ?? [] }
        set { modifyExtras { $0.actions = newValue } }
    }
    /// Set when the node is a scroll view.
    public var scroll: SceneScroll? {
        get { extras?.value.scroll }
        set { modifyExtras { $0.scroll = newValue } }
    }
    /// On a container: the action Return in a text field inside it submits (SwiftUI's
    /// `onSubmit`).
    public var onSubmit: String? {
        get { extras?.value.onSubmit }
        set { modifyExtras { $0.onSubmit = newValue } }
    }
    /// The action Full Keyboard Access performs when Space activates the node; nil: `activate`.
    public var defaultAction: String? {
        get { extras?.value.defaultAction }
        set { modifyExtras { $0.defaultAction = newValue } }
    }

    /// What the node holds, for a screen reader: the text of a text field or text view (AT-SPI2's
    /// `Text`), or a control's value in words.
    public var value: String? {
        get { extras?.value.value }
        set { modifyExtras { $0.value = newValue } }
    }

    /// The actions this node can perform for the app's commands (UIKit's `canPerformAction`
    /// answering yes): a command is available while the node is in the responder chain.
    public var performs: [String] {
        get { extras?.value.performs ?? [] }
        set { modifyExtras { $0.performs = newValue } }
    }

    /// Creates a node.
    public init(
        id: String,
        frame: Rect,
        children: [SceneNode] = [],
        role: NodeRole? = nil,
        focusable: Bool? = nil,
        allowsFocus: Bool? = nil,
        focusGroup: String? = nil,
        priority: Int? = nil,
        selected: Bool = false,
        selectionFollowsFocus: Bool? = nil,
        focusSection: Bool = false,
        focusEffect: SceneFocusEffect = .automatic,
        label: String? = nil,
        inputLabels: [String] = [],
        respondsToUserInteraction: Bool = true,
        accessibilityElement: Bool? = nil,
        accessibilityPath: AccessibilityPath? = nil,
        actions: [SceneCustomAction] = [],
        interactions: [SceneInteraction] = [],
        scroll: SceneScroll? = nil,
        onSubmit: String? = nil,
        defaultAction: String? = nil,
        performs: [String] = [],
        value: String? = nil,
        line: Int? = nil
    ) {
        self.id = id
        self.frame = frame
        self.children = children
        self.role = role
        self.focusable = focusable
        self.allowsFocus = allowsFocus
        self.selected = selected
        self.selectionFollowsFocus = selectionFollowsFocus
        self.focusSection = focusSection
        self.label = label
        self.respondsToUserInteraction = respondsToUserInteraction
        self.accessibilityElement = accessibilityElement
        self.line = line
        self.interactions = interactions
        let extras = Extras(
            focusGroup: focusGroup,
            priority: priority,
            focusEffect: focusEffect,
            inputLabels: inputLabels,
            accessibilityPath: accessibilityPath,
            actions: actions,
            scroll: scroll,
            onSubmit: onSubmit,
            defaultAction: defaultAction,
            performs: performs,
            value: value
        )
        self.extras = extras.isDefault ? nil : ExtrasBox(extras)
    }

    /// Creates a node with every field but the id, frame and line at its default, as the loader
    /// starts each node (without making the rare fields to find them all at their defaults).
    init(loadedID id: String, frame: Rect, line: Int) {
        self.id = id
        self.frame = frame
        children = []
        selected = false
        focusSection = false
        respondsToUserInteraction = true
        self.line = line
        interactions = []
    }
}

/// How focus is drawn on a node.
public enum SceneFocusEffect: Hashable, Sendable {
    /// The field is absent: the system's halo around the frame.
    case automatic
    /// `null`: the app draws focus itself.
    case custom
    /// A halo (`{"halo": {…}}`).
    case halo(SceneHalo)
}

/// A halo focus effect: a rounded rectangle drawn around the item.
public struct SceneHalo: Hashable, Sendable {
    /// The curve of rounded corners, as the focus engine draws them.
    public typealias Curve = FocusHaloEffect.Curve

    /// The corner radius in points.
    public var cornerRadius: Double
    /// The corner curve; continuous unless the file says otherwise.
    public var curve: Curve
    /// The rectangle to draw, when it is not the node's frame.
    public var rect: Rect?
    /// The id of the node the halo is drawn just above.
    public var referenceNode: String?
    /// The id of the node the halo is added to (so its parent does not clip it).
    public var containerNode: String?

    /// Creates a halo.
    public init(
        cornerRadius: Double = 0,
        curve: Curve = .continuous,
        rect: Rect? = nil,
        referenceNode: String? = nil,
        containerNode: String? = nil
    ) {
        self.cornerRadius = cornerRadius
        self.curve = curve
        self.rect = rect
        self.referenceNode = referenceNode
        self.containerNode = containerNode
    }
}

/// A custom action: an entry in the Full Keyboard Access actions menu, optionally with a chord.
public struct SceneCustomAction: Hashable, Sendable {
    /// The action's name, shown in the menu and reported when it fires.
    public var name: String
    /// The key chord that fires it, such as `Ctrl+,`.
    public var key: String?

    /// Creates a custom action.
    public init(name: String, key: String? = nil) {
        self.name = name
        self.key = key
    }
}

/// Which scroll sources a pan interaction accepts.
public enum AllowedScrollTypes: String, Hashable, Sendable, CaseIterable {
    /// No scroll input drives the pan.
    case none
    /// Touchpad (continuous) scrolling drives the pan.
    case continuous
    /// Wheel (discrete) scrolling drives the pan.
    case discrete
    /// Both.
    case all
}

/// An interaction attached to a node.
public enum SceneInteraction: Hashable, Sendable {
    /// A context menu with the listed actions (secondary click or long press).
    case contextMenu(actions: [String])
    /// A secondary action (secondary click) with its name.
    case secondaryAction(action: String)
    /// The node can be dragged.
    case drag
    /// The node pans; scroll input drives it as allowed.
    case pan(allowedScrollTypes: AllowedScrollTypes)
    /// A swipe across the node fires an action (a list row's swipe to delete): with `touches`
    /// fingers (1 for a flick of a finger or a click-and-drag, 3 or 4 for a touchpad's swipe),
    /// toward `direction`.
    case swipeAction(action: String, direction: SceneSwipeDirection, touches: Int)
    /// A pointer interaction: the pointer coming over the node and leaving it is reported, and a
    /// view shows the effect while it is over it.
    case hover(effect: ScenePointerEffect)

    /// The `kind` as written in the file.
    public var kind: String {
        switch self {
        case .contextMenu: "contextMenu"
        case .secondaryAction: "secondaryAction"
        case .drag: "drag"
        case .pan: "pan"
        case .swipeAction: "swipeAction"
        case .hover: "hover"
        }
    }

    /// Every `kind` a file may name, in the order the format documents them.
    public static let kinds = ["contextMenu", "secondaryAction", "drag", "pan", "swipeAction", "hover"]

    /// The most fingers a swipe action may ask for: five, a whole hand.
    public static let maximumSwipeTouches = 5
}

/// The direction of a swipe action, as a scene file names it.
public enum SceneSwipeDirection: String, Hashable, Sendable, CaseIterable {
    /// Toward the left: a trailing swipe in a left-to-right layout.
    case left
    /// Toward the right.
    case right
    /// Upward.
    case up
    /// Downward.
    case down
}

/// How a view shows the pointer over a node with a pointer interaction, as UIPointerEffect's
/// kinds.
public enum ScenePointerEffect: String, Hashable, Sendable, CaseIterable {
    /// The node is highlighted under the pointer.
    case highlight
    /// The node lifts (is drawn raised) under the pointer.
    case lift
    /// The node is outlined and the pointer keeps its shape.
    case hover
}

/// The scroll-view part of a node.
public struct SceneScroll: Hashable, Sendable {
    /// The size of the scrollable content.
    public var contentSize: Size
    /// The smallest zoom scale a pinch leaves the content at.
    public var minimumZoomScale: Double
    /// The largest zoom scale a pinch leaves the content at; the content zooms when it is above
    /// ``minimumZoomScale``.
    public var maximumZoomScale: Double

    /// The zoom scales a file may give: from a hundredth to a hundred. Beyond them one point of
    /// content is smaller than any pixel or larger than any screen.
    public static let zoomScaleRange: ClosedRange<Double> = 0.01...100

    /// Creates a scroll description; without zoom scales the content does not zoom.
    public init(contentSize: Size, minimumZoomScale: Double = 1, maximumZoomScale: Double = 1) {
        self.contentSize = contentSize
        self.minimumZoomScale = minimumZoomScale
        self.maximumZoomScale = maximumZoomScale
    }
}

/// A command of the app's menu, as a scene declares it: available while a node in the responder
/// chain ``SceneNode/performs`` its action.
public struct SceneCommand: Hashable, Sendable {
    /// The menu title.
    public var title: String
    /// The chord, such as `Meta+P`.
    public var key: String
    /// The title of the discoverability listing (what holding Command shows); nil uses `title`.
    public var discoverabilityTitle: String?
    /// The action performed, which a node must list in ``SceneNode/performs``.
    public var action: String
    /// The line of the command in its file.
    public var line: Int?

    /// Creates a command.
    public init(title: String, key: String, discoverabilityTitle: String? = nil, action: String, line: Int? = nil) {
        self.title = title
        self.key = key
        self.discoverabilityTitle = discoverabilityTitle
        self.action = action
        self.line = line
    }
}

extension Array {
    /// Gives back the spare capacity of a large array that grew by appending, by copying it to
    /// one of its size, when more than an eighth of the capacity is spare.
    mutating func trimCapacity() {
        guard count >= 1_024, capacity - count > count / 8 else { return }
        let elements = self
        self = Array(unsafeUninitializedCapacity: elements.count) { buffer, initialized in
            initialized = buffer.initialize(fromContentsOf: elements)
        }
    }
}
