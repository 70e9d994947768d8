/// How a pointer's speed changes how far it moves (libinput's acceleration profiles).
public enum AccelerationProfile: String, Hashable, Sendable, CaseIterable {
    /// Slow movements move less, fast ones more, by libinput's curve for the kind of device
    /// (mouse, touchpad, pointing stick); the default.
    case adaptive
    /// The same factor at every speed: 1 + the speed setting (0 to 2) for mice and touchpads
    /// (times libinput's touchpad slowdown), the pointing-stick speed curve for sticks.
    case flat
    /// The person's own curves (``CustomAcceleration``), as in libinput 1.23.
    case custom
}

/// A custom acceleration curve as libinput 1.23 models it: output speeds at input speeds 0,
/// `step`, 2 `step`, …, in points (1000-dpi counts) per millisecond, joined by straight lines and
/// extended past the last point along the last segment. A movement's factor is the curve's
/// output speed over its input speed, so `[0, 1]` with any step moves one point per count and
/// `[0, 2]` moves two.
///
/// ```swift
/// let curve = try AccelerationCurve(step: 1, points: [0, 1, 2.5, 5])
/// ```
public struct AccelerationCurve: Hashable, Sendable {
    /// The input speed between points, in points per millisecond.
    public let step: Double
    /// The output speeds, in points per millisecond.
    public let points: [Double]

    /// The fewest and most points libinput takes (`LIBINPUT_ACCEL_NPOINTS_MIN`, `_MAX`, in
    /// `libinput-private.h`).
    public static let pointCountRange = 2...64
    /// The largest step and output speed libinput takes (`LIBINPUT_ACCEL_STEP_MAX`,
    /// `LIBINPUT_ACCEL_POINT_MAX_VALUE`, in `libinput-private.h`): 10,000 points per ms.
    public static let largestValue = 10_000.0

    /// A curve, checked as libinput checks it.
    /// - Throws: ``AccelerationCurveError`` when there are fewer than 2 or more than 64 points, a
    ///   point is negative, not a number or above 10,000, or the step is not above 0 and at most
    ///   10,000.
    public init(step: Double, points: [Double]) throws(AccelerationCurveError) {
        guard Self.pointCountRange.contains(points.count) else { throw .pointCount(points.count) }
        guard step > 0, step <= Self.largestValue else { throw .step(step) }
        for point in points where !(point >= 0 && point <= Self.largestValue) { throw .point(point) }
        self.step = step
        self.points = points
    }

    /// One point per count at every speed: libinput's default curve (`filter-custom.c`).
    public static let identity = AccelerationCurve(uncheckedStep: 1, points: [0, 1])

    private init(uncheckedStep step: Double, points: [Double]) {
        self.step = step
        self.points = points
    }
}

/// Why a custom curve was refused.
public enum AccelerationCurveError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The curve has too few or too many points.
    case pointCount(Int)
    /// The step is not above 0 and at most 10,000.
    case step(Double)
    /// A point is negative or above 10,000.
    case point(Double)

    /// A sentence saying what is wrong.
    public var description: String {
        switch self {
        case .pointCount(let count):
            "an acceleration curve takes 2 to 64 points, not \(count)"
        case .step(let step):
            "the acceleration step must be above 0 and at most 10000, not \(step)"
        case .point(let point):
            "acceleration points must be from 0 to 10000, not \(point)"
        }
    }
}

/// The curves of the custom profile (libinput 1.23): pointer motion and scrolling each follow
/// their own curve when given one, else the fallback curve.
public struct CustomAcceleration: Hashable, Sendable {
    /// The curve for whatever has no curve of its own; one point per count by default.
    public var fallback: AccelerationCurve
    /// The curve for pointer motion, or nil for the fallback.
    public var motion: AccelerationCurve?
    /// The curve for continuous scrolling (touchpad, on-button), or nil for the fallback.
    public var scroll: AccelerationCurve?

    /// Creates the curves.
    public init(
        fallback: AccelerationCurve = .identity, motion: AccelerationCurve? = nil, scroll: AccelerationCurve? = nil
    ) {
        self.fallback = fallback
        self.motion = motion
        self.scroll = scroll
    }
}
