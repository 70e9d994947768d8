import EventModel

/// Sends an action when a node is swiped across: a list row's swipe to delete.
///
/// A ``SwipeGestureRecognizer`` with the interaction's direction and number of touches recognizes
/// the swipe: a finger's flick or a quick click-and-drag with one touch, the classifier's swipe
/// with three or four fingers on a touchpad. Each swipe sends an `action` event with the
/// interaction's ``name`` and the trigger `swipe`. In a scroll view that scrolls only across the
/// swipe, the scroll view's pan does not begin for the stroke, so the swipe takes it.
///
/// ```swift
/// let delete = SwipeActionInteraction(name: "delete", direction: .left) { _ in
///     rows.remove(row)
/// }
/// row.addInteraction(delete)
/// ```
public final class SwipeActionInteraction: Interaction {
    /// The node the action belongs to.
    public var node: (any InteractionNode)? { nodeReference.node }
    /// The node, without a side table for a built-in one (see `NodeReference`).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// The action's name, printed as the `action` event's `name`.
    public let name: String
    /// The action: called once per swipe.
    @exclusivity(unchecked) public var action: (SwipeActionInteraction) -> Void
    /// The swipe recognizer.
    public let swipe: SwipeGestureRecognizer

    /// Creates a swipe-action interaction.
    /// - Parameters:
    ///   - name: The action's name.
    ///   - direction: The directions that count.
    ///   - numberOfTouchesRequired: How many fingers make the swipe.
    ///   - thresholds: The swipe's duration, deviation and movement.
    ///   - action: Called once per swipe.
    public init(
        name: String,
        direction: SwipeDirection,
        numberOfTouchesRequired: Int = 1,
        thresholds: InteractionThresholds = InteractionThresholds(),
        action: @escaping (SwipeActionInteraction) -> Void = { _ in }
    ) {
        self.name = name
        self.action = action
        swipe = SwipeGestureRecognizer(
            name: "swipe-action", direction: direction, numberOfTouchesRequired: numberOfTouchesRequired,
            thresholds: thresholds)
        swipe.setOwner(target: { [unowned self] recognizer in
            guard recognizer.state == .ended else { return }
            send(from: recognizer)
        })
    }

    deinit { swipe.removeOwner() }

    public func willMove(to node: (any InteractionNode)?) {
        self.node?.removeGestureRecognizer(swipe)
    }

    public func didMove(to node: (any InteractionNode)?) {
        nodeReference.set(node, attachedInteraction: self)
        node?.addGestureRecognizer(swipe)
    }

    private func send(from recognizer: GestureRecognizer) {
        guard let node else { return }
        action(self)
        recognizer.system?.send(
            .action(ActionEvent(item: node.identifier, name: name, trigger: .swipe)), at: recognizer.time)
    }
}

extension SwipeActionInteraction: NodeReferencing {}
