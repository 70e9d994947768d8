import EventModel

/// The recognizers behind a secondary action (``ContextMenuInteraction``,
/// ``SecondaryActionInteraction``): a long press (a finger, a pencil, or a long click with the
/// primary button) that triggers when it begins, and a secondary click (pointers only) that
/// triggers when it ends, so each gesture triggers once.
struct SecondaryActionRecognizers {
    /// The long press (finger, pencil, long click).
    let longPress: LongPressGestureRecognizer
    /// The secondary click (pointers only).
    let secondaryClick: TapGestureRecognizer

    /// Creates the recognizers.
    /// - Parameters:
    ///   - name: The prefix of the recognizers' names: `context-menu` names them
    ///     `context-menu.long-press` and `context-menu.secondary-click`.
    ///   - thresholds: The long press's duration and movement.
    init(name: String, thresholds: InteractionThresholds) {
        longPress = LongPressGestureRecognizer(name: "\(name).long-press", thresholds: thresholds)
        secondaryClick = TapGestureRecognizer(name: "\(name).secondary-click", thresholds: thresholds)
        secondaryClick.buttonMaskRequired = .secondary
        secondaryClick.allowedTouchTypes = TouchTypeSets.indirectPointer
        // A secondary click is a click however far the pointer moved with the button down:
        // pressing a clickpad moves the finger's contact (a recorded Synaptics right click moves
        // 10 pt between press and release), and desktops show the menu wherever the press ends.
        secondaryClick.allowableMovement = .infinity
    }

    /// Calls `handler` once per gesture, with what triggered it and the recognizer: when the long
    /// press begins and when the secondary click ends.
    ///
    /// The handler is each recognizer's owner target (see `GestureRecognizer.setOwner`): capture
    /// the interaction `unowned` and call ``removeOwner()`` in its `deinit`.
    func onTrigger(_ handler: @escaping (ActionTrigger, GestureRecognizer) -> Void) {
        longPress.setOwner(target: { recognizer in
            if recognizer.state == .began { handler(.longPress, recognizer) }
        })
        secondaryClick.setOwner(target: { recognizer in
            if recognizer.state == .ended { handler(.secondaryClick, recognizer) }
        })
    }

    /// Forgets the handler: the interaction is going away.
    func removeOwner() {
        longPress.removeOwner()
        secondaryClick.removeOwner()
    }

    /// Attaches both recognizers to a node.
    func add(to node: any InteractionNode) {
        node.addGestureRecognizer(longPress)
        node.addGestureRecognizer(secondaryClick)
    }

    /// Detaches both recognizers from a node.
    func remove(from node: any InteractionNode) {
        node.removeGestureRecognizer(longPress)
        node.removeGestureRecognizer(secondaryClick)
    }
}
