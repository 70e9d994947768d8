public import EventModel
public import Geometry

/// A node in the focus hierarchy: a window, a view-controller-like object, a container, or an item.
///
/// Any class can adopt it; identity matters, so the protocol is class-bound. An environment that
/// is not a ``FocusItem`` is never focused itself (like a view controller) but takes part in
/// groups, preferred focus and update callbacks.
///
/// ```swift
/// final class Canvas: FocusEnvironment {
///     weak var parentFocusEnvironment: (any FocusEnvironment)?
///     var shapes: [Shape] = []  // Shape adopts FocusItem
///     var focusChildren: [any FocusEnvironment] { shapes }
/// }
/// ```
///
/// Every requirement except ``parentFocusEnvironment`` has a default.
public protocol FocusEnvironment: AnyObject {
    /// The environment containing this one; nil only for the root.
    var parentFocusEnvironment: (any FocusEnvironment)? { get }
    /// The environments directly inside this one, in tree order. Default: none.
    var focusChildren: [any FocusEnvironment] { get }
    /// Where focus should go when this environment is asked for it, searched in order; an empty
    /// array means the environment itself. Default: empty.
    var preferredFocusEnvironments: [any FocusEnvironment] { get }
    /// The focus group this environment declares; nil inherits the parent's group. Default: nil.
    var focusGroupIdentifier: String? { get }
    /// Whether this environment catches directional moves into its area and hands them to its
    /// preferred focus item (SwiftUI's `.focusSection()`). Default: false.
    var isFocusSection: Bool { get }
    /// The area of a non-item environment, used for focus sections and group ordering. Default:
    /// nil (the union of what it contains).
    var focusAreaFrame: Rect? { get }
    /// Whether items inside follow focus with selection; nil inherits. On an item: its override.
    /// Default: nil.
    var selectionFollowsFocus: Bool? { get }
    /// Hidden environments and everything inside them cannot be focused. Default: false.
    var isHidden: Bool { get }
    /// When false, nothing inside can be focused (a disabled container). Default: true.
    var isUserInteractionEnabled: Bool { get }
    /// A stable identity that survives rebuilding the tree; focus, remembered items and
    /// selection are restored through it. Default: nil.
    var restorationIdentifier: String? { get }
    /// Whether this environment can be the first responder. Default: true for focus items.
    var canBecomeFirstResponder: Bool { get }
    /// Key commands this environment offers while it is in the responder chain. Default: none.
    var keyCommands: [KeyCommand] { get }
    /// What Return in a text field inside this environment submits (SwiftUI's `onSubmit`); the
    /// nearest environment with one wins. Default: nil.
    var submitAction: SubmitAction? { get }

    /// Asks whether a focus update may happen. Called on every environment containing the
    /// previously or the next focused item; any `false` cancels the update. Default: true.
    func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool
    /// Tells the environment that focus changed. Called on the same environments, in the same
    /// order, after the update. Default: nothing.
    func didUpdateFocus(in context: FocusUpdateContext)
    /// Tells the environment that focus changed and hands it the update's animation coordinator,
    /// to run work alongside the change (``FocusAnimationCoordinator``). Default: calls
    /// ``didUpdateFocus(in:)``.
    func didUpdateFocus(in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator)
    /// A key went down while this environment was in the responder chain. Return
    /// ``PressHandling/passToNextResponder`` for keys you do not handle: that is the call to
    /// `super` of UIKit's `pressesBegan`. Default: pass.
    func pressesBegan(_ press: KeyPress) -> PressHandling
    /// Whether this environment can perform `action` now (UIKit's `canPerformAction`): an app
    /// command is available while some environment in the responder chain answers yes, and that
    /// environment performs it. Default: false.
    func canPerformAction(_ action: String) -> Bool
}

/// What a responder did with a key press.
public enum PressHandling: Hashable, Sendable {
    /// The press was handled; it goes no further.
    case handled
    /// Not handled here: pass it to the next responder (the `super` call).
    case passToNextResponder
}

extension FocusEnvironment {
    public var focusChildren: [any FocusEnvironment] { [] }
    public var preferredFocusEnvironments: [any FocusEnvironment] { [] }
    public var focusGroupIdentifier: String? { nil }
    public var isFocusSection: Bool { false }
    public var focusAreaFrame: Rect? { nil }
    public var selectionFollowsFocus: Bool? { nil }
    public var isHidden: Bool { false }
    public var isUserInteractionEnabled: Bool { true }
    public var restorationIdentifier: String? { nil }
    public var canBecomeFirstResponder: Bool { self is any FocusItem }
    public var keyCommands: [KeyCommand] { [] }
    public var submitAction: SubmitAction? { nil }
    public func canPerformAction(_ action: String) -> Bool { false }
    public func shouldUpdateFocus(in context: FocusUpdateContext) -> Bool { true }
    public func didUpdateFocus(in context: FocusUpdateContext) {}
    public func didUpdateFocus(in context: FocusUpdateContext, with coordinator: FocusAnimationCoordinator) {
        didUpdateFocus(in: context)
    }
    public func pressesBegan(_ press: KeyPress) -> PressHandling { .passToNextResponder }

