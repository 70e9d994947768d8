public import EventModel
import Geometry

/// Settings of a ``FocusSystem`` that apply to the whole tree.
public struct FocusConfiguration: Hashable, Sendable {
    /// Reading order for Tab and group order; arrows stay physical either way.
    public var layoutDirection: LayoutDirection
    /// The key that selects the focused item.
    public var selectKey: SelectKey
    /// How arrow keys find the next item.
    public var directionalSearch: DirectionalSearch
    /// Full Keyboard Access: controls become focusable, elements that do not respond to the user
    /// are skipped, and Tab+Z (actions) and Tab+F (Find) work.
    public var fullKeyboardAccess: Bool
    /// When true, an arrow opposite to the previous arrow returns to the item focus came from,
    /// even when geometry alone would pick another (Flutter's directional history); an arrow on
    /// the other axis, Tab or any other focus change forgets the history. Off by default, as in
    /// UIKit.
    public var remembersDirectionalHistory: Bool

    /// Creates a configuration.
    public init(
        layoutDirection: LayoutDirection = .leftToRight,
        selectKey: SelectKey = .return,
        directionalSearch: DirectionalSearch = .precise,
        fullKeyboardAccess: Bool = false,
        remembersDirectionalHistory: Bool = false
    ) {
        self.layoutDirection = layoutDirection
        self.selectKey = selectKey
        self.directionalSearch = directionalSearch
        self.fullKeyboardAccess = fullKeyboardAccess
        self.remembersDirectionalHistory = remembersDirectionalHistory
    }
}

/// Why focus did not move.
public enum FocusMoveFailure: Hashable, Sendable {
    /// Nothing lies in that direction within the group (arrows do not wrap).
    case nothingInDirection
    /// The target is the item already focused.
    case alreadyFocused
    /// The target cannot be focused; the text says why.
    case notFocusable(String)
    /// An environment's `shouldUpdateFocus(in:)` returned false.
    case vetoed(by: String)
    /// A focus update was asked for while one was running; updates never re-enter themselves.
    case updateInProgress
    /// Nothing in the tree can be focused.
    case nothingFocusable
}

/// The outcome of a focus movement.
public struct FocusMoveResult: Hashable, Sendable {
    /// Whether the focused item changed.
    public var moved: Bool
    /// The events the movement produced, in order.
    public var events: [EventPayload]
    /// Why focus did not move, when it did not.
    public var failure: FocusMoveFailure?

    static func failed(_ failure: FocusMoveFailure) -> FocusMoveResult {
        FocusMoveResult(moved: false, events: [], failure: failure)
    }
}

/// The outcome of one key press or typed text.
public struct KeyPressResult: Hashable, Sendable {
    /// The input.
    public var input: KeyInput
    /// Whether anything (the focus system, a responder or a key command) used it.
    public var handled: Bool
    /// Whether the focused item changed.
    public var moved: Bool
    /// The events it caused, in order.
    public var events: [EventPayload]
}

/// Errors of the focus system's programmatic interface.
public enum FocusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `becomeFirstResponder` was called while a focus update was running (from a
    /// `shouldUpdateFocus` or `didUpdateFocus` callback). UIKit raises an internal inconsistency
    /// exception here; this engine refuses the call instead.
    case firstResponderChangeDuringFocusUpdate(String)

    /// What happened, in words.
    public var description: String {
        switch self {
        case .firstResponderChangeDuringFocusUpdate(let name):
            "refused to make \"\(name)\" the first responder while processing a focus update; "
                + "request a focus update instead (setNeedsFocusUpdate)"
        }
    }
}

/// The keyboard focus engine for one tree: groups, the Tab loop, arrow movement, selection, focus
/// updates, the responder chain and Full Keyboard Access.
///
/// ```swift
/// let system = FocusSystem(root: window, configuration: FocusConfiguration(selectKey: .return))
/// let result = system.handle(.press(KeyPress(.tab)))   // focus the first group's primary item
/// result.events  // [.focus(from: nil, to: "search", heading: .next)]
/// ```
///
/// The system never reads a clock: deferred work (``setNeedsFocusUpdate(for:)``) runs at the end
/// of the current ``handle(_:)`` call or at ``updateFocusIfNeeded()``, the engine's equivalent of
/// the next run-loop turn.
public final class FocusSystem {
    /// The root environment (the window).
    public private(set) var root: any FocusEnvironment
    /// The configuration; changing it recomputes what can be focused.
    public var configuration: FocusConfiguration {
        didSet { invalidateLayout() }
    }
    /// The focused item.
    public private(set) var focusedItem: (any FocusItem)?
    /// The first responder: the focused item, or the nearest environment above it that can be one.
    public private(set) var firstResponder: (any FocusEnvironment)?
    /// True while `shouldUpdateFocus`/`didUpdateFocus` callbacks run.
    public private(set) var isUpdatingFocus = false

