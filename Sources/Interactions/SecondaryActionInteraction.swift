import Classification

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
    public private(set) weak var node: (any InteractionNode)?
    /// The action's name, printed as the `action` event's `name`.
    public let name: String
    /// The action: called once per long press or secondary click.
    public var action: (SecondaryActionInteraction, ActionTrigger) -> Void

    /// The long press (finger, pencil, long click).
    public let longPress: LongPressGestureRecognizer
    /// The secondary click (pointers only).
    public let secondaryClick: TapGestureRecognizer

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
        longPress = LongPressGestureRecognizer(name: "secondary-action.long-press", thresholds: thresholds)
        secondaryClick = TapGestureRecognizer(name: "secondary-action.secondary-click", thresholds: thresholds)
        secondaryClick.buttonMaskRequired = .secondary
        secondaryClick.allowedTouchTypes = [.indirectPointer]
        // A secondary click is a click however far the pointer moved with the button down:
        // pressing a clickpad moves the finger's contact (a recorded Synaptics right click moves
        // 10 pt between press and release), and desktops show the menu wherever the press ends.
        secondaryClick.allowableMovement = .infinity
        longPress.addTarget { [weak self] recognizer in
            if recognizer.state == .began { self?.send(trigger: .longPress, from: recognizer) }
        }
        secondaryClick.addTarget { [weak self] recognizer in
            if recognizer.state == .ended { self?.send(trigger: .secondaryClick, from: recognizer) }
        }
    }

    private var recognizers: [GestureRecognizer] { [longPress, secondaryClick] }

    public func willMove(to node: (any InteractionNode)?) {
        guard let current = self.node else { return }
        for recognizer in recognizers { current.removeGestureRecognizer(recognizer) }
    }

    public func didMove(to node: (any InteractionNode)?) {
        self.node = node
        guard let node else { return }
        for recognizer in recognizers { node.addGestureRecognizer(recognizer) }
    }

    private func send(trigger: ActionTrigger, from recognizer: GestureRecognizer) {
        guard let node else { return }
        action(self, trigger)
        recognizer.system?.send(
            .action(ActionEvent(time: recognizer.time, item: node.identifier, name: name, trigger: trigger))
        )
    }
}
