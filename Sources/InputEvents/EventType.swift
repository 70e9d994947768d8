/// The type of an input event: which family its code belongs to.
///
/// The corresponding kernel constants are `EV_SYN`, `EV_KEY`, `EV_REL`, `EV_ABS` and so on.
public struct EventType: RawRepresentable, Hashable, Comparable, Sendable {
    /// The kernel's numeric value.
    public var rawValue: UInt16

    /// Creates an event type from the kernel's numeric value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    public static func < (lhs: EventType, rhs: EventType) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Frame markers. The corresponding kernel constant is `EV_SYN`.
    public static let synchronization = EventType(rawValue: 0x00)
    /// Keys and buttons. The corresponding kernel constant is `EV_KEY`.
    public static let key = EventType(rawValue: 0x01)
    /// Relative axes (mouse motion, wheels). The corresponding kernel constant is `EV_REL`.
    public static let relative = EventType(rawValue: 0x02)
    /// Absolute axes (touch positions). The corresponding kernel constant is `EV_ABS`.
    public static let absolute = EventType(rawValue: 0x03)
    /// Miscellaneous data (scan codes, timestamps). The corresponding kernel constant is `EV_MSC`.
    public static let miscellaneous = EventType(rawValue: 0x04)
    /// Binary switches (lid, tablet mode). The corresponding kernel constant is `EV_SW`.
    public static let `switch` = EventType(rawValue: 0x05)
    /// LEDs. The corresponding kernel constant is `EV_LED`.
    public static let led = EventType(rawValue: 0x11)
    /// Sound. The corresponding kernel constant is `EV_SND`.
    public static let sound = EventType(rawValue: 0x12)
    /// Autorepeat settings. The corresponding kernel constant is `EV_REP`.
    public static let autorepeat = EventType(rawValue: 0x14)
    /// Force feedback. The corresponding kernel constant is `EV_FF`.
    public static let forceFeedback = EventType(rawValue: 0x15)
    /// Power buttons. The corresponding kernel constant is `EV_PWR`.
    public static let power = EventType(rawValue: 0x16)
    /// Force-feedback status. The corresponding kernel constant is `EV_FF_STATUS`.
    public static let forceFeedbackStatus = EventType(rawValue: 0x17)

    /// The largest event type the kernel defines. The corresponding kernel constant is `EV_MAX`.
    public static let maximum = EventType(rawValue: 0x1f)
}
