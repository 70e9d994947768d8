import Classification
import EventModel
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Acceleration, resolution and scroll speed through the whole translator.
@Suite struct PointerMotionTests {
    private static let start = Timestamp(microseconds: 5_000_000)

    private static func motions(_ output: [ClassifiedInput]) -> [Vector] {
        output.compactMap {
            if case .motion(let delta, _) = $0.event { return delta }
            return nil
        }
    }

    private static func close(_ a: Vector, _ b: Vector) -> Bool {
        abs(a.x - b.x) <= 1e-12 * max(1, abs(b.x)) && abs(a.y - b.y) <= 1e-12 * max(1, abs(b.y))
    }

    /// Three movements of a 1000-dpi mouse at speed 0, 8 ms apart, against filter-mouse.c's
    /// curve f (10 v + 0.3 below 0.07 u/ms, 1 up to 0.4, 1.1 (v - 0.4) + 1 above, at most 2) and
    /// filter.c's speeds: the first movement after a second's rest over 1 s + 1 µs, the others
    /// over the time since the one before + 1 µs; each factor is Simpson's mean
    /// (f(v) + f(v') + 4 f((v + v') / 2)) / 6 with the speed v' before (0 at first).
    @Test func aMouseAcceleratesAlongLibinputsCurve() throws {
        func f(_ v: Double) -> Double {
            if v < 0.07 { return 10 * v + 0.3 }
            if v < 0.4 { return 1 }
            return min(2, 1.1 * (v - 0.4) + 1)
        }
        func mean(_ v: Double, _ before: Double) -> Double { (f(v) + f(before) + 4 * f((v + before) / 2)) / 6 }
        let v1 = 5.0 / 1_000_001 * 1000  // units per ms
        let v2 = 8.0 / 8_001 * 1000
        let v3 = 20.0 / 8_001 * 1000
        var script = InputScript(device: ScriptedDevice.mouse(), start: Self.start)
        script.move(dx: 3, dy: -4)
        script.wait(.milliseconds(8))
        script.move(dx: 8, dy: 0)
        script.wait(.milliseconds(8))
        script.move(dx: 20, dy: 0)
        let motions = Self.motions(try classify(script.device, script.frames))
        let expected = [
            Vector(x: 3, y: -4) * mean(v1, 0), Vector(x: 8, y: 0) * mean(v2, v1), Vector(x: 20, y: 0) * mean(v3, v2),
        ]
        #expect(motions.count == expected.count && zip(motions, expected).allSatisfy(Self.close), "\(motions)")
    }

    /// Flat at speed 0, a 1600-dpi mouse moves 1000/1600 of its counts: its resolution from the
    /// `dpi` setting, or from `MOUSE_DPI`'s default entry (marked `*`), else its last.
    private static let resolutionCases: [(Int?, String?)] = [
        (nil, "400@125 *1600@125 3200@125"), (1600, nil), (nil, "800 1600"), (1600, "800"),
    ]

