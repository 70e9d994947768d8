import EventModel
import Geometry
import InputEvents

/// Multi-finger gestures on a touchpad: pinch, swipe and hold, and the decision that hands two
/// fingers moving together to `TouchpadGesture` as a scroll. One finger is `TouchpadGesture`'s
/// pointer; this machine watches two to four fingers.
///
/// ```
/// idle       --2…4 fingers land (a button up)---------------> deciding     hold deadline armed
/// deciding   --hold deadline, nothing decided---------------> holding      hold began
/// deciding   --the fingers scroll / swipe / pinch-----------> scrolling / moving   (swipe, pinch began)
/// deciding   --two fingers scroll, two-finger scroll off----> blocked
/// holding    --the fingers scroll / swipe / pinch-----------> scrolling / moving   hold cancelled, …
/// deciding, holding --the drag's count swipes----------------> blocked      (hold cancelled,) beginDrag
/// deciding, holding --one finger moves far, the bottom one rests (a thumb)--> blocked   (hold
///                                                 cancelled,) the thumb ignored, count changes
/// holding    --a tap / a button press------------------------> idle / blocked      hold cancelled
/// holding    --the count changes-----------------------------> deciding (or idle)  hold ended
/// scrolling  --the fingers move apart within 300 ms----------> moving       (scroll ended,) pinch began
/// moving     --the fingers move------------------------------> moving       changed
/// moving     --the count changes to another but 0------------> switching    (nothing reported)
/// switching  --the count is back-----------------------------> moving
/// switching  --100 ms later----------------------------------> restarting   cancelled
/// restarting --the next frame--------------------------------> deciding     with the fingers then down
/// moving, switching --every finger lifts---------------------> idle         ended
/// any begun  --a button press / the device goes--------------> blocked / idle      cancelled
/// ```
///
/// On a timeline, with `L` the fingers landing, `h` the hold deadline (40 ms for two fingers,
/// 180 ms for more) and `M` the first frame whose movement decides:
///
/// ```
/// L--M-----h       a scroll, swipe or pinch began at M; no hold
/// L--------h--M    hold began at h; at M hold cancelled, then the scroll, swipe or pinch
/// L--------h--U    hold began at h, ended when the fingers lifted at U (cancelled if they tapped)
/// ```
///
/// The finger count is fixed for a gesture's life, as libinput keeps it: a pinch or swipe whose
/// count changes waits 100 ms for it to come back (fingers rarely land or lift in the same
/// frame), then is cancelled and the remaining fingers start afresh; lifting every finger ends it.
/// A clickpad press stops every gesture, as a scroll: pressing rocks the fingers.
///
/// Two fingers scroll only where two-finger scrolling is the pad's scroll method
/// (`scrollsWithTwoFingers`); otherwise two fingers that would scroll do nothing until the count
/// changes, and they may still pinch or hold.
///
/// While explaining, two fingers that do not scroll say why, once: they moved in directions too far
/// apart (`scrollDirectionsApart`: they pinch, or nothing on a pad that cannot follow a pinch), or
/// the count changed, a button was pressed or the device went before they travelled far enough
/// (`scrollNotStarted`, with the farther finger's travel).
///
/// Holds are reported for two or more fingers only. libinput also reports one-finger holds, for
/// toolkits that stop kinetic scrolling when a finger touches; in Wayfinder's event contract a
/// gesture has two fingers or more, and one finger is the pointer's.
///
/// With three-finger drag on (`dragFingerCount`), the swipe of that many fingers is no swipe:
/// the machine hands the fingers to `ThreeFingerDrag` (`beginDrag`) and watches nothing until the
/// caller starts it again with `fingersChanged`.
struct TouchpadGestureRecognition {
    private enum State: Hashable, Sendable {
        case idle
        /// Two or more fingers down since `since`; a hold begins at `hold` unless something is
        /// decided first.
        case deciding(since: Timestamp, hold: Timestamp?)
        case holding(since: Timestamp)
        /// Two fingers side by side that are no pinch: they scroll once their average has moved.
        case scrollPending(since: Timestamp)
        /// `TouchpadGesture` scrolls; until the pinch timeout after `since` it may become a pinch.
        case scrolling(since: Timestamp)
        case moving(GestureMotion)
        /// The count changed during `motion`; it is cancelled at `deadline` unless it comes back.
        case switching(GestureMotion, deadline: Timestamp)
        /// A gesture was cancelled by a lasting count change: the next frame starts afresh.
        case restarting
        /// A button was pressed, or the fingers do nothing reported: nothing until the count
        /// changes.
        case blocked
    }

