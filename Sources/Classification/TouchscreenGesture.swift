import EventModel
import Geometry
import InputEvents

/// Multi-touch gestures on a touchscreen: pinch, swipe and hold with two or more touches. One
/// touch is `PressGesture`'s (tap, long press, drag); the caller stops that press when a gesture
/// here begins.
///
/// ```
/// idle      --two or more touches down-----------------------------> deciding   hold deadline armed
/// deciding  --the deadline, every followed touch held still---------> holding    hold began
/// deciding  --settled; both followed touches move 3 mm the same way-> moving     swipe began
/// deciding  --settled; their distance changes 6 mm, or the line-----> moving     pinch began
///             between them turns 15°
/// holding   --a followed touch moves 3 mm---------------------------> deciding   hold cancelled (then
///                                                                                  as deciding)
/// moving    --the touches move-----------------------------------------> moving     changed
/// holding, moving --a touch lands or lifts-----------------------------> deciding / idle   ended
/// any begun --the device goes------------------------------------------> idle       cancelled
/// ```
///
/// On a timeline, with `L` the last touch landing, `S` the end of the landing settle window
/// (50 ms), `|` the hold deadline (UIKit's long-press duration, 500 ms) and `M` the first frame
/// whose movement decides:
///
/// ```
/// L--S--M----|     a pinch or swipe began at M
/// L-M-S-m----|     moved before S: nothing until S, then at the first frame m after it
/// L----------|--M  hold began at |, cancelled at M, then the pinch or swipe
/// ```
///
/// The two followed touches are the two on the screen, or with more the topmost and the
/// bottommost. Every distance is measured from where the touches were when their count last
/// changed, and each is beyond what a real panel's noise moves a resting finger (see
/// `ClassificationThresholds.touchscreenRestingDistance`): a touch nearer than 3 mm to where it
/// landed rests; a swipe needs both to move 3 mm the same way, a pinch the distance between
/// them to change by twice that (each may be that far off), a rotation the line between them to
/// turn 15°. Fingers that land (or lift) one after another, 10–40 ms apart, make one gesture with
/// the final count: nothing begins until 50 ms after the last landing or lift.
struct TouchscreenGesture {
    private enum State: Hashable, Sendable {
        case idle
        case deciding(hold: Timestamp?)
        case holding
        case moving(GestureMotion)
    }

    private var state = State.idle
    /// The gesture events, with the touches the current gesture is made of.
    private var events = GestureEvents(touchType: .direct)
    private var top = -1
    private var bottom = -1
    /// Where each touch was when the gesture started, by slot.
    private var origins: [Vector]
    /// The touches' centroid at the previous event, in the surface's units.
    private var centroid = Vector.zero
    private let size: PhysicalSize
    private let pointsPerUnit: Double
    /// When the touches have settled: no gesture but a hold begins before.
    private var settled = Timestamp.zero
    private let holdDuration: Duration
    private let landingSettle: Duration
    /// `touchscreenRestingDistance` in points.
    private let restingMovement: Double
    private let rotationDegrees: Double
    private let sameDirectionCosine: Double