    private var cachedLayout: FocusLayout?
    /// The last focused item of each group, by group identifier ("" for the root group).
    private var remembered: [String: Remembered] = [:]
    private var selection: [ObjectIdentifier: any FocusItem] = [:]
    private var pendingUpdate: (any FocusEnvironment)?
    /// Arrow moves made so far on one axis: the heading and the item focus left.
    private var directionalHistory: [(heading: FocusHeading, item: Remembered)] = []
    var accessState: FullKeyboardAccessState = .idle {
        didSet {
            if oldValue.name != accessState.name {
                trace("full keyboard access: \(oldValue.name) → \(accessState.name)")
            }
        }
    }
    /// Receives one line per transition, for debugging: `focus: recents → favorites (down)`,
    /// `focus: photo-3 → nothing (right)`, `focus: a → c (none) vetoed by content`,
    /// `full keyboard access: idle → actionsMenu`. Nil (the default) traces nothing.
    public var traceHandler: ((String) -> Void)?

    func trace(_ line: @autoclosure () -> String) {
        traceHandler?(line())
    }

    struct Remembered {
        weak var item: (any FocusItem)?
        var restorationIdentifier: String?
    }

    /// Creates a focus system over `root`. Nothing is focused until a key or a request moves focus.
    public init(root: any FocusEnvironment, configuration: FocusConfiguration = FocusConfiguration()) {
        self.root = root
        self.configuration = configuration
        for item in Self.allItems(under: root) where item.isInitiallySelected {
            selection[ObjectIdentifier(item)] = item
        }
    }

    // MARK: Layout

    var layout: FocusLayout {
        if let cachedLayout { return cachedLayout }
        let built = FocusLayout(
            root: root,
            direction: configuration.layoutDirection,
            fullKeyboardAccess: configuration.fullKeyboardAccess
        )
        cachedLayout = built
        return built
    }

    /// Tells the system that the tree, a frame or an item's focusability changed. Like a layout
    /// pass, the system then recomputes groups and its spatial index on next use. If the focused
    /// item can no longer be focused, focus is lost.
    public func invalidateLayout() {
        cachedLayout = nil
        if let focusedItem, !layout.contains(focusedItem) {
            self.focusedItem = nil
            firstResponder = nil
        }
    }

    /// Replaces the tree, restoring focus, remembered items and selection by
    /// ``FocusEnvironment/restorationIdentifier``. Restoring is silent: focus did not change for
    /// the person at the keyboard, so no callbacks run and no event is emitted.
    ///
    /// - Returns: Whether the focused item was found again.
    @discardableResult
    public func replaceRoot(_ newRoot: any FocusEnvironment) -> Bool {
        let focusedIdentifier = focusedItem?.restorationIdentifier
        let selectedIdentifiers = Set(selection.values.compactMap(\.restorationIdentifier))
        root = newRoot
        cachedLayout = nil
        pendingUpdate = nil
        accessState = .idle
        let items = Self.allItems(under: newRoot)
        selection = [:]
        var containersWithSelection = Set<ObjectIdentifier>()
        for item in items {
            if let identifier = item.restorationIdentifier, selectedIdentifiers.contains(identifier) {
                selection[ObjectIdentifier(item)] = item
                if let parent = item.parentFocusEnvironment { containersWithSelection.insert(ObjectIdentifier(parent)) }
            }
        }
        for item in items where item.isInitiallySelected {
            if let parent = item.parentFocusEnvironment, containersWithSelection.contains(ObjectIdentifier(parent)) {
                continue
            }
            selection[ObjectIdentifier(item)] = item
        }
        focusedItem = nil
        firstResponder = nil
        if let focusedIdentifier, let entry = layout.entriesByRestorationID[focusedIdentifier] {
            let item = layout.entries[entry].item
            focusedItem = item
            firstResponder = nearestResponder(from: item)
            return true
        }
        return false
    }

