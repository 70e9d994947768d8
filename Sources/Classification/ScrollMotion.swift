import Geometry
import InputEvents

/// The motion of a two-finger scroll once it has been recognised: direction filtering, axis lock
/// and release velocity, in millimetres of finger travel.
///
/// Axis lock (libinput's): a scroll that starts within 30° of an axis moves along that axis only,
/// until a diagonal movement of more than 5 mm within 100 ms frees both axes for the rest of the
/// scroll:
///
/// ```
/// horizontal | vertical --diagonal > 5 mm within 100 ms--> free
/// free       --(until the scroll ends)--------------------> free
/// ```
///
/// Reversal: movement against the scroll's direction on an axis is held back until it adds up to
/// 1 mm, because fingers roll back a little as they lift.
struct ScrollMotion {
    /// Which axes a scroll moves along.
    enum AxisLock: Hashable, Sendable {
        case horizontal
        case vertical
        case free
    }

    private(set) var lock = AxisLock.free
    private var tracker = VelocityTracker()
    /// The direction (−1, 0, 1 per axis) the scroll last moved in, and the travel gathered
    /// against it.
    private var direction = Vector.zero
    private var reversal = Vector.zero
    private let lockAngle: Double
    /// The axis-lock window in microseconds.
    private let lockWindow: Int64
    private let unlockDistance: Double
    /// The release-velocity window in microseconds.
    private let velocityWindow: Int64
    private let reversalDistance: Double

    init(thresholds: ClassificationThresholds) {
        lockAngle = thresholds.axisLockAngleDegrees
        lockWindow = thresholds.axisLockWindow.flooredMicroseconds
        unlockDistance = thresholds.axisUnlockDistance
        velocityWindow = thresholds.scrollVelocityWindow.flooredMicroseconds
        reversalDistance = thresholds.scrollReversalDistance
    }

    /// A scroll starts with the fingers' average movement so far: it decides the axis lock.
    mutating func start(average: Vector) {
        let angle = atan2Degrees(abs(average.y), abs(average.x))
        lock =
            angle < lockAngle
            ? .horizontal : angle > 90 - lockAngle ? .vertical : .free
        tracker.reset()
        direction = .zero
        reversal = .zero
    }

    /// The fingers moved by `raw` millimetres (not zero); returns the movement to scroll, in
    /// millimetres, along the axes the lock allows.
    mutating func move(by raw: Vector, at time: Timestamp) -> Vector {
        var raw = raw
        raw.x = filterReversal(raw.x, direction: &direction.x, reversal: &reversal.x)
        raw.y = filterReversal(raw.y, direction: &direction.y, reversal: &reversal.y)
        tracker.add(raw, at: time)
        if lock != .free {
            let window = tracker.sum(at: time, window: lockWindow)
            let angle = atan2Degrees(abs(window.y), abs(window.x))
            if window.length > unlockDistance, angle >= lockAngle, angle <= 90 - lockAngle {
                lock = .free
            }
        }
        return constrained(raw)
    }

    /// The velocity at release, in millimetres per second, along the axes the lock allows.
    func releaseVelocity(at time: Timestamp) -> Vector {
        constrained(tracker.velocity(at: time, window: velocityWindow))
    }

    /// Forgets the samples (the scroll ended).
    mutating func end() { tracker.reset() }

    /// Holds back movement against the scroll's direction until it adds up to
    /// `scrollReversalDistance`; returns what may scroll now.
    private func filterReversal(_ delta: Double, direction: inout Double, reversal: inout Double) -> Double {
        guard delta != 0 else { return 0 }
        let sign: Double = delta > 0 ? 1 : -1
        if direction == 0 || sign == direction {
            direction = sign
            reversal = 0
            return delta
        }
        reversal += delta
        guard abs(reversal) >= reversalDistance else { return 0 }
        let released = reversal
        direction = sign
        reversal = 0
        return released
    }

    private func constrained(_ vector: Vector) -> Vector {
        switch lock {
        case .horizontal: Vector(x: vector.x, y: 0)
        case .vertical: Vector(x: 0, y: vector.y)
        case .free: vector
        }
    }
}

/// The angle of (x, y) from the x axis, in degrees, for non-negative x and y.
func atan2Degrees(_ y: Double, _ x: Double) -> Double {
    guard x != 0 || y != 0 else { return 0 }
    // atan without Foundation: the series is not needed, an octant reduction and a rational
    // approximation are accurate to 0.3°, far finer than the 30° sectors used.
    let (small, large) = y <= x ? (y, x) : (x, y)
    let t = small / large
    let radians = t * (0.7853981634 + 0.273 * (1 - t))
    let degrees = radians * 180 / Double.pi
    return y <= x ? degrees : 90 - degrees
}
