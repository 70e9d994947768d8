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
    public internal(set) var contentOffset: Vector {
        get { placement?.offset ?? .zero }
        set { if newValue != .zero || placement != nil { placementForChange.offset = newValue } }
    }
    /// How large the node's content is drawn (a zoomed scroll view): its children are scaled by it
    /// about the node's top-left corner, before the content offset.
    public internal(set) var zoomScale: Double {
        get { placement?.zoomScale ?? 1 }
        set { if newValue != 1 || placement != nil { placementForChange.zoomScale = newValue } }
    }
    /// Where the node's children are, for hit testing among many children; nil until needed, and
    /// after the children change.
    var childIndex: ChildIndex? {
        get { placement?.childIndex }
        set { if newValue != nil || placement != nil { placementForChange.childIndex = newValue } }
    }
    /// The scroll view interaction attached to the node, found without a cast per interaction.
    public internal(set) var scrollView: ScrollViewInteraction? {
        get { placement?.scrollView }
        set { if newValue != nil || placement != nil { placementForChange.scrollView = newValue } }
    }
    /// How the children are placed and found, for the few nodes that scroll, zoom or have many
    /// children; nil for the others, which draw their children where their frames say. Kept apart
    /// so that the many nodes without it do not pay for it (a 100,000-cell scene keeps 100,000
    /// attachments).
    @exclusivity(unchecked) var placement: ChildPlacement?
    private var placementForChange: ChildPlacement {
        if let placement { return placement }
        let created = ChildPlacement()
        placement = created
        return created
    }
    /// How many hover recognizers the node and its descendants have: a tree whose root counts none
    /// is never hit tested for hovering.
    @exclusivity(unchecked) public internal(set) var hoverRecognizerCount = 0
    /// Where the node's deferred interactions come from, until they are made (see
    /// ``InteractionNode/deferInteractions(to:token:)``).
    @exclusivity(unchecked) var deferredSource: (any DeferredInteractionSource)?
    /// What the deferred source knows the node's interactions by.
    @exclusivity(unchecked) var deferredToken = 0

    /// Creates empty attachments.
    public init() {}
}

/// Makes a node's interactions the first time they are needed: when input first looks at the
/// node (it lies on a hit path), or when code asks for its interactions or recognizers.
///
/// A large tree built from a description (a scene file) gives its nodes a source instead of
/// interactions, so that building it costs the nodes only, and a 100,000-cell grid touched in three
/// cells makes three cells' interactions. The interactions are attached in the order returned,
/// exactly as ``InteractionNode/addInteraction(_:)`` would have attached them at once.
public protocol DeferredInteractionSource: AnyObject {
    /// Returns the interactions of the node given `token`, in the order they attach.
    func makeInteractions(token: Int) -> [any Interaction]
}

/// How a node places and finds its children, for the few nodes that need more than their
/// children's frames: moved by the content offset and scaled by the zoom of a scroll view, found
/// through an index among many.
final class ChildPlacement {
    @exclusivity(unchecked) var offset: Vector = .zero
    @exclusivity(unchecked) var zoomScale: Double = 1
    @exclusivity(unchecked) var childIndex: ChildIndex?
    @exclusivity(unchecked) var scrollView: ScrollViewInteraction?
}

extension InteractionNode {
    /// The interactions attached to the node, in the order they were added (making deferred ones
    /// first).
    public var interactions: [any Interaction] {
        attachDeferredInteractions()
        return attachments.interactions
    }

    /// The gesture recognizers attached to the node, in the order they were added (making
    /// deferred interactions first).
    public var gestureRecognizers: [GestureRecognizer] {
        attachDeferredInteractions()
        return attachments.gestureRecognizers
    }

    /// Defers the node's interactions: `source` makes them, with `token`, the first time input
    /// looks at the node or code asks for them. They must add no hover recognizers (hover is
    /// counted up the tree as recognizers attach; attach those at once), and they come after any
    /// interaction already attached.
    public func deferInteractions(to source: any DeferredInteractionSource, token: Int) {
        attachDeferredInteractions()
        attachments.deferredSource = source
        attachments.deferredToken = token
    }

