public import Accessibility
public import EventModel
import FocusEngine
import Foundation
import Geometry
public import InputDevices
public import InputEvents

/// A runtime's scene on the AT-SPI2 accessibility bus, where screen readers such as Orca see it:
/// its focus tree as accessible elements, the focus engine's every change as the events they
/// listen for, and their requests (moving focus, running actions) carried out by the runtime as
/// input.
///
/// The bus is found as desktops do (`AccessibilityBus`); while accessibility is off nothing
/// connects and the scene costs nothing. The connection is served by the caller's own wait: add
/// the scene to a live source's participants, or wait on it yourself (it is a
/// `PollParticipant`).
///
/// ```swift
/// let runtime = try Runtime(scene: scene)
/// let accessible = try AccessibleScene(runtime: runtime, name: "Photos", clock: LiveLoop.realtimeClock)
/// let source = try DeviceSessionSource(grabs: false) { print($0) }
/// source.participants = [accessible]
/// try LiveLoop(runtime: runtime, source: source).run()
/// accessible.close()
/// ```
///
/// Each element is a node of the focus tree (`FocusSystem/root` is the window). What it shows:
///
/// | AT-SPI2 | from |
/// | --- | --- |
/// | role | the node's role (`button` → push button, `textField` → entry, `cell` → list item, …); the root is a frame |
/// | name, `AccessibleId` | the accessibility label; the identifier |
/// | states | focusable (the focus engine can focus it now), focused, selected, selectable, visible, showing (in sight through its scroll views), enabled and sensitive, editable for text, active for the window holding focus |
/// | `Component` | the frame as drawn (scroll views' offsets and zoom applied); `GrabFocus` moves focus |
/// | `Action` | the default action (`select`, or the node's default action), the context menu's rows, the custom actions; see ``AccessibilityRequest`` |
/// | `Text` | a text field's or text view's value, with a caret |
///
/// Events: on every focus change, `object:state-changed:focused` 0 on the item that loses focus,
/// then `window:activate` when focus enters the window, then `object:state-changed:focused` 1 on
/// the item that gains it (`window:deactivate` after the 0 when focus leaves the window);
/// `object:state-changed:selected` when selection changes; `object:children-changed` when the
/// focus system is told the tree changed (or from ``treeDidChange()``), with the focus moved
/// silently by such a change told as a focus change. Only events a screen reader listens for are
/// sent.
public final class AccessibleScene: PollParticipant {
    /// The bus connection.
    public let bus: AccessibilityBus
    private let elements: SceneElements

    /// Exposes a runtime's scene.
    ///
    /// - Parameters:
    ///   - runtime: A runtime with a scene and a focus system.
    ///   - name: The application's name.
    ///   - windowName: The window's name when the root node has no label; nil: `name`.
    ///   - clock: The time requests from the bus are stamped with, on the runtime's time line.
    ///   - environment: Where the bus's address is looked up; nil: the process's environment.
    /// - Throws: `AccessibilityError` when there is no accessibility bus, or the runtime has no
    ///   focus system to expose.
    public init(
        runtime: Runtime,
        name: String,
        windowName: String? = nil,
        clock: @escaping () -> Timestamp,
        environment: [String: String]? = nil
    ) throws(AccessibilityError) {
        guard let session = runtime.sceneSession, let focus = session.focus else {
            throw AccessibilityError("the runtime has no focus system to expose")
        }
        let elements = SceneElements(
            runtime: runtime, session: session, focus: focus, windowName: windowName ?? name, clock: clock)
        bus = try AccessibilityBus(
            application: AccessibilityBus.Application(name: name, toolkitVersion: WayfinderModule.version),
            tree: elements, environment: environment ?? ProcessInfo.processInfo.environment)
        elements.bus = bus
        self.elements = elements
        focus.addObserver(elements)
        // What screen readers learn from here on is told as changes from the selection now.
        if bus.isConnected { elements.rememberSelection() }
    }

    /// Called with the events a screen reader's request caused (they also go to the runtime's
    /// `onEvent` and event sequences).
    public var onEvents: (([WayfinderEvent]) -> Void)? {
        get { elements.onEvents }
        set { elements.onEvents = newValue }
    }