    static func allItems(under root: any FocusEnvironment) -> [any FocusItem] {
        var result: [any FocusItem] = []
        var visited = Set<ObjectIdentifier>()
        func visit(_ environment: any FocusEnvironment) {
            guard visited.insert(ObjectIdentifier(environment)).inserted else { return }
            if let item = environment as? any FocusItem { result.append(item) }
            for child in environment.focusChildren { visit(child) }
        }
        visit(root)
        return result
    }

    /// A name for events and messages: the restoration identifier, or the type name.
    public static func name(of environment: any FocusEnvironment) -> String { environment.focusDebugName }

    // MARK: Queries

    /// Whether `item` can be focused now (visible, sized, declared focusable, in the tree).
    public func isFocusable(_ item: any FocusItem) -> Bool { layout.contains(item) }

    /// Whether `item` is selected.
    public func isSelected(_ item: any FocusItem) -> Bool { selection[ObjectIdentifier(item)] != nil }

    /// The selected items, in tree order.
    public var selectedItems: [any FocusItem] {
        Self.allItems(under: root).filter { selection[ObjectIdentifier($0)] != nil }
    }

    /// The focus group identifier `environment` belongs to (its own, or inherited); nil for the
    /// root group.
    public func focusGroupIdentifier(of environment: any FocusEnvironment) -> String? {
        var current: (any FocusEnvironment)? = environment
        while let node = current {
            if let identifier = node.focusGroupIdentifier { return identifier }
            current = node.parentFocusEnvironment
        }
        return nil
    }

    /// The item remembered as last focused in a group.
    public func lastFocusedItem(inGroup identifier: String?) -> (any FocusItem)? {
        guard let remembered = remembered[identifier ?? ""] else { return nil }
        if let item = remembered.item, layout.contains(item) { return item }
        if let id = remembered.restorationIdentifier, let entry = layout.entriesByRestorationID[id] {
            return layout.entries[entry].item
        }
        return nil
    }

    /// The priority the system uses for `item` when choosing its group's primary item: the
    /// larger of its custom priority and the system's (focused, selected, last focused).
    public func effectivePriority(of item: any FocusItem) -> FocusGroupPriority {
        var system = FocusGroupPriority.ignored
        if let focusedItem, focusedItem === item {
            system = .currentlyFocused
        } else if isSelected(item) {
            system = .prioritized
        } else if let last = lastFocusedItem(inGroup: focusGroupIdentifier(of: item)), last === item {
            system = .previouslyFocused
        }
        let custom = item.focusGroupPriority.rawValue < 0 ? FocusGroupPriority.ignored : item.focusGroupPriority
        return max(system, custom)
    }

