import Geometry
import InputEvents

/// The acceleration of one device's pointer motion: its profile (adaptive, flat or custom) for
/// its kind of device, the speed the profile needs, and the factor it applied last, as libinput
/// applies them (`filter.c`, `filter-mouse.c`, `filter-touchpad.c`, `filter-trackpoint.c`,
/// `filter-flat.c`, `filter-touchpad-flat.c`, `filter-custom.c`).
///
/// Movements come in the device's units (mouse and stick counts, touchpad millimetres) and go out
/// in points: one count of a 1000-dpi mouse is one point before acceleration. Everything is fixed
/// when the accelerator is made: a movement allocates nothing.
struct PointerAccelerator: Hashable, Sendable {
    /// The kind of device and what its units are.
    enum Source: Hashable, Sendable {
        /// A mouse or trackball with this resolution (counts per inch).
        case mouse(dotsPerInch: Int)
        /// A touchpad with this many units per millimetre on its x axis (libinput measures the
        /// speed in x-axis units), whose millimetres are `pointsPerMillimetre` points before
        /// acceleration (1000 dpi); Bluetooth touchpads smooth bursts of events.
        case touchpad(unitsPerMillimetre: Double, pointsPerMillimetre: Double, isBluetooth: Bool)
        /// A pointing stick with this trackpoint multiplier.
        case pointingStick(multiplier: Double)
    }

    private enum Method: Hashable, Sendable {
        case mouse(MouseAccelerationProfile)
        case touchpad(TouchpadAccelerationProfile)
        case pointingStick(PointingStickAccelerationProfile)
        case flat(Double)
        case custom(CustomAccelerationFunction)
    }

    /// The resolution libinput normalises mice to, and assumes when a mouse has no `MOUSE_DPI`
    /// (`libinput-private.h`, `DEFAULT_MOUSE_DPI`).
    static let defaultDotsPerInch = 1000
    /// The smallest flat factor (`filter-flat.c`, `filter-touchpad-flat.c`): a speed of -1 still
    /// moves.
    static let smallestFlatFactor = 0.005
    /// Bluetooth touchpads: an interval shorter than 50 ms counts as 10 ms
    /// (`evdev-mt-touchpad.c`, `tp_init_accel`).
    static let bluetoothSmoothing = MotionTrackers.Smoothing(threshold: 50_000, value: 10_000)

    let source: Source
    private var method: Method
    private var trackers: MotionTrackers
    /// The speed of the movement before, for the average of the adaptive profiles.
    private var lastSpeed = 0.0
    /// The adaptive profile's factor at `lastSpeed`, worked out by the movement before (nil
    /// before the first): each movement's mean factor needs it again.
    private var lastSpeedFactor: Double?
    /// A touchpad's speed unit (x-axis units per microsecond) in millimetres per second, worked
    /// out once rather than divided per movement (0 for the other sources).
    private let millimetresPerSecondPerSpeedUnit: Double
    /// The factor applied to the last movement (points per unaccelerated point).
    private(set) var lastFactor = 1.0

    /// An accelerator for a device with a profile, a speed setting (-1…1, clamped) and curves.
    init(source: Source, profile: AccelerationProfile, speed: Double, curves: CustomAcceleration) {
        self.source = source
        if case .touchpad(let unitsPerMillimetre, _, _) = source {
            millimetresPerSecondPerSpeedUnit = 1_000_000 / unitsPerMillimetre
        } else {
            millimetresPerSecondPerSpeedUnit = 0
        }
        let speed = min(1, max(-1, speed.isNaN ? 0 : speed))
        var smoothing: MotionTrackers.Smoothing?
        switch profile {
        case .adaptive:
            switch source {
            case .mouse: method = .mouse(MouseAccelerationProfile(speed: speed))
            case .touchpad(_, _, let isBluetooth):
                method = .touchpad(TouchpadAccelerationProfile(speed: speed))
                if isBluetooth { smoothing = Self.bluetoothSmoothing }
            case .pointingStick:
                method = .pointingStick(PointingStickAccelerationProfile(speed: speed))
                smoothing = PointingStickAccelerationProfile.smoothing
            }
        case .flat:
            let factor = max(Self.smallestFlatFactor, 1 + speed)
            switch source {
            case .mouse: method = .flat(factor)
            case .touchpad: method = .flat(factor * TouchpadAccelerationProfile.slowdown)
            case .pointingStick:
                // A stick's flat factor follows its adaptive profile's speed curve
                // (`filter-trackpoint-flat.c`): 0.23 at -0.5, 1 at 0, 2.55 at 0.5.
                method = .flat(PointingStickAccelerationProfile(speed: speed).speedFactor)
            }
        case .custom:
            method = .custom(CustomAccelerationFunction(curve: curves.motion ?? curves.fallback))
        }
        trackers = MotionTrackers(smoothing: smoothing)
    }

