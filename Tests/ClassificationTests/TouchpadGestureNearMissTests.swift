import Classification
import EventModel
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

/// Near misses on a touchpad (`TouchpadGestureRecognition`, `PinchSwipeDecision`,
/// `PalmDetector`): two fingers scrolling, a finger resting while another moves, and a palm on
/// the pad begin no pinch, no swipe and no hold beyond what is stated. On the scripted 100×60 mm
/// clickpad with five slots; every output is given whole, each event with its time in
/// milliseconds after the fingers land and, for pointer motion and scrolling, its movement in
/// points (a scroll moves 160 / 25.4 points per millimetre of the fingers' average movement, the
/// pointer 1000 / 25.4 per millimetre).
@Suite struct TouchpadGestureNearMissTests {
    private let start = Timestamp(microseconds: 1_000_000)

    /// Every event as "time summary", with the movement of pointer motion and of a scroll's
    /// `began` and `changed` in points, to a hundredth.
    private func timeline(_ output: [ClassifiedInput]) -> [String] {
        output.map { input in
            let time = (input.time.microseconds - start.microseconds) / 1000
            switch input.event {
            case .motion(let delta, _):
                return "\(time) motion \(points(delta))"
            case .scroll(.continuous, let delta, _, let phase, _) where phase != .ended:
                return "\(time) \(summary(input.event)) \(points(delta))"
            default:
                return "\(time) \(summary(input.event))"
            }
        }
    }

    private func points(_ delta: Vector) -> String {
        func rounded(_ value: Double) -> String { "\((value * 100).rounded() / 100 + 0)" }
        return "\(rounded(delta.x)),\(rounded(delta.y))"
    }

    /// A movement of `millimetres` as the scroll reports it, in points to a hundredth.
    private func scrolled(_ x: Double, _ y: Double) -> String { points(Vector(x: x, y: y) * (160 / 25.4)) }

    /// A movement of `millimetres` as pointer motion, in points to a hundredth.
    /// Millimetres of one-finger travel as the pointer moves them under `flatPointer`.
    private func moved(_ x: Double, _ y: Double) -> String {
        points(Vector(x: x, y: y) * flatTouchpadPointsPerMillimetre)
    }

    // MARK: Two fingers scrolling

    /// How the second of two scrolling fingers moves beside the first, which moves down 2 mm a
    /// frame.
    enum ScrollPath: CaseIterable, CustomStringConvertible {
        /// Straight down with the first finger.
        case together
        /// 1 mm right for every 2 mm down: 26.6° away from the first finger's direction, within
        /// the 45° that still counts as the same direction.
        case diverging

        var description: String { self == .together ? "together" : "diverging" }
        var step: (dx: Double, dy: Double) { self == .together ? (0, 2) : (1, 2) }
    }

