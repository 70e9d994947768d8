public import EventModel
import Geometry

/// Flutter's directional history, when ``FocusConfiguration/remembersDirectionalHistory`` is on:
/// the arrow moves made on one axis, so that an arrow opposite to the last one returns to the item
/// focus came from.
///
/// | input                                   | effect                                 | action      |
/// |-----------------------------------------|----------------------------------------|-------------|
/// | moved(h, from: i)                       | push (h, i)                            | —           |
/// | arrow h, last on the other axis         | forget everything                      | search      |
/// | arrow h, last is h's opposite, i usable | pop                                    | return to i |
/// | arrow h, last is h's opposite, i gone   | forget everything                      | search      |
/// | arrow h, otherwise                      | —                                      | search      |
/// | any non-arrow focus change              | forget everything                      | —           |
struct DirectionalHistory {
    /// What an arrow should do.
    enum Action {
        /// Run the directional search.
        case search
        /// Return to this item without searching.
        case returnTo(any FocusItem)
    }

    /// A step keeps its item strongly: only the items of the current run of arrows on one axis,
    /// forgotten on any other focus change, and used only while still usable. A weak reference
    /// would give every item focus moves through a side table, allocated on the move and slowing
    /// the item's retains and releases from then on.
    private struct Step {
        let heading: FocusHeading
        let item: any FocusItem
    }

    private var steps: [Step] = []

    /// An arrow was pressed; `isUsable` says whether an item may still be returned to (focusable,
    /// and in the group focus is in).
    mutating func arrow(_ heading: FocusHeading, isUsable: (any FocusItem) -> Bool) -> Action {
        guard let last = steps.last else { return .search }
        guard Self.isVertical(last.heading) == Self.isVertical(heading) else {
            forget()
            return .search
        }
        guard last.heading == Self.opposite(heading) else { return .search }
        steps.removeLast()
        guard isUsable(last.item) else {
            forget()
            return .search
        }
        return .returnTo(last.item)
    }

    /// An arrow moved focus along `heading` away from `origin`.
    mutating func moved(_ heading: FocusHeading, from origin: any FocusItem) {
        steps.append(Step(heading: heading, item: origin))
    }

    /// Forgets every step (a non-arrow focus change, a move on the other axis).
    mutating func forget() {
        if !steps.isEmpty { steps.removeAll(keepingCapacity: true) }
    }

    static func isArrow(_ heading: FocusHeading) -> Bool {
        heading == .up || heading == .down || heading == .left || heading == .right
    }

    static func isVertical(_ heading: FocusHeading) -> Bool { heading == .up || heading == .down }

    static func opposite(_ heading: FocusHeading) -> FocusHeading {
        switch heading {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        default: heading
        }
    }
}

extension FocusSystem {
    /// Moves focus along the Tab loop (`.next`/`.previous`), in a direction within the current
    /// group (`.up`, `.down`, `.left`, `.right`), or to the current group's first or last item in
    /// reading order (`.first`, `.last`).
    @discardableResult
    public func moveFocus(_ heading: FocusHeading) -> FocusMoveResult {
        var events: [EventPayload] = []
        let outcome = moveFocus(heading, into: &events)
        return FocusMoveResult(outcome, events: events)
    }

    /// ``moveFocus(_:)`` appending its events to `events`.
    func moveFocus(_ heading: FocusHeading, into events: inout [EventPayload]) -> MoveOutcome {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        switch heading {
        case .next, .previous: return moveAlongTabLoop(forward: heading == .next, into: &events)
        case .up, .down, .left, .right: return moveInDirection(heading, into: &events)
        case .first, .last: return moveToEnd(first: heading == .first, into: &events)
        default: return .failed(.nothingInDirection)
        }
    }

    /// An arrow: the best item of the focused item's group in that direction, or the focus
    /// section or guide that catches the move.
    private func moveInDirection(_ heading: FocusHeading, into events: inout [EventPayload]) -> MoveOutcome {
        guard let focusedItem, let entry = layout.entry(for: focusedItem) else {
            // Nothing focused: the first arrow sets initial focus, as Tab would.
            return moveAlongTabLoop(forward: true, into: &events)
        }
        let layout = self.layout
        let source = layout.entries[entry].frame
        let group = layout.entries[entry].group
        if configuration.remembersDirectionalHistory {
            let action = directionalHistory.arrow(heading) { item in
                layout.entry(for: item).map { layout.entries[$0].group == group } ?? false
            }
            switch action {
            case .search:
                break
            case .returnTo(let item):
                let history = directionalHistory
                let outcome = performUpdate(to: item, heading: heading, into: &events)
                directionalHistory = history  // the return consumed its entry; keep the rest
                return outcome
            }
        }
        let target = directionalTarget(from: focusedItem, source: source, group: group, heading: heading)
        guard let target else {
            trace("focus: \(Self.name(of: focusedItem)) → nothing (\(heading))")
            return .failed(.nothingInDirection)
        }
        let outcome = performUpdate(to: target, heading: heading, into: &events)
        if outcome.moved && configuration.remembersDirectionalHistory {
            directionalHistory.moved(heading, from: focusedItem)
        }
        return outcome
    }

    /// The item an arrow reaches: the group's best member, unless a focus section or guide in the
    /// same group is a better destination (or the only one).
    private func directionalTarget(
        from focusedItem: any FocusItem,
        source: Rect,
        group: Int,
        heading: FocusHeading
    ) -> (any FocusItem)? {
        let rule = configuration.directionalSearch
        var target = layout.bestMember(of: group, from: source, heading: heading, rule: rule).map {
            layout.entries[$0].item
        }
        var bestRedirect: FocusLayout.Redirector?
        for redirector in layout.redirectors(inGroup: group) {
            if redirector.environment.contains(focusedItem) { continue }
            if let target, redirector.environment.contains(target) { continue }
            guard Self.redirectorReaches(redirector.frame, from: source, heading: heading, rule: rule) else { continue }
            if let current = bestRedirect,
                !Self.isBetter(redirector.frame, than: current.frame, from: source, heading: heading, rule: rule)
            {
                continue
            }
            bestRedirect = redirector
        }
        if let bestRedirect {
            let beatsTarget =
                target.map {
                    Self.isBetter(bestRedirect.frame, than: $0.frame, from: source, heading: heading, rule: rule)
                } ?? true
            if beatsTarget, let redirected = preferredFocusItem(for: bestRedirect.environment),
                redirected !== focusedItem
            {
                target = redirected
            }
        }
        return target
    }

    static func redirectorReaches(
        _ frame: Rect, from source: Rect, heading: FocusHeading, rule: DirectionalSearch
    ) -> Bool {
        switch rule {
        case .precise: DirectionalRules.isPreciseCandidate(from: source, to: frame, heading: heading)
        case .proximity: DirectionalRules.isProximityCandidate(from: source, to: frame, heading: heading)
        }
    }

    static func isBetter(
        _ first: Rect,
        than second: Rect,
        from source: Rect,
        heading: FocusHeading,
        rule: DirectionalSearch
    ) -> Bool {
        switch rule {
        case .precise:
            let s = DirectionalRules.normalized(source, for: heading)
            return DirectionalRules.preciseKey(s, DirectionalRules.normalized(first, for: heading))
                < DirectionalRules.preciseKey(s, DirectionalRules.normalized(second, for: heading))
        case .proximity:
            return DirectionalRules.isBetterProximityCandidate(from: source, first, than: second, heading: heading)
        }
    }
}
