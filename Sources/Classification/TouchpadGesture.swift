import EventModel
import Geometry
import InputEvents

/// What the fingers on a touchpad do together: one finger moves the pointer, two fingers that
/// move together scroll.
///
/// ```
/// any        --finger count changes to 0 / 1 / 2 / more--> none / pointer / undecided / other
///                                                          (a begun scroll ends first)
/// pointer    --the finger moved---------------------------> pointer      motion
/// undecided  --beginScroll (the fingers scroll)------------> scrolling    scroll began (if it moved)
/// undecided  --a button is pressed------------------------> other
/// scrolling  --the fingers moved--------------------------> scrolling    scroll began / changed
/// scrolling  --a button is pressed / endScroll------------> other        scroll ended (if begun)
/// ```
///
/// Whether two fingers scroll is `TouchpadGestureRecognition`'s to decide (with
/// `PinchSwipeDecision`: both fingers travelling 1.5 mm the same way, one travelling 4 mm, or two
/// side by side moving once 150 ms have passed); it also ends a scroll that turns out to be a
/// pinch. This machine carries the scroll out: its motion (`ScrollMotion`) and phases.
///
/// No scroll begins while a physical button is held, and a press ends a scroll: pressing two
/// fingers to click rocks them by a millimetre or so, which is not a scroll. `other` is where
/// `TouchpadGestureRecognition` follows three-or-more-finger gestures (swipe, pinch, hold).
struct TouchpadGesture {
    private enum State: Hashable, Sendable {
        case none
        case pointer
        case undecided
        case scrolling(began: Bool)
        case other
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// Pointer motion, in millimetres of finger travel (the translator accelerates it).
        case motion(Vector)
        /// Scroll movement, in points.
        case scroll(Vector, phase: ScrollPhase)
        /// A begun scroll ended, with its release velocity in points per second.
        case scrollEnded(velocity: Vector)
    }

    private var state = State.none
    private var motion: ScrollMotion
    private let scrollPointsPerMillimetre: Double

    init(thresholds: ClassificationThresholds) {
        scrollPointsPerMillimetre = thresholds.scrollPointsPerMillimetre
        motion = ScrollMotion(thresholds: thresholds)
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .none: "none"
        case .pointer: "pointer"
        case .undecided: "undecided"
        case .scrolling(let began): began ? "scrolling" : "scrollArmed"
        case .other: "other"
        }
    }

    /// Whether no finger is on the pad.
    var isIdle: Bool { state == .none }

    /// The finger count changed: a begun scroll ends.
    mutating func fingersChanged(to fingers: TouchpadFingers, at time: Timestamp) -> Action? {
        let ended = end(at: time)
        switch fingers.count {
        case 0: state = .none
        case 1: state = .pointer
        case 2: state = .undecided
        default: state = .other
        }
        return ended
    }

    /// Two undecided fingers scroll: the scroll starts with their `average` movement so far, in
    /// millimetres (which decides its axis lock), and this frame's movement scrolls.
    mutating func beginScroll(
        fingers: TouchpadFingers, contacts: [Contact], average: Vector, at time: Timestamp
    ) -> Action? {
        guard state == .undecided, fingers.first >= 0 else { return nil }
        state = .scrolling(began: false)
        motion.start(average: average)
        // One tracked position for two fingers (single-touch pads): it stands for both.
        let second = fingers.second >= 0 ? fingers.second : fingers.first
        return scroll(contacts[fingers.first], contacts[second], at: time)
    }

    /// The scroll turned out to be something else (a pinch): it ends, and nothing scrolls until
    /// the finger count changes.
    mutating func endScroll(at time: Timestamp) -> Action? {
        end(at: time)
    }

    /// A physical button was pressed: a scroll ends (and none may begin until the fingers change).
    mutating func buttonPressed(at time: Timestamp) -> Action? {
        end(at: time)
    }

    /// A frame ended with the same finger count as the one before.
    ///
    /// Inlined into the touchpad's frame: most frames of one finger only read its delta here.
    @inline(__always)
    mutating func frame(fingers: TouchpadFingers, contacts: [Contact], at time: Timestamp) -> Action? {
        switch state {
        case .none, .other:
            return nil
        case .pointer:
            guard fingers.first >= 0 else { return nil }
            let contact = contacts[fingers.first]
            guard !contact.isNew else { return nil }
            let delta = contact.delta
            // Written out rather than `.zero`: a static of another module is a call per use.
            guard delta != Vector(x: 0, y: 0) else { return nil }
            return .motion(delta)
        case .undecided:
            return nil
        case .scrolling:
            guard fingers.first >= 0 else { return nil }
            let first = contacts[fingers.first]
            let second = contacts[fingers.second >= 0 ? fingers.second : fingers.first]
            return scroll(first, second, at: time)
        }
    }

    private mutating func scroll(_ first: Contact, _ second: Contact, at time: Timestamp) -> Action? {
        guard case .scrolling(let began) = state else { return nil }
        let raw = (first.delta + second.delta) * 0.5
        guard raw != Vector(x: 0, y: 0) else { return nil }
        let delta = motion.move(by: raw, at: time) * scrollPointsPerMillimetre
        state = .scrolling(began: true)
        guard delta != .zero || !began else { return nil }
        return .scroll(delta, phase: began ? .changed : .began)
    }

    /// Ends a scroll that began, with its release velocity; a scroll that never began ends
    /// silently, and an undecided pair of fingers no longer scrolls.
    private mutating func end(at time: Timestamp) -> Action? {
        switch state {
        case .none, .pointer, .other:
            return nil
        case .undecided:
            state = .other
            return nil
        case .scrolling(let began):
            state = .other
            guard began else { return nil }
            let velocity = motion.releaseVelocity(at: time) * scrollPointsPerMillimetre
            motion.end()
            return .scrollEnded(velocity: velocity)
        }
    }

    /// Ends everything (the device went away): a begun scroll ends.
    mutating func reset(at time: Timestamp) -> Action? {
        let ended = end(at: time)
        state = .none
        return ended
    }
}