    /// Tells screen readers that nodes were added to or removed from the focus tree: the tree is
    /// walked again and `object:children-changed` sent for each difference. The focus system's
    /// `invalidateLayout()` and `replaceRoot(_:)` do it already; call it for a change made without
    /// them.
    public func treeDidChange() { elements.treeDidChange() }

    /// Unregisters from the registry and disconnects.
    public func close() {
        elements.focus.removeObserver(elements)
        bus.close()
    }

    // MARK: PollParticipant

    public func appendPollRequests(to requests: inout [PollRequest]) {
        bus.forEachPollDescriptor { descriptor in
            requests.append(PollRequest(descriptor: descriptor.descriptor, events: descriptor.events))
        }
    }

    public var pollTimeout: Duration? { bus.timeout }

    public func handlePoll(_ results: ArraySlice<PollRequest>) {
        // Lazily: a wake-up allocates nothing.
        bus.handle(results.lazy.map { PollDescriptor.Readiness(descriptor: $0.descriptor, events: $0.returnedEvents) })
    }
}

/// The focus tree as an `AccessibleTree`, and the focus system's observer that turns its changes
/// into the bus's events.
final class SceneElements: AccessibleTree, FocusChangeObserver {
    let runtime: Runtime
    let session: SceneSession
    let focus: FocusSystem
    let windowName: String
    let clock: () -> Timestamp
    weak var bus: AccessibilityBus?
    var onEvents: (([WayfinderEvent]) -> Void)?

    /// The identifiers given so far, by object, and the objects by identifier: numbers are given
    /// in tree order on first need and never reused.
    private var identifiers: [ObjectIdentifier: AccessibleID] = [:]
    private var environments: [AccessibleID: any FocusEnvironment] = [:]
    private var nextNumber: UInt64 = 1
    /// The children each element had when the tree was last walked, to tell what changed.
    private var reportedChildren: [AccessibleID: [AccessibleID]] = [:]
    private var reportedWindows: [AccessibleID] = []
    private var isIndexed = false
    /// The caret of each text element moved by a screen reader.
    private var caretOffsets: [AccessibleID: Int] = [:]
    /// The selected items screen readers were last told about.
    private var reportedSelection: Set<ObjectIdentifier>?
    /// The focused item screen readers were last told about.
    private var reportedFocus: ObjectIdentifier?
    /// Items selected while a focus update ran, told once it is over.
    private var selectedDuringUpdate: [any FocusItem] = []
    private var produced: [WayfinderEvent] = []

    init(
        runtime: Runtime, session: SceneSession, focus: FocusSystem, windowName: String,
        clock: @escaping () -> Timestamp
    ) {
        self.runtime = runtime
        self.session = session
        self.focus = focus
        self.windowName = windowName
        self.clock = clock
    }

    // MARK: Identifiers

    private func identifier(of environment: any FocusEnvironment) -> AccessibleID {
        let key = ObjectIdentifier(environment)
        if let known = identifiers[key] { return known }
        let id = AccessibleID(rawValue: nextNumber)
        nextNumber += 1
        identifiers[key] = id
        environments[id] = environment
        return id
    }

    /// Walks the tree once, numbering every environment in tree order.
    private func indexIfNeeded() {
        guard !isIndexed else { return }
        isIndexed = true
        if reportedSelection == nil { rememberSelection() }
        reportedWindows = [identifier(of: focus.root)]
        walk(focus.root)
    }

    private func walk(_ environment: any FocusEnvironment) {
        let id = identifier(of: environment)
        let children = environment.focusChildren.map { identifier(of: $0) }
        reportedChildren[id] = children
        for child in environment.focusChildren { walk(child) }
    }

