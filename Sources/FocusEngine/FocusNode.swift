public import Geometry

/// Decides, for a list or collection node, which of its items may be focused and whether
/// selection follows focus per item (UIKit's `collectionView(_:canFocusItemAt:)` and
/// `collectionView(_:selectionFollowsFocusForItemAt:)`).
public protocol FocusNodeDelegate: AnyObject {
    /// Whether the child at `index` may be focused; nil defers to `allowsFocus`.
    func focusNode(_ collection: FocusNode, canFocusItemAt index: Int) -> Bool?
    /// Whether selection follows focus for the child at `index`; nil defers to the collection.
    func focusNode(_ collection: FocusNode, selectionFollowsFocusForItemAt index: Int) -> Bool?
}

extension FocusNodeDelegate {
    public func focusNode(_ collection: FocusNode, canFocusItemAt index: Int) -> Bool? { nil }
    public func focusNode(_ collection: FocusNode, selectionFollowsFocusForItemAt index: Int) -> Bool? { nil }
}

/// How a ``FocusNode`` draws focus.
public enum FocusEffectStyle {
    /// The system halo around the frame, with square corners.
    case automatic
    /// No system effect: the app draws focus in its update callback.
    case appDrawn
    /// This halo.
    case halo(FocusHaloEffect)
}