    @Test(arguments: Self.resolutionCases)
    func flatMotionIsNormalisedTo1000Dpi(setting: Int?, property: String?) throws {
        var device = ScriptedDevice.mouse()
        if let property { device.udevProperties["MOUSE_DPI"] = property }
        var script = InputScript(device: device, start: Self.start)
        script.move(dx: 16, dy: -8)
        script.wait(.milliseconds(8))
        script.move(dx: 3, dy: 0)
        let settings = DeviceSettings(accelerationProfile: .flat, dotsPerInch: setting)
        #expect(
            Self.motions(try classify(script.device, script.frames, options: settings)) == [
                Vector(x: 16 * 1000 / 1600, y: -8 * 1000 / 1600), Vector(x: 3 * 1000 / 1600, y: 0),
            ])
    }

    /// A malformed or absent `MOUSE_DPI` leaves 1000 dpi, as libinput does.
    @Test(arguments: ["", "*", "800@", "abc", "0", "-400"])
    func malformedResolutionsAreIgnored(property: String) throws {
        var device = ScriptedDevice.mouse()
        device.udevProperties["MOUSE_DPI"] = property
        var script = InputScript(device: device, start: Self.start)
        script.move(dx: 7, dy: 2)
        let settings = DeviceSettings(accelerationProfile: .flat)
        #expect(Self.motions(try classify(script.device, script.frames, options: settings)) == [Vector(x: 7, y: 2)])
    }

    /// The flat factor is 1 + speed: at 0.5 a count moves 1.5 points.
    @Test func flatSpeedScalesEveryMovement() throws {
        var script = InputScript(device: ScriptedDevice.mouse(), start: Self.start)
        script.move(dx: 4, dy: 2)
        let settings = DeviceSettings(accelerationProfile: .flat, accelerationSpeed: 0.5)
        #expect(Self.motions(try classify(script.device, script.frames, options: settings)) == [Vector(x: 6, y: 3)])
    }

    /// A pointing stick's flat factor is its speed curve (filter-trackpoint-flat.c):
    /// 435837.2 + (0.04762636 - 435837.2) / (1 + ((s + 1) / 240.4549)^2.377168), 0.231 at -0.5.
    @Test func aStickMovesFlatAlongItsSpeedCurve() throws {
        var script = InputScript(device: ScriptedDevice.mouse(), start: Self.start)
        script.move(dx: 4, dy: -2)
        let settings = DeviceSettings(accelerationProfile: .flat, accelerationSpeed: -0.5)
        let factor = 435837.2 + (0.04762636 - 435837.2) / (1 + pow(0.5 / 240.4549, 2.377168))
        let motions = Self.motions(
            try classify(script.device, script.frames, options: settings, kind: .pointingStick))
        #expect(motions.count == 1 && Self.close(motions[0], Vector(x: 4, y: -2) * factor), "\(motions)")
    }

    /// Custom points 0, 2 at step 1 double every movement (output speed twice the input).
    @Test func aCustomLineDoublesMotion() throws {
        var script = InputScript(device: ScriptedDevice.mouse(), start: Self.start)
        script.move(dx: 4, dy: 2)
        script.wait(.milliseconds(5))
        script.move(dx: -1, dy: 0)
        let curves = CustomAcceleration(fallback: try AccelerationCurve(step: 1, points: [0, 2]))
        let settings = DeviceSettings(accelerationProfile: .custom, customAcceleration: curves)
        #expect(
            Self.motions(try classify(script.device, script.frames, options: settings)) == [
                Vector(x: 8, y: 4), Vector(x: -2, y: 0),
            ])
    }

    private static func scrolls(_ output: [ClassifiedInput]) -> [(Vector, Vector?, Vector?)] {
        output.compactMap {
            if case .scroll(_, let delta, let v120, _, let velocity) = $0.event { return (delta, v120, velocity) }
            return nil
        }
    }

    /// A scroll factor of 2 doubles every scroll's deltas and velocity, wheel and two-finger,
    /// and leaves the wheel's v120 counts and everything else as they were.
    @Test(arguments: [false, true])
    func theScrollFactorDoublesEveryScroll(touchpad: Bool) throws {
        let script: InputScript
        if touchpad {
            var pad = InputScript(device: ScriptedDevice.touchpad(), start: Self.start)
            pad.put(finger: 0, atPercent: 40, 40)
            pad.put(finger: 1, atPercent: 55, 40)
            pad.sync()
            pad.swipe(fingers: [0, 1], byMillimetres: 0, 12, over: .milliseconds(120), steps: 12)
            pad.wait(.milliseconds(10))
            pad.lift(fingers: [0, 1])
            script = pad
        } else {
            var mouse = InputScript(device: ScriptedDevice.mouse(), start: Self.start)
            for _ in 0..<3 {
                mouse.add(.wheel, -1)
                mouse.sync()
                mouse.wait(.milliseconds(30))
            }
            script = mouse
        }
        let end = script.now + .seconds(1)
        let plain = try classify(script.device, script.frames, until: end)
        let doubled = try classify(script.device, script.frames, options: DeviceSettings(scrollFactor: 2), until: end)
        let plainScrolls = Self.scrolls(plain)
        let doubledScrolls = Self.scrolls(doubled)
        #expect(!plainScrolls.isEmpty && plainScrolls.count == doubledScrolls.count)
        for (before, after) in zip(plainScrolls, doubledScrolls) {
            #expect(after.0 == before.0 * 2)
            #expect(after.1 == before.1)
            #expect(after.2 == before.2.map { $0 * 2 })
        }
        #expect(plain.map(\.time) == doubled.map(\.time))
        #expect(summaries(plain) == summaries(doubled))
    }

    /// Under the custom profile continuous scrolls follow the scroll curve, else the fallback:
    /// points 0, 2 double every scroll delta, 0, 3 triple it (a line through 0 is one factor at
    /// every speed); the motion curve does not touch scrolling, and neither does another profile.
    @Test(arguments: [(nil as [Double]?, [0.0, 3.0], 3.0), ([0.0, 2.0], [0.0, 3.0], 2.0)])
    func customScrollCurvesAccelerateContinuousScrolls(scroll: [Double]?, fallback: [Double], factor: Double) throws {
        var pad = InputScript(device: ScriptedDevice.touchpad(), start: Self.start)
        pad.put(finger: 0, atPercent: 40, 40)
        pad.put(finger: 1, atPercent: 55, 40)
        pad.sync()
        pad.swipe(fingers: [0, 1], byMillimetres: 0, 12, over: .milliseconds(120), steps: 12)
        pad.wait(.milliseconds(10))
        pad.lift(fingers: [0, 1])
        let curves = CustomAcceleration(
            fallback: try AccelerationCurve(step: 1, points: fallback),
            motion: try AccelerationCurve(step: 1, points: [0, 5]),
            scroll: try scroll.map { try AccelerationCurve(step: 1, points: $0) })
        let end = pad.now + .seconds(1)
        let plain = Self.scrolls(try classify(pad.device, pad.frames, until: end))
        let custom = Self.scrolls(
            try classify(
                pad.device, pad.frames,
                options: DeviceSettings(accelerationProfile: .custom, customAcceleration: curves), until: end))
        #expect(!plain.isEmpty && plain.count == custom.count)
        for (before, after) in zip(plain, custom) {
            #expect(Self.close(after.0, before.0 * factor), "\(after.0) != \(before.0) × \(factor)")
            #expect(after.2 == before.2)
        }
    }

    /// Explaining, each movement is summed up 250 ms after its last motion (or when the device
    /// goes): flat at 0.5 every factor is 1.5, so 5 + 10 points unaccelerated move 22.5, then 5
    /// move 7.5.
    @Test func whySumsUpEachMovement() throws {
        var script = InputScript(device: ScriptedDevice.mouse(), start: Self.start)
        script.move(dx: 3, dy: 4)
        script.wait(.milliseconds(8))
        script.move(dx: 6, dy: 8)
        let firstEnd = script.now + .milliseconds(250)
        script.wait(.milliseconds(300))
        script.move(dx: 0, dy: -5)
        let removal = script.now + .milliseconds(100)
        var translator = try DeviceTranslator(
            device: script.device, settings: DeviceSettings(accelerationProfile: .flat, accelerationSpeed: 0.5))
        translator.isExplaining = true
        var output: [ClassifiedInput] = []
        for frame in script.frames {
            translator.advance(to: frame.time, into: &output)
            translator.process(frame, at: frame.time, into: &output)
        }
        translator.advance(to: removal, into: &output)
        translator.removeDevice(at: removal, into: &output)
        var decisions: [ClassificationDecision] = []
        translator.takeDecisions(into: &decisions)
        #expect(
            decisions.map { "\($0.time.microseconds) \($0)" } == [
                "\(firstEnd.microseconds) pointer moved 22.5 pt for 15.0 pt unaccelerated: factor 1.50",
                "\(removal.microseconds) pointer moved 7.5 pt for 5.0 pt unaccelerated: factor 1.50",
            ])
    }
}