    /// A movement in points before acceleration: mouse counts normalised to 1000 dpi, touchpad
    /// millimetres at 1000 dpi, stick counts times the multiplier (libinput's unaccelerated
    /// deltas).
    func unaccelerated(_ delta: Vector) -> Vector {
        switch source {
        case .mouse(let dotsPerInch): delta * (Double(Self.defaultDotsPerInch) / Double(dotsPerInch))
        case .touchpad(_, let pointsPerMillimetre, _): delta * pointsPerMillimetre
        case .pointingStick(let multiplier): delta * multiplier
        }
    }

    /// A touch began on a touchpad: the next speed is measured from `time` (libinput restarts
    /// its filter then).
    mutating func restart(at time: Timestamp) {
        trackers.reset(at: time.microseconds)
    }

    /// Accelerates a movement (device units) at `time`: the movement in points.
    mutating func accelerate(_ delta: Vector, at time: Timestamp) -> Vector {
        movement(accelerating: delta, at: time).accelerated
    }

    /// Accelerates a movement (device units) at `time`: the movement in points, with the same
    /// movement before acceleration (`unaccelerated(_:)`), which the acceleration works out
    /// anyway.
    mutating func movement(accelerating delta: Vector, at time: Timestamp) -> (
        accelerated: Vector, unaccelerated: Vector
    ) {
        let normalised = unaccelerated(delta)
        let microseconds = time.microseconds
        let factor: Double
        switch method {
        case .mouse(let profile):
            trackers.feed(normalised, at: microseconds)
            let speed = trackers.speedInPlace(at: microseconds)
            (factor, lastSpeedFactor) = Self.simpson(speed, lastSpeed, lastFactor: lastSpeedFactor) {
                profile.factor(speed: $0)
            }
            lastSpeed = speed
        case .touchpad(let profile):
            guard case .touchpad(let unitsPerMillimetre, _, _) = source else { return (normalised, normalised) }
            // libinput measures a touchpad in its x axis's units, so the directions of small
            // movements are judged in them.
            trackers.feed(delta * unitsPerMillimetre, at: microseconds)
            let speed = trackers.speedInPlace(at: microseconds)
            let toMillimetresPerSecond = millimetresPerSecondPerSpeedUnit
            (factor, lastSpeedFactor) = Self.simpson(speed, lastSpeed, lastFactor: lastSpeedFactor) {
                profile.factor(millimetresPerSecond: $0 * toMillimetresPerSecond)
            }
            lastSpeed = speed
        case .pointingStick(let profile):
            trackers.feed(normalised, at: microseconds)
            factor = profile.factor(speed: trackers.speedInPlace(at: microseconds))
        case .flat(let flat):
            factor = flat
        case .custom(var function):
            factor = function.accelerate(normalised, at: microseconds).factor
            method = .custom(function)
        }
        lastFactor = factor
        return (normalised * factor, normalised)
    }

    /// The mean factor between the last speed and this one, by Simpson's rule (`filter.c`,
    /// `calculate_acceleration_simpsons`), and the factor at this speed (the next movement's
    /// `lastFactor`). `lastFactor` is the profile's factor at `last`, when known.
    private static func simpson(
        _ speed: Double, _ last: Double, lastFactor: Double?, _ profile: (Double) -> Double
    ) -> (mean: Double, atSpeed: Double) {
        let atSpeed = profile(speed)
        let atLast = lastFactor ?? profile(last)
        return ((atSpeed + atLast + 4 * profile((last + speed) / 2)) / 6, atSpeed)
    }
}