    func treeDidChange() {
        guard let bus, bus.isConnected, isIndexed else {
            // Nothing was told yet: the next walk sees the new tree.
            resetIndex()
            return
        }
        let oldChildren = reportedChildren
        let oldWindows = reportedWindows
        var seen = Set<AccessibleID>()
        reportedChildren = [:]
        reportedWindows = [identifier(of: focus.root)]
        walk(focus.root)
        func collect(_ id: AccessibleID) {
            seen.insert(id)
            for child in reportedChildren[id] ?? [] { collect(child) }
        }
        collect(reportedWindows[0])
        report(from: oldWindows, to: reportedWindows, parent: nil, bus: bus)
        // A subtree that came whole is told once, by its root's addition.
        for (parent, children) in reportedChildren.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let old = oldChildren[parent] else { continue }
            report(from: old, to: children, parent: parent, bus: bus)
        }
        for (parent, children) in oldChildren where reportedChildren[parent] == nil && seen.contains(parent) {
            report(from: children, to: [], parent: parent, bus: bus)
        }
        // Focus lost or restored silently with the change is told as a focus change.
        let focused = focus.focusedItem
        if reportedFocus != focused.map({ ObjectIdentifier($0) }) {
            if let previous = reportedFocus, let id = identifiers[previous], seen.contains(id) {
                bus.emitStateChanged(of: id, .focused, isOn: false)
            }
            if let focused { bus.emitStateChanged(of: identifier(of: focused), .focused, isOn: true) }
            reportedFocus = focused.map { ObjectIdentifier($0) }
        }
        // Elements no longer in the tree are forgotten; their numbers are not given again.
        for (id, environment) in environments where !seen.contains(id) {
            environments[id] = nil
            identifiers[ObjectIdentifier(environment)] = nil
            caretOffsets[id] = nil
        }
    }

    private func resetIndex() {
        isIndexed = false
        reportedChildren = [:]
        reportedWindows = []
        for (id, environment) in environments {
            environments[id] = nil
            identifiers[ObjectIdentifier(environment)] = nil
        }
        caretOffsets = [:]
    }

    /// Sends the removals (last first) and additions that turn `old` into `new`.
    private func report(from old: [AccessibleID], to new: [AccessibleID], parent: AccessibleID?, bus: AccessibilityBus)
    {
        guard old != new else { return }
        let kept = Set(new)
        for (index, child) in old.enumerated().reversed() where !kept.contains(child) {
            bus.emitChildRemoved(child, from: parent, at: index)
        }
        let before = Set(old)
        for (index, child) in new.enumerated() where !before.contains(child) {
            bus.emitChildAdded(child, to: parent, at: index)
        }
    }

    // MARK: AccessibleTree

    var windows: [AccessibleID] {
        indexIfNeeded()
        return [identifier(of: focus.root)]
    }

    func parent(of id: AccessibleID) -> AccessibleID? {
        indexIfNeeded()
        guard let environment = environments[id], environment !== focus.root,
            let parent = environment.parentFocusEnvironment
        else { return nil }
        return identifier(of: parent)
    }

    func children(of id: AccessibleID) -> [AccessibleID] {
        indexIfNeeded()
        guard let environment = environments[id] else { return [] }
        return environment.focusChildren.map { identifier(of: $0) }
    }

    func element(_ id: AccessibleID) -> AccessibleElement? {
        indexIfNeeded()
        guard let environment = environments[id] else { return nil }
        let item = environment as? any FocusItem
        let node = environment as? FocusNode
        let isWindow = environment === focus.root
        let role = Self.role(of: environment, isWindow: isWindow)
        let name = item?.accessibilityLabel ?? (isWindow ? windowName : "")
        var element = AccessibleElement(role: role, name: name, identifier: environment.restorationIdentifier ?? "")
        var isInSight = true
        if let frame = item?.frame ?? environment.focusAreaFrame {
            if let identifier = environment.restorationIdentifier {
                let displayed = session.displayedFrame(ofNodeWithIdentifier: identifier, frame: frame)
                element.frame = displayed.frame
                isInSight = displayed.isInSight
            } else {
                element.frame = frame
            }
        }
        element.states = states(
            of: environment, item: item, role: node?.role, isWindow: isWindow, isInSight: isInSight,
            frame: element.frame)
        if let item {
            element.actions = actions(of: item).map(\.action)
            if node?.role?.isTextInput == true {
                let text = item.accessibilityValue ?? ""
                element.text = text
                let count = text.unicodeScalars.count
                element.caretOffset = min(caretOffsets[id] ?? count, count)
            }
        }
        return element
    }

    func grabFocus(_ id: AccessibleID) -> Bool {
        guard let item = environments[id] as? any FocusItem else { return false }
        return perform(.focus(item))
    }

    func performAction(at index: Int, on id: AccessibleID) -> Bool {
        guard let item = environments[id] as? any FocusItem else { return false }
        let actions = actions(of: item)
        guard actions.indices.contains(index) else { return false }
        return perform(actions[index].request)
    }

    func setCaretOffset(_ offset: Int, on id: AccessibleID) -> Bool {
        guard let element = element(id), element.text != nil else { return false }
        caretOffsets[id] = offset
        bus?.emitCaretMoved(in: id, to: offset)
        return true
    }

    /// Carries a request out through the runtime and hands its events on.
    private func perform(_ request: AccessibilityRequest) -> Bool {
        produced.removeAll(keepingCapacity: true)
        let isDone = runtime.perform(request, at: clock(), into: &produced)
        if !produced.isEmpty { onEvents?(produced) }
        return isDone
    }

    // MARK: What an element shows

    /// A scene role as an AT-SPI2 role.
    ///
    /// | scene | AT-SPI2 |
    /// | --- | --- |
    /// | the root | frame |
    /// | `button` | push button |
    /// | `textField`, `textView` | entry, text |
    /// | `cell` | list item |
    /// | `list`, `collection` | list (a grid as a table would promise AT-SPI2's `Table` interface) |
    /// | `label`, `image`, `slider`, `link` | label, image, slider, link |
    /// | `switch` | toggle button (as GTK 3 exposes its switch) |
    /// | `segmentedControl` | page tab list |
    /// | a scroll view without a role | scroll pane |
    /// | `container`, none, any other | panel |
    static func role(of environment: any FocusEnvironment, isWindow: Bool) -> AccessibleRole {
        if isWindow { return .frame }
        let node = environment as? FocusNode
        switch node?.role {
        case .button?: return .pushButton
        case .textField?: return .entry
        case .textView?: return .text
        case .cell?: return .listItem
        case .list?, .collection?: return .list
        case .label?: return .label
        case .image?: return .image
        case .switch?: return .toggleButton
        case .slider?: return .slider
        case .segmentedControl?: return .pageTabList
        case .link?: return .link
        default: return node?.scrollContentSize != nil ? .scrollPane : .panel
        }
    }

    private func states(
        of environment: any FocusEnvironment, item: (any FocusItem)?, role: NodeRole?, isWindow: Bool,
        isInSight: Bool, frame: Rect?
    ) -> AccessibleStates {
        var states: AccessibleStates = []
        var isHidden = false
        var isEnabled = item?.accessibilityRespondsToUserInteraction ?? true
        var current: (any FocusEnvironment)? = environment
        while let ancestor = current {
            if ancestor.isHidden { isHidden = true }
            if !ancestor.isUserInteractionEnabled { isEnabled = false }
            current = ancestor.parentFocusEnvironment
        }
        if !isHidden, let frame, !frame.isEmpty {
            states.insert(.visible)
            let window = (focus.root as? any FocusItem)?.frame ?? focus.root.focusAreaFrame
            if isInSight, window.map({ $0.intersects(frame) }) ?? true { states.insert(.showing) }
        }
        if isEnabled { states.formUnion([.enabled, .sensitive]) }
        if isWindow, focus.focusedItem != nil { states.insert(.active) }
        if let item {
            if focus.isFocusable(item) { states.insert(.focusable) }
            if let focused = focus.focusedItem, focused === item { states.insert(.focused) }
            let parentRole = (item.parentFocusEnvironment as? FocusNode)?.role
            if parentRole == .list || parentRole == .collection || role == .cell { states.insert(.selectable) }
            if focus.isSelected(item) { states.formUnion([.selectable, .selected]) }
        }
        switch role {
        case .textField?: states.formUnion([.editable, .singleLine])
        case .textView?: states.formUnion([.editable, .multiLine])
        case .switch?: states.insert(.checkable)
        default: break
        }
        return states
    }

    /// An item's actions, in order, with the request each makes: the default action (what Space
    /// does: `select` for an item that can take focus, else the item's default action) for an
    /// item that can be focused now or is a control; then its context menu's rows; then its
    /// custom actions. A name already listed is not listed again.
    private func actions(of item: any FocusItem) -> [(action: AccessibleAction, request: AccessibilityRequest)] {
        var result: [(action: AccessibleAction, request: AccessibilityRequest)] = []
        var names = Set<String>()
        func add(_ action: AccessibleAction, _ request: AccessibilityRequest) {
            guard names.insert(action.name).inserted else { return }
            result.append((action, request))
        }
        if item.accessibilityRespondsToUserInteraction, focus.isFocusable(item) || item.isFullKeyboardAccessElement {
            let name = item.canBecomeFocused ? "select" : item.accessibilityDefaultAction
            add(AccessibleAction(name: name), .defaultAction(item))
        }
        if let menu = session.contextMenu(ofNodeWithIdentifier: FocusSystem.name(of: item)) {
            for action in menu.delegate?.actions(for: menu) ?? menu.actions {
                add(
                    AccessibleAction(name: action.title, description: "context menu"),
                    .contextMenuAction(action.title, on: item))
            }
        }
        for action in item.accessibilityCustomActions {
            add(
                AccessibleAction(name: action.name, keyBinding: action.key?.description ?? ""),
                .customAction(action.name, on: item))
        }
        return result
    }

    // MARK: FocusChangeObserver

    func focusSystem(_ system: FocusSystem, didUpdateFocusIn context: FocusUpdateContext) {
        guard let bus, bus.isConnected else { return }
        indexIfNeeded()
        let window = identifier(of: focus.root)
        if let previous = context.previouslyFocusedItem {
            bus.emitStateChanged(of: identifier(of: previous), .focused, isOn: false)
        }
        if context.previouslyFocusedItem == nil, context.nextFocusedItem != nil {
            bus.emitWindowActivated(window, name: element(window)?.name ?? windowName)
            bus.emitStateChanged(of: window, .active, isOn: true)
        }
        if let next = context.nextFocusedItem {
            bus.emitStateChanged(of: identifier(of: next), .focused, isOn: true)
        } else if context.previouslyFocusedItem != nil {
            bus.emitStateChanged(of: window, .active, isOn: false)
            bus.emitWindowDeactivated(window, name: element(window)?.name ?? windowName)
        }
        reportedFocus = context.nextFocusedItem.map { ObjectIdentifier($0) }
        let selected = selectedDuringUpdate
        selectedDuringUpdate.removeAll()
        for item in selected { reportSelection(of: item, bus: bus) }
    }

    func focusSystemDidChangeTree(_ system: FocusSystem) { treeDidChange() }

    func focusSystem(_ system: FocusSystem, didSelect item: any FocusItem) {
        guard let bus, bus.isConnected else { return }
        // Selection that follows focus happens inside the focus update: it is told after the focus.
        if system.isUpdatingFocus {
            selectedDuringUpdate.append(item)
            return
        }
        reportSelection(of: item, bus: bus)
    }

    /// Takes the selection screen readers know as it is now.
    func rememberSelection() {
        reportedSelection = Set(focus.selectedItems.map { ObjectIdentifier($0) })
    }

    private func reportSelection(of item: any FocusItem, bus: AccessibilityBus) {
        indexIfNeeded()
        var reported = reportedSelection ?? Set(focus.selectedItems.filter { $0 !== item }.map { ObjectIdentifier($0) })
        let siblings = item.parentFocusEnvironment?.focusChildren ?? [item]
        for case let sibling as any FocusItem in siblings {
            let key = ObjectIdentifier(sibling)
            let isSelected = focus.isSelected(sibling)
            guard isSelected != reported.contains(key) else { continue }
            if isSelected { reported.insert(key) } else { reported.remove(key) }
            bus.emitStateChanged(of: identifier(of: sibling), .selected, isOn: isSelected)
        }
        reportedSelection = reported
    }
}
