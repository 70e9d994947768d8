import Geometry
import InputEvents
import Testing

@testable import Classification

#if canImport(Glibc)
    import Glibc
#endif

/// Each profile's factor at chosen speeds and settings, against libinput's formulas written out
/// here with their derivation (speeds in the tests are units per millisecond; the profiles take
/// units per microsecond). Doubles are compared to 1e-12: the formulas are the same, the order of
/// the floating-point operations may not be.
@Suite struct PointerAccelerationTests {
    private static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 }
    private static func perMicrosecond(_ perMillisecond: Double) -> Double { perMillisecond / 1000 }

    /// filter-mouse.c: threshold T = max(0.2, 0.4 - 0.25 s) u/ms, maximum M = 2 + 1.5 s, incline
    /// I = 1.1 + 0.75 s; factor = 10 v + 0.3 below 0.07 u/ms, 1 up to T, I (v - T) + 1 above,
    /// capped at M.
    private static let mouseCases: [(Double, Double, Double)] = [
        // speed 0: T 0.4, M 2, I 1.1.
        (0.0, 0.05, 10 * 0.05 + 0.3),  // 0.8: slowed
        (0.0, 0.2, 1.0),  // the plateau
        (0.0, 1.0, 1.1 * (1.0 - 0.4) + 1),  // 1.66
        (0.0, 2.0, 2.0),  // 1.1 · 1.6 + 1 = 2.76, capped at 2
        // speed 0.5: T 0.4 - 0.125 = 0.275, M 2.75, I 1.475.
        (0.5, 0.25, 1.0),
        (0.5, 1.0, 1.475 * (1.0 - 0.275) + 1),  // 2.069375
        (0.5, 3.0, 2.75),  // 1.475 · 2.725 + 1 = 5.02, capped
        // speed -0.5: T 0.525, M 1.25, I 0.725.
        (-0.5, 0.5, 1.0),
        (-0.5, 0.8, 0.725 * (0.8 - 0.525) + 1),  // 1.199375
        (-0.5, 1.0, 1.25),  // 0.725 · 0.475 + 1 = 1.344, capped
        // speed 1: T 0.4 - 0.25 = 0.15 raised to the minimum 0.2, M 3.5, I 1.85.
        (1.0, 0.5, 1.85 * (0.5 - 0.2) + 1),  // 1.555
        (1.0, 0.06, 10 * 0.06 + 0.3),  // 0.9: the slow part ignores the setting
    ]

    @Test(arguments: Self.mouseCases)
    func mouseAdaptiveFactor(speedSetting: Double, unitsPerMillisecond: Double, expected: Double) {
        let profile = MouseAccelerationProfile(speed: speedSetting)
        let factor = profile.factor(speed: Self.perMicrosecond(unitsPerMillisecond))
        #expect(Self.close(factor, expected), "\(factor) != \(expected)")
    }

    /// filter-touchpad.c: in mm/s, factor = min(0.9, 0.1 v + 0.3) below 7, 0.9 up to 130,
    /// 0.0025 (v'/130)(v' - 130) + 0.9 above with v' = min(v, 4 · 130); times the speed factor
    /// (s + 1)^2.38 · 0.95 + 0.05, times 0.2968.
    private static let touchpadCases: [(Double, Double, Double)] = [
        (0.0, 5.0, 0.8 * 0.2968),  // 0.1 · 5 + 0.3
        (0.0, 6.5, 0.9 * 0.2968),  // 0.1 · 6.5 + 0.3 = 0.95, capped at the baseline
        (0.0, 50.0, 0.9 * 0.2968),
        (0.0, 260.0, (0.0025 * 2 * 130 + 0.9) * 0.2968),  // 1.55 · 0.2968
        (0.0, 1000.0, (0.0025 * 4 * 390 + 0.9) * 0.2968),  // capped at 520 mm/s: 4.8 · 0.2968
        (0.5, 50.0, 0.9 * (pow(1.5, 2.38) * 0.95 + 0.05) * 0.2968),
        (-0.5, 260.0, 1.55 * (pow(0.5, 2.38) * 0.95 + 0.05) * 0.2968),
        (-1.0, 50.0, 0.9 * 0.05 * 0.2968),  // the slowest setting keeps 5 %
    ]

    @Test(arguments: Self.touchpadCases)
    func touchpadAdaptiveFactor(speedSetting: Double, millimetresPerSecond: Double, expected: Double) {
        let profile = TouchpadAccelerationProfile(speed: speedSetting)
        let factor = profile.factor(millimetresPerSecond: millimetresPerSecond)
        #expect(Self.close(factor, expected), "\(factor) != \(expected)")
    }

    /// filter-trackpoint.c: factor = 10.06254 + (0.3 - 10.06254) / (1 + (v / 0.9205459)^1.15363)
    /// in u/ms, times 435837.2 + (0.04762636 - 435837.2) / (1 + ((s + 1) / 240.4549)^2.377168).
    private static let stickCases: [(Double, Double)] = [
        (0.0, 0.0),
        (0.0, 0.1),
        (0.0, 0.6),
        (0.5, 0.4),
        (-0.5, 2.0),
    ]

    @Test(arguments: Self.stickCases)
    func pointingStickAdaptiveFactor(speedSetting: Double, unitsPerMillisecond: Double) {
        let curve = 10.06254 + (0.3 - 10.06254) / (1 + pow(unitsPerMillisecond / 0.9205459, 1.15363))
        let scale = 435837.2 + (0.04762636 - 435837.2) / (1 + pow((speedSetting + 1) / 240.4549, 2.377168))
        let profile = PointingStickAccelerationProfile(speed: speedSetting)
        let factor = profile.factor(speed: Self.perMicrosecond(unitsPerMillisecond))
        #expect(Self.close(factor, curve * scale), "\(factor) != \(curve * scale)")
    }

    /// The speed factor passes through libinput's fitted points: about 1 at speed 0.
    @Test func pointingStickSpeedFactorIsAboutOneAtZero() {
        let factor = PointingStickAccelerationProfile(speed: 0).speedFactor
        #expect(abs(factor - 1) < 0.01, "\(factor)")
    }

    /// filter-custom.c: output speed by linear interpolation between points at multiples of the
    /// step, extended along the last segment; factor = output / input.
    private static let customCases: [(Double, Double)] = [
        // points 0, 1, 2.5, 5 at step 1.
        (0.5, (0 * 0.5 + 1 * 0.5) / 0.5),  // 1: on the first segment, output 0.5
        (1.5, (1 * 0.5 + 2.5 * 0.5) / 1.5),  // output 1.75
        (2.0, 2.5 / 2.0),
        (4.0, (2.5 * (3 - 4) + 5 * (4 - 2)) / 4.0),  // extended: output 7.5, factor 1.875
    ]

    @Test(arguments: Self.customCases)
    func customFactor(unitsPerMillisecond: Double, expected: Double) throws {
        let function = CustomAccelerationFunction(curve: try AccelerationCurve(step: 1, points: [0, 1, 2.5, 5]))
        let factor = function.factor(speed: unitsPerMillisecond)
        #expect(Self.close(factor, expected), "\(factor) != \(expected)")
    }

    /// The custom speed is each movement over the time since the one before; the first movement,
    /// and one after more than a second, counts as taking 7 ms.
    @Test func customSpeedIsMeasuredPerMovement() throws {
        var function = CustomAccelerationFunction(curve: try AccelerationCurve(step: 1, points: [0, 0, 4]))
        // Speeds: 7 units over the assumed 7 ms = 1 u/ms (output 0, factor 0); 4 units over
        // 2 ms = 2 u/ms (output 4, factor 2); 3 units after 2 s: 3/7 u/ms (output 0).
        let first = function.accelerate(Vector(x: 7, y: 0), at: 5_000_000)
        let second = function.accelerate(Vector(x: 0, y: 4), at: 5_002_000)
        let third = function.accelerate(Vector(x: 3, y: 0), at: 7_002_000)
        #expect(first.delta == Vector(x: 0, y: 0) && first.factor == 0)
        #expect(second.delta == Vector(x: 0, y: 8) && second.factor == 2)
        #expect(third.delta == Vector(x: 0, y: 0) && third.factor == 0)
    }

    private static let badCurves: [(Double, [Double], AccelerationCurveError)] = [
        (1.0, [0.0], AccelerationCurveError.pointCount(1)),
        (0.0, [0.0, 1.0], .step(0)),
        (20_000.0, [0.0, 1.0], .step(20_000)),
        (1.0, [0.0, -1.0], .point(-1)),
        (1.0, [0.0, 10_001.0], .point(10_001)),
    ]

    @Test(arguments: Self.badCurves)
    func badCurvesAreRefused(step: Double, points: [Double], error: AccelerationCurveError) {
        #expect(throws: error) { try AccelerationCurve(step: step, points: points) }
    }

    /// filter.c: each tracker adds up the deltas since its event; with libinput's two trackers
    /// the speed is the latest delta over the time since the event before (+1 µs), and the first
    /// movement after a second's rest is measured over the whole second.
    @Test func trackersMeasureTheLatestMovement() {
        var trackers = MotionTrackers()
        trackers.feed(Vector(x: 3, y: 4), at: 2_000_000)
        #expect(trackers.speed(at: 2_000_000) == 5.0 / 1_000_001)
        trackers.feed(Vector(x: 6, y: 8), at: 2_008_000)
        #expect(trackers.speed(at: 2_008_000) == 10.0 / 8_001)
        // A change of direction: the latest movement still counts.
        trackers.feed(Vector(x: -3, y: 0), at: 2_016_000)
        #expect(trackers.speed(at: 2_016_000) == 3.0 / 8_001)
        // A reset measures from the reset.
        trackers.reset(at: 3_100_000)
        trackers.feed(Vector(x: 0, y: 2), at: 3_105_000)
        #expect(trackers.speed(at: 3_105_000) == 2.0 / 5_001)
    }

    /// A pointing stick's intervals under 10 ms count as 10 ms (filter-trackpoint.c).
    @Test func stickTrackersSmoothShortIntervals() {
        var trackers = MotionTrackers(smoothing: PointingStickAccelerationProfile.smoothing)
        trackers.feed(Vector(x: 1, y: 0), at: 1_000_000)
        trackers.feed(Vector(x: 4, y: 0), at: 1_004_000)
        #expect(trackers.speed(at: 1_004_000) == 4.0 / 10_000)
        trackers.feed(Vector(x: 4, y: 0), at: 1_016_000)
        #expect(trackers.speed(at: 1_016_000) == 4.0 / 12_001)
    }

    /// With 16 trackers (libinput's velocity averaging), the speed goes back over every movement
    /// in one direction at a similar speed, and stops at a change of direction.
    @Test func averagingTrackersGoBackWhileTheDirectionHolds() {
        var trackers = MotionTrackers(count: 16)
        trackers.feed(Vector(x: 5, y: 0), at: 1_000_000)
        trackers.feed(Vector(x: 5, y: 0), at: 1_010_000)
        trackers.feed(Vector(x: 5, y: 0), at: 1_020_000)
        // Offset 1: 5 over 10,001 µs; offset 2: 10 over 20,001 µs (within 1 u/ms): the latter.
        #expect(trackers.speed(at: 1_020_000) == 10.0 / 20_001)
        trackers.feed(Vector(x: 0, y: 5), at: 1_030_000)
        // East and south share no octant: only the latest movement counts.
        #expect(trackers.speed(at: 1_030_000) == 5.0 / 10_001)
    }

    /// libinput's octants: short deltas mark three around their quadrant or axis, longer ones the
    /// one or two octants nearest their angle (north is up, bit 0; clockwise).
    private static let directionCases: [(Vector, UInt8)] = [
        (Vector(x: 1, y: 1), UInt8(0b0001_1100)),  // S | SE | E
        (Vector(x: -1, y: 0), UInt8(0b1110_0000)),  // NW | W | SW
        (Vector(x: 0, y: -1), UInt8(0b1000_0011)),  // NE | N | NW
        (Vector(x: 10, y: 0), UInt8(0b0000_0100)),  // E alone: r = 2, (int)(2.9) = (int)(2.1) = 2
        (Vector(x: 10, y: 10), UInt8(0b0000_1000)),  // SE: r = 3
        (Vector(x: 10, y: 4), UInt8(0b0000_1100)),  // r = 2.48: octants 3 and 2
    ]

    @Test(arguments: Self.directionCases)
    func compassDirections(delta: Vector, expected: UInt8) {
        #expect(CompassDirections.of(delta) == expected)
    }
}
