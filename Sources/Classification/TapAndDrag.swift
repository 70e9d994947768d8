import EventModel
import InputEvents

/// What a touchpad tap's button does after the tap: with tap-and-drag off it clicks at once; on,
/// it stays down for the drag timeout, and a touch in that time drags with it held.
///
/// `TouchpadTap` decides whether a touch sequence was a tap; this machine decides what its button
/// does then, from the taps and the finger count. While the button is held the fingers move the
/// pointer, so a touch after a tap drags at once; whether that touch was a second tap or the start
/// of a drag is known only when it lifts (a tap: quick, and back where it landed, judged as every
/// tap is) or when the tap timeout passes with it still down:
///
/// ```
/// idle              --tap (tap-and-drag off)------------------------> idle               click(button)
/// idle              --tap-------------------------------------------> tapped             press(button)
/// tapped            --deadline (drag timeout, nothing touched)-----> idle               release
/// tapped            --a finger lands--------------------------------> touchingAfterTap
/// touchingAfterTap  --tap (lifted soon, still)----------------------> tapped             release, press (double tap)
/// touchingAfterTap  --tap timeout passed----------------------------> dragging
/// touchingAfterTap  --lifted without a tap--------------------------> idle               release
/// dragging          --last finger lifts (drag lock off)-------------> idle               release
/// dragging          --last finger lifts (drag lock on)--------------> locked             (button stays down)
/// locked            --deadline (timeout mode, 300 ms)---------------> idle               release
/// locked            --a finger lands--------------------------------> touchingAfterDrag
/// touchingAfterDrag --tap----------------------------------------------> idle            release
/// touchingAfterDrag --tap timeout passed----------------------------> dragging
/// touchingAfterDrag --lifted without a tap--------------------------> locked
/// any but idle      --a physical button is pressed------------------> idle               release
/// ```
///
/// On a timeline, with `T` a tap's lift, `|` the drag timeout (160 ms + 20 ms per finger) and `L`
/// the next landing:
///
/// ```
/// T-------|            press at T, release at |
/// T---L---|---U         press at T, dragging from L + 180 ms, release at U
/// T---L-U-|            a double tap: press at T, release and press at U, release at U + timeout
/// ```
struct TapAndDrag {
    /// What a person chose.
    struct Configuration: Hashable, Sendable {
        /// Whether a tap's button waits for a drag.
        var isEnabled: Bool
        /// What lifting during a drag does.
        var dragLock: DragLock
    }

    private enum State: Hashable, Sendable {
        case idle
        case tapped(button: PointerButton, deadline: Timestamp)
        case touchingAfterTap(button: PointerButton, deadline: Timestamp)
        case dragging(button: PointerButton)
        case locked(button: PointerButton, deadline: Timestamp?)
        case touchingAfterDrag(button: PointerButton, deadline: Timestamp)
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// The button goes down and up at once (tap-and-drag off).
        case click(PointerButton)
        /// The tap's button goes down and stays down.
        case press(PointerButton, holdMilliseconds: Int64)
        /// The held button comes up.
        case release(PointerButton)
        /// The held button comes up and the next tap's button goes down (a double tap).
        case releaseAndPress(released: PointerButton, pressed: PointerButton, holdMilliseconds: Int64)
        /// A touch after the tap stayed down past the tap timeout: it drags with the button held.
        case dragBegan(PointerButton)
        /// The dragging finger lifted and drag lock keeps the button down.
        case locked(PointerButton, milliseconds: Int64?)
    }

    private var state = State.idle
    /// What a person chose; changed only at rest (see `TouchpadTranslator`).
    var configuration: Configuration
    private let timeoutBase: Int64
    private let timeoutPerFinger: Int64
    private let lockTimeout: Int64
    private let tapTimeout: Int64