    /// What the caller carries out on `TouchpadGesture`.
    enum Action: Hashable, Sendable {
        /// Two fingers scroll: `TouchpadGesture` starts scrolling with their average movement so far
        /// (in millimetres), and reports this frame's movement.
        case beginScroll(average: Vector)
        /// The scroll is a pinch after all: `TouchpadGesture` ends its scroll, then `began` is
        /// reported.
        case endScroll(then: Gesture)
        /// The finger in `slot` is a thumb resting while the others move: it no longer counts
        /// (until it lifts), and the fingers left start afresh.
        case ignoreThumb(slot: Int)
        /// The fingers swipe with the three-finger drag's count: `ThreeFingerDrag` takes them.
        case beginDrag(fingers: Int)
    }

    /// The finger count whose swipe is a three-finger drag, or nil; changed only at rest.
    var dragFingerCount: Int?

    /// Whether two fingers may scroll (the pad's scroll method); changed only at rest.
    var scrollsWithTwoFingers = true

    private var state = State.idle {
        didSet {
            ignoresFrames = Self.ignoresFrames(in: state)
            nextDeadline = Self.nextDeadline(in: state)
        }
    }
    /// How far the farther of two fingers that may still scroll has travelled, in millimetres;
    /// nil when no two-finger scroll is undecided.
    private var undecidedScrollTravel: Double?
    /// The gesture events, with the fingers the current gesture is made of.
    private var events = GestureEvents(touchType: .indirectPointer)
    /// The two followed fingers' slots (the top one first), or -1.
    private var top = -1
    private var bottom = -1
    /// Where each contact was when the gesture started, in millimetres, by slot.
    private var origins: [Vector]
    private let decision: PinchSwipeDecision
    /// Whether the pad follows fingers well enough for pinches, swipes and holds (libinput turns
    /// them off on semi-multitouch pads and pads with fewer than two slots).
    private let pinchesAndSwipes: Bool
    private let holdTimeout: Duration
    private let quickHoldTimeout: Duration
    private let switchTimeout: Duration
    private let maximumFingers: Int
    private let pointsPerMillimetre: Double
    /// The limits explanations quote: the scroll start distance (mm) and the widest angle between
    /// two scrolling fingers' directions (degrees).
    private let scrollStartDistance: Double
    private let scrollDirectionLimit: Double

