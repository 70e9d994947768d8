/// The states of an accessible element, as AT-SPI2 numbers them (`AtspiStateType`): bit `n` is
/// state `n`, so that the set goes on the bus as the two 32-bit words `GetState` returns.
///
/// ```swift
/// var states: AccessibleStates = [.focusable, .visible, .showing, .enabled, .sensitive]
/// if isFocused { states.insert(.focused) }
/// ```
public struct AccessibleStates: OptionSet, Hashable, Sendable {
    /// Bit `n` is AT-SPI2 state `n`.
    public var rawValue: UInt64

    /// Creates a set from its bits.
    public init(rawValue: UInt64) {
        self.rawValue = rawValue
    }

    private init(_ number: Int) {
        rawValue = 1 << UInt64(number)
    }

    /// The window holds the keyboard focus (`ATSPI_STATE_ACTIVE`).
    public static let active = AccessibleStates(1)
    /// The element is checked (`ATSPI_STATE_CHECKED`).
    public static let checked = AccessibleStates(4)
    /// The text can be edited (`ATSPI_STATE_EDITABLE`).
    public static let editable = AccessibleStates(7)
    /// The element responds to the user (`ATSPI_STATE_ENABLED`).
    public static let enabled = AccessibleStates(8)
    /// The element can take the keyboard focus (`ATSPI_STATE_FOCUSABLE`).
    public static let focusable = AccessibleStates(11)
    /// The element has the keyboard focus (`ATSPI_STATE_FOCUSED`).
    public static let focused = AccessibleStates(12)
    /// The text has several lines (`ATSPI_STATE_MULTI_LINE`).
    public static let multiLine = AccessibleStates(17)
    /// The element can be selected (`ATSPI_STATE_SELECTABLE`).
    public static let selectable = AccessibleStates(22)
    /// The element is selected (`ATSPI_STATE_SELECTED`).
    public static let selected = AccessibleStates(23)
    /// The element reacts to input now (`ATSPI_STATE_SENSITIVE`).
    public static let sensitive = AccessibleStates(24)
    /// The element is drawn on screen now (`ATSPI_STATE_SHOWING`).
    public static let showing = AccessibleStates(25)
    /// The text has one line (`ATSPI_STATE_SINGLE_LINE`).
    public static let singleLine = AccessibleStates(26)
    /// The element would be drawn if its container showed it (`ATSPI_STATE_VISIBLE`).
    public static let visible = AccessibleStates(30)
    /// The element can be checked (`ATSPI_STATE_CHECKABLE`).
    public static let checkable = AccessibleStates(41)

    /// The states' names as the state-changed event's detail writes them (`focused`), for each
    /// state named here, in AT-SPI2's order.
    public var names: [String] {
        Self.named.filter { contains($0.state) }.map(\.name)
    }

    static let named: [(state: AccessibleStates, name: String)] = [
        (.active, "active"), (.checked, "checked"), (.editable, "editable"), (.enabled, "enabled"),
        (.focusable, "focusable"), (.focused, "focused"), (.multiLine, "multi-line"), (.selectable, "selectable"),
        (.selected, "selected"), (.sensitive, "sensitive"), (.showing, "showing"), (.singleLine, "single-line"),
        (.visible, "visible"), (.checkable, "checkable"),
    ]

    /// The two 32-bit words of `GetState` (`au`): states 0–31, then 32–63.
    var words: [UInt32] { [UInt32(truncatingIfNeeded: rawValue), UInt32(truncatingIfNeeded: rawValue >> 32)] }
}
