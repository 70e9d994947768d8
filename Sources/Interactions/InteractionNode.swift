import Classification
public import Geometry

/// Anything that can sit in the interaction tree: a frame, children, and the interactions and
/// gesture recognizers attached to it.
///
/// ``Node`` is the built-in conformer; a toolkit's own view class can conform instead by keeping a
/// ``NodeAttachments`` of its own and exposing its frame and children. Everything else (adding
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
    /// The interactions and recognizers attached to the node. Conformers create one and keep it
    /// (`let attachments = NodeAttachments()`); change it through ``addInteraction(_:)`` and its
    /// siblings.
    var attachments: NodeAttachments { get }
}

/// The interactions a node keeps alive and the gesture recognizers attached to it.
///
/// It is an object each node owns, not a value: input reads it on every frame, and reading one
/// reference through the protocol costs less than copying its arrays.
public final class NodeAttachments {
    /// The interactions, in the order they were added.
    @exclusivity(unchecked) public internal(set) var interactions: [any Interaction] = []
    /// The gesture recognizers, in the order they were added (the order in which they see input).
    @exclusivity(unchecked) public internal(set) var gestureRecognizers: [GestureRecognizer] = []
    /// How far the node's content is scrolled, which moves its children on screen.
    @exclusivity(unchecked) public internal(set) var contentOffset: Vector = .zero
    /// How large the node's content is drawn (a zoomed scroll view): its children are scaled by it
    /// about the node's top-left corner, before the content offset.
    @exclusivity(unchecked) public internal(set) var zoomScale: Double = 1
    /// Where the node's children are, for hit testing among many children; nil until needed, and
    /// after the children change.
    @exclusivity(unchecked) var childIndex: ChildIndex?
    /// The scroll view interaction attached to the node, found without a cast per interaction.
    @exclusivity(unchecked) public internal(set) var scrollView: ScrollViewInteraction?
    /// How many hover recognizers the node and its descendants have: a tree whose root counts none
    /// is never hit tested for hovering.
    @exclusivity(unchecked) public internal(set) var hoverRecognizerCount = 0

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
        TreeRevision.advance()
    }

    /// Attaches a gesture recognizer. A recognizer belongs to one node at a time.
    public func addGestureRecognizer(_ recognizer: GestureRecognizer) {
        if let current = recognizer.node {
            if current === self { return }
            current.removeGestureRecognizer(recognizer)
        }
        attachments.gestureRecognizers.append(recognizer)
        recognizer.node = self
        if recognizer.watchesHover { adjustHoverRecognizerCount(by: 1) }
    }

    /// Detaches a gesture recognizer. It is reset without calling its targets, and sees no more
    /// input, even from a gesture already under way.
    public func removeGestureRecognizer(_ recognizer: GestureRecognizer) {
        guard let index = attachments.gestureRecognizers.firstIndex(where: { $0 === recognizer }) else { return }
        attachments.gestureRecognizers.remove(at: index)
        recognizer.node = nil
        TreeRevision.advance()
        recognizer.detach()
        if recognizer.watchesHover { adjustHoverRecognizerCount(by: -1) }
    }

    /// Adds to the hover recognizer count of the node and its ancestors.
    func adjustHoverRecognizerCount(by change: Int) {
        guard change != 0 else { return }
        var current: (any InteractionNode)? = self
        while let node = current {
            node.attachments.hoverRecognizerCount += change
            current = node.parentNode
        }
    }

    /// Returns the deepest node under a point (window coordinates), or nil when the point is outside
    /// this node.
    ///
    /// As in UIKit, a point outside a node is outside all its children too, and later children
    /// (drawn on top) are tried first. A scrolled node's children are found at their scrolled
    /// place. A node with many children finds the ones near the point through an index of their
    /// frames, so the cost is the depth of the tree, not its size.
    public func hitTest(_ point: Point) -> (any InteractionNode)? {
        var visits = 0
        return hitTest(point, visits: &visits)
    }

    /// Hit tests like ``hitTest(_:)``, counting the nodes whose frames were tested.
    func hitTest(_ point: Point, visits: inout Int) -> (any InteractionNode)? {
        visits += 1
        guard frame.contains(point) else { return nil }
        return hitTestInside(point, visits: &visits)
    }

    /// Where a point of the node's own coordinates (those its frame is in) is among its children's
    /// frames: moved by the content offset and, in a zoomed scroll view, scaled about the node's
    /// top-left corner.
    public func pointInContent(_ point: Point) -> Point {
        let attachments = attachments
        guard attachments.zoomScale != 1 else { return point + attachments.contentOffset }
        let origin = frame.origin
        return origin + ((point - origin) + attachments.contentOffset) * (1 / attachments.zoomScale)
    }

    /// Where a window point is in the node's own coordinates (those its frame is in), through the
    /// scrolling and zooming of its ancestors.
    public func convertFromWindow(_ point: Point) -> Point {
        guard let parent = parentNode else { return point }
        return parent.pointInContent(parent.convertFromWindow(point))
    }

    /// The deepest node under a point (in the node's own coordinates) already known to be inside
    /// this node.
    private func hitTestInside(_ point: Point, visits: inout Int) -> (any InteractionNode)? {
        let local = pointInContent(point)
        let children = childNodes
        if children.count >= ChildIndex.minimumChildCount {
            let index = childIndexForHitTesting(children)
            guard
                let hit = index.topmostChild(
                    containing: local, frameOf: { children[$0].frame }, visit: { visits += 1 })
            else { return self }
            return children[hit].hitTestInside(local, visits: &visits)
        }
        for child in children.reversed() {
            visits += 1
            if child.frame.contains(local) {
                return child.hitTestInside(local, visits: &visits)
            }
        }
        return self
    }

    private func childIndexForHitTesting(_ children: [any InteractionNode]) -> ChildIndex {
        if let index = attachments.childIndex { return index }
        let index = ChildIndex(frames: children.map(\.frame))
        attachments.childIndex = index
        return index
    }

    /// Forgets where the node's children are, so that hit testing looks again, counts the hover
    /// recognizers below it again, and makes the systems check again which recognizers are still
    /// in their trees: call it after adding, removing or moving children of a custom conformer
    /// (the built-in ``Node`` keeps track by itself).
    public func invalidateHitTestIndex() {
        attachments.childIndex = nil
        TreeRevision.advance()
        var count = 0
        for recognizer in attachments.gestureRecognizers where recognizer.watchesHover { count += 1 }
        for child in childNodes { count += child.attachments.hoverRecognizerCount }
        adjustHoverRecognizerCount(by: count - attachments.hoverRecognizerCount)
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
    @exclusivity(unchecked) public var frame: Rect {
        didSet {
            guard frame != oldValue, let parent, let index = parent.attachments.childIndex else { return }
            index.move(child: indexInParent, to: frame)
        }
    }
    /// The interactions and recognizers attached to the node.
    public let attachments = NodeAttachments()
    /// The node's place among its parent's children.
    @exclusivity(unchecked) private var indexInParent = 0
    /// The node's children, drawn above it in order.
    @exclusivity(unchecked) public private(set) var children: [Node] = []
    /// The node's parent.
    @exclusivity(unchecked) public private(set) weak var parent: Node?

    /// Creates a node with no children.
    public init(identifier: String, frame: Rect) {
        self.identifier = identifier
        self.frame = frame
    }

    /// The children as the protocol sees them, kept beside `children` so that walking the tree
    /// on every input allocates nothing.
    @exclusivity(unchecked) private var childStorage: [any InteractionNode] = []

    public var childNodes: [any InteractionNode] { childStorage }
    public var parentNode: (any InteractionNode)? { parent }

    /// Adds a child on top of the others, taking it from its current parent.
    public func addChild(_ child: Node) {
        child.removeFromParent()
        child.indexInParent = children.count
        children.append(child)
        childStorage.append(child)
        child.parent = self
        attachments.childIndex = nil
        adjustHoverRecognizerCount(by: child.attachments.hoverRecognizerCount)
    }

    /// Takes the node out of its parent's children. Its recognizers see no more input.
    public func removeFromParent() {
        guard let parent else { return }
        parent.children.remove(at: indexInParent)
        parent.childStorage.remove(at: indexInParent)
        for later in parent.children[indexInParent...] { later.indexInParent -= 1 }
        parent.attachments.childIndex = nil
        self.parent = nil
        TreeRevision.advance()
        parent.adjustHoverRecognizerCount(by: -attachments.hoverRecognizerCount)
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
