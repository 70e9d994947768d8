public import Geometry

/// How an element is known on the bus: its object path is
/// `/org/a11y/atspi/accessible/<rawValue>`. The tree chooses the numbers; an element keeps its
/// number for as long as it is in the tree, and a number is not reused for another element while
/// a screen reader may still hold it.
public struct AccessibleID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The number in the object path.
    public var rawValue: UInt64

    /// Creates an identifier.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// The number.
    public var description: String { String(rawValue) }
}

/// One action an element offers a screen reader (AT-SPI2's `Action` interface).
public struct AccessibleAction: Hashable, Sendable {
    /// The name a screen reader lists and the application matches (`activate`, `Delete`).
    public var name: String
    /// A longer description; empty when the name says it all.
    public var description: String
    /// The keys that run the action directly, in GTK's notation (`<Control>comma`); empty when
    /// none does.
    public var keyBinding: String

    /// Creates an action.
    public init(name: String, description: String = "", keyBinding: String = "") {
        self.name = name
        self.description = description
        self.keyBinding = keyBinding
    }
}

/// What an element shows a screen reader, read when one asks.
///
/// ```swift
/// AccessibleElement(
///     role: .pushButton, name: "Settings", identifier: "settings",
///     states: [.focusable, .visible, .showing, .enabled, .sensitive],
///     frame: Rect(x: 970, y: 20, width: 36, height: 36),
///     actions: [AccessibleAction(name: "activate")])
/// ```
public struct AccessibleElement: Hashable, Sendable {
    /// What the element is.
    public var role: AccessibleRole
    /// The short name a screen reader speaks (an accessibility label).
    public var name: String
    /// More detail, spoken on request.
    public var description: String
    /// The application's own identifier for the element (AT-SPI2's `AccessibleId`), for tests
    /// and scripts.
    public var identifier: String
    /// The element's states.
    public var states: AccessibleStates
    /// Where the element is, in window coordinates (y down); nil for an element without extents,
    /// which then has no `Component` interface.
    public var frame: Rect?
    /// The actions, in order; `DoAction(i)` runs the `i`th. No `Action` interface when empty.
    public var actions: [AccessibleAction]
    /// The text of a text field or text view; nil for an element without text, which then has no
    /// `Text` interface.
    public var text: String?
    /// Where the caret is in ``text``, in characters (Unicode scalars, as AT-SPI2 counts).
    public var caretOffset: Int

    /// Creates an element.
    public init(
        role: AccessibleRole,
        name: String,
        description: String = "",
        identifier: String = "",
        states: AccessibleStates = [],
        frame: Rect? = nil,
        actions: [AccessibleAction] = [],
        text: String? = nil,
        caretOffset: Int = 0
    ) {
        self.role = role
        self.name = name
        self.description = description
        self.identifier = identifier
        self.states = states
        self.frame = frame
        self.actions = actions
        self.text = text
        self.caretOffset = caretOffset
    }
}

/// A tree of accessible elements that an ``AccessibilityBus`` exposes: an application's windows
/// and everything in them.
///
/// The bus asks the tree only when a screen reader asks the bus, so a tree costs nothing while no
/// screen reader runs; the application tells the bus what changes (focus, states, children)
/// through the bus's `emit…` methods.
///
/// ```swift
/// final class Panel: AccessibleTree {
///     var windows: [AccessibleID] { [AccessibleID(rawValue: 1)] }
///     func element(_ id: AccessibleID) -> AccessibleElement? { … }
///     func parent(of id: AccessibleID) -> AccessibleID? { … }
///     func children(of id: AccessibleID) -> [AccessibleID] { … }
///     func grabFocus(_ id: AccessibleID) -> Bool { … }
///     func performAction(at index: Int, on id: AccessibleID) -> Bool { … }
/// }
/// ```
public protocol AccessibleTree: AnyObject {
    /// The top-level windows: the application's children, in order.
    var windows: [AccessibleID] { get }
    /// What an element shows now; nil for an identifier the tree no longer has.
    func element(_ id: AccessibleID) -> AccessibleElement?
    /// The element's parent; nil for a window (whose parent is the application).
    func parent(of id: AccessibleID) -> AccessibleID?
    /// The element's children, in order (the last drawn on top).
    func children(of id: AccessibleID) -> [AccessibleID]
    /// A screen reader asks to move the keyboard focus to the element (`GrabFocus`).
    /// - Returns: Whether focus moved there (or was there already).
    func grabFocus(_ id: AccessibleID) -> Bool
    /// A screen reader asks to run the element's `index`th action (`DoAction`).
    /// - Returns: Whether the action ran.
    func performAction(at index: Int, on id: AccessibleID) -> Bool
    /// A screen reader asks to move the caret of a text element (`SetCaretOffset`).
    /// - Returns: Whether the caret moved. Default: false.
    func setCaretOffset(_ offset: Int, on id: AccessibleID) -> Bool
}

extension AccessibleTree {
    public func setCaretOffset(_ offset: Int, on id: AccessibleID) -> Bool { false }
}
