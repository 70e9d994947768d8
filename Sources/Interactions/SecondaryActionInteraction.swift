import Classification
public import EventModel

/// Sends one action when a node is long-pressed or secondary-clicked: a drop-in replacement for a
/// long-press recognizer that also works with a mouse or touchpad.
///
/// A long press sends the action when it begins; a secondary click when it ends; a long click
/// with the primary button counts as a long press, since secondary clicking may be off. Each
/// sends an `action` event with the interaction's ``name`` and the trigger.
///
/// ```swift
/// let reset = SecondaryActionInteraction(name: "resetColor") { interaction, trigger in
///     showEditMenu()
/// }
/// swatch.addInteraction(reset)
/// ```
public final class SecondaryActionInteraction: Interaction {
    /// The node the action belongs to.
    public var node: (any InteractionNode)? { nodeReference.node }
    /// The node, without a side table for a built-in one (see `NodeReference`).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// The action's name, printed as the `action` event's `name`.
    public let name: String
    /// The action: called once per long press or secondary click.
    @exclusivity(unchecked) public var action: (SecondaryActionInteraction, ActionTrigger) -> Void

    /// The long press (finger, pencil, long click).
    public var longPress: LongPressGestureRecognizer { recognizers.longPress }
    /// The secondary click (pointers only).
    public var secondaryClick: TapGestureRecognizer { recognizers.secondaryClick }

    private let recognizers: SecondaryActionRecognizers

    /// Creates a secondary-action interaction.
    /// - Parameters:
    ///   - name: The action's name.
    ///   - thresholds: The long press's duration and movement.
    ///   - action: Called once per long press or secondary click.
    public init(
        name: String,
        thresholds: InteractionThresholds = InteractionThresholds(),
        action: @escaping (SecondaryActionInteraction, ActionTrigger) -> Void = { _, _ in }
    ) {
        self.name = name
        self.action = action
        recognizers = SecondaryActionRecognizers(name: "secondary-action", thresholds: thresholds)
        recognizers.onTrigger { [unowned self] trigger, recognizer in send(trigger: trigger, from: recognizer) }
    }

    deinit { recognizers.removeOwner() }

    public func willMove(to node: (any InteractionNode)?) {
        guard let current = self.node else { return }
        recognizers.remove(from: current)
    }

    public func didMove(to node: (any InteractionNode)?) {
        nodeReference.set(node, attachedInteraction: self)
        guard let node else { return }
        recognizers.add(to: node)
    }

    private func send(trigger: ActionTrigger, from recognizer: GestureRecognizer) {
        guard let node else { return }
        action(self, trigger)
        recognizer.system?.send(
            .action(ActionEvent(item: node.identifier, name: name, trigger: trigger)), at: recognizer.time)
    }
}

extension SecondaryActionInteraction: NodeReferencing {}
