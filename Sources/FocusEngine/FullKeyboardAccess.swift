import EventModel

/// The modes Full Keyboard Access adds on top of plain focus movement.
///
/// Transitions (anything not listed leaves the state as it is):
///
/// | state       | input                         | next state  | effect                           |
/// |-------------|-------------------------------|-------------|----------------------------------|
/// | idle        | Tab+Z, item has actions       | actionsMenu | `action` `actionsMenu` event     |
/// | idle        | Tab+Z, no actions             | idle        | `action` `actionsMenu`, empty    |
/// | idle        | Tab+F                         | find        | —                                |
/// | actionsMenu | Up / Down                     | actionsMenu | highlight moves, clamped         |
/// | actionsMenu | Return / Space                | idle        | `action` with trigger `menu`     |
/// | actionsMenu | Escape / Tab+Z                | idle        | —                                |
/// | actionsMenu | any other key                 | actionsMenu | swallowed                        |
/// | find        | text                          | find        | focus the first match            |
/// | find        | arrows                        | find        | focus the next/previous match    |
/// | find        | Backspace                     | find        | shorter query, first match       |
/// | find        | Return / Escape / Tab+F       | idle        | focus stays                      |
/// | find        | any other key                 | idle        | the key is then handled normally |
///
/// Replacing the tree returns to idle.
enum FullKeyboardAccessState {
    /// Plain navigation.
    case idle
    /// The actions menu (Tab+Z) is open for `item`, with `highlighted` the chosen row.
    case actionsMenu(item: any FocusItem, actions: [CustomAction], highlighted: Int)
    /// Find (Tab+F) is open with the text typed so far and the matching items.
    case finding(query: String, matches: [any FocusItem], position: Int)

    /// Tab+Z opens the actions menu.
    static let actionsMenuKey = KeyPress.Key.character("z")
    /// Tab+F opens Find.
    static let findKey = KeyPress.Key.character("f")

    /// The mode's name, for traces.
    var name: String {
        switch self {
        case .idle: "idle"
        case .actionsMenu: "actionsMenu"
        case .finding: "find"
        }
    }
}

extension FocusSystem {
    /// Whether the Full Keyboard Access actions menu (Tab+Z) is open.
    public var isActionsMenuOpen: Bool {
        if case .actionsMenu = accessState { return true }
        return false
    }

    /// The names in the open actions menu and the highlighted row, if the menu is open.
    public var actionsMenu: (actions: [String], highlighted: Int)? {
        guard case .actionsMenu(_, let actions, let highlighted) = accessState else { return nil }
        return (actions.map(\.name), highlighted)
    }

    /// The text typed into Full Keyboard Access Find, if Find is open.
    public var findQuery: String? {
        guard case .finding(let query, _, _) = accessState else { return nil }
        return query
    }

    /// The items Find matches for `query`, in Tab-loop order: an item matches when its
    /// accessibility label or one of its input labels starts with the query, or its label
    /// contains it, ignoring case. Only items that can be focused now are searched, so with Full
    /// Keyboard Access on, elements that do not respond to the user are never found.
    public func findMatches(for query: String) -> [any FocusItem] {
        let needle = query.lowercased()
        guard !needle.isEmpty else { return [] }
        var result: [any FocusItem] = []
        for stop in layout.tabStops {
            for entry in layout.groups[stop].readingOrder {
                let item = layout.entries[entry].item
                let label = item.accessibilityLabel?.lowercased()
                let names = (label.map { [$0] } ?? []) + item.accessibilityUserInputLabels.map { $0.lowercased() }
                if names.contains(where: { $0.hasPrefix(needle) }) || label?.contains(needle) == true {
                    result.append(item)
                }
            }
        }
        return result
    }

    func openActionsMenu(into events: inout [EventPayload]) {
        guard let focusedItem else { return }
        let actions = focusedItem.accessibilityCustomActions
        if !actions.isEmpty { accessState = .actionsMenu(item: focusedItem, actions: actions, highlighted: 0) }
        events.append(
            .action(
                ActionEvent(
                    item: Self.name(of: focusedItem), name: "actionsMenu", trigger: .key, actions: actions.map(\.name))
            )
        )
    }

    func findText(_ text: String, into events: inout [EventPayload]) -> MoveOutcome {
        guard case .finding(let query, let previous, _) = accessState else { return .failed(.nothingFocusable) }
        let newQuery = query + text
        // A query that matched nothing matches nothing once longer (no label starts with or
        // contains it), so a long paste of text that matches nothing costs no search per key.
        let matches = previous.isEmpty && !query.isEmpty ? [] : findMatches(for: newQuery)
        accessState = .finding(query: newQuery, matches: matches, position: 0)
        guard let first = matches.first else { return .failed(.nothingFocusable) }
        if let focusedItem, first === focusedItem { return .failed(.alreadyFocused) }
        return performUpdate(to: first, heading: .none, into: &events)
    }

    /// Keys while the actions menu or Find is open; nil in plain navigation (and for a key that
    /// closes Find and is then handled normally), else whether focus moved.
    ///
    /// Actions menu: Up/Down move the highlight, Return or Space performs the highlighted action
    /// (an `action` event with trigger `menu`), Escape or Tab+Z closes it; other keys are
    /// swallowed. Find: typed text narrows the search, Down/Right and Up/Left step through the
    /// matches, Return or Escape (or Tab+F) closes Find, keeping focus where it is; other keys
    /// close Find and are then handled normally.
    func handleAccessMode(_ press: KeyPress, into events: inout [EventPayload]) -> Bool? {
        switch accessState {
        case .idle:
            return nil
        case .actionsMenu(let item, let actions, let highlighted):
            switch (press.key, press.modifiers) {
            case (.down, []):
                accessState = .actionsMenu(
                    item: item, actions: actions, highlighted: min(highlighted + 1, actions.count - 1))
            case (.up, []):
                accessState = .actionsMenu(item: item, actions: actions, highlighted: max(highlighted - 1, 0))
            case (.return, []), (.space, []):
                accessState = .idle
                events.append(
                    .action(ActionEvent(item: Self.name(of: item), name: actions[highlighted].name, trigger: .menu)))
            case (.escape, []):
                accessState = .idle
            case (let key, .tab) where key == FullKeyboardAccessState.actionsMenuKey:
                accessState = .idle
            default:
                break
            }
            return false
        case .finding(let query, let matches, let position):
            switch (press.key, press.modifiers) {
            case (.down, []), (.right, []), (.up, []), (.left, []):
                guard !matches.isEmpty else { return false }
                let forward = press.key == .down || press.key == .right
                let next = (position + (forward ? 1 : matches.count - 1)) % matches.count
                accessState = .finding(query: query, matches: matches, position: next)
                return performUpdate(to: matches[next], heading: .none, into: &events).moved
            case (.return, []), (.escape, []):
                accessState = .idle
                return false
            case (let key, .tab) where key == FullKeyboardAccessState.findKey:
                accessState = .idle
                return false
            case (.backspace, []):
                let shorter = String(query.dropLast())
                accessState = .finding(query: "", matches: [], position: 0)
                if shorter.isEmpty { return false }
                return findText(shorter, into: &events).moved
            default:
                accessState = .idle
                return nil
            }
        }
    }
}
