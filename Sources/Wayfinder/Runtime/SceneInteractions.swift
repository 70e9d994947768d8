public import Geometry
public import Interactions
public import Scenes

/// A node tree built from a scene file, with the interactions and scroll views the file attaches.
///
/// Each scene node becomes an Interactions `Node` with the same identifier and frame. A node with `scroll`
/// gets a `ScrollViewInteraction` first, zooming between its zoom scales; then its
/// `interactions`, in file order: `contextMenu` → `ContextMenuInteraction`, `secondaryAction` →
/// `SecondaryActionInteraction`, `drag` → `DragInteraction`, `pan` → `PanInteraction` with
/// its allowed scroll types, `swipeAction` → `SwipeActionInteraction` with its direction and
/// fingers, `hover` → `PointerInteraction` with its effect. A node's interactions other than its
/// scroll view are made the first time input looks at the node (or code asks for them), unless
/// one of them is a hover effect: a large scene costs its nodes, not every cell's recognizers.
///
/// ```swift
/// let loaded = try Scene.load(contentsOf: url)
/// let tree = SceneInteractions(scene: loaded.scene)
/// let system = tree.makeSystem()
/// ```
public struct SceneInteractions {
    /// The root node.
    public let root: Node
    /// The scene's size.
    public let sceneSize: Size
    /// The scroll views, by node identifier.
    public let scrollViews: [String: ScrollViewInteraction]
    /// Every node, by identifier, indexed on the first look-up.
    let nodes: NodeIndex<Node>
    private let thresholds: InteractionThresholds

    /// The interactions built from each node's `interactions`, by node identifier, in file order:
    /// each node's interactions other than its scroll view, gathered from the tree when asked
    /// (a large scene does not keep a second table of them).
    public var interactions: [String: [any Interaction]] {
        var result: [String: [any Interaction]] = [:]
        for node in nodes.all {
            let built = node.interactions.filter { $0 !== node.attachments.scrollView }
            if !built.isEmpty { result[node.identifier, default: []].append(contentsOf: built) }
        }
        return result
    }

    /// Builds the tree of a scene.
    /// - Parameters:
    ///   - scene: A validated scene.
    ///   - thresholds: The thresholds every interaction uses.
    public init(scene: Scene, thresholds: InteractionThresholds = InteractionThresholds()) {
        var scrollViews: [String: ScrollViewInteraction] = [:]
        var nodes: [Node] = []
        let source = DeferredSceneInteractions(thresholds: thresholds)
        func build(_ description: SceneNode) -> Node {
            let node = Node(identifier: description.id, frame: description.frame)
            nodes.append(node)
            if let scroll = description.scroll {
                let scrolling = ScrollViewInteraction(
                    contentSize: scroll.contentSize,
                    thresholds: thresholds
                )
                scrolling.setZoomLimits(minimum: scroll.minimumZoomScale, maximum: scroll.maximumZoomScale)
                node.addInteraction(scrolling)
                scrollViews[description.id] = scrolling
            }
            if Self.defersInteractions(description.interactions) {
                node.deferInteractions(to: source, token: source.append(description.interactions))
            } else {
                for entry in description.interactions {
                    node.addInteraction(Self.makeInteraction(entry, thresholds: thresholds))
                }
            }
            // Through a buffer: iterating the array would copy each child's description.
            description.children.withUnsafeBufferPointer { children in
                if children.count > 1 { node.reserveChildCapacity(children.count) }
                for index in children.indices { node.addChild(build(children[index])) }
            }
            return node
        }
        root = build(scene.root)
        sceneSize = scene.size
        self.nodes = NodeIndex(nodes, identifier: \.identifier)
        self.scrollViews = scrollViews
        self.thresholds = thresholds
    }

    /// Whether a node's interactions wait until input first looks at the node: all but those of a
    /// node with a hover effect, whose hover recognizer counts up the tree as it attaches (and which
    /// keeps its place among the node's other interactions).
    static func defersInteractions(_ entries: [SceneInteraction]) -> Bool {
        guard !entries.isEmpty else { return false }
        for entry in entries {
            if case .hover = entry { return false }
        }
        return true
    }

    /// Returns the interaction a scene entry describes.
    public static func makeInteraction(
        _ entry: SceneInteraction,
        thresholds: InteractionThresholds = InteractionThresholds()
    ) -> any Interaction {
        switch entry {
        case .contextMenu(let actions):
            ContextMenuInteraction(actions: actions, thresholds: thresholds)
        case .secondaryAction(let action):
            SecondaryActionInteraction(name: action, thresholds: thresholds)
        case .drag:
            DragInteraction(thresholds: thresholds)
        case .pan(let allowed):
            PanInteraction(allowedScrollTypes: ScrollTypeMask(allowed), thresholds: thresholds)
        case .swipeAction(let action, let direction, let touches):
            SwipeActionInteraction(
                name: action, direction: SwipeDirection(direction), numberOfTouchesRequired: touches,
                thresholds: thresholds)
        case .hover(let effect):
            PointerInteraction(effect: PointerEffect(effect))
        }
    }

    /// Returns the node with an identifier, or nil.
    public func node(withIdentifier identifier: String) -> Node? { nodes.node(withIdentifier: identifier) }

    /// Makes an interaction system for the tree, with the pointer at the scene's centre.
    public func makeSystem() -> InteractionSystem {
        InteractionSystem(root: root, sceneSize: sceneSize, thresholds: thresholds)
    }
}

/// The interactions of a scene's nodes, made the first time input looks at each node: building a
/// large scene then costs its nodes, not every cell's recognizers.
private final class DeferredSceneInteractions: DeferredInteractionSource {
    private let thresholds: InteractionThresholds
    /// Each deferring node's entries, by token (the arrays are the scene's own, shared).
    private var entries: [[SceneInteraction]] = []

    init(thresholds: InteractionThresholds) { self.thresholds = thresholds }

    /// Keeps a node's entries and returns the token they are made by.
    func append(_ nodeEntries: [SceneInteraction]) -> Int {
        entries.append(nodeEntries)
        return entries.count - 1
    }

    func makeInteractions(token: Int) -> [any Interaction] {
        let nodeEntries = entries[token]
        // Made once per node: what it held is not needed again.
        entries[token] = []
        return nodeEntries.map { SceneInteractions.makeInteraction($0, thresholds: thresholds) }
    }
}

extension ScrollTypeMask {
    /// The mask a scene file's `allowedScrollTypes` names.
    public init(_ allowed: AllowedScrollTypes) {
        switch allowed {
        case .none: self = []
        case .continuous: self = .continuous
        case .discrete: self = .discrete
        case .all: self = .all
        }
    }
}

extension SwipeDirection {
    /// The direction a scene file's swipe action names.
    public init(_ direction: SceneSwipeDirection) {
        switch direction {
        case .left: self = .left
        case .right: self = .right
        case .up: self = .up
        case .down: self = .down
        }
    }
}

extension PointerEffect {
    /// The effect a scene file's hover interaction names.
    public init(_ effect: ScenePointerEffect) {
        switch effect {
        case .highlight: self = .highlight
        case .lift: self = .lift
        case .hover: self = .hover
        }
    }
}