    /// Creates the machine for a screen `size` large, in the units its contacts' positions use,
    /// with `pointsPerUnit` points per unit.
    init(slotCount: Int, size: PhysicalSize, pointsPerUnit: Double, thresholds: ClassificationThresholds) {
        origins = [Vector](repeating: .zero, count: slotCount)
        self.size = size
        self.pointsPerUnit = pointsPerUnit
        holdDuration = thresholds.longPressDuration
        landingSettle = thresholds.touchscreenLandingSettle
        restingMovement = thresholds.touchscreenRestingDistance * thresholds.touchscreenPointsPerMillimetre
        rotationDegrees = thresholds.touchscreenRotationDegrees
        sameDirectionCosine = thresholds.scrollSameDirectionCosine
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .deciding: "deciding"
        case .holding: "holding"
        case .moving(.pinch): "pinching"
        case .moving(.swipe): "swiping"
        }
    }

    /// Whether no gesture is under way: then a frame in which no touch lands or lifts changes
    /// nothing, and the caller skips ``frame(contacts:active:countChanged:at:into:)`` (an idle
    /// machine costs a branch).
    var isIdle: Bool {
        if case .idle = state { return true }
        return false
    }

    /// When a hold begins if the touches stay still.
    var nextDeadline: Timestamp? {
        if case .deciding(let hold) = state { return hold }
        return nil
    }

    /// A frame ended.
    ///
    /// - Parameters:
    ///   - contacts: the contacts, by slot.
    ///   - active: the slots of the touches on the screen.
    ///   - countChanged: whether a touch landed or lifted in this frame.
    ///   - time: the frame's time.
    ///   - output: where `changed`, `ended` and `cancelled` events go.
    /// - Returns: a gesture that begins, for the caller to report once it has stopped the
    ///   single-touch press.
    mutating func frame(
        contacts: [Contact], active: SlotSet, countChanged: Bool, at time: Timestamp,
        into output: inout [ClassifiedInput]
    ) -> Gesture? {
        if countChanged {
            switch state {
            case .holding: emit(.hold, .ended, at: time, into: &output)
            case .moving(let motion): finish(motion, .ended, at: time, into: &output)
            case .idle, .deciding: break
            }
            start(contacts: contacts, active: active, at: time)
            return nil
        }
        switch state {
        case .idle:
            return nil
        case .deciding, .holding:
            let first = (contacts[top].position - origins[top]) * pointsPerUnit
            let second = (contacts[bottom].position - origins[bottom]) * pointsPerUnit
            if case .holding = state {
                guard first.length > restingMovement || second.length > restingMovement else { return nil }
                emit(.hold, .cancelled, at: time, into: &output)
                state = .deciding(hold: nil)
            }
            centroid = centre(contacts, active)
            guard time >= settled else { return nil }
            let span = contacts[bottom].position - contacts[top].position
            let initial = origins[bottom] - origins[top]
            if first.length > restingMovement, second.length > restingMovement, sameDirection(first, second) {
                state = .moving(.swipe)
                return gesture(.swipe, .began)
            }
            if abs(span.length - initial.length) * pointsPerUnit > 2 * restingMovement
                || abs(turnDegrees(from: initial, to: span)) >= rotationDegrees
            {
                // The scale is 1 at `began`: relative to how far apart the touches are then.
                guard let pinch = PinchProgress(span: span, centre: centroid) else { return nil }
                state = .moving(.pinch(pinch))
                return gesture(.pinch, .began)
            }
            return nil
        case .moving(.swipe):
            let now = centre(contacts, active)
            let delta = (now - centroid) * pointsPerUnit
            centroid = now
            guard delta != .zero else { return nil }
            emit(.swipe, .changed, delta: delta, at: time, into: &output)
            return nil
        case .moving(.pinch(var pinch)):
            let now = centre(contacts, active)
            let span = contacts[bottom].position - contacts[top].position
            guard let change = pinch.change(span: span, centre: now) else { return nil }
            centroid = now
            state = .moving(.pinch(pinch))
            emit(
                .pinch, .changed, delta: change.movement * pointsPerUnit, scale: change.scale,
                rotation: change.rotation, at: time, into: &output)
            return nil
        }
    }

    /// Fires the hold deadline if `time` has reached it.
    ///
    /// - Returns: the hold that begins (at the deadline's time), for the caller to report once it
    ///   has stopped the single-touch press.
    mutating func advance(to time: Timestamp) -> (Gesture, at: Timestamp)? {
        guard case .deciding(let hold?) = state, hold <= time else { return nil }
        state = .holding
        return (gesture(.hold, .began), hold)
    }

    /// Ends everything (the device went away): a begun gesture is cancelled.
    mutating func reset(at time: Timestamp, into output: inout [ClassifiedInput]) {
        switch state {
        case .holding: emit(.hold, .cancelled, at: time, into: &output)
        case .moving(let motion): finish(motion, .cancelled, at: time, into: &output)
        case .idle, .deciding: break
        }
        state = .idle
    }

    // MARK: Helpers

    private mutating func start(contacts: [Contact], active: SlotSet, at time: Timestamp) {
        events.fingers = active.count
        guard active.count >= 2 else {
            state = .idle
            return
        }
        top = -1
        bottom = -1
        for slot in active {
            origins[slot] = contacts[slot].position
            if top < 0 || contacts[slot].position.y < contacts[top].position.y { top = slot }
            if bottom < 0 || contacts[slot].position.y >= contacts[bottom].position.y { bottom = slot }
        }
        if top == bottom {
            for slot in active where slot != top { bottom = slot }
        }
        centroid = centre(contacts, active)
        settled = time + landingSettle
        state = .deciding(hold: time + holdDuration)
    }

    private func centre(_ contacts: [Contact], _ active: SlotSet) -> Vector {
        var sum = Vector.zero
        for slot in active { sum = sum + contacts[slot].position }
        return sum * (1 / Double(max(active.count, 1)))
    }

    private func sameDirection(_ a: Vector, _ b: Vector) -> Bool {
        PinchSwipeDecision.sameDirection(a, b, cosine: sameDirectionCosine)
    }

    /// The centroid as a fraction of the screen.
    private var position: Vector {
        Vector(x: centroid.x / max(size.width, 1e-9), y: centroid.y / max(size.height, 1e-9))
    }

    private func finish(
        _ motion: GestureMotion, _ phase: GesturePhase, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        events.finish(motion, phase, position: position, at: time, into: &output)
    }

    private func gesture(_ kind: GestureKind, _ phase: GesturePhase) -> Gesture {
        events.gesture(kind, phase, position: position)
    }

    private func emit(
        _ kind: GestureKind, _ phase: GesturePhase, delta: Vector = .zero, scale: Double = 1, rotation: Double = 0,
        at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        events.emit(
            kind, phase, delta: delta, scale: scale, rotation: rotation, position: position, at: time, into: &output)
    }
}
