/// One evdev event: a type, a code and a value, stamped with the time the kernel saw it.
///
/// ```swift
/// let press = InputEvent(time: t, type: .key, code: KeyCode.leftButton.rawValue, value: 1)
/// if press.keyCode == .leftButton, press.value == 1 { … }
/// ```
public struct InputEvent: Hashable, Sendable {
    /// When the kernel stamped the event.
    public var time: Timestamp
    /// The event's family.
    public var type: EventType
    /// The code within the family, as the kernel numbers it.
    public var code: UInt16
    /// The value: 1/0/2 for key press/release/repeat, a delta for relative axes, a position for
    /// absolute axes.
    public var value: Int32

    /// Creates an event.
    public init(time: Timestamp, type: EventType, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }

    /// Creates the frame-ending event (`SYN_REPORT` with value 0) at a time.
    public static func report(at time: Timestamp) -> InputEvent {
        InputEvent(time: time, type: .synchronization, code: SynchronizationCode.report.rawValue, value: 0)
    }

    /// Whether this event ends a frame. The corresponding kernel event is `SYN_REPORT`.
    @inlinable
    public var isReport: Bool {
        type == .synchronization && code == SynchronizationCode.report.rawValue
    }

    /// Whether this event says the kernel dropped events. The corresponding kernel event is
    /// `SYN_DROPPED`.
    @inlinable
    public var isDropped: Bool {
        type == .synchronization && code == SynchronizationCode.dropped.rawValue
    }

    /// The key or button code, for `EV_KEY` events.
    @inlinable
    public var keyCode: KeyCode? { type == .key ? KeyCode(rawValue: code) : nil }

    /// The relative axis, for `EV_REL` events.
    @inlinable
    public var relativeAxis: RelativeAxis? { type == .relative ? RelativeAxis(rawValue: code) : nil }

    /// The absolute axis, for `EV_ABS` events.
    @inlinable
    public var absoluteAxis: AbsoluteAxis? { type == .absolute ? AbsoluteAxis(rawValue: code) : nil }
}

/// All the events of one device up to and including a `SYN_REPORT`: the unit in which a device
/// changes state atomically.
///
/// The last event of a complete frame is the `SYN_REPORT`. Classifiers read frames, never single
/// events, so that a multitouch update or a hi-res wheel step is seen whole.
public struct EventFrame: Hashable, Sendable {
    /// The events in kernel order; the last one is the `SYN_REPORT`.
    public var events: [InputEvent]

    /// Creates a frame from its events.
    public init(events: [InputEvent]) {
        self.events = events
    }

    /// The time of the frame: the time of its `SYN_REPORT` (its last event).
    public var time: Timestamp { events.last?.time ?? .zero }

    /// Whether the frame ends with a `SYN_REPORT`.
    public var isComplete: Bool { events.last?.isReport ?? false }
}
