import Synchronization

/// A count of the changes that can take a recognizer or an interaction out of its tree, shared by
/// every tree in the process: a node removed from its parent, a recognizer or an interaction
/// removed from its node (moving one removes it first), and
/// ``InteractionNode/invalidateHitTestIndex()``, which a toolkit's own node calls after changing
/// its children.
///
/// Whether a recognizer's node lies in the system's tree is a walk up to the root; the answer
/// found at one revision holds until the revision changes, so input checks it in O(1) while the
/// tree keeps its shape. Adding nodes, recognizers or interactions never takes anything out of a
/// tree, so it leaves the revision as it is, with one exception: a hover recognizer added,
/// enabled or disabled advances it, because the hover recognizers a path holds are also kept
/// while the revision is the same (see `InteractionSystem`'s hover update). Those changes are
/// rare (a scene's pointer interactions attach when it loads).
enum TreeRevision {
    private static let counter = Atomic<Int>(0)

    /// The revision now.
    static var current: Int { counter.load(ordering: .relaxed) }

    /// Records a change that can take something out of a tree.
    static func advance() { counter.wrappingAdd(1, ordering: .relaxed) }
}
