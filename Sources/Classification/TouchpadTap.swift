import InputEvents

/// Tap-to-click on a touchpad: a touch sequence in which every finger lifts soon enough after the
/// last one landed, and none lifted far from where it landed.
///
/// ```
/// idle      --fingers land (dead if a button is held or > 3)-------> touching
/// touching  --more fingers land----------------------------------> touching (landing time reset)
/// touching  --a button is pressed / a finger lifts > 1.3 mm away--> dead
/// touching  --a finger becomes a palm (tool or pressure)----------> dead
/// touching  --a fourth finger lands------------------------------> dead
/// touching  --the last finger lifts within 180 ms of a landing----> idle      tapped(fingers)
/// dead      --the last finger lifts--------------------------------> idle      notTapped(why)
/// ```
///
/// On a timeline, with `L` the last finger landing, `|` the tap timeout and `U` the last lift:
///
/// ```
/// L----U-----|     a tap
/// L----------|--U  not a tap (held too long)
/// ```
///
/// The motion judged is the net displacement of each finger from landing to lift, not the largest
/// excursion: pads such as ALPS report the contact centre wandering by several millimetres as the
/// fingertip flattens and lifts. On a semi-multitouch pad two positions are the corners of a
/// bounding box, not fingers, so a sequence with two or more fingers there is judged on time
/// alone.
struct TouchpadTap {
    private enum State: Hashable, Sendable {
        case idle
        case touching(lastLanding: Timestamp, maximumFingers: Int, refusal: Refusal?, isUnmeasured: Bool)
    }

    /// Why a touch sequence was not a tap.
    enum Refusal: Hashable, Sendable {
        /// A finger lifted this many millimetres from where it landed.
        case moved(millimetres: Double)
        /// A physical button was pressed.
        case buttonPressed
        /// More fingers than `maximumFingers` were down at once.
        case tooManyFingers
        /// A finger became a palm while down: a palm settling, not a finger tapping.
        case becamePalm
        /// The last finger lifted this long after the last landing; `judgedOnTimeAlone` when the
        /// positions were a semi-multitouch bounding box.
        case heldTooLong(milliseconds: Int64, judgedOnTimeAlone: Bool)
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// A tap with this many fingers.
        case tapped(fingers: Int)
        /// The sequence of this many fingers ended without a tap.
        case notTapped(fingers: Int, Refusal)
    }

    private var state = State.idle
    private let isSemiMultitouch: Bool
    /// The tap timeout, in whole microseconds (rounded down: a lift at most this long after the
    /// landing taps).
    private let timeout: Int64
    /// A finger that lifts further than this (in millimetres) from its landing did not tap.
    let maximumMotion: Double
    /// A sequence with more fingers than this at once did not tap.
    let maximumFingers: Int
    /// The tap timeout in whole milliseconds, for explanations.
    var timeoutMilliseconds: Int64 { timeout.roundedMilliseconds }

    init(isSemiMultitouch: Bool, thresholds: ClassificationThresholds) {
        self.isSemiMultitouch = isSemiMultitouch
        timeout = thresholds.tapTimeout.flooredMicroseconds
        maximumMotion = thresholds.tapMaximumMotion
        maximumFingers = thresholds.tapMaximumFingers
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .touching(_, _, let refusal, _): refusal != nil ? "dead" : "touching"
        }
    }

    /// Whether the fingers lifting in this frame must be measured: a sequence is being judged
    /// and its positions are real fingers.
    var measuresLifts: Bool {
        switch state {
        case .idle: false
        case .touching(_, _, _, let isUnmeasured): !isUnmeasured
        }
    }

    /// Whether nothing is being judged.
    var isIdle: Bool { state == .idle }

    /// Whether `frame` would change nothing and report nothing: as many fingers as before are
    /// down (none with the machine idle, some while it follows a touch), and no lift moved too
    /// far.
    func isUnchanged(fingers: Int, previous: Int, liftDistance: Double) -> Bool {
        guard fingers == previous, !(liftDistance > maximumMotion) else { return false }
        if case .idle = state { return fingers == 0 }
        return fingers > 0
    }

    /// A physical button was pressed: the touch sequence is a click, not a tap.
    mutating func buttonPressed() {
        guard case .touching(let landing, let fingers, let refusal, let unmeasured) = state else { return }
        state = .touching(
            lastLanding: landing, maximumFingers: fingers, refusal: refusal ?? .buttonPressed, isUnmeasured: unmeasured)
    }

    /// A finger became a palm while down: the touch sequence is no tap (its finger stops
    /// counting, but it did not lift).
    mutating func fingerBecamePalm() {
        guard case .touching(let landing, let fingers, let refusal, let unmeasured) = state else { return }
        state = .touching(
            lastLanding: landing, maximumFingers: fingers, refusal: refusal ?? .becamePalm, isUnmeasured: unmeasured)
    }

    /// A frame ended.
    ///
    /// - Parameters:
    ///   - fingers: the fingers on the pad now.
    ///   - previous: the fingers on the pad before the frame.
    ///   - liftDistance: the largest distance in millimetres between where a finger (not a palm)
    ///     that lifted in this frame landed and where it lifted; only read when `measuresLifts`
    ///     was true.
    ///   - isButtonHeld: whether a physical button is held.
    ///   - time: the frame's time.
    /// - Returns: when the last finger lifted, a tap, or why the sequence was not one.
    mutating func frame(
        fingers: Int, previous: Int, liftDistance: Double, isButtonHeld: Bool, at time: Timestamp
    ) -> Action? {
        switch state {
        case .idle:
            guard fingers > 0 else { return nil }
            state = .touching(
                lastLanding: time,
                maximumFingers: fingers,
                refusal: isButtonHeld ? .buttonPressed : fingers > maximumFingers ? .tooManyFingers : nil,
                isUnmeasured: isSemiMultitouch && fingers > 1
            )
            return nil
        case .touching(var landing, var maximum, var refusal, var unmeasured):
            if fingers > previous {
                landing = time
                maximum = max(maximum, fingers)
                if refusal == nil, fingers > maximumFingers { refusal = .tooManyFingers }
                if isSemiMultitouch, fingers > 1 { unmeasured = true }
            }
            if !unmeasured, refusal == nil, liftDistance > maximumMotion { refusal = .moved(millimetres: liftDistance) }
            if fingers > 0 {
                state = .touching(
                    lastLanding: landing, maximumFingers: maximum, refusal: refusal, isUnmeasured: unmeasured)
                return nil
            }
            state = .idle
            if let refusal { return .notTapped(fingers: maximum, refusal) }
            let held = time.microseconds(since: landing)
            guard held <= timeout else {
                return .notTapped(
                    fingers: maximum,
                    .heldTooLong(milliseconds: (held + 999) / 1000, judgedOnTimeAlone: unmeasured))
            }
            return .tapped(fingers: maximum)
        }
    }

    /// Forgets the sequence (the device went away).
    mutating func reset() { state = .idle }
}
