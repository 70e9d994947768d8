import Geometry
import InputEvents

/// Three-finger drag on a touchpad (libinput 1.27's "3fg drag"): three or four fingers moving
/// together move the pointer with the primary button held, and a short lift keeps the drag.
///
/// `TouchpadGestureRecognition` decides when the fingers move together (the swipe decision, so
/// the drag begins when the fingers move, not when they land, and a three-finger tap stays a
/// tap); from then on this machine owns the fingers until the button comes up:
///
/// ```
/// idle      --the fingers swipe (the drag's count)-----------> dragging   press
/// dragging  --a frame, the drag's count down-----------------> dragging   motion (their average)
/// dragging  --every finger lifts-----------------------------> released   release timeout armed
/// released  --a finger lands---------------------------------> resuming   (the timeout runs on)
/// resuming  --the drag's count is down-----------------------> dragging
/// resuming  --every finger lifts-----------------------------> released   (the same timeout)
/// released, resuming --the release timeout-------------------> idle       release
/// any but idle --a tap / a physical press / the device goes--> idle       release
/// ```
///
/// On a timeline, with `M` the movement that decides, `U` the fingers lifting, `|` the release
/// timeout (700 ms after `U`) and `L` the fingers landing again:
///
/// ```
/// M------U-------|        press at M, release at |
/// M------U---L---|--U     press at M, the drag goes on from L; release 700 ms after the last U
/// M------U---L-T          press at M, release at the tap T (no tap is reported)
/// ```
///
/// While dragging, a finger count other than the drag's moves nothing (fingers land and lift a
/// few frames apart), and while the fingers are off or landing again the pointer stays still.
/// The caller accelerates the motion as one finger's, and gives the press and release to
/// `PressGesture`, so a three-finger drag also reports `drag` began, changed and ended as a held
/// clickpad button does.
struct ThreeFingerDrag {
    private enum State: Hashable, Sendable {
        case idle
        case dragging
        /// Every finger lifted; the button comes up at `deadline` unless the fingers come back.
        case released(deadline: Timestamp)
        /// Fingers landed after the lift, not yet the drag's count.
        case resuming(deadline: Timestamp)
    }

    /// What the caller carries out.
    enum Action: Hashable, Sendable {
        /// The primary button goes down: the drag began.
        case press
        /// The pointer moves by the fingers' average movement, in millimetres (the caller
        /// accelerates it).
        case motion(Vector)
        /// The primary button comes up: the drag ended.
        case release
    }

    private var state = State.idle
    /// How many fingers drag: 3 or 4; nil when three-finger drag is off. Changed only at rest.
    var fingerCount: Int?
    private let releaseTimeout: Duration

    /// Creates the machine; `fingerCount` is 3 or 4, or nil for off.
    init(fingerCount: Int?, thresholds: ClassificationThresholds) {
        self.fingerCount = fingerCount
        releaseTimeout = thresholds.threeFingerDragReleaseTimeout
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .dragging: "dragging"
        case .released: "released"
        case .resuming: "resuming"
        }
    }

    /// Whether no drag holds the button: the fingers are the other machines'.
    var isIdle: Bool { state == .idle }

    /// When the button comes up if the fingers stay off.
    var nextDeadline: Timestamp? {
        switch state {
        case .released(let deadline), .resuming(let deadline): deadline
        case .idle, .dragging: nil
        }
    }

    /// The fingers moved together as a swipe of `fingers` fingers: when that is the drag's count,
    /// the drag begins.
    mutating func fingersSwiped(_ fingers: Int, at time: Timestamp) -> Action? {
        switch state {
        case .idle:
            guard fingers == fingerCount else { return nil }
            state = .dragging
            return .press
        case .dragging, .released, .resuming:
            assertionFailure("our bug: a swipe was decided while a three-finger drag held the fingers")
            return nil
        }
    }

    /// The finger count changed to `count`.
    mutating func fingersChanged(to count: Int, at time: Timestamp) {
        switch state {
        case .idle:
            return
        case .dragging:
            if count == 0 { state = .released(deadline: time + releaseTimeout) }
        case .released(let deadline):
            if count == fingerCount {
                state = .dragging
            } else if count > 0 {
                state = .resuming(deadline: deadline)
            }
        case .resuming(let deadline):
            if count == fingerCount {
                state = .dragging
            } else if count == 0 {
                state = .released(deadline: deadline)
            }
        }
    }

    /// A frame ended with the same `count` fingers as the one before, whose tracked fingers moved
    /// by `average` millimetres: while dragging with the drag's count, the pointer moves.
    func frame(fingers count: Int, average: Vector) -> Action? {
        switch state {
        case .dragging:
            guard count == fingerCount, average != .zero else { return nil }
            return .motion(average)
        case .idle, .released, .resuming:
            return nil
        }
    }

    /// The fingers tapped: a drag ends at once, and the tap is the drag's end, not a click.
    ///
    /// - Returns: `release` when a drag ended (the caller reports no tap); nil when idle.
    mutating func tapped(at time: Timestamp) -> Action? {
        cancel()
    }

    /// A physical button was pressed or the device went away: a drag ends at once.
    mutating func cancel() -> Action? {
        switch state {
        case .idle:
            return nil
        case .dragging, .released, .resuming:
            state = .idle
            return .release
        }
    }

    /// Releases the button if the release timeout has passed with the fingers off. The caller
    /// reports the release at the deadline's time.
    mutating func advance(to time: Timestamp) -> Action? {
        guard let deadline = nextDeadline, deadline <= time else { return nil }
        state = .idle
        return .release
    }
}
