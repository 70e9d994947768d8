/// The last focused item of each focus group, kept by reference and by restoration identifier
/// so that it survives rebuilding the tree.
///
/// The reference is strong: an item that left the tree is kept until its group remembers another
/// (one item per group), and is used only while the layout contains it, so this behaves as a
/// weak reference would. A weak one would cost a side table per focused item, allocated on the
/// frame that first focuses it and slowing every later retain and release of the item.
///
/// A value with one input, ``remember(_:inGroup:)``; reads never change it.
struct RememberedItems {
    struct Entry {
        let item: any FocusItem
        var restorationIdentifier: String?
    }

    /// By group identifier ("" for the root group).
    private var byGroup: [String: Entry] = [:]

    /// Records `item` as its group's last focused item.
    mutating func remember(_ item: any FocusItem, inGroup identifier: String?) {
        byGroup[identifier ?? ""] = Entry(item: item, restorationIdentifier: item.restorationIdentifier)
    }

    /// What was remembered for a group.
    func entry(forGroup identifier: String?) -> Entry? { byGroup[identifier ?? ""] }
}

extension FocusSystem {
    /// The item remembered as last focused in a group.
    public func lastFocusedItem(inGroup identifier: String?) -> (any FocusItem)? {
        guard let remembered = remembered.entry(forGroup: identifier) else { return nil }
        if layout.contains(remembered.item) { return remembered.item }
        if let id = remembered.restorationIdentifier, let entry = layout.entriesByRestorationID[id] {
            return layout.entries[entry].item
        }
        return nil
    }

    /// The priority the system gives `item` before its custom priority: focused, selected, last
    /// focused in its group, or ignored.
    func systemPriority(of item: any FocusItem, lastFocused: (any FocusItem)?) -> FocusGroupPriority {
        if let focusedItem, focusedItem === item { return .currentlyFocused }
        if selection.contains(item) { return .prioritized }
        if let lastFocused, lastFocused === item { return .previouslyFocused }
        return .ignored
    }

    /// The larger of the system's priority and the item's custom one (negative custom values are
    /// ignored, as UIKit does).
    func effectivePriority(of item: any FocusItem, lastFocused: (any FocusItem)?) -> FocusGroupPriority {
        let custom = item.focusGroupPriority.rawValue < 0 ? FocusGroupPriority.ignored : item.focusGroupPriority
        return max(systemPriority(of: item, lastFocused: lastFocused), custom)
    }

    /// The priority the system uses for `item` when choosing its group's primary item: the
    /// larger of its custom priority and the system's (focused, selected, last focused).
    public func effectivePriority(of item: any FocusItem) -> FocusGroupPriority {
        effectivePriority(of: item, lastFocused: lastFocusedItem(inGroup: focusGroupIdentifier(of: item)))
    }

    /// The entry of a group's primary item: the highest effective priority; ties go to the item
    /// earliest in reading order, then in tree order.
    func primaryEntry(ofGroup group: Int) -> Int? {
        var best: Int?
        var bestPriority = FocusGroupPriority(rawValue: -1)
        let layout = self.layout
        let last = lastFocusedItem(inGroup: layout.groups[group].identifier)
        for entry in layout.groups[group].readingOrder {
            let priority = effectivePriority(of: layout.entries[entry].item, lastFocused: last)
            if priority > bestPriority {
                best = entry
                bestPriority = priority
            }
        }
        return best
    }

    /// The primary item of the group with this identifier (nil: the root group).
    public func primaryItem(ofGroup identifier: String?) -> (any FocusItem)? {
        guard let group = layout.groupIndex(forIdentifier: identifier) else { return nil }
        return primaryEntry(ofGroup: group).map { layout.entries[$0].item }
    }
}
