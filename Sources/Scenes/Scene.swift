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
    public var size: SceneSize
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

    /// Creates a scene.
    public init(
        size: SceneSize? = nil,
        layoutDirection: LayoutDirection = .leftToRight,
        selectKey: SelectKey = .return,
        directionalSearch: DirectionalSearch = .precise,
        description: String? = nil,
        root: SceneNode
    ) {
        self.size = size ?? root.frame.size
        self.layoutDirection = layoutDirection
        self.selectKey = selectKey
        self.directionalSearch = directionalSearch
        self.description = description
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

/// The direction text and reading order run in.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    /// Leading is left: English, French, …
    case leftToRight
    /// Leading is right: Arabic, Hebrew, …
    case rightToLeft
}

/// The key that selects the focused item.
public enum SelectKey: String, Hashable, Sendable, CaseIterable {
    /// Return selects, the iPadOS convention.
    case `return`
    /// Space selects, the Mac convention.
    case space
}

/// How arrow keys choose the next item within a focus group.
public enum DirectionalSearch: String, Hashable, Sendable, CaseIterable {
    /// Only items overlapping the focused item's extent across the direction of travel, as UIKit
    /// and tvOS do it; focus sections and guides bridge the gaps.
    case precise
    /// Android's FocusFinder rule: an item in the beam first, otherwise the lowest
    /// 13·major² + minor².
    case proximity
}

/// One node of a scene: a view, a cell, a container, or anything with a frame.
public struct SceneNode: Hashable, Sendable {
    /// The unique id; what the command line prints.
    public var id: String
    /// The frame in window coordinates.
    public var frame: SceneRect
    /// The children, drawn above their parent, in order.
    public var children: [SceneNode]
    /// What the node is, for Full Keyboard Access, default focus groups and the terminal view.
    public var role: SceneNodeRole?
    /// `canBecomeFocused`, when the file says so; nil leaves it to the role and the container.
    public var focusable: Bool?
    /// On a list or collection: whether its cells may be focused.
    public var allowsFocus: Bool?
    /// The focus group identifier; nil inherits the parent's group.
    public var focusGroup: String?
    /// The focus group priority; a custom value can only raise the system's.
    public var priority: Int?
    /// Whether the node starts selected.
    public var selected: Bool
    /// On a container: the default for its items; on an item: its override.
    public var selectionFollowsFocus: Bool?
    /// Whether this container catches directional moves into its area.
    public var focusSection: Bool
    /// How focus is drawn on this node.
    public var focusEffect: SceneFocusEffect
    /// The accessibility label.
    public var label: String?
    /// Extra names for Find and voice control.
    public var inputLabels: [String]
    /// Whether the node responds to the user; `false` makes Full Keyboard Access skip it.
    public var respondsToUserInteraction: Bool
    /// The shape of the focus outline, when it is not the frame.
    public var accessibilityPath: AccessibilityPath?
    /// Custom actions (the Full Keyboard Access actions menu and their key chords).
    public var actions: [SceneCustomAction]
    /// Interactions attached to the node.
    public var interactions: [SceneInteraction]
    /// Set when the node is a scroll view.
    public var scroll: SceneScroll?
    /// The line of the node's opening brace in its file, or nil for a node built in code.
    public var line: Int?

    /// Creates a node.
    public init(
        id: String,
        frame: SceneRect,
        children: [SceneNode] = [],
        role: SceneNodeRole? = nil,
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
        accessibilityPath: AccessibilityPath? = nil,
        actions: [SceneCustomAction] = [],
        interactions: [SceneInteraction] = [],
        scroll: SceneScroll? = nil,
        line: Int? = nil
    ) {
        self.id = id
        self.frame = frame
        self.children = children
        self.role = role
        self.focusable = focusable
        self.allowsFocus = allowsFocus
        self.focusGroup = focusGroup
        self.priority = priority
        self.selected = selected
        self.selectionFollowsFocus = selectionFollowsFocus
        self.focusSection = focusSection
        self.focusEffect = focusEffect
        self.label = label
        self.inputLabels = inputLabels
        self.respondsToUserInteraction = respondsToUserInteraction
        self.accessibilityPath = accessibilityPath
        self.actions = actions
        self.interactions = interactions
        self.scroll = scroll
        self.line = line
    }
}

