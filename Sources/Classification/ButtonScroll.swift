import EventModel
import Geometry
import InputEvents

/// On-button scrolling: while the scroll button (the middle button) is held, movement scrolls
/// instead of moving the pointer; the default for pointing sticks, whose middle button is meant
/// for it.
///
/// ```
/// idle       --scroll button down----------------------------> pressed    (held back; motion dropped)
/// pressed    --deadline (held 200 ms)------------------------> armed
/// pressed    --released------------------------------------------> idle   click (down and up)
/// armed      --moved---------------------------------------------> scrolling  scroll began
/// armed      --released------------------------------------------> idle   click (down and up)
/// scrolling  --moved---------------------------------------------> scrolling  scroll changed
/// scrolling  --released / device gone----------------------------> idle   scroll ended
/// ```
///
/// On a timeline, with `P` the press, `|` the timeout and `R` the release:
///
/// ```
/// P--R---|          a middle click at R
/// P------|--move--R  scrolling from the first movement after |, ended at R
/// P--move-|--R       a middle click at R: movement before the timeout is dropped
/// ```
struct ButtonScroll {
    private enum State: Hashable, Sendable {
        case idle
        case pressed(since: Timestamp)
        case armed
        case scrolling
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// Movement scrolls from now on (for explanations), after the button was held this long.
        case armed(milliseconds: Int64)
        /// The button was released without scrolling: a click, down and up.
        case click
        /// Scroll movement, in points.
        case scroll(Vector, phase: ScrollPhase)
        /// The scroll ended, with its release velocity in points per second.
        case scrollEnded(velocity: Vector)
    }

    private var state = State.idle
    private var velocity = VelocityTracker()
    /// The button that scrolls.
    let button: KeyCode
    private let timeout: Int64
    private let velocityWindow: Int64

    init(button: KeyCode, thresholds: ClassificationThresholds) {
        self.button = button
        timeout = thresholds.buttonScrollTimeout.flooredMicroseconds
        velocityWindow = thresholds.scrollVelocityWindow.flooredMicroseconds
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .pressed: "pressed"
        case .armed: "armed"
        case .scrolling: "scrolling"
        }
    }

    /// Whether the scroll button is held: movement belongs to this machine.
    var isHeld: Bool { state != .idle }

    /// When holding the button arms scrolling.
    var nextDeadline: Timestamp? {
        guard case .pressed(let since) = state else { return nil }
        return Timestamp(microseconds: since.microseconds + timeout)
    }

    /// The scroll button went down.
    mutating func press(at time: Timestamp) {
        guard state == .idle else { return }
        state = .pressed(since: time)
    }

    /// The scroll button came up.
    mutating func release(at time: Timestamp) -> Action? {
        switch state {
        case .idle:
            return nil
        case .pressed, .armed:
            state = .idle
            return .click
        case .scrolling:
            state = .idle
            let release = velocity.velocity(at: time, window: velocityWindow)
            velocity.reset()
            return .scrollEnded(velocity: release)
        }
    }

    /// The device moved by `delta` points while the button is held.
    mutating func move(by delta: Vector, at time: Timestamp) -> Action? {
        switch state {
        case .idle, .pressed:
            return nil
        case .armed:
            state = .scrolling
            velocity.reset()
            velocity.add(delta, at: time)
            return .scroll(delta, phase: .began)
        case .scrolling:
            velocity.add(delta, at: time)
            return .scroll(delta, phase: .changed)
        }
    }

    /// Fires the timeout: holding the button arms scrolling.
    mutating func advance(to time: Timestamp) -> Action? {
        guard case .pressed(let since) = state, let deadline = nextDeadline, deadline <= time else { return nil }
        state = .armed
        return .armed(milliseconds: deadline.microseconds(since: since).roundedMilliseconds)
    }

    /// The device went away: a begun scroll ends; a held click is dropped.
    mutating func reset(at time: Timestamp) -> Action? {
        let ended: Action? = state == .scrolling ? .scrollEnded(velocity: .zero) : nil
        state = .idle
        velocity.reset()
        return ended
    }
}
