#if canImport(Glibc)
    import Glibc
#endif

/// libinput's adaptive acceleration for pointing sticks (`filter-trackpoint.c`,
/// `trackpoint_accel_profile`): a smooth curve from 0.3 at rest toward about 10, fitted by
/// libinput to (0, 0.3), (0.1, 1), (0.4, 3), (0.6, 4) in counts per ms, scaled by the speed
/// setting. The stick's counts are first multiplied by its trackpoint multiplier (a device
/// quirk, 1 by default), which also feeds the speed.
struct PointingStickAccelerationProfile: Hashable, Sendable {
    /// The curve's upper asymptote, its value at rest, its midpoint in counts per ms and its
    /// steepness (`filter-trackpoint.c`).
    static let upperFactor = 10.06254
    /// See `upperFactor`.
    static let restingFactor = 0.3
    /// See `upperFactor`.
    static let midpointSpeed = 0.9205459
    /// See `upperFactor`.
    static let steepness = 1.15363
    /// Intervals between events shorter than 10 ms count as 10 ms: sticks report in bursts
    /// (`filter-trackpoint.c`, its smoothener's threshold and value).
    static let smoothing = MotionTrackers.Smoothing(threshold: 10_000, value: 10_000)

    /// The factor the speed setting multiplies the curve by: a fitted curve through 0 at -1, 1 at
    /// 0 and 5 at 1 (`filter-trackpoint.c`, `speed_factor`).
    let speedFactor: Double

    /// The profile at a speed setting from -1 to 1.
    init(speed: Double) {
        let shifted = speed + 1
        speedFactor = 435837.2 + (0.04762636 - 435837.2) / (1 + pow(shifted / 240.4549, 2.377168))
    }

    /// The factor at `speed` counts per microsecond.
    func factor(speed: Double) -> Double {
        let perMillisecond = speed * 1000
        let curve =
            Self.upperFactor + (Self.restingFactor - Self.upperFactor)
            / (1 + pow(perMillisecond / Self.midpointSpeed, Self.steepness))
        return curve * speedFactor
    }
}
