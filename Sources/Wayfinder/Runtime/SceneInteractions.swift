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
/// fingers, `hover` → `PointerInteraction` with its effect.
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
            for entry in description.interactions {
                node.addInteraction(Self.makeInteraction(entry, thresholds: thresholds))
            }
            // Through a buffer: iterating the array would copy each child's description.
            description.children.withUnsafeBufferPointer { children in
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
