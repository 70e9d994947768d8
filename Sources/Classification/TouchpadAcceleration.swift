#if canImport(Glibc)
    import Glibc
#endif

/// libinput's adaptive acceleration for touchpads (`filter-touchpad.c`,
/// `touchpad_accel_profile_linear`): in millimetres per second, slow movements are slowed, a
/// plateau keeps a baseline, faster movements are sped up along a curve up to four times the
/// threshold; the speed setting scales everything, and a constant slowdown makes a finger move
/// the pointer less than a 1000-dpi mouse would.
struct TouchpadAccelerationProfile: Hashable, Sendable {
    /// Every factor is multiplied by this (`filter-touchpad.c`, `TP_MAGIC_SLOWDOWN`).
    static let slowdown = 0.2968
    /// The factor on the plateau (`filter-touchpad.c`, `baseline`).
    static let baseline = 0.9
    /// Where the plateau ends, in mm/s (`filter-touchpad.c`, the filter's `threshold`).
    static let threshold = 130.0
    /// Below this many mm/s motion is slowed: the factor is 0.1 per mm/s plus 0.3, up to the
    /// baseline (`filter-touchpad.c`).
    static let slowSpeed = 7.0
    /// See `slowSpeed`.
    static let slowIncline = 0.1
    /// See `slowSpeed`.
    static let slowestFactor = 0.3
    /// Above the threshold the factor grows by this times (speed / threshold) per mm/s
    /// (`filter-touchpad.c`).
    static let incline = 0.0025
    /// The speed stops counting at this multiple of the threshold (`filter-touchpad.c`).
    static let ceilingMultiple = 4.0

    /// The factor the speed setting multiplies every factor by: (s + 1)^2.38 · 0.95 + 0.05, from
    /// 0.05 at -1 through 1 at 0 to about 5 at 1 (`filter-touchpad.c`, `speed_factor`).
    let speedFactor: Double

    /// The profile at a speed setting from -1 to 1.
    init(speed: Double) {
        speedFactor = pow(speed + 1, 2.38) * 0.95 + 0.05
    }

    /// The factor at `millimetresPerSecond`.
    func factor(millimetresPerSecond speed: Double) -> Double {
        var factor: Double
        if speed < Self.slowSpeed {
            factor = min(Self.baseline, Self.slowIncline * speed + Self.slowestFactor)
        } else if speed < Self.threshold {
            factor = Self.baseline
        } else {
            let capped = min(speed, Self.threshold * Self.ceilingMultiple)
            factor = Self.incline * (capped / Self.threshold) * (capped - Self.threshold) + Self.baseline
        }
        factor *= speedFactor
        return factor * Self.slowdown
    }
}
