public import EventModel

/// The selected items. Selecting an item deselects the other items of its container (the
/// environment directly above it), as a list or collection view does.
///
/// A value with three inputs: ``insert(_:)`` (initial selection), ``select(_:scratch:)`` and
/// ``remove(_:)``.
struct SelectionSet {
    private var items: [ObjectIdentifier: any FocusItem] = [:]

    /// Whether `item` is selected.
    func contains(_ item: any FocusItem) -> Bool { items[ObjectIdentifier(item)] != nil }

    /// The selected items among `candidates`, in their order.
    func filter(_ candidates: [any FocusItem]) -> [any FocusItem] { candidates.filter { contains($0) } }

    /// Adds `item` without touching the others (initial selection).
    mutating func insert(_ item: any FocusItem) { items[ObjectIdentifier(item)] = item }

    /// Removes `item`.
    mutating func remove(_ item: any FocusItem) { items[ObjectIdentifier(item)] = nil }

    /// Selects `item` and deselects the other items of its container. `scratch` is a buffer the
    /// caller keeps, so that a steady state allocates nothing.
    mutating func select(_ item: any FocusItem, scratch: inout [ObjectIdentifier]) {
        scratch.removeAll(keepingCapacity: true)
        if let parent = item.parentFocusEnvironment {
            for (key, other) in items where other !== item {
                if let otherParent = other.parentFocusEnvironment, otherParent === parent { scratch.append(key) }
            }
        }
        for key in scratch { items[key] = nil }
        items[ObjectIdentifier(item)] = item
    }

    /// Rebuilds the selection for a new tree: items whose restoration identifier was selected
    /// stay selected, and an initially selected item counts only in containers where nothing was
    /// restored.
    mutating func restore(in newItems: [any FocusItem]) {
        let selectedIdentifiers = Set(items.values.compactMap(\.restorationIdentifier))
        items = [:]
        var containersWithSelection = Set<ObjectIdentifier>()
        for item in newItems {
            if let identifier = item.restorationIdentifier, selectedIdentifiers.contains(identifier) {
                insert(item)
                if let parent = item.parentFocusEnvironment { containersWithSelection.insert(ObjectIdentifier(parent)) }
            }
        }
        for item in newItems where item.isInitiallySelected {
            if let parent = item.parentFocusEnvironment, containersWithSelection.contains(ObjectIdentifier(parent)) {
                continue
            }
            insert(item)
        }
    }
}

extension FocusSystem {
    /// Whether `item` is selected.
    public func isSelected(_ item: any FocusItem) -> Bool { selection.contains(item) }

    /// The selected items, in tree order.
    public var selectedItems: [any FocusItem] { selection.filter(Self.allItems(under: root)) }

    /// Selects `item` (deselecting the other items of its container) and reports it.
    @discardableResult
    public func select(_ item: any FocusItem) -> [EventPayload] {
        var events: [EventPayload] = []
        select(item, into: &events)
        return events
    }

    /// Selects `item` and appends the `select` event to `events`.
    func select(_ item: any FocusItem, into events: inout [EventPayload]) {
        selection.select(item, scratch: &deselectScratch)
        events.append(.select(item: Self.name(of: item)))
        if !observers.isEmpty { notifyObservers(selected: item) }
    }

    /// Clears the selection of `item`.
    public func deselect(_ item: any FocusItem) {
        selection.remove(item)
    }

    /// Whether moving focus onto `item` selects it: the item's own setting, else the nearest
    /// container's, else no.
    public func selectionFollowsFocus(for item: any FocusItem) -> Bool {
        var current: (any FocusEnvironment)? = item
        while let environment = current {
            if let value = environment.selectionFollowsFocus { return value }
            current = environment.parentFocusEnvironment
        }
        return false
    }
}
