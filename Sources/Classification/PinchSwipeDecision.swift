import Geometry

/// What two or more fingers moving on a touchpad are doing: scrolling (two fingers), swiping
/// (three or four) or pinching. It holds no state: the caller gives it the movement so far of the
/// two fingers it follows and where they are, and it answers once the movement tells.
///
/// The two followed fingers are the two on the pad, or with more fingers the topmost and the
/// bottommost (in a pinch the bottommost is the thumb; in a swipe any two move alike). Movements
/// are in millimetres since the fingers' gesture started (they landed, or the count changed).
/// With `n` fingers a finger has moved when it travelled `minimumMove` (1.5 mm, 0.5 mm more per
/// finger beyond two) and moved far at `maximumMove` (4 mm, 2 mm more per finger beyond two):
///
/// Nothing is decided until one of the two followed fingers travelled 1 mm; then the first rule
/// that holds decides:
///
/// | fingers | rule | decision |
/// | --- | --- | --- |
/// | 3, 4 | more fingers than tracked positions, moved 1.5 mm (plus) on average | swipe |
/// | 2 | side by side (within 40×7 mm) 150 ms after landing | scroll (once moved) |
/// | 3, 4 | side by side 150 ms after landing, moved 1.5 mm (plus) on average | swipe |
/// | 2–4 | one moved far while the bottom one rests, on a clickpad 50 mm tall or more | resting thumb |
/// | 2 | both moved, within 45° of each other | scroll |
/// | 2 | both moved, further apart in direction | pinch |
/// | 2 | one moved far (the top one may rest: a "one-finger scroll") | scroll |
/// | 3, 4 | the bottom finger (a thumb) moved far while the top one rests | pinch |
/// | 3, 4 | both moved, within 45° of each other / further apart | swipe / pinch |
///
/// A resting thumb is the bottom finger because a thumb rests below the fingers on a clickpad, to
/// press it. On a pad that detects no thumbs (not a clickpad, or shorter than 50 mm) two fingers
/// of which either moves far while the other rests scroll. There libinput scrolls only when the
/// top one rests, and leaves the top one moving over a resting bottom one undecided (a hold from
/// 40 ms until they lift); Wayfinder scrolls, as two fingers on a pad without a thumb's resting
/// place, one of them moving 4 mm, mean to scroll rather than to hold.
///
/// The side-by-side rule holds whichever way the fingers move: two fingers that rest side by
/// side and then spread apart are a scroll, never a pinch, as for libinput (a pinch starts with
/// the thumb below the finger, or within 150 ms). Where libinput then scrolls by whatever the
/// fingers' average moves, jitter included, Wayfinder's scroll begins once that average has
/// moved 1.5 mm, as any two-finger scroll does: the millimetre that decided may be one finger's
/// wobble, and a scroll's first movement sets its axis lock.
///
/// A pad that cannot follow two fingers reliably (semi-multitouch, one slot) only scrolls: its
/// two positions are a bounding box, not fingers. Until 300 ms after the fingers landed, a scroll
/// whose fingers turn out to move apart (both 1.5 mm, in different directions) becomes a pinch.
/// These are libinput's rules and numbers, but for that one; see `ClassificationThresholds`.
struct PinchSwipeDecision {
    /// What the fingers are doing.
    enum Kind: Hashable, Sendable {
        case scroll
        /// Two fingers side by side that are no pinch: a scroll once their average has moved
        /// the scroll start distance (see `scrollBegins(average:)`), and nothing else until the
        /// finger count changes.
        case scrollOnceMoved
        case swipe
        case pinch
        /// Nothing that is reported: two fingers moving apart on a pad that cannot follow a pinch.
        /// Nothing more is recognised until the finger count changes.
        case nothing
        /// The bottom finger is a thumb resting while another finger moves: it is to be ignored
        /// until it lifts, and the other fingers start afresh.
        case restingThumb
    }

    private let minimumMove: Double
    private let minimumMovePerFinger: Double
    private let maximumMove: Double
    private let maximumMovePerFinger: Double
    private let sameDirectionCosine: Double
    /// The box rule's timeout in microseconds (rounded up: that long must have passed).
    private let boxTimeout: Int64
    private let boxWidth: Double
    private let boxHeight: Double
    /// The scroll-to-pinch window in microseconds (rounded up: a scroll younger than that may still
    /// become a pinch).
    private let pinchTimeout: Int64
    private let pinchDistance: Double
    private let decisionDistance: Double
    /// Whether a resting bottom finger can be a thumb (clickpads tall enough).
    private let detectsThumbs: Bool

