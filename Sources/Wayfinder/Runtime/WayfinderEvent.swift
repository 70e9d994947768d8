public import Classification
public import FocusEngine
public import InputEvents

/// Identifies one device for as long as it is attached (live) or for the whole replay.
public struct DeviceID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number the runtime gave the device.
    public var rawValue: Int

    /// Creates an identifier.
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "device \(rawValue)" }
}

/// Whether a device appeared or went away.
public enum DeviceChange: String, Hashable, Sendable {
    case added
    case removed
}

/// One event of the interaction stream: what the runtime reports, in the order it happened.
///
/// Each case is one `type` of the JSON lines stream (`device`, `key`, `button`, `scroll`, `tap`,
/// `longPress`, `drag`, `motion`, `focus`, `select`, `action`), plus `contentOffset` for scroll
/// views, which the Swift API reports and the JSON stream folds into the `scroll` lines.
///
/// ```swift
/// for await event in runtime.events {
///     if case .focus(_, let to, _) = event.payload { print("focused", to ?? "nothing") }
/// }
/// ```
public struct WayfinderEvent: Hashable, Sendable {
    /// What happened.
    public enum Payload: Hashable, Sendable {
        /// A device appeared or went away.
        case device(DeviceChange, kind: DeviceKind)
        /// A classified input (key, button, scroll, tap, long press, drag, motion, position).
        /// `target` is the node under the pointer (for pointer input) or the scroll view that
        /// took a scroll, when there is a scene.
        case input(ClassifiedEvent, target: String?)
        /// Focus moved (`heading` as the focus engine reports it: `next`, `previous`, arrows, `none`).
        case focus(from: String?, to: String?, heading: FocusHeading)
        /// An item was selected.
        case select(item: String)
        /// An interaction or a custom action fired.
        case action(WayfinderAction)
        /// A scroll view's content offset changed (points from the top-left of its content).
        case contentOffset(item: String, offset: Vector)
    }

    /// When it happened: the time of the input that caused it, or of the deadline that fired.
    public var time: Timestamp
    /// The name of the device that caused it.
    public var device: String
    /// What happened.
    public var payload: Payload

    /// Creates an event.
    public init(time: Timestamp, device: String, payload: Payload) {
        self.time = time
        self.device = device
        self.payload = payload
    }
}

/// An `action` event: an interaction attached to a node, or a custom action, fired.
public struct WayfinderAction: Hashable, Sendable {
    /// The node's identifier.
    public var item: String
    /// The interaction's kind (`contextMenu`, `drag`, `pan`) or the action's own name.
    public var name: String
    /// For continuous interactions, the phase.
    public var phase: GesturePhase?
    /// What fired it: `secondaryClick`, `longPress`, `key` or `menu`.
    public var trigger: String?
    /// For a context menu, the actions it presents.
    public var actions: [String]
    /// For `drag` and `pan`, the movement since the gesture began, in points.
    public var translation: Vector?

    /// Creates an action event.
    public init(
        item: String,
        name: String,
        phase: GesturePhase? = nil,
        trigger: String? = nil,
        actions: [String] = [],
        translation: Vector? = nil
    ) {
        self.item = item
        self.name = name
        self.phase = phase
        self.trigger = trigger
        self.actions = actions
        self.translation = translation
    }
}