    init(configuration: Configuration, thresholds: ClassificationThresholds) {
        self.configuration = configuration
        timeoutBase = thresholds.tapDragTimeoutBase.flooredMicroseconds
        timeoutPerFinger = thresholds.tapDragTimeoutPerFinger.flooredMicroseconds
        lockTimeout = thresholds.dragLockTimeout.flooredMicroseconds
        tapTimeout = thresholds.tapTimeout.flooredMicroseconds
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .tapped: "tapped"
        case .touchingAfterTap: "touchingAfterTap"
        case .dragging: "dragging"
        case .locked: "locked"
        case .touchingAfterDrag: "touchingAfterDrag"
        }
    }

    /// Whether no button is held.
    var isIdle: Bool { state == .idle }

    /// When the held button is released or a touch starts dragging without new input.
    var nextDeadline: Timestamp? {
        switch state {
        case .idle, .dragging: nil
        case .tapped(_, let deadline), .touchingAfterTap(_, let deadline), .touchingAfterDrag(_, let deadline):
            deadline
        case .locked(_, let deadline): deadline
        }
    }

    private func dragTimeout(fingers: Int) -> Int64 { timeoutBase + timeoutPerFinger * Int64(fingers) }

    /// A touch sequence was a tap with `fingers` fingers, clicking `button`.
    mutating func tapped(fingers: Int, button: PointerButton, at time: Timestamp) -> Action? {
        let timeout = dragTimeout(fingers: fingers)
        let deadline = Timestamp(microseconds: time.microseconds + timeout)
        switch state {
        case .idle:
            guard configuration.isEnabled else { return .click(button) }
            state = .tapped(button: button, deadline: deadline)
            return .press(button, holdMilliseconds: timeout.roundedMilliseconds)
        case .touchingAfterTap(let held, _):
            state = .tapped(button: button, deadline: deadline)
            return .releaseAndPress(released: held, pressed: button, holdMilliseconds: timeout.roundedMilliseconds)
        case .touchingAfterDrag(let held, _), .dragging(let held):
            // A tap ends a locked drag (and a drag whose finger came back to where it landed).
            state = .idle
            return .release(held)
        case .tapped(let held, _), .locked(let held, _):
            // Cannot happen: a tap needs a finger, which moves these states on. End cleanly.
            assertionFailure("our bug: a tap in tap-and-drag state \(stateName)")
            state = .idle
            return .release(held)
        }
    }

    /// The finger count changed from `previous` to `fingers` (after the tap, if any, of the same
    /// frame was reported).
    mutating func fingersChanged(to fingers: Int, from previous: Int, at time: Timestamp) -> Action? {
        let landed = previous == 0 && fingers > 0
        let lifted = previous > 0 && fingers == 0
        let landingDeadline = Timestamp(microseconds: time.microseconds + tapTimeout)
        switch state {
        case .idle:
            return nil
        case .tapped(let button, _):
            guard landed else { return nil }
            state = .touchingAfterTap(button: button, deadline: landingDeadline)
            return nil
        case .touchingAfterTap(let button, _):
            guard lifted else { return nil }
            state = .idle
            return .release(button)
        case .dragging(let button):
            guard lifted else { return nil }
            return lock(button, at: time)
        case .locked(let button, _):
            guard landed else { return nil }
            state = .touchingAfterDrag(button: button, deadline: landingDeadline)
            return nil
        case .touchingAfterDrag(let button, _):
            guard lifted else { return nil }
            return lock(button, at: time)
        }
    }

    private mutating func lock(_ button: PointerButton, at time: Timestamp) -> Action {
        switch configuration.dragLock {
        case .off:
            state = .idle
            return .release(button)
        case .timeout:
            state = .locked(button: button, deadline: Timestamp(microseconds: time.microseconds + lockTimeout))
            return .locked(button, milliseconds: lockTimeout.roundedMilliseconds)
        case .sticky:
            state = .locked(button: button, deadline: nil)
            return .locked(button, milliseconds: nil)
        }
    }

    /// Fires the deadline, if it is due.
    mutating func advance(to time: Timestamp) -> Action? {
        guard let deadline = nextDeadline, deadline <= time else { return nil }
        switch state {
        case .idle, .dragging:
            return nil
        case .tapped(let button, _), .locked(let button, _):
            state = .idle
            return .release(button)
        case .touchingAfterTap(let button, _), .touchingAfterDrag(let button, _):
            state = .dragging(button: button)
            return .dragBegan(button)
        }
    }

    /// A physical button was pressed, or the device went away: a held button comes up.
    mutating func cancel() -> Action? {
        switch state {
        case .idle:
            return nil
        case .tapped(let button, _), .touchingAfterTap(let button, _), .dragging(let button),
            .locked(let button, _), .touchingAfterDrag(let button, _):
            state = .idle
            return .release(button)
        }
    }
}
