/// A recognizer's or a built-in interaction's reference to the node it is attached to, which
/// gives a built-in ``Node`` no side table.
///
/// A weak reference gives the object it points to the runtime's side table, and every retain
/// and release of an object with one takes the slow path: the recognizers' and interactions'
/// weak references to their nodes made each node on the frame path slower to retain. A built-in
/// node is therefore held `unowned(unsafe)`, as a node holds its parent: it keeps the
/// recognizers and interactions that point to it in its attachments, and it lets them go in its
/// `deinit` (``forget(_:)``), so the reference never outlives the node. A recognizer is only ever
/// pointed at the node whose attachments hold it; an interaction only when the node's
/// attachments hold it (see ``set(_:attachedHere:)``). A toolkit's own node is held weakly, as
/// before.
struct NodeReference {
    /// The built-in node, when the node is one. Unowned and unsafe: a safe unowned reference
    /// costs an atomic count of its own on every copy and read (about 130 instructions a demo
    /// frame). The tests run under the address sanitizer in CI, which catches a node that goes
    /// without clearing it.
    private unowned(unsafe) var builtIn: Node?
    /// The built-in node's identity, which its `deinit` compares without reading `builtIn`.
    private var builtInIdentity: ObjectIdentifier?
    /// The node, when it is a toolkit's own (or a built-in one not known to hold the referrer),
    /// in a box: a weak reference stored here would make every copy of the reference a runtime
    /// call, and reading it from a recognizer copies it.
    private var other: WeakNode?

    /// A weak reference to a node, boxed.
    private final class WeakNode {
        weak var node: (any InteractionNode)?
        init(_ node: any InteractionNode) { self.node = node }
    }

    /// No node.
    init() {}

    /// The node, or nil.
    var node: (any InteractionNode)? {
        if let builtIn { return builtIn }
        return other?.node
    }

    /// Points at a node. `attachedHere` says whether the node's attachments hold the referrer, so
    /// that its `deinit` clears the reference; a built-in node that does not is held weakly.
    mutating func set(_ node: (any InteractionNode)?, attachedHere: Bool) {
        if attachedHere, let node = node as? Node {
            builtIn = node
            builtInIdentity = ObjectIdentifier(node)
            other = nil
        } else {
            builtIn = nil
            builtInIdentity = nil
            other = node.map(WeakNode.init)
        }
    }

    /// Points an interaction at the node it moved to, held unowned when the node's attachments
    /// hold the interaction (``InteractionNode/addInteraction(_:)`` adds it before `didMove(to:)`).
    mutating func set(_ node: (any InteractionNode)?, attachedInteraction interaction: AnyObject) {
        let isHeld = node?.attachments.interactions.contains { $0 === interaction } ?? false
        set(node, attachedHere: isHeld)
    }

    /// Lets go of a built-in node that is going away, if it is the one referred to. Called from
    /// the node's `deinit`, so it compares identities only: it never retains the node.
    mutating func forget(_ node: ObjectIdentifier) {
        guard builtInIdentity == node else { return }
        builtIn = nil
        builtInIdentity = nil
    }
}

/// A recognizer or a built-in interaction whose node reference a built-in node clears when it
/// goes.
protocol NodeReferencing: AnyObject {
    /// The reference to the node.
    var nodeReference: NodeReference { get set }
}

extension NodeReferencing {
    /// Lets go of the node if it is the one given (see ``NodeReference/forget(_:)``).
    func forgetNode(_ node: ObjectIdentifier) { nodeReference.forget(node) }
}
