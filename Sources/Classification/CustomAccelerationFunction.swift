import Geometry

/// One curve of the custom profile at work (`filter-custom.c`): the speed of each movement is its
/// length over the time since the one before, and the factor is the curve's output speed over
/// that input speed.
struct CustomAccelerationFunction: Hashable, Sendable {
    /// A movement more than this long after the one before starts a new motion
    /// (`filter-custom.c`, `MOTION_TIMEOUT`, 1 s).
    static let motionTimeout: Int64 = 1_000_000
    /// The interval assumed for the first movement of a motion (`filter-custom.c`,
    /// `FIRST_MOTION_TIME_INTERVAL`, 7 ms).
    static let firstMotionInterval: Int64 = 7_000

    let curve: AccelerationCurve
    /// Long before the first movement (see `MotionTrackers.longAgo`).
    private var lastTime = MotionTrackers.longAgo
    private var lastInterval = CustomAccelerationFunction.firstMotionInterval

    init(curve: AccelerationCurve) {
        self.curve = curve
    }

    /// The factor at `speed` units per millisecond: the curve's output speed over `speed`.
    func factor(speed: Double) -> Double {
        let points = curve.points
        let step = curve.step
        // The segment below the speed, or the last one beyond the curve.
        let index = min(Int(speed / step), points.count - 2)
        let lower = step * Double(index)
        let upper = step * Double(index + 1)
        let output = (points[index] * (upper - speed) + points[index + 1] * (speed - lower)) / step
        return output / speed
    }

    /// Accelerates a movement at `time` (microseconds); a zero movement stays zero.
    mutating func accelerate(_ delta: Vector, at time: Int64) -> (delta: Vector, factor: Double) {
        var interval = time > lastTime ? time - lastTime : lastInterval
        if interval > Self.motionTimeout { interval = Self.firstMotionInterval }
        lastTime = time
        lastInterval = interval
        let distance = delta.length
        guard distance > 0 else { return (.zero, 1) }
        let factor = factor(speed: distance / (Double(interval) / 1000))
        return (delta * factor, factor)
    }
}
