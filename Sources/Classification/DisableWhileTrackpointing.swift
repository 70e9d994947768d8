import InputEvents

/// Disable-while-trackpointing (libinput 1.21's, `evdev-mt-touchpad.c`): while a paired pointing
/// stick moves the pointer, a touchpad ignores the touches that land and the taps it would
/// report, so that a palm or thumb brushing the pad while the stick is pushed does nothing.
///
/// A stick's first two events do not count (a brush); the third within 40 ms of the one before
/// starts trackpointing, which lasts 300 ms after the last event.
///
/// ```
/// idle       --stick event-----------------------------> counting(1, until: event + 40 ms)
/// counting   --stick event, fewer than three so far----> counting(n + 1, until: event + 40 ms)
/// counting   --third stick event-----------------------> active(until: event + 300 ms)
/// counting   --deadline--------------------------------> idle
/// active     --stick event-----------------------------> active(until: event + 300 ms)
/// active     --deadline--------------------------------> idle   touches that landed after the
///                                                                last event count again
/// ```
///
/// Touches: one that lands while active is ignored until it lifts; when trackpointing ends, one
/// that landed after the stick's last event counts from then on.
struct DisableWhileTrackpointing {
    private enum State: Hashable, Sendable {
        case idle
        case counting(events: Int, until: Timestamp)
        case active(lastEvent: Timestamp, until: Timestamp)
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// Trackpointing ended: the touches in these slots count from now on.
        case ended(released: SlotSet)
    }

    /// A stick event this soon after the one before continues a burst (libinput's
    /// `DEFAULT_TRACKPOINT_EVENT_TIMEOUT`, 40 ms).
    static let eventTimeout: Int64 = 40_000
    /// Trackpointing lasts this long after the stick's last event (libinput's
    /// `DEFAULT_TRACKPOINT_ACTIVITY_TIMEOUT`, 300 ms).
    static let activityTimeout: Int64 = 300_000
    /// The events a burst needs before it counts (libinput's, 3).
    static let eventsToActivate = 3

    private var state = State.idle
    /// Whether the setting is on; changed only at rest.
    var isEnabled: Bool
    /// The slots whose touch landed while trackpointing.
    private(set) var ignoredSlots = SlotSet()
    private var landings: [Timestamp]
    /// When the stick's last event came.
    private var lastEvent: Timestamp?

    init(isEnabled: Bool, slotCount: Int) {
        self.isEnabled = isEnabled
        landings = [Timestamp](repeating: .zero, count: slotCount)
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .counting: "counting"
        case .active: "trackpointing"
        }
    }

    /// Whether the stick is moving the pointer.
    var isActive: Bool {
        if case .active = state { return true }
        return false
    }

    /// Milliseconds since the stick's last event, if there was one.
    func millisecondsSinceEvent(at time: Timestamp) -> Int64? {
        lastEvent.map { time.microseconds(since: $0).roundedMilliseconds }
    }

    /// When the burst or trackpointing ends without another event.
    var nextDeadline: Timestamp? {
        switch state {
        case .idle: nil
        case .counting(_, let until), .active(_, let until): until
        }
    }

    /// The paired stick moved the pointer (its buttons do not count: people click them while
    /// using the pad).
    mutating func stickMoved(at time: Timestamp) {
        guard isEnabled else { return }
        lastEvent = time
        switch state {
        case .idle:
            state = .counting(events: 1, until: Timestamp(microseconds: time.microseconds + Self.eventTimeout))
        case .counting(let events, _) where events + 1 < Self.eventsToActivate:
            state = .counting(events: events + 1, until: Timestamp(microseconds: time.microseconds + Self.eventTimeout))
        case .counting, .active:
            state = .active(lastEvent: time, until: Timestamp(microseconds: time.microseconds + Self.activityTimeout))
        }
    }

    /// A touch landed in `slot`: returns whether it is ignored (it landed while trackpointing).
    mutating func touchLanded(in slot: Int, at time: Timestamp) -> Bool {
        guard isActive, slot < landings.count else { return false }
        ignoredSlots.insert(slot)
        landings[slot] = time
        return true
    }

    /// The touch in `slot` lifted.
    mutating func touchLifted(in slot: Int) { ignoredSlots.remove(slot) }

    /// Fires the deadline: a burst too short ends, trackpointing ends.
    mutating func advance(to time: Timestamp) -> Action? {
        switch state {
        case .idle:
            return nil
        case .counting(_, let until):
            guard until <= time else { return nil }
            state = .idle
            return nil
        case .active(let lastEvent, let until):
            guard until <= time else { return nil }
            state = .idle
            var released = SlotSet()
            for slot in ignoredSlots where landings[slot] > lastEvent {
                released.insert(slot)
                ignoredSlots.remove(slot)
            }
            return .ended(released: released)
        }
    }

    /// Forgets everything (the device went away).
    mutating func reset() {
        state = .idle
        ignoredSlots = SlotSet()
    }

    /// Whether a touchpad ignores a pointing stick, following libinput's pairing: both built in
    /// (on neither USB nor Bluetooth).
    static func pairs(touchpad: DeviceIdentity, stick: DeviceIdentity) -> Bool {
        let usb: UInt16 = 0x03
        let bluetooth: UInt16 = 0x05
        return ![usb, bluetooth].contains(touchpad.busType) && ![usb, bluetooth].contains(stick.busType)
    }
}
