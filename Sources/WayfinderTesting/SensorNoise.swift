/// What a real touch sensor adds to where fingers are: positions that wobble while fingers rest,
/// and fingers of one gesture that land one after another.
///
/// Scripts are exact by default. A test that should hold on real hardware turns the noise on:
///
/// ```swift
/// var touchpad = ScriptedTouchpad(noise: .realistic(seed: 7))
/// touchpad.twoFingerScroll(by: .millimetres(0, 20), over: .milliseconds(300))
/// ```
///
/// The figures are those measured on real recordings: resting fingers wobble by about half a
/// millimetre (N-Trig and Atmel touchscreens, Synaptics and Elan touchpads), sensors report
/// every 10 ms while a finger is down (100 Hz), and the fingers of one gesture land 10–40 ms
/// apart. The same seed gives the same frames.
public struct SensorNoise: Hashable, Sendable {
    /// How far a reported position may be from the true one, in millimetres.
    public var wobble: Double
    /// How often the sensor reports resting fingers.
    public var interval: Duration
    /// The shortest time between two fingers of one gesture landing.
    public var minimumLandingGap: Duration
    /// The longest time between two fingers of one gesture landing.
    public var maximumLandingGap: Duration
    /// The seed of the generator: the same seed gives the same noise.
    public var seed: UInt64

    /// Creates noise with its figures.
    public init(
        wobble: Double, interval: Duration, minimumLandingGap: Duration, maximumLandingGap: Duration, seed: UInt64
    ) {
        self.wobble = wobble
        self.interval = interval
        self.minimumLandingGap = minimumLandingGap
        self.maximumLandingGap = maximumLandingGap
        self.seed = seed
    }

    /// No noise: positions are exact, nothing is reported between the script's own frames, and
    /// fingers land together.
    public static let none = SensorNoise(
        wobble: 0, interval: .zero, minimumLandingGap: .zero, maximumLandingGap: .zero, seed: 0)

    /// The wobble of a resting finger on ordinary touchpads and touchscreens: half a millimetre
    /// (the N-Trig panel's ±1 mm is the noisiest seen; most stay well within this).
    public static let realisticWobble = 0.5
    /// A 100 Hz sensor: what most touchpads and touchscreens report at.
    public static let realisticInterval = Duration.milliseconds(10)
    /// Fingers of one gesture land 10–40 ms apart on real recordings.
    public static let realisticLandingGaps = (Duration.milliseconds(10), Duration.milliseconds(40))

    /// The noise of real sensors, from `seed`.
    public static func realistic(seed: UInt64 = 1) -> SensorNoise {
        SensorNoise(
            wobble: realisticWobble, interval: realisticInterval, minimumLandingGap: realisticLandingGaps.0,
            maximumLandingGap: realisticLandingGaps.1, seed: seed)
    }

    /// Whether there is any noise.
    public var isActive: Bool { self != .none }

    /// A small, fast pseudo-random generator (SplitMix64): reproducible from its seed.
    struct Generator: Hashable, Sendable {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return value ^ (value >> 31)
        }

        /// A number in [0, 1).
        mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }

        /// A duration between `lower` and `upper`, to the microsecond.
        mutating func nextDuration(from lower: Duration, to upper: Duration) -> Duration {
            lower + (upper - lower) * nextUnit()
        }
    }
}
