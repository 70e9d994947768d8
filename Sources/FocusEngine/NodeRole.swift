/// What a node is, for Full Keyboard Access, default focus groups and drawing. Roles beyond the
/// well-known ones are kept as written.
public struct NodeRole: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The role's name as written in the file.
    public var rawValue: String

    /// Creates a role from its name.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// A push button.
    public static let button = NodeRole(rawValue: "button")
    /// A single-line text field; forms its own focus group by default.
    public static let textField = NodeRole(rawValue: "textField")
    /// A multi-line text view; forms its own focus group by default.
    public static let textView = NodeRole(rawValue: "textView")
    /// A cell of a list or collection.
    public static let cell = NodeRole(rawValue: "cell")
    /// A list (table view).
    public static let list = NodeRole(rawValue: "list")
    /// A collection (grid).
    public static let collection = NodeRole(rawValue: "collection")
    /// Static text.
    public static let label = NodeRole(rawValue: "label")
    /// An image.
    public static let image = NodeRole(rawValue: "image")
    /// An on/off switch.
    public static let `switch` = NodeRole(rawValue: "switch")
    /// A slider.
    public static let slider = NodeRole(rawValue: "slider")
    /// A segmented control.
    public static let segmentedControl = NodeRole(rawValue: "segmentedControl")
    /// A link.
    public static let link = NodeRole(rawValue: "link")
    /// A plain container.
    public static let container = NodeRole(rawValue: "container")

    /// The roles this version knows; other names load with a warning-free pass-through.
    public static let wellKnown: [NodeRole] = [
        .button, .textField, .textView, .cell, .list, .collection, .label, .image, .switch, .slider,
        .segmentedControl, .link, .container,
    ]

    /// Whether the role is a control that Full Keyboard Access makes focusable.
    public var isControl: Bool {
        [NodeRole.button, .switch, .slider, .segmentedControl, .link, .textField, .textView].contains(self)
    }

    /// Whether the role edits text (and so forms its own focus group by default).
    public var isTextInput: Bool { self == .textField || self == .textView }

    /// The role's name.
    public var description: String { rawValue }
}
