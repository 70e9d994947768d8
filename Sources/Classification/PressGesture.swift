package import EventModel
package import Geometry
package import InputEvents

/// Long press and drag for one press: a primary mouse button, a clickpad press, or a touchscreen
/// contact.
///
/// Transitions (`pointer` and `touch` differ only where marked):
///
/// ```
/// idle         --press-------------------------------------> pressed
/// pressed      --moved > drag threshold (pointer)-----------> dragging        drag began
/// pressed      --moved > allowable movement (touch)---------> tracking        (a pan: no event)
/// pressed      --deadline (held still for the duration)-----> longPressing    longPress began
/// pressed      --release / cancel---------------------------> idle
/// longPressing --moved > allowable movement-----------------> dragging        longPress cancelled, drag began
/// longPressing --release------------------------------------> idle            longPress ended
/// longPressing --cancel-------------------------------------> idle            longPress cancelled
/// dragging     --moved--------------------------------------> dragging        drag changed
/// dragging     --release------------------------------------> idle            drag ended
/// dragging     --cancel-------------------------------------> idle            drag cancelled
/// tracking     --release / cancel---------------------------> idle
/// ```
///
/// On a timeline, with `P` the press, `|` the long-press deadline and `R` the release:
///
/// ```
/// pointer:  P--move>3pt                 drag began at once
/// touch:    P--move>10pt----|           a pan: no long press, no drag
/// touch:    P---------------|--move>10pt   longPress began at |, then cancelled + drag began
/// both:     P---------------|------R     longPress began at |, ended at R
/// ```
///
/// UIKit fails a long press that moves beyond `allowableMovement` before it begins; after it has
/// begun, moving far is how a person lifts the item to drag it (the context-menu preview is
/// dismissed when a drag starts), so the long press is cancelled and a drag begins. A pointer
/// needs no lift delay (UIKit's `allowsPointerDragBeforeLiftDelay`).
package struct PressGesture: Hashable, Sendable {
    package enum Mode: Hashable, Sendable {
        case pointer
        case touch
    }

    private enum State: Hashable, Sendable {
        case idle
        /// Pressed and still: `deadline` is when it becomes a long press (kept, not recomputed:
        /// it is asked for on every frame).
        /// `travel` is the unaccelerated movement the thresholds are measured on.
        case pressed(deadline: Timestamp, translation: Vector, travel: Vector)
        case tracking
        case longPressing(translation: Vector, travel: Vector)
        case dragging(translation: Vector)
    }

    private var state: State = .idle
    private let mode: Mode
    private let longPressDuration: Duration
    private let allowableMovement: Double
    private let dragThreshold: Double

    /// Where the press is, as a fraction of the surface (touchscreens), for `longPress` and `drag`
    /// events.
    package var position: Vector?

    /// Creates the machine with the thresholds for a mouse (`pointer`) or a touchscreen (`touch`),
    /// in points.
    package init(mode: Mode, thresholds: ClassificationThresholds) {
        self.init(
            mode: mode,
            longPressDuration: thresholds.longPressDuration,
            allowableMovement: thresholds.longPressAllowableMovement,
            dragThreshold: mode == .pointer ? thresholds.pointerDragThreshold : thresholds.longPressAllowableMovement
        )
    }

    /// Creates the machine with explicit distances, in the points that `move(by:)` receives.
    package init(mode: Mode, longPressDuration: Duration, allowableMovement: Double, dragThreshold: Double) {
        self.mode = mode
        self.longPressDuration = longPressDuration
        self.allowableMovement = allowableMovement
        self.dragThreshold = dragThreshold
    }

    /// A second contact landed before the long press began: the press is no longer a long press
    /// or a drag candidate (a touchscreen pinch or multi-finger pan).
    package mutating func interrupt() {
        if case .pressed = state { state = .tracking }
    }

    private var touchType: TouchType { mode == .pointer ? .indirectPointer : .direct }

    /// The state's name, for transition traces.
    package var stateName: String {
        switch state {
        case .idle: "idle"
        case .pressed: "pressed"
        case .tracking: "tracking"
        case .longPressing: "longPressing"
        case .dragging: "dragging"
        }
    }

    /// Whether a press is being tracked.
    package var isPressed: Bool { state != .idle }

    /// Whether movement can change anything (a press is pressed, long-pressing or dragging):
    /// callers skip ``move(by:travel:at:into:)`` otherwise, so that a pointer or a finger that
    /// moves with nothing pressed costs a branch here.
    package var followsMovement: Bool {
        switch state {
        case .idle, .tracking: false
        case .pressed, .longPressing, .dragging: true
        }
    }

    /// When the long press begins if the press stays still.
    package var nextDeadline: Timestamp? {
        if case .pressed(let deadline, _, _) = state { return deadline }
        return nil
    }

    package mutating func press(at time: Timestamp) {
        state = .pressed(deadline: time + longPressDuration, translation: .zero, travel: .zero)
    }

    /// The press moved by `delta` points. `travel` is the same movement before pointer
    /// acceleration (the hand's movement, which decides whether the press is held still or
    /// drags; a slow first count of a mouse is accelerated below one point); `nil` when
    /// `delta` is not accelerated.
    package mutating func move(
        by delta: Vector, travel: Vector? = nil, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        guard delta != .zero else { return }
        let step = travel ?? delta
        switch state {
        case .idle, .tracking:
            return
        case .pressed(let deadline, let translation, let travelled):
            let moved = translation + delta
            let distance = (travelled + step).length
            if mode == .pointer, distance > dragThreshold {
                state = .dragging(translation: moved)
                emit(
                    .drag(phase: .began, touchType: touchType, translation: moved, position: position), at: time,
                    into: &output)
            } else if mode == .touch, distance > allowableMovement {
                state = .tracking
            } else {
                state = .pressed(deadline: deadline, translation: moved, travel: travelled + step)
            }
        case .longPressing(let translation, let travelled):
            let moved = translation + delta
            if (travelled + step).length > allowableMovement {
                state = .dragging(translation: moved)
                emit(.longPress(phase: .cancelled, touchType: touchType, position: position), at: time, into: &output)
                emit(
                    .drag(phase: .began, touchType: touchType, translation: moved, position: position), at: time,
                    into: &output)
            } else {
                state = .longPressing(translation: moved, travel: travelled + step)
            }
        case .dragging(let translation):
            let moved = translation + delta
            state = .dragging(translation: moved)
            emit(
                .drag(phase: .changed, touchType: touchType, translation: moved, position: position), at: time,
                into: &output)
        }
    }

    /// The press ended: a begun long press or drag ends.
    package mutating func release(at time: Timestamp, into output: inout [ClassifiedInput]) {
        finish(.ended, at: time, into: &output)
    }

    /// The device went away or another gesture took over: a begun gesture is cancelled.
    package mutating func cancel(at time: Timestamp, into output: inout [ClassifiedInput]) {
        finish(.cancelled, at: time, into: &output)
    }

    /// Ends a begun long press or drag with `phase`, and goes back to idle.
    private mutating func finish(_ phase: GesturePhase, at time: Timestamp, into output: inout [ClassifiedInput]) {
        switch state {
        case .idle, .tracking, .pressed:
            break
        case .longPressing:
            emit(.longPress(phase: phase, touchType: touchType, position: position), at: time, into: &output)
        case .dragging(let translation):
            emit(
                .drag(phase: phase, touchType: touchType, translation: translation, position: position), at: time,
                into: &output)
        }
        state = .idle
    }

    /// Fires the long-press deadline if `time` has reached it. The event carries the deadline's
    /// time, not `time`, so that the output does not depend on when this is called.
    package mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        guard let deadline = nextDeadline, deadline <= time else { return }
        guard case .pressed(_, let translation, let travel) = state else { return }
        state = .longPressing(translation: translation, travel: travel)
        emit(.longPress(phase: .began, touchType: touchType, position: position), at: deadline, into: &output)
    }

    private func emit(_ event: ClassifiedEvent, at time: Timestamp, into output: inout [ClassifiedInput]) {
        output.append(ClassifiedInput(time: time, event: event))
    }
}