    func primaryEntry(ofGroup group: Int) -> Int? {
        var best: Int?
        var bestPriority = FocusGroupPriority(rawValue: -1)
        let layout = self.layout
        let last = lastFocusedItem(inGroup: layout.groups[group].identifier)
        // Reading order first, so that ties go to the item earliest in reading order, then tree order.
        for entry in layout.groups[group].readingOrder {
            let item = layout.entries[entry].item
            var system = FocusGroupPriority.ignored
            if let focusedItem, focusedItem === item {
                system = .currentlyFocused
            } else if selection[ObjectIdentifier(item)] != nil {
                system = .prioritized
            } else if let last, last === item {
                system = .previouslyFocused
            }
            let priority = max(system, item.focusGroupPriority.rawValue < 0 ? .ignored : item.focusGroupPriority)
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

    /// The focus groups in Tab order, by identifier (nil: the root group).
    public var tabLoopGroups: [String?] { layout.tabStops.map { layout.groups[$0].identifier } }

    /// The Tab loop: each group's primary item, in Tab order.
    public var tabLoop: [any FocusItem] {
        layout.tabStops.compactMap { primaryEntry(ofGroup: $0).map { layout.entries[$0].item } }
    }

    /// The focusable items in one group, in reading order.
    public func focusableItems(inGroup identifier: String?) -> [any FocusItem] {
        guard let group = layout.groupIndex(forIdentifier: identifier) else { return [] }
        return layout.groups[group].readingOrder.map { layout.entries[$0].item }
    }

    // MARK: Focus updates

    /// The environments told about an update, in the order they are told: every environment
    /// containing the previous or the next item, deepest first ("ascending" the tree toward the
    /// root); at equal depth the previous item's side comes first; each environment once.
    public static func environmentsForUpdate(
        from previous: (any FocusItem)?,
        to next: (any FocusItem)?
    ) -> [any FocusEnvironment] {
        func chain(_ item: (any FocusItem)?) -> [any FocusEnvironment] {
            var result: [any FocusEnvironment] = []
            var current: (any FocusEnvironment)? = item
            while let environment = current {
                result.append(environment)
                current = environment.parentFocusEnvironment
            }
            return result
        }
        var seen = Set<ObjectIdentifier>()
        var tagged: [(environment: any FocusEnvironment, depth: Int, side: Int, order: Int)] = []
        for (side, list) in [chain(previous), chain(next)].enumerated() {
            for (position, environment) in list.enumerated() where seen.insert(ObjectIdentifier(environment)).inserted {
                tagged.append((environment, list.count - 1 - position, side, tagged.count))
            }
        }
        tagged.sort { ($1.depth, $0.side, $0.order) < ($0.depth, $1.side, $1.order) }
        return tagged.map(\.environment)
    }

    /// Moves focus to `next` (nil: focus is lost), asking and telling every environment involved.
    func performUpdate(to next: (any FocusItem)?, heading: FocusHeading) -> FocusMoveResult {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        if let next, let focusedItem, next === focusedItem { return .failed(.alreadyFocused) }
        if next == nil && focusedItem == nil { return .failed(.alreadyFocused) }
        let previous = focusedItem
        let context = FocusUpdateContext(previouslyFocusedItem: previous, nextFocusedItem: next, focusHeading: heading)
        let environments = Self.environmentsForUpdate(from: previous, to: next)
        isUpdatingFocus = true
        defer { isUpdatingFocus = false }
        let transition =
            "focus: \(previous.map { Self.name(of: $0) } ?? "nothing") → \(next.map { Self.name(of: $0) } ?? "nothing") (\(heading))"
        for environment in environments where !environment.shouldUpdateFocus(in: context) {
            trace("\(transition) vetoed by \(Self.name(of: environment))")
            return .failed(.vetoed(by: Self.name(of: environment)))
        }
        trace(transition)
        focusedItem = next
        firstResponder = next.flatMap { nearestResponder(from: $0) }
        if !Self.isArrow(heading) { directionalHistory.removeAll() }
        var events: [EventPayload] = [
            .focus(from: previous.map { Self.name(of: $0) }, to: next.map { Self.name(of: $0) }, heading: heading)
        ]
        if let next {
            remembered[focusGroupIdentifier(of: next) ?? ""] = Remembered(
                item: next,
                restorationIdentifier: next.restorationIdentifier
            )
            if selectionFollowsFocus(for: next) && !isSelected(next) {
                events.append(contentsOf: select(next))
            }
        }
        for environment in environments { environment.didUpdateFocus(in: context) }
        return FocusMoveResult(moved: true, events: events, failure: nil)
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

    func nearestResponder(from item: any FocusEnvironment) -> (any FocusEnvironment)? {
        var current: (any FocusEnvironment)? = item
        while let environment = current {
            if environment.canBecomeFirstResponder { return environment }
            current = environment.parentFocusEnvironment
        }
        return nil
    }

    /// Focuses `item` directly (a programmatic request with no heading).
    @discardableResult
    public func focus(_ item: any FocusItem) -> FocusMoveResult {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        guard layout.contains(item) else {
            return .failed(.notFocusable(FocusDebugger.checkFocusability(for: item, in: self).summary))
        }
        return performUpdate(to: item, heading: .none)
    }

    /// Removes focus (SwiftUI's dismissing focus by setting the focus state to nil).
    @discardableResult
    public func resignFocus() -> FocusMoveResult {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        return performUpdate(to: nil, heading: .none)
    }

    /// The item focus goes to when `environment` is asked: its preferred environments in order,
    /// each searched the same way; an empty list means the environment itself, whose children are
    /// then searched in tree order.
    public func preferredFocusItem(for environment: any FocusEnvironment) -> (any FocusItem)? {
        var visited = Set<ObjectIdentifier>()
        func search(_ environment: any FocusEnvironment) -> (any FocusItem)? {
            guard visited.insert(ObjectIdentifier(environment)).inserted else { return nil }
            let preferred = environment.preferredFocusEnvironments
            for candidate in preferred.isEmpty ? [environment] : preferred {
                if let item = candidate as? any FocusItem, layout.contains(item) { return item }
                if candidate === environment {
                    for child in environment.focusChildren {
                        if let found = search(child) { return found }
                    }
                } else if let found = search(candidate) {
                    return found
                }
            }
            return nil
        }
        return search(environment)
    }

    /// Asks for a focus update to `environment`'s preferred item. It has no effect unless the
    /// environment contains the focused item (or nothing is focused and it is the root). When a
    /// containing environment also asked, the containing one wins. The update runs at the end of
    /// the current key press or at ``updateFocusIfNeeded()``.
    public func setNeedsFocusUpdate(for environment: any FocusEnvironment) {
        if let focusedItem {
            guard environment.contains(focusedItem) else { return }
        } else {
            guard environment === root else { return }
        }
        requestFocusUpdate(to: environment)
    }

    /// Asks for a focus update to `environment`'s preferred item, whether or not it contains the
    /// focused item; the containing request wins when several are pending.
    public func requestFocusUpdate(to environment: any FocusEnvironment) {
        if let pendingUpdate {
            if pendingUpdate.contains(environment) { return }  // the containing request wins
        }
        pendingUpdate = environment
    }

    /// Whether an update has been requested and not yet performed.
    public var hasPendingFocusUpdate: Bool { pendingUpdate != nil }

    /// Performs a pending focus update now.
    @discardableResult
    public func updateFocusIfNeeded() -> FocusMoveResult {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        guard let environment = pendingUpdate else { return .failed(.alreadyFocused) }
        pendingUpdate = nil
        guard let target = preferredFocusItem(for: environment) else { return .failed(.nothingFocusable) }
        return performUpdate(to: target, heading: .none)
    }

    /// Makes `environment` the first responder, which drives focus: focus moves to it, or to its
    /// preferred item when it is not focusable itself.
    ///
    /// - Throws: ``FocusError/firstResponderChangeDuringFocusUpdate(_:)`` when called from a
    ///   focus update callback.
    @discardableResult
    public func becomeFirstResponder(_ environment: any FocusEnvironment) throws(FocusError) -> FocusMoveResult {
        guard !isUpdatingFocus else {
            throw .firstResponderChangeDuringFocusUpdate(Self.name(of: environment))
        }
        if let focusedItem, environment.contains(focusedItem) {
            firstResponder = environment
            return FocusMoveResult(moved: false, events: [], failure: .alreadyFocused)
        }
        let target =
            (environment as? any FocusItem).flatMap { layout.contains($0) ? $0 : nil }
            ?? preferredFocusItem(for: environment)
        guard let target else { return .failed(.nothingFocusable) }
        let result = performUpdate(to: target, heading: .none)
        if result.moved { firstResponder = environment.canBecomeFirstResponder ? environment : firstResponder }
        return result
    }

    // MARK: Movement

    /// Moves focus along the Tab loop (`.next`/`.previous`), in a direction within the current
    /// group (`.up`, `.down`, `.left`, `.right`), or to the current group's first or last item in
    /// reading order (`.first`, `.last`).
    @discardableResult
    public func moveFocus(_ heading: FocusHeading) -> FocusMoveResult {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        switch heading {
        case .next, .previous: return moveAlongTabLoop(forward: heading == .next)
        case .up, .down, .left, .right: return moveInDirection(heading)
        case .first, .last: return moveToEnd(first: heading == .first)
        default: return .failed(.nothingInDirection)
        }
    }

    /// `.first`/`.last`: the first or last item of the current group in reading order.
    private func moveToEnd(first: Bool) -> FocusMoveResult {
        guard let focusedItem, let entry = layout.entry(for: focusedItem) else {
            return moveAlongTabLoop(forward: first)
        }
        let order = layout.groups[layout.entries[entry].group].readingOrder
        guard let target = first ? order.first : order.last else { return .failed(.nothingInDirection) }
        return performUpdate(to: layout.entries[target].item, heading: first ? .first : .last)
    }

    private func moveAlongTabLoop(forward: Bool) -> FocusMoveResult {
        let stops = layout.tabStops
        guard !stops.isEmpty else { return .failed(.nothingFocusable) }
        var target = forward ? stops[0] : stops[stops.count - 1]
        if let focusedItem, let entry = layout.entry(for: focusedItem),
            let position = stops.firstIndex(of: layout.entries[entry].group)
        {
            target = stops[(position + (forward ? 1 : stops.count - 1)) % stops.count]
        }
        guard let primary = primaryEntry(ofGroup: target) else { return .failed(.nothingFocusable) }
        return performUpdate(to: layout.entries[primary].item, heading: forward ? .next : .previous)
    }

    private func moveInDirection(_ heading: FocusHeading) -> FocusMoveResult {
        guard let focusedItem, let entry = layout.entry(for: focusedItem) else {
            // Nothing focused: the first arrow sets initial focus, as Tab would.
            return moveAlongTabLoop(forward: true)
        }
        let layout = self.layout
        let source = layout.entries[entry].frame
        let group = layout.entries[entry].group
        let rule = configuration.directionalSearch
        if let back = historyTarget(for: heading, group: group) {
            let history = directionalHistory
            let result = performUpdate(to: back, heading: heading)
            directionalHistory = history  // the return consumed its entry; keep the rest
            return result
        }
        var target = layout.bestMember(of: group, from: source, heading: heading, rule: rule).map {
            layout.entries[$0].item
        }
        // Focus sections and guides catch moves that find nothing, or that they are nearer for.
        var bestRedirect: (frame: Rect, environment: any FocusEnvironment)?
        for redirector in layout.redirectors where redirector.group == group {
            if redirector.environment.contains(focusedItem) { continue }
            if let target, redirector.environment.contains(target) { continue }
            guard Self.redirectorReaches(redirector.frame, from: source, heading: heading, rule: rule) else { continue }
            if let current = bestRedirect,
                !Self.isBetter(redirector.frame, than: current.frame, from: source, heading: heading, rule: rule)
            {
                continue
            }
            bestRedirect = (redirector.frame, redirector.environment)
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
        guard let target else {
            trace("focus: \(Self.name(of: focusedItem)) → nothing (\(heading))")
            return .failed(.nothingInDirection)
        }
        let origin = focusedItem
        let result = performUpdate(to: target, heading: heading)
        if result.moved && configuration.remembersDirectionalHistory {
            directionalHistory.append(
                (heading, Remembered(item: origin, restorationIdentifier: origin.restorationIdentifier))
            )
        }
        return result
    }

    static func isArrow(_ heading: FocusHeading) -> Bool {
        heading == .up || heading == .down || heading == .left || heading == .right
    }

    static func opposite(_ heading: FocusHeading) -> FocusHeading {
        switch heading {
        case .up: .down
        case .down: .up
        case .left: .right
        case .right: .left
        default: heading
        }
    }

    /// With directional history on: the item to return to for an arrow opposite to the last one.
    private func historyTarget(for heading: FocusHeading, group: Int) -> (any FocusItem)? {
        guard configuration.remembersDirectionalHistory, let last = directionalHistory.last else { return nil }
        let sameAxis = (last.heading == .up || last.heading == .down) == (heading == .up || heading == .down)
        guard sameAxis else {
            directionalHistory.removeAll()
            return nil
        }
        guard last.heading == Self.opposite(heading) else { return nil }
        directionalHistory.removeLast()
        guard let item = last.item.item, let entry = layout.entry(for: item), layout.entries[entry].group == group
        else {
            directionalHistory.removeAll()
            return nil
        }
        return item
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

    // MARK: Selection

    /// Selects `item` (deselecting the other items of its container) and reports it.
    @discardableResult
    public func select(_ item: any FocusItem) -> [EventPayload] {
        let parent = item.parentFocusEnvironment
        for (key, other) in selection where other !== item {
            if let parent, let otherParent = other.parentFocusEnvironment, otherParent === parent {
                selection[key] = nil
            }
        }
        selection[ObjectIdentifier(item)] = item
        return [.select(item: Self.name(of: item))]
    }

    /// Clears the selection of `item`.
    public func deselect(_ item: any FocusItem) {
        selection[ObjectIdentifier(item)] = nil
    }

    // MARK: Keys

    /// The responder chain: the first responder (or the focused item) and its ancestors.
    public var responderChain: [any FocusEnvironment] {
        var result: [any FocusEnvironment] = []
        var current: (any FocusEnvironment)? = firstResponder ?? focusedItem
        while let environment = current {
            result.append(environment)
            current = environment.parentFocusEnvironment
        }
        return result
    }

    /// Handles one key press or typed text.
    ///
    /// The order, as in UIKit since iPadOS 15:
    /// 1. key commands with ``KeyCommand/wantsPriorityOverSystemBehavior`` along the responder chain;
    /// 2. the focus system: Tab and Shift-Tab, arrows, the select key, and with Full Keyboard
    ///    Access Tab+Z, Tab+F and Space;
    /// 3. ``FocusEnvironment/pressesBegan(_:)`` along the responder chain, until one handles it;
    /// 4. the other key commands along the responder chain.
    ///
    /// A focus update requested during the press runs at its end.
    public func handle(_ input: KeyInput) -> KeyPressResult {
        var result = dispatch(input)
        if pendingUpdate != nil {
            let update = updateFocusIfNeeded()
            result.moved = result.moved || update.moved
            result.events += update.events
        }
        return result
    }

    private func dispatch(_ input: KeyInput) -> KeyPressResult {
        func outcome(_ handled: Bool, _ move: FocusMoveResult? = nil, _ events: [EventPayload] = []) -> KeyPressResult {
            KeyPressResult(
                input: input,
                handled: handled,
                moved: move?.moved ?? false,
                events: (move?.events ?? []) + events
            )
        }
        let press: KeyPress
        switch input {
        case .text(let text):
            guard case .finding = accessState else { return outcome(false) }
            return outcome(true, findText(text))
        case .press(let value):
            press = value
        }
        if let result = handleAccessMode(press) { return outcome(true, result.move, result.events) }

        let chain = responderChain
        for environment in chain {
            for command in environment.keyCommands
            where command.wantsPriorityOverSystemBehavior && command.input == press {
                return outcome(true, nil, [fire(command, on: environment)])
            }
        }
        if let move = systemBehavior(for: press) { return outcome(true, move.move, move.events) }
        for environment in chain where environment.pressesBegan(press) == .handled {
            return outcome(true)
        }
        for environment in chain {
            for command in environment.keyCommands
            where !command.wantsPriorityOverSystemBehavior && command.input == press {
                return outcome(true, nil, [fire(command, on: environment)])
            }
        }
        return outcome(false)
    }

    private func fire(_ command: KeyCommand, on environment: any FocusEnvironment) -> EventPayload {
        .action(ActionEvent(item: Self.name(of: environment), name: command.title, trigger: .key))
    }

    /// The focus system's own keys; nil when the press is not one of them.
    private func systemBehavior(for press: KeyPress) -> (move: FocusMoveResult?, events: [EventPayload])? {
        let fullKeyboardAccess = configuration.fullKeyboardAccess
        switch (press.key, press.modifiers) {
        case (.tab, []): return (moveFocus(.next), [])
        case (.tab, .shift): return (moveFocus(.previous), [])
        case (let key, []) where key.arrowHeading != nil: return (moveFocus(key.arrowHeading ?? .none), [])
        case (let key, []) where key == selectKeyPress.key || (fullKeyboardAccess && key == .space):
            // Full Keyboard Access activates with Space whatever the platform's select key.
            guard let focusedItem else { return (nil, []) }
            return (nil, select(focusedItem))
        case (let key, .tab) where fullKeyboardAccess && key == .character("z"):
            return (nil, openActionsMenu())
        case (let key, .tab) where fullKeyboardAccess && key == .character("f"):
            accessState = .finding(query: "", matches: [], position: 0)
            return (nil, [])
        default:
            return nil
        }
    }

    /// The select key as a press: Return on iPadOS, Space on the Mac.
    public var selectKeyPress: KeyPress {
        switch configuration.selectKey {
        case .return: KeyPress(.return)
        case .space: KeyPress(.space)
        }
    }
}
