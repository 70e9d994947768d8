public import EventModel

extension FocusSystem {
    /// The action Space performs on an item, run on the item itself whether or not it is focused:
    /// what a screen reader's default action (AT-SPI2's `DoAction`) does.
    ///
    /// An item that can take focus on its own is selected, as Space under Full Keyboard Access
    /// and the select key do; an item that joins the cursor's order only through Full Keyboard
    /// Access (a control, an accessibility element) performs its
    /// ``FocusItem/accessibilityDefaultAction``, with the trigger `key`.
    ///
    /// - Returns: The events: a `select`, or an `action`.
    @discardableResult
    public func performDefaultAction(on item: any FocusItem) -> [EventPayload] {
        var events: [EventPayload] = []
        if item.canBecomeFocused {
            select(item, into: &events)
        } else {
            events.append(
                .action(ActionEvent(item: Self.name(of: item), name: item.accessibilityDefaultAction, trigger: .key)))
        }
        return events
    }

    /// Runs one of an item's custom actions as the Full Keyboard Access actions menu does when the
    /// row is chosen: an `action` event with the action's name and the trigger `menu`.
    ///
    /// - Returns: The events; nil when the item has no custom action of that name.
    public func performCustomAction(named name: String, on item: any FocusItem) -> [EventPayload]? {
        guard item.accessibilityCustomActions.contains(where: { $0.name == name }) else { return nil }
        trace("custom action: \(Self.name(of: item)) → \(name)")
        return [.action(ActionEvent(item: Self.name(of: item), name: name, trigger: .menu))]
    }
}