    /// Creates the machine for a pad with `slotCount` slots; `followsFingers` says whether it
    /// follows each finger (not semi-multitouch), `detectsThumbs` whether it is a clickpad tall
    /// enough for a resting thumb (`thumbDetectionMinimumPadHeight`).
    init(slotCount: Int, followsFingers: Bool, detectsThumbs: Bool = false, thresholds: ClassificationThresholds) {
        origins = [Vector](repeating: .zero, count: slotCount)
        decision = PinchSwipeDecision(thresholds: thresholds, detectsThumbs: detectsThumbs)
        pinchesAndSwipes = followsFingers && slotCount >= 2
        holdTimeout = thresholds.holdTimeout
        quickHoldTimeout = thresholds.quickHoldTimeout
        switchTimeout = thresholds.gestureSwitchTimeout
        maximumFingers = thresholds.gestureMaximumFingers
        pointsPerMillimetre = thresholds.pointerPointsPerMillimetre
        scrollStartDistance = thresholds.scrollStartDistance
        scrollDirectionLimit = degrees(fromCosine: thresholds.scrollSameDirectionCosine)
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .deciding: "deciding"
        case .holding: "holding"
        case .scrollPending: "scroll pending"
        case .scrolling: "scrolling"
        case .moving(.pinch): "pinching"
        case .moving(.swipe): "swiping"
        case .switching: "switching"
        case .restarting: "restarting"
        case .blocked: "blocked"
        }
    }

    /// Whether nothing is being watched.
    var isIdle: Bool { state == .idle }

    /// Whether ``frame(fingers:contacts:changed:isButtonHeld:at:into:log:)`` does nothing in the
    /// present state (it returns nil and changes nothing): the caller skips it, so that the
    /// machine costs a branch in the frames it ignores. Kept with the state, so that reading it
    /// every frame is a load.
    private(set) var ignoresFrames = true

    /// When a hold begins or a changed count cancels a gesture, if nothing else happens first
    /// (kept with the state, as `ignoresFrames` is).
    private(set) var nextDeadline: Timestamp?

    /// `ignoresFrames` in `state`.
    private static func ignoresFrames(in state: State) -> Bool {
        switch state {
        case .idle, .blocked, .switching: true
        case .deciding, .holding, .scrollPending, .scrolling, .moving, .restarting: false
        }
    }

    /// `nextDeadline` in `state`.
    private static func nextDeadline(in state: State) -> Timestamp? {
        switch state {
        case .deciding(_, let hold): hold
        case .switching(_, let deadline): deadline
        case .idle, .holding, .scrollPending, .scrolling, .moving, .restarting, .blocked: nil
        }
    }

    // MARK: Inputs

    /// The finger count changed (the caller has ended any scroll: a scroll's count is its own).
    mutating func fingersChanged(
        to new: TouchpadFingers, contacts: [Contact], isButtonHeld: Bool, at time: Timestamp,
        into output: inout [ClassifiedInput], log: inout DecisionLog
    ) {
        scrollNotStarted(at: time, log: &log)
        switch state {
        case .moving(let motion):
            if new.count > 0 {
                state = .switching(motion, deadline: time + switchTimeout)
                return
            }
            finish(motion, .ended, at: time, into: &output)
        case .switching(let motion, _):
            if new.count == events.fingers {
                state = .moving(motion)
                return
            }
            if new.count > 0 {
                state = .switching(motion, deadline: time + switchTimeout)
                return
            }
            finish(motion, .ended, at: time, into: &output)
        case .holding:
            emit(.hold, .ended, at: time, into: &output)
        case .idle, .deciding, .scrollPending, .scrolling, .restarting, .blocked:
            break
        }
        start(new, contacts: contacts, isButtonHeld: isButtonHeld, at: time)
    }

    /// A frame ended with the same finger count as the one before.
    mutating func frame(
        fingers new: TouchpadFingers, contacts: [Contact], changed: SlotSet, isButtonHeld: Bool, at time: Timestamp,
        into output: inout [ClassifiedInput], log: inout DecisionLog
    ) -> Action? {
        switch state {
        case .idle, .blocked, .switching:
            // `ignoresFrames`.
            return nil
        case .restarting:
            start(new, contacts: contacts, isButtonHeld: isButtonHeld, at: time)
            return nil
        case .deciding(let since, _), .holding(let since):
            for slot in changed where contacts[slot].isNew {
                origins[slot] = contacts[slot].position
            }
            guard !isButtonHeld else { return nil }
            if top < 0 || !new.tracked.contains(top) || !new.tracked.contains(bottom) {
                follow(new, contacts: contacts)
            }
            guard top >= 0 else { return nil }
            let first = contacts[top].position - origins[top]
            let second = contacts[bottom].position - origins[bottom]
            if undecidedScrollTravel != nil { undecidedScrollTravel = max(first.length, second.length) }
            let spread = contacts[top].position - contacts[bottom].position
            let kind = decision.decide(
                fingers: events.fingers, isTracked: new.untracked == 0 && top != bottom, first: first, second: second,
                spread: Vector(x: abs(spread.x), y: abs(spread.y)), elapsed: time.microseconds(since: since),
                pinchesAndSwipes: pinchesAndSwipes)
            guard let kind else { return nil }
            if case .holding = state { emit(.hold, .cancelled, at: time, into: &output) }
            if kind == .restingThumb {
                // The fingers left are counted afresh (`fingersChanged`): no scroll explanation yet.
                undecidedScrollTravel = nil
                state = .blocked
                return .ignoreThumb(slot: bottom)
            }
            if undecidedScrollTravel != nil, kind != .scroll, kind != .scrollOnceMoved {
                // For two fingers, anything but a scroll means they moved apart.
                undecidedScrollTravel = nil
                log.record(
                    .scrollDirectionsApart(
                        degrees: Self.degreesApart(first, second), limit: scrollDirectionLimit),
                    at: time)
            }
            switch kind {
            case .nothing, .restingThumb:
                state = .blocked
                return nil
            case .scroll:
                undecidedScrollTravel = nil
                guard scrollsWithTwoFingers else {
                    state = .blocked
                    return nil
                }
                state = .scrolling(since: since)
                return .beginScroll(average: (first + second) * 0.5)
            case .scrollOnceMoved:
                guard scrollsWithTwoFingers else {
                    undecidedScrollTravel = nil
                    state = .blocked
                    return nil
                }
                undecidedScrollTravel = ((first + second) * 0.5).length
                state = .scrollPending(since: since)
                return nil
            case .swipe:
                if events.fingers == dragFingerCount {
                    state = .blocked
                    return .beginDrag(fingers: events.fingers)
                }
                state = .moving(.swipe)
                emit(.swipe, .began, at: time, into: &output)
                return nil
            case .pinch:
                guard let pinch = beginPinch(contacts) else {
                    state = .blocked
                    return nil
                }
                state = .moving(.pinch(pinch))
                emit(.pinch, .began, at: time, into: &output)
                return nil
            }
        case .scrollPending(let since):
            guard !isButtonHeld, top >= 0 else { return nil }
            let average =
                ((contacts[top].position - origins[top]) + (contacts[bottom].position - origins[bottom])) * 0.5
            undecidedScrollTravel = average.length
            guard decision.scrollBegins(average: average) else { return nil }
            undecidedScrollTravel = nil
            state = .scrolling(since: since)
            return .beginScroll(average: average)
        case .scrolling(let since):
            guard !isButtonHeld, pinchesAndSwipes, top >= 0, top != bottom,
                decision.scrollBecomesPinch(
                    first: contacts[top].position - origins[top], second: contacts[bottom].position - origins[bottom],
                    elapsed: time.microseconds(since: since)),
                let pinch = beginPinch(contacts)
            else { return nil }
            state = .moving(.pinch(pinch))
            return .endScroll(then: events.gesture(.pinch, .began))
        case .moving(.swipe):
            var sum = Vector.zero
            for slot in new.tracked { sum = sum + contacts[slot].delta }
            guard sum != .zero, new.tracked.count > 0 else { return nil }
            let count = Double(new.tracked.count)
            let delta = Vector(x: sum.x / count, y: sum.y / count) * pointsPerMillimetre
            emit(.swipe, .changed, delta: delta, at: time, into: &output)
            return nil
        case .moving(.pinch(var pinch)):
            guard new.tracked.contains(top), new.tracked.contains(bottom),
                let change = pinch.change(span: span(contacts), centre: centre(contacts))
            else { return nil }
            state = .moving(.pinch(pinch))
            emit(
                .pinch, .changed, delta: change.movement * pointsPerMillimetre, scale: change.scale,
                rotation: change.rotation, at: time, into: &output)
            return nil
        }
    }

    /// A physical button was pressed: a begun gesture is cancelled, and none is recognised until
    /// the finger count changes.
    mutating func buttonPressed(at time: Timestamp, into output: inout [ClassifiedInput], log: inout DecisionLog) {
        scrollNotStarted(at: time, log: &log)
        cancel(at: time, into: &output)
        if state != .idle { state = .blocked }
    }

    /// The fingers tapped (they lift in this frame): a hold is cancelled, as it was a tap.
    mutating func tapped(at time: Timestamp, into output: inout [ClassifiedInput]) {
        guard case .holding = state else { return }
        emit(.hold, .cancelled, at: time, into: &output)
        state = .idle
    }

    /// Fires the hold deadline or the count-switch deadline if `time` has reached it. Events carry
    /// the deadline's time.
    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        switch state {
        case .deciding(let since, let hold?):
            guard hold <= time else { return }
            state = .holding(since: since)
            emit(.hold, .began, at: hold, into: &output)
        case .switching(let motion, let deadline):
            guard deadline <= time else { return }
            finish(motion, .cancelled, at: deadline, into: &output)
            state = .restarting
        case .idle, .deciding(_, nil), .holding, .scrollPending, .scrolling, .moving, .restarting, .blocked:
            break
        }
    }

    /// Ends everything (the device went away): a begun gesture is cancelled.
    mutating func reset(at time: Timestamp, into output: inout [ClassifiedInput], log: inout DecisionLog) {
        scrollNotStarted(at: time, log: &log)
        cancel(at: time, into: &output)
        state = .idle
        events.fingers = 0
    }

    // MARK: Helpers

    private mutating func start(
        _ new: TouchpadFingers, contacts: [Contact], isButtonHeld: Bool, at time: Timestamp
    ) {
        events.fingers = new.count
        if new.count == 2, scrollsWithTwoFingers { undecidedScrollTravel = 0 }
        guard new.count >= 2 else {
            state = .idle
            return
        }
        guard new.count <= maximumFingers, !isButtonHeld else {
            state = .blocked
            return
        }
        for slot in new.tracked {
            origins[slot] = contacts[slot].position
        }
        follow(new, contacts: contacts)
        let hold = pinchesAndSwipes ? time + (new.count == 2 ? quickHoldTimeout : holdTimeout) : nil
        state = .deciding(since: time, hold: hold)
    }

    /// Two fingers that might still have scrolled no longer can: says how far they travelled.
    private mutating func scrollNotStarted(at time: Timestamp, log: inout DecisionLog) {
        guard let travel = undecidedScrollTravel else { return }
        undecidedScrollTravel = nil
        log.record(.scrollNotStarted(millimetres: travel, limit: scrollStartDistance), at: time)
    }

    /// The angle in degrees between two movements.
    private static func degreesApart(_ a: Vector, _ b: Vector) -> Double {
        degrees(fromCosine: (a.x * b.x + a.y * b.y) / (a.length * b.length))
    }

    /// Picks the two fingers to follow: the topmost and the bottommost tracked finger (the same
    /// slot twice when one is tracked).
    private mutating func follow(_ new: TouchpadFingers, contacts: [Contact]) {
        top = -1
        bottom = -1
        for slot in new.tracked {
            if top < 0 || contacts[slot].position.y < contacts[top].position.y { top = slot }
            if bottom < 0 || contacts[slot].position.y >= contacts[bottom].position.y { bottom = slot }
        }
        if top == bottom, new.tracked.count > 1 {
            // Every tracked finger at the same height: the first and the last.
            for slot in new.tracked where slot != top { bottom = slot }
        }
    }

    /// From the top followed finger to the bottom one.
    private func span(_ contacts: [Contact]) -> Vector {
        contacts[bottom].position - contacts[top].position
    }

    /// The point between the two followed fingers.
    private func centre(_ contacts: [Contact]) -> Vector {
        (contacts[top].position + contacts[bottom].position) * 0.5
    }

    private func beginPinch(_ contacts: [Contact]) -> PinchProgress? {
        guard top != bottom else { return nil }
        return PinchProgress(span: span(contacts), centre: centre(contacts))
    }

    private mutating func cancel(at time: Timestamp, into output: inout [ClassifiedInput]) {
        switch state {
        case .holding:
            emit(.hold, .cancelled, at: time, into: &output)
        case .moving(let motion), .switching(let motion, _):
            finish(motion, .cancelled, at: time, into: &output)
        case .idle, .deciding, .scrollPending, .scrolling, .restarting, .blocked:
            break
        }
    }

    private func finish(
        _ motion: GestureMotion, _ phase: GesturePhase, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        events.finish(motion, phase, at: time, into: &output)
    }

    private func emit(
        _ kind: GestureKind, _ phase: GesturePhase, delta: Vector = .zero, scale: Double = 1, rotation: Double = 0,
        at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        events.emit(kind, phase, delta: delta, scale: scale, rotation: rotation, at: time, into: &output)
    }
}