    /// Whether `other` is this environment or lies inside it.
    public func contains(_ other: any FocusEnvironment) -> Bool {
        var current: (any FocusEnvironment)? = other
        while let environment = current {
            if environment === self { return true }
            current = environment.parentFocusEnvironment
        }
        return false
    }

    /// A name for messages: the restoration identifier, or the type name.
    public var focusDebugName: String {
        restorationIdentifier ?? String(describing: type(of: self))
    }
}

/// An object that can be focused: a cell, a text field, a shape on a canvas.
///
/// ```swift
/// final class Shape: FocusItem {
///     weak var parentFocusEnvironment: (any FocusEnvironment)?
///     var frame: Rect
///     var canBecomeFocused: Bool { true }
///     init(frame: Rect) { self.frame = frame }
/// }
/// ```
public protocol FocusItem: FocusEnvironment {
    /// Whether the item can be focused: the single source of truth for keyboard focus.
    var canBecomeFocused: Bool { get }
    /// The frame in scene (window) coordinates.
    var frame: Rect { get }
    /// How focus is drawn; nil means the app draws it in ``FocusEnvironment/didUpdateFocus(in:)``.
    /// Default: a halo around the frame with square corners.
    var focusEffect: FocusHaloEffect? { get }
    /// A custom focus group priority; it can only raise the system's. Default: ``FocusGroupPriority/ignored``.
    var focusGroupPriority: FocusGroupPriority { get }
    /// Whether the item starts selected (gives it ``FocusGroupPriority/prioritized``). Default: false.
    var isInitiallySelected: Bool { get }
    /// The accessibility label, matched by Full Keyboard Access Find. Default: nil.
    var accessibilityLabel: String? { get }
    /// More names for Find and voice control. Default: none.
    var accessibilityUserInputLabels: [String] { get }
    /// False: readable, but Full Keyboard Access skips it. Default: true.
    var accessibilityRespondsToUserInteraction: Bool { get }
    /// Custom actions listed by the Full Keyboard Access actions menu. Default: none.
    var accessibilityCustomActions: [CustomAction] { get }
    /// What the item holds, for a screen reader (UIKit's `accessibilityValue`): a text field's
    /// text, a control's value in words. Default: nil.
    var accessibilityValue: String? { get }
    /// Whether Full Keyboard Access makes the item focusable although ``canBecomeFocused`` is
    /// false (buttons, switches, …). Default: false.
    var isFullKeyboardAccessElement: Bool { get }
    /// Whether the item is an accessibility element (UIKit's `isAccessibilityElement`): Full
    /// Keyboard Access's cursor reaches it unless it does not respond to user interaction.
    /// Default: true when it has an accessibility label.
    var isAccessibilityElement: Bool { get }
    /// The action Space performs on the item under Full Keyboard Access when the item joined the
    /// cursor's order only through Full Keyboard Access (a control or an accessibility element).
    /// Default: `activate`.
    var accessibilityDefaultAction: String { get }
    /// Whether Return in this item submits (a text field). Default: false.
    var submitsOnReturn: Bool { get }
    /// Items behind a transparent item stay focusable where it covers them (UIKit's
    /// `isTransparentFocusItem`); an opaque item that cannot be focused hides the focusable items
    /// it covers completely and is drawn above. Ignored when the item is focusable. Default: false.
    var isTransparentFocusItem: Bool { get }
}

extension FocusItem {
    public var focusEffect: FocusHaloEffect? { FocusHaloEffect(roundedRect: frame, cornerRadius: 0) }
    public var focusGroupPriority: FocusGroupPriority { .ignored }
    public var isInitiallySelected: Bool { false }
    public var accessibilityLabel: String? { nil }
    public var accessibilityUserInputLabels: [String] { [] }
    public var accessibilityRespondsToUserInteraction: Bool { true }
    public var accessibilityCustomActions: [CustomAction] { [] }
    public var accessibilityValue: String? { nil }
    public var isFullKeyboardAccessElement: Bool { false }
    public var isAccessibilityElement: Bool { accessibilityLabel != nil }
    public var accessibilityDefaultAction: String { "activate" }
    public var submitsOnReturn: Bool { false }
    public var isTransparentFocusItem: Bool { false }
}