/// The built-in focus item: one node of a scene (a view, a cell, a container).
///
/// A node's ``canBecomeFocused`` is decided in this order: its own ``focusable`` when set; then
/// its collection's delegate (``FocusNodeDelegate``); then its collection's ``allowsFocus``; then
/// its role (text fields and text views are focusable); otherwise false.
///
/// ```swift
/// let grid = FocusNode(id: "grid", frame: Rect(x: 0, y: 0, width: 400, height: 400), role: .collection)
/// grid.allowsFocus = true
/// let cell = FocusNode(id: "cell-1", frame: Rect(x: 0, y: 0, width: 100, height: 100), role: .cell)
/// grid.addChild(cell)
/// cell.canBecomeFocused  // true, from the collection
/// ```
public final class FocusNode: FocusItem {
    /// The node's id; also its restoration identifier.
    public let id: String
    /// The frame in scene coordinates.
    public var frame: Rect
    /// What the node is.
    public var role: NodeRole?
    /// The explicit answer to ``canBecomeFocused``; nil leaves it to the collection and role.
    public var focusable: Bool?
    /// On a list or collection: whether its children may be focused.
    public var allowsFocus: Bool?
    /// Per-item focusability and selection decisions for this collection's children.
    public var delegate: (any FocusNodeDelegate)? {
        get { rare?.delegate }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.delegate = newValue
        }
    }
    /// The focus group this node declares, when set explicitly.
    public var declaredFocusGroup: String? {
        get { rare?.declaredFocusGroup }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.declaredFocusGroup = newValue
        }
    }
    /// The custom focus group priority.
    public var focusGroupPriority: FocusGroupPriority {
        get { rare?.focusGroupPriority ?? .ignored }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == .ignored { return }
            rareStorage.focusGroupPriority = newValue
        }
    }
    /// Whether the node starts selected.
    @exclusivity(unchecked) public var isInitiallySelected: Bool
    /// Selection-follows-focus: the default for children (on a container) or the override (on an item).
    public var followsFocusWithSelection: Bool? {
        get { rare?.followsFocusWithSelection }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.followsFocusWithSelection = newValue
        }
    }
    /// Whether the node is a focus section.
    public var isFocusSection: Bool
    /// How focus is drawn on this node.
    public var focusEffectStyle: FocusEffectStyle {
        get { rare?.focusEffectStyle ?? .automatic }
        set {
            // A default value needs no storage.
            if rare == nil, case .automatic = newValue { return }
            rareStorage.focusEffectStyle = newValue
        }
    }
    /// Extra names for Find.
    public var accessibilityUserInputLabels: [String] {
        get { rare?.accessibilityUserInputLabels ?? [] }
        set {
            // A default value needs no storage.
            if rare == nil, newValue.isEmpty { return }
            rareStorage.accessibilityUserInputLabels = newValue
        }
    }
    /// False: Full Keyboard Access skips the node.
    public var accessibilityRespondsToUserInteraction: Bool
    /// The outline shape for Full Keyboard Access, when not the frame.
    public var accessibilityPath: AccessibilityPath? {
        get { rare?.accessibilityPath }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.accessibilityPath = newValue
        }
    }
    /// Custom actions (Tab+Z menu, chords).
    public var accessibilityCustomActions: [CustomAction] {
        get { rare?.accessibilityCustomActions ?? [] }
        set {
            // A default value needs no storage.
            if rare == nil, newValue.isEmpty { return }
            rareStorage.accessibilityCustomActions = newValue
            rebuildKeyCommands()
        }
    }
    /// The scroll content size when the node is a scroll view.
    public var scrollContentSize: Size? {
        get { rare?.scrollContentSize }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.scrollContentSize = newValue
        }
    }
    /// Hidden nodes and their subtrees are not focusable.
    public var isHidden: Bool
    /// When false, nothing inside can be focused.
    public var isUserInteractionEnabled: Bool
    /// Where focus goes when this node is asked for it; empty means the node itself.
    public var preferredFocusEnvironments: [any FocusEnvironment] {
        get { rare?.preferredFocusEnvironments ?? [] }
        set {
            // A default value needs no storage.
            if rare == nil, newValue.isEmpty { return }
            rareStorage.preferredFocusEnvironments = newValue
        }
    }
    /// Extra key commands.
    public var additionalKeyCommands: [KeyCommand] {
        get { rare?.additionalKeyCommands ?? [] }
        set {
            // A default value needs no storage.
            if rare == nil, newValue.isEmpty { return }
            rareStorage.additionalKeyCommands = newValue
            rebuildKeyCommands()
        }
    }
    /// Called for ``shouldUpdateFocus(in:)``; nil allows every update.
    public var shouldUpdateFocusHandler: ((FocusUpdateContext) -> Bool)? {
        get { rare?.shouldUpdateFocusHandler }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.shouldUpdateFocusHandler = newValue
        }
    }
    /// Called for ``didUpdateFocus(in:)``.
    public var didUpdateFocusHandler: ((FocusUpdateContext) -> Void)? {
        get { rare?.didUpdateFocusHandler }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.didUpdateFocusHandler = newValue
        }
    }
    /// Called after ``didUpdateFocusHandler`` with the update's animation coordinator, to add work
    /// that runs alongside the focus change and its completion.
    public var coordinatedAnimationsHandler: ((FocusUpdateContext, FocusAnimationCoordinator) -> Void)? {
        get { rare?.coordinatedAnimationsHandler }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.coordinatedAnimationsHandler = newValue
        }
    }
    /// What Return in a text field inside this node submits.
    public var submitAction: SubmitAction? {
        get { rare?.submitAction }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.submitAction = newValue
        }
    }
    /// The actions this node can perform for the app's commands.
    public var performableActions: [String] {
        get { rare?.performableActions ?? [] }
        set {
            // A default value needs no storage.
            if rare == nil, newValue.isEmpty { return }
            rareStorage.performableActions = newValue
        }
    }
    /// Whether the node is an accessibility element; nil: when it has a label.
    public var accessibilityElementOverride: Bool?
    /// The action Full Keyboard Access's Space performs; nil: `activate`.
    public var defaultAccessibilityAction: String? {
        get { rare?.defaultAccessibilityAction }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.defaultAccessibilityAction = newValue
        }
    }
    /// Whether focusable items behind this node stay focusable where it covers them.
    public var isTransparentFocusItem: Bool {
        get { rare?.isTransparentFocusItem ?? false }
        set {
            // A default value needs no storage.
            if rare == nil, !newValue { return }
            rareStorage.isTransparentFocusItem = newValue
        }
    }
    /// What the node holds, for a screen reader: a text field's text, a control's value in words.
    public var accessibilityValue: String? {
        get { rare?.accessibilityValue }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.accessibilityValue = newValue
        }
    }
    /// Called for ``pressesBegan(_:)``; nil passes every press on.
    public var pressHandler: ((KeyPress) -> PressHandling)? {
        get { rare?.pressHandler }
        set {
            // A default value needs no storage.
            if rare == nil, newValue == nil { return }
            rareStorage.pressHandler = newValue
        }
    }

    /// The settings few nodes change, allocated on the first change so that a plain node stays
    /// small.
    private final class Rare {
        weak var delegate: (any FocusNodeDelegate)?
        var declaredFocusGroup: String?
        var focusGroupPriority: FocusGroupPriority = .ignored
        var followsFocusWithSelection: Bool?
        var focusEffectStyle: FocusEffectStyle = .automatic
        var accessibilityUserInputLabels: [String] = []
        var accessibilityPath: AccessibilityPath?
        var scrollContentSize: Size?
        var preferredFocusEnvironments: [any FocusEnvironment] = []
        var shouldUpdateFocusHandler: ((FocusUpdateContext) -> Bool)?
        var didUpdateFocusHandler: ((FocusUpdateContext) -> Void)?
        var coordinatedAnimationsHandler: ((FocusUpdateContext, FocusAnimationCoordinator) -> Void)?
        var submitAction: SubmitAction?
        var performableActions: [String] = [] {
            didSet { performableActionSet = Set(performableActions) }
        }
        /// The same actions as a set: the command table asks for each of its commands whether a
        /// node performs it, and a node may perform thousands.
        var performableActionSet: Set<String> = []
        var defaultAccessibilityAction: String?
        var accessibilityValue: String?
        var pressHandler: ((KeyPress) -> PressHandling)?
        var accessibilityCustomActions: [CustomAction] = []
        var additionalKeyCommands: [KeyCommand] = []
        /// The chords of the custom actions, then the extra key commands; rebuilt when either
        /// changes, so that reading them on every key press allocates nothing.
        var cachedKeyCommands: [KeyCommand] = []
        var isTransparentFocusItem = false
    }

    // Declared after the one-byte fields, so that they share one word (a 100,000-cell scene keeps
    // 100,000 nodes).
    /// The accessibility label.
    public var accessibilityLabel: String?

    private var rare: Rare?

    private var rareStorage: Rare {
        if let rare { return rare }
        let created = Rare()
        rare = created
        return created
    }

    /// The parent environment. `addChild(_:)` sets it; set it yourself when a custom
    /// environment (a view-controller-like object) lists this node among its
    /// ``FocusEnvironment/focusChildren``.
    @exclusivity(unchecked) public weak var parent: (any FocusEnvironment)?
    /// The children in tree order. (It, the parent and ``isInitiallySelected`` are read on every
    /// walk of the tree, so their accesses are not checked for exclusivity at run time.)
    @exclusivity(unchecked) public private(set) var children: [any FocusEnvironment] = []

    /// Creates a node.
    public init(id: String, frame: Rect, role: NodeRole? = nil, focusable: Bool? = nil) {
        self.id = id
        self.frame = frame
        self.role = role
        self.focusable = focusable
        self.isInitiallySelected = false
        self.isFocusSection = false
        self.accessibilityRespondsToUserInteraction = true
        self.isHidden = false
        self.isUserInteractionEnabled = true
    }

    /// Appends a child node and makes this node its parent.
    public func addChild(_ child: FocusNode) {
        child.parent = self
        children.append(child)
    }

    /// Makes room for `count` children in all, so that adding that many grows no storage (a tree
    /// built from a description knows each node's children beforehand).
    public func reserveChildCapacity(_ count: Int) { children.reserveCapacity(count) }

    /// Appends any environment (a custom object); it must return this node as its
    /// ``FocusEnvironment/parentFocusEnvironment`` (a ``FocusGuide``'s parent is set here).
    public func addChild(_ child: any FocusEnvironment) {
        if let node = child as? FocusNode {
            addChild(node)
            return
        }
        if let guide = child as? FocusGuide { guide.parentFocusEnvironment = self }
        children.append(child)
    }

    /// Takes the node out of its parent's children (a ``FocusNode`` parent's). Call
    /// ``FocusSystem/invalidateLayout()`` afterwards: focus leaves the node if it had it.
    public func removeFromParent() {
        guard let parent = parent as? FocusNode else { return }
        parent.children.removeAll { $0 === self }
        self.parent = nil
    }

    /// Removes every child.
    public func removeAllChildren() {
        for case let node as FocusNode in children { node.parent = nil }
        children.removeAll()
    }

    /// The index of `child` among the children.
    public func index(of child: any FocusEnvironment) -> Int? {
        children.firstIndex { $0 === child }
    }

    // MARK: FocusEnvironment

    public var parentFocusEnvironment: (any FocusEnvironment)? { parent }
    public var focusChildren: [any FocusEnvironment] { children }
    public var restorationIdentifier: String? { id }
    public var focusAreaFrame: Rect? { frame }

    /// The declared group, or a group of its own for text fields, text views and scroll views.
    public var focusGroupIdentifier: String? {
        if let declaredFocusGroup { return declaredFocusGroup }
        if role?.isTextInput == true || scrollContentSize != nil { return Self.automaticGroupIdentifier(for: id) }
        return nil
    }

    /// The identifier of the group a text field, text view or scroll view forms by default.
    public static func automaticGroupIdentifier(for id: String) -> String { "automatic:\(id)" }

    public var selectionFollowsFocus: Bool? {
        if let followsFocusWithSelection { return followsFocusWithSelection }
        if let collection = parent as? FocusNode, let delegate = collection.delegate,
            let index = collection.index(of: self)
        {
            return delegate.focusNode(collection, selectionFollowsFocusForItemAt: index)
        }
        return nil
    }

    public var keyCommands: [KeyCommand] { rare?.cachedKeyCommands ?? [] }

    private func rebuildKeyCommands() {
        rareStorage.cachedKeyCommands =
            accessibilityCustomActions.compactMap { action in
                action.key.map { KeyCommand(input: $0, title: action.name) }
            } + additionalKeyCommands
    }

    public func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool {
        shouldUpdateFocusHandler?(context) ?? true
    }

    public func didUpdateFocus(in context: FocusUpdateContext) {
        didUpdateFocusHandler?(context)
    }

    public func didUpdateFocus(in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator) {
        didUpdateFocusHandler?(context)
        coordinatedAnimationsHandler?(context, coordinator)
    }

    public func pressesBegan(_ press: KeyPress) -> PressHandling {
        pressHandler?(press) ?? .passToNextResponder
    }

    // MARK: FocusItem

    /// The halo to draw, following ``focusEffectStyle``; nil when the app draws focus.
    public var focusEffect: FocusHaloEffect? {
        switch focusEffectStyle {
        case .automatic: FocusHaloEffect(roundedRect: frame, cornerRadius: 0)
        case .appDrawn: nil
        case .halo(let halo): halo
        }
    }

    public var canBecomeFocused: Bool { focusabilityDecision.canBecomeFocused }

    /// Controls (buttons, switches, text fields, …) that respond to the user.
    public var isFullKeyboardAccessElement: Bool {
        (role?.isControl ?? false) && accessibilityRespondsToUserInteraction
    }

    public var isAccessibilityElement: Bool { accessibilityElementOverride ?? (accessibilityLabel != nil) }

    public var accessibilityDefaultAction: String { defaultAccessibilityAction ?? "activate" }

    /// Text fields submit on Return.
    public var submitsOnReturn: Bool { role == .textField }

    public func canPerformAction(_ action: String) -> Bool { rare?.performableActionSet.contains(action) ?? false }

    /// Who decided ``canBecomeFocused``, for the debugger.
    enum FocusabilityDecision {
        case explicit(Bool)
        case delegate(collection: String, Bool)
        case collection(collection: String, Bool)
        case role(Bool)
        case none

        var canBecomeFocused: Bool {
            switch self {
            case .explicit(let value), .delegate(_, let value), .collection(_, let value), .role(let value): value
            case .none: false
            }
        }
    }

    var focusabilityDecision: FocusabilityDecision {
        if let focusable { return .explicit(focusable) }
        if let collection = parent as? FocusNode {
            if let delegate = collection.delegate, let index = collection.index(of: self),
                let answer = delegate.focusNode(collection, canFocusItemAt: index)
            {
                return .delegate(collection: collection.id, answer)
            }
            if let allowsFocus = collection.allowsFocus { return .collection(collection: collection.id, allowsFocus) }
        }
        if role?.isTextInput == true { return .role(true) }
        return .none
    }
}
