public import InputEvents

/// An object that gives a node a behaviour, usually by attaching gesture recognizers to it.
///
/// Any number of interactions can be attached to a node, at any time; the node keeps them alive
/// and tells them when they move. An interaction must not keep its node alive; a weak reference
/// is the simple way (the built-in interactions hold a built-in node unowned, which the node
/// clears when it goes, so that nodes on the frame path have no side table):
///
/// ```swift
/// final class DoubleTapToZoom: Interaction {
///     private(set) weak var node: (any InteractionNode)?
///     private let doubleTap = TapGestureRecognizer(numberOfTapsRequired: 2)
///     func willMove(to node: (any InteractionNode)?) { self.node?.removeGestureRecognizer(doubleTap) }
///     func didMove(to node: (any InteractionNode)?) {
///         self.node = node
///         node?.addGestureRecognizer(doubleTap)
///     }
/// }
/// ```
public protocol Interaction: AnyObject {
    /// The node the interaction is attached to; a reference that does not keep it alive.
    var node: (any InteractionNode)? { get }
    /// Called before the interaction moves to a node, or away from its node when `node` is nil.
    /// Remove recognizers from the current node here.
    func willMove(to node: (any InteractionNode)?)
    /// Called after the interaction moved. Store the node (weakly) and attach recognizers here.
    func didMove(to node: (any InteractionNode)?)
}

/// An interaction that moves by itself over time (a decelerating scroll view). It reads no clock:
/// when it starts to move it asks the system to advance it
/// (``InteractionSystem/scheduleDeadline(for:)``), and the system advances it at each deadline until
/// its ``nextDeadline`` is nil. Only interactions that asked are ever looked at.
public protocol TimeDrivenInteraction: Interaction {
    /// When the interaction next needs ``advance(to:reporting:)``, or nil when it is at rest.
    var nextDeadline: Timestamp? { get }
    /// Moves the interaction to a time, reporting what changed to the system.
    func advance(to time: Timestamp, reporting system: InteractionSystem)
}