/// How important an item is within its focus group; the highest becomes the group's primary item.
///
/// The system assigns ``currentlyFocused`` to the focused item, ``previouslyFocused`` to the
/// group's last focused item, ``prioritized`` to a selected item and ``ignored`` to the rest. A
/// custom priority only raises: the effective value is the larger of the two.
public struct FocusGroupPriority: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The numeric value.
    public var rawValue: Int

    /// Creates a priority. Negative values are ignored by the focus system.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The lowest priority, assigned by default (0).
    public static let ignored = FocusGroupPriority(rawValue: 0)
    /// The group's last focused item (1000).
    public static let previouslyFocused = FocusGroupPriority(rawValue: 1000)
    /// An item the system considers important, such as a selected cell (2000).
    public static let prioritized = FocusGroupPriority(rawValue: 2000)
    /// The focused item: the highest possible priority.
    public static let currentlyFocused = FocusGroupPriority(rawValue: Int.max)

    /// Adds to a priority, as in `.previouslyFocused + 10`.
    public static func + (lhs: FocusGroupPriority, rhs: Int) -> FocusGroupPriority {
        FocusGroupPriority(rawValue: lhs.rawValue.addingReportingOverflow(rhs).overflow ? Int.max : lhs.rawValue + rhs)
    }

    public static func < (lhs: FocusGroupPriority, rhs: FocusGroupPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name for the system values, the number otherwise.
    public var description: String {
        switch self {
        case .ignored: "ignored"
        case .previouslyFocused: "previouslyFocused"
        case .prioritized: "prioritized"
        case .currentlyFocused: "currentlyFocused"
        default: String(rawValue)
        }
    }
}

/// What a focus update is about; passed to ``FocusEnvironment/shouldUpdateFocus(in:)`` and
/// ``FocusEnvironment/didUpdateFocus(in:)``.
public struct FocusUpdateContext {
    /// The item that had focus; nil when focus is first set.
    public var previouslyFocusedItem: (any FocusItem)?
    /// The item that gets focus; nil when focus is lost.
    public var nextFocusedItem: (any FocusItem)?
    /// How focus is moving.
    public var focusHeading: FocusHeading

    /// Creates a context.
    public init(previouslyFocusedItem: (any FocusItem)?, nextFocusedItem: (any FocusItem)?, focusHeading: FocusHeading)
    {
        self.previouslyFocusedItem = previouslyFocusedItem
        self.nextFocusedItem = nextFocusedItem
        self.focusHeading = focusHeading
    }
}

/// A halo focus effect: a rounded rectangle drawn around the focused item.
///
/// ```swift
/// let halo = FocusHaloEffect(roundedRect: cell.frame, cornerRadius: 12, curve: .continuous)
/// halo.referenceItem = imageNode   // drawn just above the image, below a badge
/// halo.containerItem = scrollNode  // added to the scroll view so the cell does not clip it
/// ```
public final class FocusHaloEffect {
    /// The corner curve.
    public enum Curve: String, Hashable, Sendable, CaseIterable {
        /// Continuous curvature.
        case continuous
        /// Circular arcs.
        case circular
    }

    /// The rectangle the halo surrounds, in scene coordinates.
    public var rect: Rect
    /// The corner radius.
    public var cornerRadius: Double
    /// The corner curve.
    public var curve: Curve
    /// The environment the halo is drawn just above; nil lets the system choose.
    public weak var referenceItem: (any FocusEnvironment)?
    /// The environment the halo is added to; nil lets the system choose.
    public weak var containerItem: (any FocusEnvironment)?

    /// Creates a halo around a rounded rectangle.
    public init(roundedRect rect: Rect, cornerRadius: Double, curve: Curve = .continuous) {
        self.rect = rect
        self.cornerRadius = cornerRadius
        self.curve = curve
    }
}

/// A custom action offered by an item (the Full Keyboard Access actions menu, Tab+Z).
public struct CustomAction: Hashable, Sendable {
    /// The name shown in the menu and reported when the action fires.
    public var name: String
    /// The chord that fires the action while the item is in the responder chain.
    public var key: KeyPress?

    /// Creates a custom action.
    public init(name: String, key: KeyPress? = nil) {
        self.name = name
        self.key = key
    }
}

/// A key command: a chord that fires an action while its environment is in the responder chain.
public struct KeyCommand: Hashable, Sendable {
    /// The chord.
    public var input: KeyPress
    /// The action's name, reported in the `action` event.
    public var title: String
    /// When true, the command runs before the focus system's own use of the key (Tab, arrows,
    /// the select key). Default false, as in UIKit since iPadOS 15.
    public var wantsPriorityOverSystemBehavior: Bool

    /// Creates a key command.
    public init(input: KeyPress, title: String, wantsPriorityOverSystemBehavior: Bool = false) {
        self.input = input
        self.title = title
        self.wantsPriorityOverSystemBehavior = wantsPriorityOverSystemBehavior
    }
}

/// What Return in a text field submits: an `action` event with ``name``, reported on the
/// environment that declares it, then ``perform``, where the app may move focus (through a
/// ``FocusState``) in response.
///
/// ```swift
/// form.submitAction = SubmitAction(name: "logIn") { field in
///     if !isEmailValid { focus.set(.email) } else { focus.set(nil) }
/// }
/// ```
public struct SubmitAction {
    /// The action's name, reported in the `action` event.
    public var name: String
    /// Runs after the event, with the text field Return was pressed in.
    public var perform: ((any FocusItem) -> Void)?

    /// Creates a submit action.
    public init(name: String, perform: ((any FocusItem) -> Void)? = nil) {
        self.name = name
        self.perform = perform
    }
}
