import InputEvents

/// Tap-to-click on a touchpad: a touch sequence in which every finger lifts soon enough after the
/// last one landed, and none lifted far from where it landed.
///
/// ```
/// idle      --fingers land (dead if a button is held)------------> touching
/// touching  --more fingers land----------------------------------> touching (landing time reset)
/// touching  --a button is pressed / a finger lifts > 1.3 mm away--> dead
/// touching  --a fourth finger lands------------------------------> dead
/// touching  --the last finger lifts within 180 ms of a landing----> idle      tapped(fingers)
/// dead      --the last finger lifts--------------------------------> idle
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
        case touching(lastLanding: Timestamp, maximumFingers: Int, isDead: Bool, isUnmeasured: Bool)
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// A tap with this many fingers.
        case tapped(fingers: Int)
    }

    private var state = State.idle
    private let isSemiMultitouch: Bool
    /// The tap timeout, in whole microseconds (rounded down: a lift at most this long after the
    /// landing taps).
    private let timeout: Int64
    private let maximumMotion: Double
    private let maximumFingers: Int

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
        case .touching(_, _, let isDead, _): isDead ? "dead" : "touching"
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

    /// A physical button was pressed: the touch sequence is a click, not a tap.
    mutating func buttonPressed() {
        guard case .touching(let landing, let fingers, _, let unmeasured) = state else { return }
        state = .touching(lastLanding: landing, maximumFingers: fingers, isDead: true, isUnmeasured: unmeasured)
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
    /// - Returns: a tap, when the last finger lifted and the sequence was one.
    mutating func frame(
        fingers: Int, previous: Int, liftDistance: Double, isButtonHeld: Bool, at time: Timestamp
    ) -> Action? {
        switch state {
        case .idle:
            guard fingers > 0 else { return nil }
            state = .touching(
                lastLanding: time,
                maximumFingers: fingers,
                isDead: isButtonHeld || fingers > maximumFingers,
                isUnmeasured: isSemiMultitouch && fingers > 1
            )
            return nil
        case .touching(var landing, var maximum, var dead, var unmeasured):
            if fingers > previous {
                landing = time
                maximum = max(maximum, fingers)
                if fingers > maximumFingers { dead = true }
                if isSemiMultitouch, fingers > 1 { unmeasured = true }
            }
            if !unmeasured, liftDistance > maximumMotion { dead = true }
            if fingers > 0 {
                state = .touching(lastLanding: landing, maximumFingers: maximum, isDead: dead, isUnmeasured: unmeasured)
                return nil
            }
            state = .idle
            guard !dead, time.microseconds(since: landing) <= timeout else { return nil }
            return .tapped(fingers: maximum)
        }
    }

    /// Forgets the sequence (the device went away).
    mutating func reset() { state = .idle }
}
