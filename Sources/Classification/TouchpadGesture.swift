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
/// undecided  --scroll recognised--------------------------> scrolling    scroll began (if it moved)
/// undecided  --fingers moved apart------------------------> other
/// undecided  --a button is pressed------------------------> other
/// scrolling  --the fingers moved--------------------------> scrolling    scroll began / changed
/// scrolling  --a button is pressed------------------------> other        scroll ended (if begun)
/// ```
///
/// A scroll is recognised (libinput's rules) when both fingers travel 1.5 mm in the same
/// direction (within 45° of each other), when one travels 4 mm while the other rests, or when two
/// fingers side by side (within 40×7 mm) have travelled 1.5 mm on average once 150 ms have
/// passed:
///
/// ```
/// 2 fingers land |---150 ms---|
/// both move 1.5 mm ▶ scroll                 side by side, 1.5 mm on average ▶ scroll
/// ```
///
/// No scroll is recognised while a physical button is held, and a press ends a scroll: pressing
/// two fingers to click rocks them by a millimetre or so, which is not a scroll. `other` is where
/// three-or-more-finger gestures (swipe, pinch, hold) will be recognised.
struct TouchpadGesture {
    private enum State: Hashable, Sendable {
        case none
        case pointer
        case undecided(since: Timestamp, travel: Double)
        case scrolling(began: Bool)
        case other
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// Pointer motion, in points.
        case motion(Vector)
        /// Scroll movement, in points.
        case scroll(Vector, phase: ScrollPhase)
        /// A begun scroll ended, with its release velocity in points per second.
        case scrollEnded(velocity: Vector)
        /// Two fingers changed or lifted before scrolling, having travelled at most this far (mm).
        case scrollNotStarted(millimetres: Double)
        /// Two fingers moved this many degrees apart: not a scroll.
        case scrollDirectionsApart(degrees: Double)
    }

    /// Whether two fingers may scroll (the pad's scroll method); changed only at rest.
    var scrollsWithTwoFingers = true

    private var state = State.none
    private var motion: ScrollMotion
    /// Where each contact was when its gesture started (its landing, or where it was when the
    /// finger count last changed), in millimetres, by slot.
    private var origins: [Vector]
    private let pointerPointsPerMillimetre: Double
    private let scrollPointsPerMillimetre: Double
    private let startDistance: Double
    private let sameDirectionCosine: Double
    private let singleFingerDistance: Double
    /// The scroll box's timeout in microseconds (rounded up: that long must have passed).
    private let boxTimeout: Int64
    private let boxWidth: Double
    private let boxHeight: Double

    init(slotCount: Int, thresholds: ClassificationThresholds) {
        pointerPointsPerMillimetre = thresholds.pointerPointsPerMillimetre
        scrollPointsPerMillimetre = thresholds.scrollPointsPerMillimetre
        startDistance = thresholds.scrollStartDistance
        sameDirectionCosine = thresholds.scrollSameDirectionCosine
        singleFingerDistance = thresholds.scrollSingleFingerDistance
        boxTimeout = thresholds.scrollBoxTimeout.ceiledMicroseconds
        boxWidth = thresholds.scrollBoxWidth
        boxHeight = thresholds.scrollBoxHeight
        motion = ScrollMotion(thresholds: thresholds)
        origins = [Vector](repeating: .zero, count: slotCount)
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

    /// The finger count changed: a begun scroll ends, and every contact's gesture starts again
    /// from where it is.
    mutating func fingersChanged(
        to fingers: TouchpadFingers, contacts: [Contact], active: SlotSet, at time: Timestamp
    ) -> Action? {
        let ended = end(at: time)
        for slot in active {
            origins[slot] = contacts[slot].position
        }
        switch fingers.count {
        case 0: state = .none
        case 1: state = .pointer
        case 2: state = scrollsWithTwoFingers ? .undecided(since: time, travel: 0) : .other
        default: state = .other
        }
        return ended
    }

    /// A physical button was pressed: a scroll ends (and none may begin until the fingers change).
    mutating func buttonPressed(at time: Timestamp) -> Action? {
        end(at: time)
    }

    /// A frame ended with the same finger count as the one before.
    mutating func frame(
        fingers: TouchpadFingers, contacts: [Contact], changed: SlotSet, isButtonHeld: Bool, at time: Timestamp
    ) -> Action? {
        switch state {
        case .none, .other:
            return nil
        case .pointer:
            guard fingers.first >= 0 else { return nil }
            let contact = contacts[fingers.first]
            guard !contact.isNew else { return nil }
            let delta = contact.delta * pointerPointsPerMillimetre
            guard delta != .zero else { return nil }
            return .motion(delta)
        case .undecided(let since, _):
            for slot in changed where contacts[slot].isNew {
                origins[slot] = contacts[slot].position
            }
            guard !isButtonHeld, fingers.first >= 0 else { return nil }
            // One tracked position for two fingers (single-touch pads): it stands for both.
            let firstSlot = fingers.first
            let secondSlot = fingers.second >= 0 ? fingers.second : fingers.first
            let first = contacts[firstSlot]
            let second = contacts[secondSlot]
            let moveA = first.position - origins[firstSlot]
            let moveB = second.position - origins[secondSlot]
            let average = (moveA + moveB) * 0.5
            switch decide(first, second, moveA, moveB, average, since: since, at: time) {
            case nil:
                state = .undecided(since: since, travel: max(moveA.length, moveB.length))
                return nil
            case .notScroll:
                state = .other
                let cosine = (moveA.x * moveB.x + moveA.y * moveB.y) / (moveA.length * moveB.length)
                return .scrollDirectionsApart(degrees: degrees(fromCosine: cosine))
            case .scroll:
                state = .scrolling(began: false)
                motion.start(average: average)
                return scroll(first, second, at: time)
            }
        case .scrolling:
            guard fingers.first >= 0 else { return nil }
            let first = contacts[fingers.first]
            let second = contacts[fingers.second >= 0 ? fingers.second : fingers.first]
            return scroll(first, second, at: time)
        }
    }

    private enum Decision {
        case scroll
        case notScroll
    }

    /// Whether two fingers scroll, or nil while that is not yet known.
    private func decide(
        _ first: Contact, _ second: Contact, _ moveA: Vector, _ moveB: Vector, _ average: Vector,
        since: Timestamp, at time: Timestamp
    ) -> Decision? {
        let start = startDistance
        if moveA.length >= start, moveB.length >= start {
            let cosine = (moveA.x * moveB.x + moveA.y * moveB.y) / (moveA.length * moveB.length)
            return cosine >= sameDirectionCosine ? .scroll : .notScroll
        }
        if max(moveA.length, moveB.length) >= singleFingerDistance { return .scroll }
        if time.microseconds(since: since) >= boxTimeout,
            abs(first.position.x - second.position.x) < boxWidth,
            abs(first.position.y - second.position.y) < boxHeight,
            average.length >= start
        {
            return .scroll
        }
        return nil
    }

    private mutating func scroll(_ first: Contact, _ second: Contact, at time: Timestamp) -> Action? {
        guard case .scrolling(let began) = state else { return nil }
        let raw = (first.delta + second.delta) * 0.5
        guard raw != .zero else { return nil }
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
        case .undecided(_, let travel):
            state = .other
            return .scrollNotStarted(millimetres: travel)
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