/// What a node is. Scene files may use roles beyond the well-known ones; they load as written.
public struct SceneNodeRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The role's name as written in the file.
    public var rawValue: String

    /// Creates a role from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A push button.
    public static let button = SceneNodeRole(rawValue: "button")
    /// A single-line text field; forms its own focus group by default.
    public static let textField = SceneNodeRole(rawValue: "textField")
    /// A multi-line text view; forms its own focus group by default.
    public static let textView = SceneNodeRole(rawValue: "textView")
    /// A cell of a list or collection.
    public static let cell = SceneNodeRole(rawValue: "cell")
    /// A list (table view).
    public static let list = SceneNodeRole(rawValue: "list")
    /// A collection (grid).
    public static let collection = SceneNodeRole(rawValue: "collection")
    /// Static text.
    public static let label = SceneNodeRole(rawValue: "label")
    /// An image.
    public static let image = SceneNodeRole(rawValue: "image")
    /// An on/off switch.
    public static let `switch` = SceneNodeRole(rawValue: "switch")
    /// A slider.
    public static let slider = SceneNodeRole(rawValue: "slider")
    /// A segmented control.
    public static let segmentedControl = SceneNodeRole(rawValue: "segmentedControl")
    /// A link.
    public static let link = SceneNodeRole(rawValue: "link")
    /// A plain container.
    public static let container = SceneNodeRole(rawValue: "container")

    /// The roles this version knows; other names load with a warning-free pass-through.
    public static let wellKnown: [SceneNodeRole] = [
        .button, .textField, .textView, .cell, .list, .collection, .label, .image, .switch, .slider,
        .segmentedControl, .link, .container,
    ]

    /// Whether the role is a control that Full Keyboard Access makes focusable.
    public var isControl: Bool {
        [SceneNodeRole.button, .switch, .slider, .segmentedControl, .link, .textField, .textView].contains(self)
    }

    /// Whether the role edits text (and so forms its own focus group by default).
    public var isTextInput: Bool { self == .textField || self == .textView }

    /// The role's name.
    public var description: String { rawValue }
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
    /// The curve of rounded corners.
    public enum Curve: String, Hashable, Sendable, CaseIterable {
        /// Continuous curvature (a squircle-like corner).
        case continuous
        /// Circular arcs.
        case circular
    }

    /// The corner radius in points.
    public var cornerRadius: Double
    /// The corner curve; continuous unless the file says otherwise.
    public var curve: Curve
    /// The rectangle to draw, when it is not the node's frame.
    public var rect: SceneRect?
    /// The id of the node the halo is drawn just above.
    public var referenceNode: String?
    /// The id of the node the halo is added to (so its parent does not clip it).
    public var containerNode: String?

    /// Creates a halo.
    public init(
        cornerRadius: Double = 0,
        curve: Curve = .continuous,
        rect: SceneRect? = nil,
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

/// The shape of a node's accessibility outline.
public enum AccessibilityPath: Hashable, Sendable {
    /// An ellipse inscribed in the rectangle.
    case ellipse(SceneRect)
    /// A rounded rectangle with a corner radius.
    case roundedRect(SceneRect, cornerRadius: Double)
    /// A closed polygon through the points, in order.
    case polygon([ScenePoint])
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

    /// The `kind` as written in the file.
    public var kind: String {
        switch self {
        case .contextMenu: "contextMenu"
        case .secondaryAction: "secondaryAction"
        case .drag: "drag"
        case .pan: "pan"
        }
    }
}

/// The scroll-view part of a node.
public struct SceneScroll: Hashable, Sendable {
    /// The size of the scrollable content.
    public var contentSize: SceneSize

    /// Creates a scroll description.
    public init(contentSize: SceneSize) {
        self.contentSize = contentSize
    }
}
