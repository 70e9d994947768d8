/// What an accessible element is, as AT-SPI2 numbers it (`AtspiRole` in `atspi-constants.h`):
/// what a screen reader says after the name ("Search, entry").
///
/// Only the roles Wayfinder's scenes map to are named; any other AT-SPI2 number can be made with
/// ``init(rawValue:)``.
public struct AccessibleRole: RawRepresentable, Hashable, Sendable {
    /// The AT-SPI2 role number.
    public var rawValue: UInt32

    /// Creates a role from its AT-SPI2 number.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// A checkable box (`ATSPI_ROLE_CHECK_BOX`).
    public static let checkBox = AccessibleRole(rawValue: 7)
    /// Space filler without meaning (`ATSPI_ROLE_FILLER`).
    public static let filler = AccessibleRole(rawValue: 20)
    /// A top-level window with a title bar (`ATSPI_ROLE_FRAME`).
    public static let frame = AccessibleRole(rawValue: 23)
    /// An image (`ATSPI_ROLE_IMAGE`).
    public static let image = AccessibleRole(rawValue: 27)
    /// Static text (`ATSPI_ROLE_LABEL`).
    public static let label = AccessibleRole(rawValue: 29)
    /// A list of items (`ATSPI_ROLE_LIST`).
    public static let list = AccessibleRole(rawValue: 31)
    /// An item of a list (`ATSPI_ROLE_LIST_ITEM`).
    public static let listItem = AccessibleRole(rawValue: 32)
    /// A row of tabs or segments (`ATSPI_ROLE_PAGE_TAB_LIST`).
    public static let pageTabList = AccessibleRole(rawValue: 38)
    /// A container that groups others (`ATSPI_ROLE_PANEL`).
    public static let panel = AccessibleRole(rawValue: 39)
    /// A push button (`ATSPI_ROLE_PUSH_BUTTON`).
    public static let pushButton = AccessibleRole(rawValue: 43)
    /// A scrolling viewport (`ATSPI_ROLE_SCROLL_PANE`).
    public static let scrollPane = AccessibleRole(rawValue: 49)
    /// A slider (`ATSPI_ROLE_SLIDER`).
    public static let slider = AccessibleRole(rawValue: 51)
    /// Multi-line text (`ATSPI_ROLE_TEXT`).
    public static let text = AccessibleRole(rawValue: 61)
    /// A button that stays on or off (`ATSPI_ROLE_TOGGLE_BUTTON`), which switches are.
    public static let toggleButton = AccessibleRole(rawValue: 62)
    /// Nothing known (`ATSPI_ROLE_UNKNOWN`).
    public static let unknown = AccessibleRole(rawValue: 67)
    /// An application: the root of its tree (`ATSPI_ROLE_APPLICATION`).
    public static let application = AccessibleRole(rawValue: 75)
    /// A single-line text entry (`ATSPI_ROLE_ENTRY`).
    public static let entry = AccessibleRole(rawValue: 79)
    /// A link (`ATSPI_ROLE_LINK`).
    public static let link = AccessibleRole(rawValue: 88)

    /// The role's name as AT-SPI2's `GetRoleName` gives it (`push button`), for the roles named
    /// here; `unknown` for the others.
    public var name: String {
        switch self {
        case .checkBox: "check box"
        case .filler: "filler"
        case .frame: "frame"
        case .image: "image"
        case .label: "label"
        case .list: "list"
        case .listItem: "list item"
        case .pageTabList: "page tab list"
        case .panel: "panel"
        case .pushButton: "push button"
        case .scrollPane: "scroll pane"
        case .slider: "slider"
        case .text: "text"
        case .toggleButton: "toggle button"
        case .application: "application"
        case .entry: "entry"
        case .link: "link"
        default: "unknown"
        }
    }
}
