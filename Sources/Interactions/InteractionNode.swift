import Classification
public import Geometry

/// Anything that can sit in the interaction tree: a frame, children, and the interactions and
/// gesture recognizers attached to it.
///
/// ``Node`` is the built-in conformer; a toolkit's own view class can conform instead by storing a
/// ``NodeAttachments`` value and exposing its frame and children. Everything else (adding
/// interactions, hit testing) comes from the protocol's extension.
///
/// ```swift
/// let root = Node(identifier: "window", frame: Rect(x: 0, y: 0, width: 1024, height: 768))
/// let photo = Node(identifier: "photo-1", frame: Rect(x: 260, y: 70, width: 180, height: 180))
/// root.addChild(photo)
/// photo.addInteraction(ContextMenuInteraction(actions: ["Share", "Delete"]))
/// ```
public protocol InteractionNode: AnyObject {
    /// The node's unique identifier, printed as `item` in action events.
    var identifier: String { get }
    /// The node's frame in window coordinates (y down).
    var frame: Rect { get set }
    /// The node's children, drawn above it in order (the last one on top).
    var childNodes: [any InteractionNode] { get }
    /// The node's parent, or nil for a root.
    var parentNode: (any InteractionNode)? { get }
    /// The interactions and recognizers attached to the node. Conformers only store this value;
    /// change it through ``addInteraction(_:)`` and its siblings.
    var attachments: NodeAttachments { get set }
}

/// The interactions a node keeps alive and the gesture recognizers attached to it.
public struct NodeAttachments {
    /// The interactions, in the order they were added.
    public internal(set) var interactions: [any Interaction] = []
    /// The gesture recognizers, in the order they were added (the order in which they see input).
    public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// How far the node's content is scrolled, which moves its children on screen.
    public internal(set) var contentOffset: Vector = .zero

    /// Creates empty attachments.
    public init() {}
}

extension InteractionNode {
    /// The interactions attached to the node, in the order they were added.
    public var interactions: [any Interaction] { attachments.interactions }

    /// The gesture recognizers attached to the node, in the order they were added.
    public var gestureRecognizers: [GestureRecognizer] { attachments.gestureRecognizers }

    /// How far the node's content is scrolled; children are drawn moved up and left by it.
    public var contentOffset: Vector { attachments.contentOffset }

    /// Attaches an interaction; the node keeps it alive until it is removed.
    ///
    /// The interaction is told `willMove(to:)` and then `didMove(to:)`, where it adds its
    /// recognizers. Adding an interaction already on another node moves it here.
    public func addInteraction(_ interaction: any Interaction) {
        if let current = interaction.node {
            if current === self { return }
            current.removeInteraction(interaction)
        }
        interaction.willMove(to: self)
        attachments.interactions.append(interaction)
        interaction.didMove(to: self)
    }

    /// Detaches an interaction: it is told `willMove(to: nil)`, where it removes its recognizers,
    /// then `didMove(to: nil)`, and the node lets it go.
    public func removeInteraction(_ interaction: any Interaction) {
        guard let index = attachments.interactions.firstIndex(where: { $0 === interaction }) else { return }
        interaction.willMove(to: nil)
        attachments.interactions.remove(at: index)
        interaction.didMove(to: nil)
    }

    /// Attaches a gesture recognizer. A recognizer belongs to one node at a time.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let current = recognizer.node {
            if current === self { return }
            current.removeGestureRecognizer(recognizer)
        }
        attachments.gestureRecognizers.append(recognizer)
        recognizer.node = self
    }

    /// Detaches a gesture recognizer. It is reset without calling its targets, and sees no more
    /// input, even from a gesture already under way.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = attachments.gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        attachments.gestureRecognizers.remove(at: index)
        recognizer.node = nil
        recognizer.detach()
    }

    /// Returns the deepest node under a point (window coordinates), or nil when the point is outside
    /// this node.
    ///
    /// As in UIKit, a point outside a node is outside all its children too, and later children
    /// (drawn on top) are tried first. A scrolled node's children are found at their scrolled
    /// place.
    public func hitTest(_ point: Point) -> (any InteractionNode)? {
        hitTest(point, scrolledBy: .zero)
    }

    private func hitTest(_ point: Point, scrolledBy offset: Vector) -> (any InteractionNode)? {
        let local = point + offset
        guard frame.contains(local) else { return nil }
        let childOffset = offset + attachments.contentOffset
        for child in childNodes.reversed() {
            if let hit = child.hitTest(point, scrolledBy: childOffset) { return hit }
        }
        return self
    }

    /// Whether this node is `ancestor` or lies below it.
    public func isDescendant(of ancestor: any InteractionNode) -> Bool {
        var current: (any InteractionNode)? = self
        while let node = current {
            if node === ancestor { return true }
            current = node.parentNode
        }
        return false
    }
}

/// The built-in node: an identifier, a frame and children.
///
/// Nodes form a tree; the tree holds its children strongly and its parent weakly.
public final class Node: InteractionNode {
    /// The node's unique identifier.
    public let identifier: String
    /// The node's frame in window coordinates (y down).
    public var frame: Rect
    /// The interactions and recognizers attached to the node.
    public var attachments = NodeAttachments()
    /// The node's children, drawn above it in order.
    public private(set) var children: [Node] = []
    /// The node's parent.
    public private(set) weak var parent: Node?

    /// Creates a node with no children.
    public init(identifier: String, frame: Rect) {
        self.identifier = identifier
        self.frame = frame
    }

    /// The children as the protocol sees them, kept beside `children` so that walking the tree
    /// on every input allocates nothing.
    private var childStorage: [any InteractionNode] = []

    public var childNodes: [any InteractionNode] { childStorage }
    public var parentNode: (any InteractionNode)? { parent }

    /// Adds a child on top of the others, taking it from its current parent.
    public func addChild(_ child: Node) {
        child.removeFromParent()
        children.append(child)
        childStorage.append(child)
        child.parent = self
    }

    /// Takes the node out of its parent's children. Its recognizers see no more input.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.removeAll { $0 === self }
        parent.childStorage.removeAll { $0 === self }
        self.parent = nil
    }

    /// Returns the node with an identifier in this node's subtree, or nil.
    public func node(withIdentifier identifier: String) -> Node? {
        if self.identifier == identifier { return self }
        for child in children {
            if let found = child.node(withIdentifier: identifier) { return found }
        }
        return nil
    }
}