    /// Attaches the interactions deferred to a source, if any.
    @inline(__always)
    func attachDeferredInteractions() {
        guard attachments.deferredSource != nil else { return }
        attachDeferredInteractionsNow()
    }

    @inline(never)
    private func attachDeferredInteractionsNow() {
        guard let source = attachments.deferredSource else { return }
        attachments.deferredSource = nil
        for interaction in source.makeInteractions(token: attachments.deferredToken) {
            addInteraction(interaction)
        }
    }

    /// How far the node's content is scrolled; children are drawn moved up and left by it.
    public var contentOffset: Vector { attachments.contentOffset }

    /// Attaches an interaction; the node keeps it alive until it is removed.
    ///
    /// The interaction is told `willMove(to:)` and then `didMove(to:)`, where it adds its
    /// recognizers. Adding an interaction already on another node moves it here.
    public func addInteraction(_ interaction: any Interaction) {
        attachDeferredInteractions()
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
        attachDeferredInteractions()
        if let current = recognizer.node {
            if current === self { return }
            current.removeGestureRecognizer(recognizer)
        }
        attachments.gestureRecognizers.append(recognizer)
        recognizer.node = self
        if recognizer.watchesHover {
            adjustHoverRecognizerCount(by: 1)
            // The hover recognizers of the paths through this node changed.
            TreeRevision.advance()
        }
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
    ///
    /// With `forHover`, the search stops above a child whose subtree has no hover recognizer and
    /// returns the node above it: the hover recognizers of the hit path are all on that node and
    /// its ancestors, so the nodes below would be tested for nothing.
    func hitTest(_ point: Point, visits: inout Int, forHover: Bool = false) -> (any InteractionNode)? {
        if let node = self as? Node { return node.deepestNode(at: point, visits: &visits, forHover: forHover) }
        visits += 1
        guard frame.contains(point) else { return nil }
        return hitTestInside(point, visits: &visits, forHover: forHover)
    }

    /// Where a point of the node's own coordinates (those its frame is in) is among its children's
    /// frames: moved by the content offset and, in a zoomed scroll view, scaled about the node's
    /// top-left corner.
    public func pointInContent(_ point: Point) -> Point {
        guard let placement = attachments.placement else { return point }
        guard placement.zoomScale != 1 else { return point + placement.offset }
        let origin = frame.origin
        return origin + ((point - origin) + placement.offset) * (1 / placement.zoomScale)
    }

    /// Where a window point is in the node's own coordinates (those its frame is in), through the
    /// scrolling and zooming of its ancestors.
    public func convertFromWindow(_ point: Point) -> Point {
        guard let parent = parentNode else { return point }
        return parent.pointInContent(parent.convertFromWindow(point))
    }

    /// The deepest node under a point (in the node's own coordinates) already known to be inside
    /// this node.
    private func hitTestInside(_ point: Point, visits: inout Int, forHover: Bool) -> (any InteractionNode)? {
        if let node = self as? Node { return node.deepestNode(inside: point, visits: &visits, forHover: forHover) }
        let local = pointInContent(point)
        let children = childNodes
        guard
            let hit = topmostChild(
                count: children.count, containing: local, visits: &visits, frameOf: { children[$0].frame })
        else { return self }
        let child = children[hit]
        if forHover, child.attachments.hoverRecognizerCount == 0 { return self }
        return child.hitTestInside(local, visits: &visits, forHover: forHover)
    }

    /// The index of the topmost of the node's `count` children whose frame (`frameOf`) contains a
    /// point of the node's content, or nil; `visits` counts the frames tested. Among many
    /// children, an index of their frames finds the few near the point.
    @inline(__always)
    fileprivate func topmostChild(
        count: Int, containing point: Point, visits: inout Int, frameOf frame: (Int) -> Rect
    ) -> Int? {
        if count >= ChildIndex.minimumChildCount {
            let index = attachments.childIndex ?? makeChildIndex(count: count, frameOf: frame)
            return index.topmostChild(containing: point, frameOf: frame, visit: { visits += 1 })
        }
        var index = count
        while index > 0 {
            index -= 1
            visits += 1
            if frame(index).contains(point) { return index }
        }
        return nil
    }

    private func makeChildIndex(count: Int, frameOf frame: (Int) -> Rect) -> ChildIndex {
        let index = ChildIndex(frames: (0..<count).map(frame))
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
    /// The node's parent. Not a weak reference, which would give every parent the runtime's side
    /// table and slow every retain of it: a parent clears its children's references when it goes
    /// (`deinit`), and ``removeFromParent()`` clears the child's, so the reference never outlives
    /// the parent.
    @exclusivity(unchecked) public private(set) unowned(unsafe) var parent: Node?

    /// Creates a node with no children.
    public init(identifier: String, frame: Rect) {
        self.identifier = identifier
        self.frame = frame
    }

    deinit {
        for child in children { child.parent = nil }
        // The recognizers and built-in interactions attached here hold the node unowned (see
        // `NodeReference`): let them go.
        let identity = ObjectIdentifier(self)
        for recognizer in attachments.gestureRecognizers { recognizer.forgetNode(identity) }
        for interaction in attachments.interactions {
            (interaction as? any NodeReferencing)?.forgetNode(identity)
        }
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

    /// Makes room for `count` children in all, so that adding that many grows no storage (a tree
    /// built from a description knows each node's children beforehand).
    public func reserveChildCapacity(_ count: Int) {
        children.reserveCapacity(count)
        childStorage.reserveCapacity(count)
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

    /// The deepest node under a point (in the node's own coordinates), or nil when the point is
    /// outside it: `hitTest(_:visits:forHover:)` on a tree of built-in nodes.
    func deepestNode(at point: Point, visits: inout Int, forHover: Bool) -> Node? {
        deepestNodeUnretained(at: point, visits: &visits, forHover: forHover)?.takeUnretainedValue()
    }

    /// ``deepestNode(at:visits:forHover:)`` without retaining the node found, for a caller that
    /// changes nothing in the tree while it uses it (each node is held by its parent).
    func deepestNodeUnretained(at point: Point, visits: inout Int, forHover: Bool) -> Unmanaged<Node>? {
        visits += 1
        guard frame.contains(point) else { return nil }
        return deepestNodeUnretained(inside: point, visits: &visits, forHover: forHover)
    }

    /// The deepest node under a point (in this node's own coordinates) already known to be inside
    /// it: the protocol's hit test on a tree of built-in nodes (see
    /// ``InteractionNode/hitTest(_:)``; `forHover` as in `hitTest(_:visits:forHover:)`).
    ///
    /// It walks down the tree without retaining the nodes it passes through: each is held by its
    /// parent, which the walk has entered, and nothing on the way can change the tree. Only the
    /// node returned is retained.
    func deepestNode(inside point: Point, visits: inout Int, forHover: Bool) -> Node {
        deepestNodeUnretained(inside: point, visits: &visits, forHover: forHover).takeUnretainedValue()
    }

    private func deepestNodeUnretained(inside point: Point, visits: inout Int, forHover: Bool) -> Unmanaged<Node> {
        var node = Unmanaged.passUnretained(self)
        var local = point
        while true {
            let next: Unmanaged<Node>? = node._withUnsafeGuaranteedRef { current in
                local = current.pointInContent(local)
                // The children are read in place, one at a time: a buffer of them held for the
                // search would be retained, and so would each child bound to a name.
                guard
                    let hit = current.topmostChild(
                        count: current.children.count, containing: local, visits: &visits,
                        frameOf: { current.children[$0].frame })
                else { return nil }
                let child = Unmanaged.passUnretained(current.children[hit])
                if forHover, child._withUnsafeGuaranteedRef({ $0.attachments.hoverRecognizerCount }) == 0 {
                    return nil
                }
                return child
            }
            guard let next else { return node }
            node = next
        }
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
