import InputEvents

/// Whether a touch sequence on a touchscreen, from the first contact landing on an empty screen
/// to the last one lifting, was a tap: every contact lifted before the long-press duration and
/// none moved further than a resting touch may (`touchscreenRestingDistance`, 3 mm: more than a
/// noisy panel wobbles a resting finger, where UIKit's 10 pt would take that wobble for movement).
///
/// ```
/// idle      --a contact lands------------------------------> touching
/// touching  --a contact lands------------------------------> touching (one finger more)
/// touching  --a contact moves > 3 mm from its landing------> touching (moved)
/// touching  --a contact becomes a palm--------------------> touching (cancelled)
/// touching  --the last contact lifts-----------------------> idle      tapped(fingers) unless
///                                                                       cancelled, moved or held
///                                                                       ≥ 500 ms
/// ```
///
/// On a timeline, with `L` the first landing, `U` the last lift and `|` the long-press duration:
///
/// ```
/// L---U---------|    a tap
/// L-------------|-U  a long press, not a tap
/// ```
struct TouchSequence {
    private enum State: Hashable, Sendable {
        case idle
        /// `farthest`: the largest distance, in points, a contact was from where it landed;
        /// `cancelled`: a contact became a palm while down.
        case touching(start: Timestamp, fingers: Int, farthest: Double, cancelled: Bool)
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// The sequence was a tap with this many fingers.
        case tapped(fingers: Int)
        /// A contact moved this many points from where it landed: not a tap.
        case moved(points: Double)
        /// The sequence lasted this many milliseconds, the long-press duration or more: not a tap.
        case heldTooLong(milliseconds: Int64)
        /// A contact became a palm while down: the sequence was cancelled, not a tap.
        case cancelledByPalm
    }

    /// The allowable movement in points, for explanations.
    var allowableMovementPoints: Double { allowableMovement }
    /// The long-press duration in whole milliseconds, for explanations.
    var maximumMilliseconds: Int64 { maximumDuration.roundedMilliseconds }

    private var state = State.idle
    /// The long-press duration in microseconds (rounded up: a sequence shorter than this taps).
    private let maximumDuration: Int64
    private let allowableMovement: Double

    init(thresholds: ClassificationThresholds) {
        maximumDuration = thresholds.longPressDuration.ceiledMicroseconds
        allowableMovement = thresholds.touchscreenRestingDistance * thresholds.touchscreenPointsPerMillimetre
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .touching: "touching"
        }
    }

    /// Whether a sequence is under way.
    var isTouching: Bool { state != .idle }

    /// A contact landed; returns how many had landed before it in this sequence (0 for the
    /// contact that starts it).
    mutating func contactLanded(at time: Timestamp) -> Int {
        switch state {
        case .idle:
            state = .touching(start: time, fingers: 1, farthest: 0, cancelled: false)
            return 0
        case .touching(let start, let fingers, let farthest, let cancelled):
            state = .touching(start: start, fingers: fingers + 1, farthest: farthest, cancelled: cancelled)
            return fingers
        }
    }

    /// A contact is `distance` points from where it landed.
    mutating func contact(movedBy distance: Double) {
        guard case .touching(let start, let fingers, let farthest, let cancelled) = state, distance > farthest else {
            return
        }
        state = .touching(start: start, fingers: fingers, farthest: distance, cancelled: cancelled)
    }

    /// A contact became a palm while down (the firmware's `MT_TOOL_PALM`): the sequence is no tap.
    mutating func cancel() {
        guard case .touching(let start, let fingers, let farthest, _) = state else { return }
        state = .touching(start: start, fingers: fingers, farthest: farthest, cancelled: true)
    }

    /// The last contact lifted.
    mutating func lastContactLifted(at time: Timestamp) -> Action? {
        guard case .touching(let start, let fingers, let farthest, let cancelled) = state else { return nil }
        state = .idle
        if cancelled { return .cancelledByPalm }
        if farthest > allowableMovement { return .moved(points: farthest) }
        let held = time.microseconds(since: start)
        guard held < maximumDuration else { return .heldTooLong(milliseconds: held / 1000) }
        guard fingers > 0 else { return nil }
        return .tapped(fingers: fingers)
    }

    /// Forgets the sequence (the device went away).
    mutating func reset() { state = .idle }
}
