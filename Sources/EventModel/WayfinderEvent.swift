public import Geometry
public import InputEvents

/// What happened: the payload of one event of the interaction stream.
///
/// Each case is one `type` of the JSON lines stream (`events.md`): `device`, the classified
/// inputs (`key`, `button`, `scroll`, `tap`, `longPress`, `drag`, `motion`, `position`), `focus`,
/// `select`, `action` and `contentOffset`. Every layer reports in these cases: the classifier's
/// inputs, the interactions' actions and scroll offsets, the focus engine's focus, selection and
/// actions.
public enum EventPayload: Hashable, Sendable {
    /// A device appeared or went away.
    case device(DeviceChange, kind: DeviceKind)
    /// A classified input. `target` is the node the input went to when there is a scene: the node
    /// under the pointer for a click, tap, long press or drag, the scroll view that took a scroll.
    case input(ClassifiedEvent, target: String?)
    /// Focus moved.
    case focus(from: String?, to: String?, heading: FocusHeading)
    /// An item was selected (the select key, or selection following focus).
    case select(item: String)
    /// An interaction, a custom action or a key command fired.
    case action(ActionEvent)
    /// A scroll view's content moved: `offset` is its new content offset, in points from the
    /// top-left of its content.
    case contentOffset(item: String, offset: Vector)

    /// The action, if the payload is one.
    public var action: ActionEvent? {
        if case .action(let action) = self { return action }
        return nil
    }

    /// Whether the payload is pointer motion or a contact position, which streams print only when
    /// asked (`--motion`).
    public var isMotion: Bool {
        guard case .input(let event, _) = self else { return false }
        switch event {
        case .motion, .position: return true
        case .key, .button, .scroll, .tap, .longPress, .drag, .gesture, .touch: return false
        }
    }
}

/// A payload with the time it happened, before the runtime names the device that caused it.
public struct TimedPayload: Hashable, Sendable {
    /// When it happened: the time of the input that caused it, or of the deadline that fired.
    public var time: Timestamp
    /// What happened.
    public var payload: EventPayload

    /// Creates a timed payload.
    public init(time: Timestamp, payload: EventPayload) {
        self.time = time
        self.payload = payload
    }
}

/// One event of the interaction stream: what happened, when, and which device caused it.
///
/// ```swift
/// for await event in runtime.events {
///     if case .focus(_, let to, _) = event.payload { print("focused", to ?? "nothing") }
/// }
/// ```
public struct WayfinderEvent: Hashable, Sendable {
    /// What happened (the stream's payload type, by its older name).
    public typealias Payload = EventPayload

    /// When it happened: the time of the input that caused it, or of the deadline that fired.
    public var time: Timestamp
    /// The device that caused it.
    public var device: DeviceInstance
    /// What happened.
    public var payload: EventPayload

    /// Creates an event.
    public init(time: Timestamp, device: DeviceInstance, payload: EventPayload) {
        self.time = time
        self.device = device
        self.payload = payload
    }

    /// Whether the event is pointer motion or a contact position.
    public var isMotion: Bool { payload.isMotion }
}
