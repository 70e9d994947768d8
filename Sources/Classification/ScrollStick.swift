import EventModel
import Geometry
import InputEvents

/// A scroll stick reported through the wheel axes (a ScrollPoint): its values are pushes, so a
/// run of them is one continuous scroll that ends when the stick is let go.
///
/// ```
/// resting    --pushed------------------------------------> scrolling    scroll began
/// scrolling  --pushed------------------------------------> scrolling    scroll changed
/// scrolling  --deadline (nothing for 150 ms) / end-------> resting      scroll ended(velocity)
/// ```
///
/// On a timeline, with `p` a report of the pushed stick and `|` the end deadline:
///
/// ```
/// p--p--p--p-----|      began, changed ×3, ended at |
/// ```
struct ScrollStick {
    private enum State: Hashable, Sendable {
        case resting
        case scrolling(lastPush: Timestamp)
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// The stick scrolled by `delta` points.
        case scroll(Vector, phase: ScrollPhase)
        /// The stick was let go; its release velocity in points per second.
        case ended(velocity: Vector)
    }

    private var state = State.resting
    private var velocity = VelocityTracker()
    /// The end timeout in whole microseconds, as `Timestamp + Duration` counts it.
    private let endTimeout: Int64
    /// The release-velocity window in microseconds.
    private let velocityWindow: Int64

    init(thresholds: ClassificationThresholds) {
        endTimeout = thresholds.scrollStickEndTimeout.wholeMicroseconds
        velocityWindow = thresholds.scrollVelocityWindow.flooredMicroseconds
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .resting: "resting"
        case .scrolling: "scrolling"
        }
    }

    /// When the scroll ends if the stick reports nothing more.
    var nextDeadline: Timestamp? {
        switch state {
        case .resting: nil
        case .scrolling(let lastPush): Timestamp(microseconds: lastPush.microseconds + endTimeout)
        }
    }

    /// The stick was pushed: it scrolls by `delta` points (not zero).
    mutating func push(_ delta: Vector, at time: Timestamp) -> Action {
        let phase: ScrollPhase
        switch state {
        case .resting: phase = .began
        case .scrolling: phase = .changed
        }
        state = .scrolling(lastPush: time)
        velocity.add(delta, at: time)
        return .scroll(delta, phase: phase)
    }

    /// The end deadline passed, or the device went away: a scroll ends.
    mutating func end(at time: Timestamp) -> Action? {
        guard case .scrolling = state else { return nil }
        let release = velocity.velocity(at: time, window: velocityWindow)
        state = .resting
        velocity.reset()
        return .ended(velocity: release)
    }
}
