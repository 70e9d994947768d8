public import Geometry

/// What made an action fire, as the event stream's `trigger` field names it.
public enum ActionTrigger: String, Hashable, Sendable {
    /// A secondary click: a right button, a clickpad's button area, a two-finger click or tap.
    case secondaryClick
    /// A press held still: a finger, a pencil, or a long click with the primary button.
    case longPress
    /// A key command or a key chord.
    case key
    /// A menu entry (the Full Keyboard Access actions menu).
    case menu
    /// A swipe across the item (a swipe action on a list row).
    case swipe
}

/// An interaction attached to a node, a custom action or a key command fired: the event stream's
/// `action` event.
///
/// The interactions (context menu, secondary action, drag, pan, zoom, hover, swipe actions) and
/// the focus engine (custom actions, key commands, the actions menu) report the same value.
public struct ActionEvent: Hashable, Sendable {
    /// The node's identifier.
    public var item: String
    /// The interaction's kind (`contextMenu`, `drag`, `pan`, `zoom`, `hover`), or the action's own
    /// name.
    public var name: String
    /// For continuous interactions (`drag`, `pan`, `zoom`, `hover`), where the gesture is.
    public var phase: GesturePhase?
    /// What fired it, where that applies.
    public var trigger: ActionTrigger?
    /// For a context menu or the actions menu, the titles of the actions presented.
    public var actions: [String]
    /// For `drag` and `pan`, the movement since the gesture began, in points.
    public var translation: Vector?
    /// For `zoom`, the scroll view's zoom scale (1 is the content's own size).
    public var scale: Double?

    /// Creates an action event.
    public init(
        item: String,
        name: String,
        phase: GesturePhase? = nil,
        trigger: ActionTrigger? = nil,
        actions: [String] = [],
        translation: Vector? = nil,
        scale: Double? = nil
    ) {
        self.item = item
        self.name = name
        self.phase = phase
        self.trigger = trigger
        self.actions = actions
        self.translation = translation
        self.scale = scale
    }
}