    /// Creates the decision; `detectsThumbs` says whether the pad is a clickpad tall enough for a
    /// resting thumb (`thumbDetectionMinimumPadHeight`).
    init(thresholds: ClassificationThresholds, detectsThumbs: Bool = false) {
        self.detectsThumbs = detectsThumbs
        minimumMove = thresholds.scrollStartDistance
        minimumMovePerFinger = thresholds.gestureStartDistancePerFinger
        maximumMove = thresholds.scrollSingleFingerDistance
        maximumMovePerFinger = thresholds.gestureSingleFingerDistancePerFinger
        sameDirectionCosine = thresholds.scrollSameDirectionCosine
        boxTimeout = thresholds.scrollBoxTimeout.ceiledMicroseconds
        boxWidth = thresholds.scrollBoxWidth
        boxHeight = thresholds.scrollBoxHeight
        pinchTimeout = thresholds.pinchTimeout.ceiledMicroseconds
        pinchDistance = thresholds.pinchDisambiguationDistance
        decisionDistance = thresholds.gestureDecisionDistance
    }

    /// What the fingers are doing, or nil while that is not known.
    ///
    /// - Parameters:
    ///   - fingers: how many fingers are down (2 or more).
    ///   - isTracked: whether the two followed fingers are both tracked (false when the pad counts
    ///     more fingers than it has positions for; `second` then repeats `first`).
    ///   - first: the top (or first) followed finger's movement, in millimetres.
    ///   - second: the other followed finger's movement.
    ///   - spread: how far apart the two followed fingers are, per axis, in millimetres.
    ///   - elapsed: microseconds since the fingers' gesture started.
    ///   - pinchesAndSwipes: whether the pad follows fingers well enough for pinches and swipes.
    func decide(
        fingers: Int, isTracked: Bool, first: Vector, second: Vector, spread: Vector, elapsed: Int64,
        pinchesAndSwipes: Bool
    ) -> Kind? {
        let extra = Double(fingers - 2)
        let minimum = minimumMove + minimumMovePerFinger * extra
        let maximum = maximumMove + maximumMovePerFinger * extra
        let (moveA, moveB) = (first.length, second.length)
        let averageMove = (first + second) * 0.5
        let average = averageMove.length
        if fingers > 2 {
            guard pinchesAndSwipes else { return nil }
            if !isTracked { return average >= minimum ? .swipe : nil }
        }
        guard max(moveA, moveB) >= decisionDistance else { return nil }
        if elapsed >= boxTimeout, spread.x < boxWidth, spread.y < boxHeight {
            if fingers == 2 { return scrollBegins(average: averageMove) ? .scroll : .scrollOnceMoved }
            return average >= minimum ? .swipe : nil
        }
        if detectsThumbs, max(moveA, moveB) >= maximum, moveB < minimum { return .restingThumb }
        if fingers == 2 {
            if moveA >= minimum, moveB >= minimum {
                if sameDirection(first, second) { return .scroll }
                return pinchesAndSwipes ? .pinch : .nothing
            }
            if max(moveA, moveB) >= maximum { return .scroll }
            return nil
        }
        // `second` is the bottom finger: a thumb moving against resting fingers pinches.
        if moveB >= maximum, moveA < minimum { return .pinch }
        guard moveA >= minimum, moveB >= minimum else { return nil }
        return sameDirection(first, second) ? .swipe : .pinch
    }

    /// Whether two fingers whose average movement is `average` (millimetres) have moved far
    /// enough to scroll.
    func scrollBegins(average: Vector) -> Bool {
        average.length >= minimumMove
    }

    /// Whether a scroll that began `elapsed` microseconds after its fingers landed is a pinch after
    /// all: within the pinch timeout, both fingers moved 1.5 mm and in different directions.
    func scrollBecomesPinch(first: Vector, second: Vector, elapsed: Int64) -> Bool {
        elapsed < pinchTimeout && first.length >= pinchDistance && second.length >= pinchDistance
            && !sameDirection(first, second)
    }

    private func sameDirection(_ a: Vector, _ b: Vector) -> Bool {
        Self.sameDirection(a, b, cosine: sameDirectionCosine)
    }

    /// Whether two movements go the same way: the cosine of the angle between them is at least
    /// `cosine` (`scrollSameDirectionCosine`: within 45°). A movement of zero goes every way.
    static func sameDirection(_ a: Vector, _ b: Vector, cosine: Double) -> Bool {
        let lengths = a.length * b.length
        guard lengths > 0 else { return true }
        return (a.x * b.x + a.y * b.y) / lengths >= cosine
    }
}
