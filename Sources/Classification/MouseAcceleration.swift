/// libinput's adaptive acceleration for mice (`filter-mouse.c`, `pointer_accel_profile_linear`):
/// slow movements are slowed down to keep them precise, a plateau moves one count one point,
/// and faster movements are sped up along a line up to a maximum factor.
///
/// Speeds are 1000-dpi counts per microsecond, as the motion trackers measure them.
struct MouseAccelerationProfile: Hashable, Sendable {
    /// Where acceleration starts at speed 0: 0.4 counts per ms (`filter-mouse.c`,
    /// `DEFAULT_THRESHOLD`).
    static let defaultThreshold = 0.4 / 1000
    /// The threshold never falls below 0.2 counts per ms (`filter-mouse.c`, `MINIMUM_THRESHOLD`).
    static let minimumThreshold = 0.2 / 1000
    /// The threshold falls by 0.25 counts per ms per unit of speed setting (`filter-mouse.c`,
    /// `accelerator_set_speed`).
    static let thresholdPerSpeed = 0.25 / 1000
    /// The largest factor at speed 0 (`filter-mouse.c`, `DEFAULT_ACCELERATION`), and how much it
    /// grows per unit of speed setting.
    static let defaultMaximum = 2.0
    /// See `defaultMaximum`.
    static let maximumPerSpeed = 1.5
    /// The slope of the factor above the threshold, per count per ms, at speed 0 (`filter-mouse.c`,
    /// `DEFAULT_INCLINE`), and how much it grows per unit of speed setting.
    static let defaultIncline = 1.1
    /// See `defaultIncline`.
    static let inclinePerSpeed = 0.75
    /// Below this speed (0.07 counts per ms) motion is slowed: the factor rises from 0.3 with a
    /// slope of 10 per count per ms, reaching 1 here (`filter-mouse.c`).
    static let slowSpeed = 0.07 / 1000
    /// See `slowSpeed`.
    static let slowestFactor = 0.3
    /// See `slowSpeed`.
    static let slowIncline = 10.0

    let threshold: Double
    let maximum: Double
    let incline: Double

    /// The profile at a speed setting from -1 to 1.
    init(speed: Double) {
        threshold = max(Self.minimumThreshold, Self.defaultThreshold - Self.thresholdPerSpeed * speed)
        maximum = Self.defaultMaximum + Self.maximumPerSpeed * speed
        incline = Self.defaultIncline + Self.inclinePerSpeed * speed
    }

    /// The factor at `speed` counts per microsecond.
    func factor(speed: Double) -> Double {
        let factor: Double
        if speed < Self.slowSpeed {
            factor = Self.slowIncline * (speed * 1000) + Self.slowestFactor
        } else if speed < threshold {
            factor = 1
        } else {
            factor = incline * (speed - threshold) * 1000 + 1
        }
        return min(maximum, factor)
    }
}
