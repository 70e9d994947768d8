import EventModel
import Geometry

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
///
/// The system is the driver of several small machines, one per file: the focus update
/// (`FocusUpdateTransaction`), pending requests (`FocusRequestQueue`), the Tab loop
/// (`TabLoop.swift`), directional movement and its history (`DirectionalHistory`), key
/// dispatch along the responder chain (`KeyDispatch`), selection (`SelectionSet`) and the
/// Full Keyboard Access modes (`FullKeyboardAccessState`). The machines are values; the system
/// owns them and carries out the actions they return.
///
/// ``handle(_:into:)`` appends the events to a buffer the caller keeps: with the buffer's
/// capacity kept between calls, Tab, Shift-Tab, the arrows, selection and key commands make no
/// heap allocation (the system reuses its own scratch buffers).
public final class FocusSystem {
    /// The root environment (the window).
    public private(set) var root: any FocusEnvironment
    /// The configuration; changing it recomputes what can be focused.
    public var configuration: FocusConfiguration {
        didSet { invalidateLayout() }
    }
    /// The focused item.
    public internal(set) var focusedItem: (any FocusItem)?
    /// The first responder: the focused item, or the nearest environment above it that can be one.
    public internal(set) var firstResponder: (any FocusEnvironment)?
    /// True while `shouldUpdateFocus`/`didUpdateFocus` callbacks run.
    public internal(set) var isUpdatingFocus = false

    var cachedLayout: FocusLayout?
    /// The last focused item of each group.
    var remembered = RememberedItems()
    /// The selected items.
    var selection = SelectionSet()
    /// A focus update asked for and not yet performed.
    var requests = FocusRequestQueue()
    /// Arrow moves made so far on one axis.
    var directionalHistory = DirectionalHistory()
    /// Reused by every focus update: the environments told about it.
    var updateScratch = UpdateEnvironments()
    /// True while ``handle(_:into:)`` runs.
    var isHandlingInput = false
    /// Events of programmatic moves made while a key press runs; appended to its events.
    var eventsDuringInput: [EventPayload] = []
    /// Told after every focus change (``FocusState`` listens here).
    var observers: [WeakFocusObserver] = []
    /// The app's commands, built once; nil: none.
    public var commandTable: CommandTable?
    /// Handed to every environment told about an update; reused.
    let animationCoordinator = FocusAnimationCoordinator()
    /// Reused by ``select(_:into:)``: the items it deselects.
    var deselectScratch: [ObjectIdentifier] = []
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

    /// Whether a trace handler listens; lines are built only then.
    var isTracing: Bool { traceHandler != nil }

    func trace(_ line: @autoclosure () -> String) {
        traceHandler?(line())
    }

    /// Creates a focus system over `root`. Nothing is focused until a key or a request moves focus.
    public init(root: any FocusEnvironment, configuration: FocusConfiguration = FocusConfiguration()) {
        self.root = root
        self.configuration = configuration
        // Selecting an item twice selects it once: a leaf listed twice need not be remembered.
        Self.forEachItem(under: root, repeatingLeaves: true) { item in
            if item.isInitiallySelected { selection.insert(item) }
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
        if !observers.isEmpty { notifyObserversOfTreeChange() }
    }

    /// Replaces the tree, restoring focus, remembered items and selection by
    /// ``FocusEnvironment/restorationIdentifier``. Restoring is silent: focus did not change for
    /// the person at the keyboard, so no callbacks run and no event is emitted.
    ///
    /// - Returns: Whether the focused item was found again.
    @discardableResult
    public func replaceRoot(_ newRoot: any FocusEnvironment) -> Bool {
        let focusedIdentifier = focusedItem?.restorationIdentifier
        root = newRoot
        cachedLayout = nil
        requests = FocusRequestQueue()
        accessState = .idle
        selection.restore(in: Self.allItems(under: newRoot))
        focusedItem = nil
        firstResponder = nil
        defer { if !observers.isEmpty { notifyObserversOfTreeChange() } }
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
        forEachItem(under: root) { result.append($0) }
        return result
    }

    /// Calls `body` with every item under `root` (and `root` itself), in tree order, each once
    /// even when the tree lists it twice or loops; with `repeatingLeaves`, an item without children
    /// listed twice is visited twice (no loop can pass through it), and only the others are
    /// remembered: a large flat collection is walked without a set as large as itself.
    static func forEachItem(
        under root: any FocusEnvironment, repeatingLeaves: Bool = false, _ body: (any FocusItem) -> Void
    ) {
        var visited = ObjectIdentitySet()
        func visit(_ environment: any FocusEnvironment) {
            let isRepeatableLeaf = repeatingLeaves && environment.focusChildren.isEmpty
            guard isRepeatableLeaf || visited.insert(environment) else { return }
            // The built-in node is found by a class cast, cheaper than a protocol's.
            if let node = environment as? FocusNode {
                body(node)
            } else if let item = environment as? any FocusItem {
                body(item)
            }
            for child in environment.focusChildren { visit(child) }
        }
        visit(root)
    }

    /// A name for events and messages: the restoration identifier, or the type name.
    public static func name(of environment: any FocusEnvironment) -> String { environment.focusDebugName }

    // MARK: Queries

    /// Whether `item` can be focused now (visible, sized, declared focusable, in the tree).
    public func isFocusable(_ item: any FocusItem) -> Bool { layout.contains(item) }

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

    /// The nearest environment from `item` up that can be the first responder.
    func nearestResponder(from item: any FocusEnvironment) -> (any FocusEnvironment)? {
        var current: (any FocusEnvironment)? = item
        while let environment = current {
            if environment.canBecomeFirstResponder { return environment }
            current = environment.parentFocusEnvironment
        }
        return nil
    }
}

/// A set of objects by identity, for walks that must visit each environment once: an
/// open-addressing table of addresses with a multiplicative hash, several times cheaper than a
/// `Set<ObjectIdentifier>` (which hashes with SipHash) on trees of many thousands of nodes.
/// The objects must stay alive while the set is used, so that no address is reused.
struct ObjectIdentitySet {
    /// The addresses, 0 marking an empty slot; the count is a power of two, at least twice the
    /// number of addresses held.
    private var slots = [UInt](repeating: 0, count: 64)
    private var count = 0

    /// Adds `object`; false when it was there already.
    mutating func insert(_ object: AnyObject) -> Bool {
        let address = UInt(bitPattern: ObjectIdentifier(object))
        if (count + 1) * 2 > slots.count { grow() }
        var slot = Self.slot(of: address, in: slots.count)
        while slots[slot] != 0 {
            if slots[slot] == address { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        slots[slot] = address
        count += 1
        return true
    }

    private mutating func grow() {
        let old = slots
        slots = [UInt](repeating: 0, count: old.count * 2)
        for address in old where address != 0 {
            var slot = Self.slot(of: address, in: slots.count)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = address
        }
    }

    /// Fibonacci hashing of the address: its high bits index the table.
    private static func slot(of address: UInt, in slotCount: Int) -> Int {
        let mixed = UInt64(address) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> UInt64(64 - slotCount.trailingZeroBitCount))
    }
}