    /// Two fingers 20 mm apart side by side rest for `rest` milliseconds, then move down 2 mm
    /// every 10 ms for five frames and lift. At the first step each has travelled 1.5 mm or more
    /// in directions within 45° of each other: a scroll, whose axis locks to vertical (the
    /// fingers' average movement lies within 30° of it), each frame scrolling the fingers'
    /// average 2 mm down. No pinch: within 300 ms of landing the fingers never move apart (more
    /// than 45° between their directions). No swipe: two fingers scroll. Resting 40 ms or more
    /// begins the quick two-finger hold, which the scroll cancels in the same frame; resting
    /// 200 ms, past the 150 ms after which two fingers within a 40×7 mm box scroll whatever
    /// they do, changes nothing more.
    @Test(arguments: [0, 100, 200] as [Int64], ScrollPath.allCases)
    func twoFingersScrollingMakeNoOtherGesture(rest: Int64, path: ScrollPath) throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(rest))
        script.step([(0, 0, 2), (1, path.step.dx, path.step.dy)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        var expected: [String] = []
        if rest >= 40 {
            expected += ["40 hold began 2 indirectPointer", "\(rest + 10) hold cancelled 2 indirectPointer"]
        }
        expected.append("\(rest + 10) scroll began down \(scrolled(0, 2))")
        for frame in 2...5 as ClosedRange<Int64> {
            expected.append("\(rest + 10 * frame) scroll changed down \(scrolled(0, 2))")
        }
        expected.append("\(rest + 50) scroll ended")
        #expect(timeline(try classify(script.device, script.frames)) == expected)
    }

    // MARK: A finger resting while another moves

    /// Two fingers 24 mm apart, one above the other (too far apart vertically to be side by
    /// side); the bottom one moves right 2 mm every 10 ms and the top one rests. Nothing is
    /// decided while only one finger has travelled 1.5 mm; at 20 ms the moving finger has
    /// travelled 4 mm while the other rests: a "one-finger scroll", as for libinput. The scroll
    /// locks to horizontal and moves by the fingers' average, half the moving finger's 2 mm:
    /// 1 mm a frame. No pinch, although the distance between the fingers changes, and no hold:
    /// the scroll is decided before the quick hold's 40 ms.
    @Test func theBottomFingerMovingWhileTheTopOneRestsScrolls() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 50, 30)  // (50, 18) mm
        script.put(finger: 1, atPercent: 50, 70)  // (50, 42) mm
        script.sync()
        script.step([(1, 2, 0)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        var expected = ["20 scroll began right \(scrolled(1, 0))"]
        for time in [30, 40, 50] { expected.append("\(time) scroll changed right \(scrolled(1, 0))") }
        expected.append("50 scroll ended")
        #expect(timeline(try classify(script.device, script.frames)) == expected)
    }

    /// The pads a resting thumb is tried on: the scripted clickpad (60 mm tall), one 45 mm tall,
    /// and a 60 mm pad with separate buttons.
    enum ThumbPad: CaseIterable, CustomStringConvertible {
        case clickpad
        case shortClickpad
        case padWithButtons

        var description: String {
            switch self {
            case .clickpad: "clickpad"
            case .shortClickpad: "45 mm clickpad"
            case .padWithButtons: "pad with buttons"
            }
        }

        var device: DeviceDescription {
            switch self {
            case .clickpad: ScriptedDevice.touchpad()
            case .shortClickpad: ScriptedDevice.touchpad(height: 45)
            case .padWithButtons: ScriptedDevice.touchpad(isClickpad: false)
            }
        }
    }

    /// The same with the fingers' roles swapped: the top finger moves right 2 mm every 10 ms
    /// and a thumb below it rests, 30 % and 80 % of the pad's height down. At 20 ms the finger
    /// has travelled 4 mm while the thumb rests. On a clickpad at least 50 mm tall that is a
    /// resting thumb: a thumb rests below the fingers to press the pad. It is ignored until it
    /// lifts, so one finger is left, which moves the pointer from the next frame on, 2 mm a
    /// frame. On a shorter clickpad, or a pad with separate buttons, nothing rests there to
    /// press: the fingers scroll, as the bottom one moving does (1 mm a frame, their average).
    /// No pinch and no hold either way. libinput decides the same on the clickpad; on the other
    /// two it leaves the fingers undecided and reports a hold from 40 ms until they lift, where
    /// Wayfinder scrolls on purpose (see `PinchSwipeDecision`).
    @Test(arguments: ThumbPad.allCases)
    func theTopFingerMovingOverARestingThumb(pad: ThumbPad) throws {
        var script = InputScript(device: pad.device, start: start)
        script.put(finger: 0, atPercent: 50, 30)  // the finger
        script.put(finger: 1, atPercent: 40, 80)  // the thumb
        script.sync()
        script.step([(0, 2, 0)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        var expected: [String]
        if pad == .clickpad {
            expected = [30, 40, 50].map { "\($0) motion \(moved(2, 0))" }
        } else {
            expected = ["20 scroll began right \(scrolled(1, 0))"]
            for time in [30, 40, 50] { expected.append("\(time) scroll changed right \(scrolled(1, 0))") }
            expected.append("50 scroll ended")
        }
        #expect(timeline(try classify(script.device, script.frames, options: flatPointer)) == expected)
    }

    /// A finger and a thumb below it rest 100 ms on the clickpad (the quick two-finger hold
    /// begins at 40 ms); then the finger moves right 2 mm every 10 ms. At its second step
    /// (120 ms) it has travelled 4 mm while the thumb rests: the hold is cancelled, the thumb
    /// ignored, and the finger moves the pointer from the next frame on, 2 mm a frame.
    @Test func aFingerMovingOverARestingThumbCancelsTheHold() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 50, 30)  // the finger
        script.put(finger: 1, atPercent: 40, 80)  // the thumb
        script.sync()
        script.wait(.milliseconds(100))
        script.step([(0, 2, 0)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        #expect(
            timeline(try classify(script.device, script.frames, options: flatPointer)) == [
                "40 hold began 2 indirectPointer", "120 hold cancelled 2 indirectPointer",
            ] + [130, 140, 150].map { "\($0) motion \(moved(2, 0))" })
    }

    /// Three fingers: one at the top, one in the middle and one at the bottom, 6 mm apart
    /// vertically; the top or the middle one moves right 2 mm every 10 ms for 100 ms, the others
    /// rest. Three fingers are decided by the top and the bottom one: a swipe needs both to
    /// travel 2 mm (1.5 mm, 0.5 mm more per finger beyond two), a pinch the bottom one (a thumb)
    /// to travel 6 mm (4 mm, 2 mm more per finger beyond two) while the top one rests. So no
    /// swipe and no pinch, and no hold: they lift before the 180 ms three fingers must rest.
    /// The middle finger moving leaves the two followed ones resting, and nothing is decided.
    /// The top finger moving 6 mm (at 30 ms) over the resting bottom one makes that a resting
    /// thumb (see `theTopFingerMovingOverARestingThumb`); the two fingers left start afresh, and
    /// 4 mm later (at 50 ms) the middle one, resting below the moving one, is a resting thumb in
    /// turn: one finger is left, which moves the pointer 2 mm a frame.
    @Test(arguments: [0, 1])
    func oneOfThreeFingersMovingMakesNoGesture(moving: Int) throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 40, 30)  // (40, 18) mm, the top finger
        script.put(finger: 1, atPercent: 55, 40)  // (55, 24) mm
        script.put(finger: 2, atPercent: 45, 50)  // (45, 30) mm, the bottom finger
        script.sync()
        script.step([(moving, 2, 0)], frames: 10, every: .milliseconds(10))
        script.lift(fingers: [0, 1, 2])
        let expected = moving == 0 ? stride(from: 60, through: 100, by: 10).map { "\($0) motion \(moved(2, 0))" } : []
        #expect(timeline(try classify(script.device, script.frames, options: flatPointer)) == expected)
    }

    // MARK: Palms

    /// How a palm is told from a finger.
    enum PalmSign: CaseIterable, CustomStringConvertible {
        /// The firmware says so: `ABS_MT_TOOL_TYPE` is `MT_TOOL_PALM`.
        case toolType
        /// The contact presses harder than the palm pressure threshold, 130 (libinput's default).
        case pressure
        /// The contact lands within 8 mm of the left edge of a pad 70 mm wide or more and stays
        /// there (a palm beside the pad while typing).
        case edgeZone

        var description: String {
            switch self {
            case .toolType: "tool type"
            case .pressure: "pressure"
            case .edgeZone: "edge zone"
            }
        }
    }

    /// The scripted clickpad, also reporting each contact's tool type.
    private func padReportingToolType() -> DeviceDescription {
        var device = ScriptedDevice.touchpad()
        device.supportedCodes[.absolute, default: []].insert(AbsoluteAxis.multitouchToolType.rawValue)
        device.absoluteAxes[.multitouchToolType] = AbsoluteAxisInfo(minimum: 0, maximum: 2)
        return device
    }

    /// Puts a palm down in `slot` at a position in percent of the pad (not yet synced); one told
    /// by the edge zone lands 4 mm from the left edge instead, at the same height.
    private func putPalm(_ slot: Int, atPercent x: Double, _ y: Double, _ sign: PalmSign, on script: inout InputScript)
    {
        switch sign {
        case .edgeZone:
            script.put(finger: slot, atPercent: 4, y)
        case .toolType:
            script.put(finger: slot, atPercent: x, y)
            // MT_TOOL_PALM, for the slot `put` selected.
            script.add(.absolute, AbsoluteAxis.multitouchToolType.rawValue, 2)
        case .pressure:
            script.put(finger: slot, atPercent: x, y, pressure: 200)
        }
    }

    /// A palm lands at the bottom of the pad with two fingers above it, which then move down
    /// 2 mm every 10 ms together. The palm is no finger: the tool keys count three contacts, but
    /// two fingers scroll, exactly as two fingers alone do (see
    /// `twoFingersScrollingMakeNoOtherGesture`), and no three-finger swipe begins.
    @Test(arguments: PalmSign.allCases)
    func aPalmBesideTwoScrollingFingersMakesNoSwipe(sign: PalmSign) throws {
        var script = InputScript(device: padReportingToolType(), start: start)
        script.put(finger: 0, atPercent: 40, 40)
        script.put(finger: 1, atPercent: 60, 40)
        putPalm(2, atPercent: 50, 85, sign, on: &script)
        script.sync()
        script.step([(0, 0, 2), (1, 0, 2)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1, 2])
        var expected = ["10 scroll began down \(scrolled(0, 2))"]
        for time in [20, 30, 40, 50] { expected.append("\(time) scroll changed down \(scrolled(0, 2))") }
        expected.append("50 scroll ended")
        #expect(timeline(try classify(script.device, script.frames)) == expected)
    }

    /// A palm rests at the bottom of the pad while one finger moves right 2 mm every 10 ms: one
    /// finger, so pointer motion, 2 mm a frame. The palm makes it no two-finger scroll, and no
    /// two-finger hold begins after 40 ms.
    @Test(arguments: PalmSign.allCases)
    func aPalmRestingWhileAFingerMovesLeavesPointerMotion(sign: PalmSign) throws {
        var script = InputScript(device: padReportingToolType(), start: start)
        script.put(finger: 0, atPercent: 40, 40)
        putPalm(1, atPercent: 50, 85, sign, on: &script)
        script.sync()
        script.step([(0, 2, 0)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        #expect(
            timeline(try classify(script.device, script.frames, options: flatPointer))
                == [10, 20, 30, 40, 50].map {
                    "\($0) motion \(moved(2, 0))"
                })
    }

    /// Three fingers in a row across the middle of the pad and a palm below them; the fingers
    /// move right 2 mm every 10 ms. Three fingers swipe (each travelled the 2 mm three fingers
    /// need at the first step), not four: the palm counts for nothing, and each later frame
    /// moves the swipe by the fingers' average, 2 mm.
    @Test(arguments: PalmSign.allCases)
    func threeFingersAndAPalmSwipeWithThree(sign: PalmSign) throws {
        var script = InputScript(device: padReportingToolType(), start: start)
        for finger in 0..<3 { script.put(finger: finger, atPercent: 30 + 10 * Double(finger), 50) }
        putPalm(3, atPercent: 70, 85, sign, on: &script)
        script.sync()
        script.step([(0, 2, 0), (1, 2, 0), (2, 2, 0)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1, 2, 3])
        let step = Vector(x: 2, y: 0) * (1000 / 25.4)
        func swipe(_ phase: GesturePhase, delta: Vector = .zero) -> ClassifiedEvent {
            .gesture(Gesture(kind: .swipe, phase: phase, fingers: 3, touchType: .indirectPointer, delta: delta))
        }
        func at(_ milliseconds: Int64, _ event: ClassifiedEvent) -> ClassifiedInput {
            ClassifiedInput(time: start + .milliseconds(milliseconds), event: event)
        }
        #expect(
            try classify(script.device, script.frames) == [
                at(10, swipe(.began)),
                at(20, swipe(.changed, delta: step)),
                at(30, swipe(.changed, delta: step)),
                at(40, swipe(.changed, delta: step)),
                at(50, swipe(.changed, delta: step)),
                at(50, swipe(.ended)),
            ])
    }
}
