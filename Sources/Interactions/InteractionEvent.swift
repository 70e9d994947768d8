public import Classification
public import InputEvents

/// What made an action fire, as the event stream's `trigger` field names it.
public enum ActionTrigger: String, Hashable, Sendable {
    /// A secondary click: a right button, a clickpad's button area, a two-finger click or tap.
    case secondaryClick
    /// A press held still: a finger, a pencil, or a long click with the primary button.
    case longPress
    /// A key command.
    case key
    /// A menu item.
    case menu
}

/// An interaction attached to a node fired: the event stream's `action` event.
public struct ActionEvent: Hashable, Sendable {
    /// When it fired.
    public var time: Timestamp
    /// The node's identifier.
    public var item: String
    /// The interaction's kind (`contextMenu`, `drag`, `pan`) or a secondary action's own name.
    public var name: String
    /// For continuous interactions (`drag`, `pan`), where the gesture is.
    public var phase: GesturePhase?
    /// For the context menu and secondary actions, what fired them.
    public var trigger: ActionTrigger?
    /// For the context menu, the titles of the actions presented.
    public var actions: [String]
    /// For `drag` and `pan`, the movement since the gesture began, in points.
    public var translation: Vector?

    /// Creates an action event.
    public init(
        time: Timestamp,
        item: String,
        name: String,
        phase: GesturePhase? = nil,
        trigger: ActionTrigger? = nil,
        actions: [String] = [],
        translation: Vector? = nil
    ) {
        self.time = time
        self.item = item
        self.name = name
        self.phase = phase
        self.trigger = trigger
        self.actions = actions
        self.translation = translation
    }
}

/// Something the interaction layer reports to the runtime.
public enum InteractionEvent: Hashable, Sendable {
    /// An interaction fired (`action` in the event stream).
    case action(ActionEvent)
    /// A scroll view's content moved: `offset` is its new content offset, in points.
    case contentOffset(time: Timestamp, item: String, offset: Vector)

    /// When it happened.
    public var time: Timestamp {
        switch self {
        case .action(let event): event.time
        case .contentOffset(let time, _, _): time
        }
    }

    /// The action, if this is one.
    public var action: ActionEvent? {
        switch self {
        case .action(let event): event
        case .contentOffset: nil
        }
    }
}
