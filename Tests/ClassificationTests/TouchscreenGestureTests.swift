import Classification
import EventModel
import Foundation
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

/// Pinch, swipe and hold with two touches on the scripted 200×120 mm touchscreen
/// (`TouchscreenGesture`), at 160 points per inch (6.3 points per millimetre). Each test gives
/// the whole output: every contact's positions (by summary) and every gesture event exactly.
@Suite struct TouchscreenGestureTests {
    private let start = Timestamp(microseconds: 1_000_000)
    private let pointsPerMillimetre = 160 / 25.4

    private func at(_ milliseconds: Int64, _ gesture: Gesture) -> ClassifiedInput {
        ClassifiedInput(time: start + .milliseconds(milliseconds), event: .gesture(gesture))
    }

    private func gestures(_ output: [ClassifiedInput]) -> [ClassifiedInput] {
        output.filter {
            if case .gesture = $0.event { return true }
            return false
        }
    }

    /// Two touches 40 mm apart across the middle of the screen.
    private func land(on script: inout InputScript) {
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
    }

    /// The touches move apart 2 mm each every 10 ms, for 60 ms. Their distance changes by more
    /// than the 6 mm noise can reach at the second frame, but nothing begins while touches may
    /// still be landing (50 ms after the last landed): the pinch begins at the 50 ms frame, at
    /// scale 1 for the 60 mm they are apart then; the next frame spreads them 4 mm more, about
    /// their unmoving centre. (Before the settle window and the noise thresholds the pinch began
    /// at the first frame, 10 ms, and the stream moved for 30 ms only.)
    @Test func touchesMovingApartPinch() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.step([(0, -2, 0), (1, 2, 0)], frames: 6, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == ["touch", "touch 1"]
                + Array(repeating: ["touch", "touch 1"], count: 4).flatMap { $0 } + [
                    "pinch began 2 direct", "touch", "touch 1",
                    "pinch changed 2 direct", "touch", "touch 1",
                    "pinch ended 2 direct", "touch up", "touch up 1",
                ])
        let centre = Vector(x: 0.5, y: 0.5)
        func pinch(_ phase: GesturePhase, scale: Double = 1) -> Gesture {
            Gesture(kind: .pinch, phase: phase, fingers: 2, touchType: .direct, scale: scale, position: centre)
        }
        #expect(
            gestures(output) == [
                at(50, pinch(.began)),
                at(60, pinch(.changed, scale: 64.0 / 60)),
                at(60, pinch(.ended, scale: 64.0 / 60)),
            ])
    }

    /// The touches move down together 2 mm every 10 ms, for 60 ms: a swipe, which begins at the
    /// first frame after the 50 ms landing settle window (both have moved 3 mm the same way since
    /// the second frame) and moves with their centre (12.6 pt a frame, 1/60 of the screen's
    /// height). (Before the settle window the swipe began at the first frame, 10 ms, and the stream
    /// moved for 30 ms only.)
    @Test func touchesMovingTogetherSwipe() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.step([(0, 0, 2), (1, 0, 2)], frames: 6, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == ["touch", "touch 1"]
                + Array(repeating: ["touch", "touch 1"], count: 4).flatMap { $0 } + [
                    "swipe began 2 direct", "touch", "touch 1",
                    "swipe changed 2 direct", "touch", "touch 1",
                    "swipe ended 2 direct", "touch up", "touch up 1",
                ])
        func swipe(_ phase: GesturePhase, afterFrames frames: Double, delta: Vector = .zero) -> Gesture {
            Gesture(
                kind: .swipe, phase: phase, fingers: 2, touchType: .direct, delta: delta,
                position: Vector(x: 0.5, y: (60 + 2 * frames) / 120))
        }
        let step = Vector(x: 0, y: 2) * pointsPerMillimetre
        #expect(
            gestures(output) == [
                at(50, swipe(.began, afterFrames: 5)),
                at(60, swipe(.changed, afterFrames: 6, delta: step)),
                at(60, swipe(.ended, afterFrames: 6)),
            ])
    }

    /// Two touches resting 500 ms begin a hold; when they then move apart 2 mm each every 10 ms,
    /// the hold is cancelled once they have moved more than a resting touch may (3 mm, at the
    /// second frame), and the pinch begins in the same frame (their distance changed 8 mm). (With
    /// UIKit's 10 pt for a resting touch, the first frame cancelled the hold; the stream moves one
    /// frame longer for the pinch to change.)
    @Test(arguments: AdvanceGranularity.allCases)
    func aHoldThenAPinch(advance: AdvanceGranularity) throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.wait(.milliseconds(600))
        script.step([(0, -2, 0), (1, 2, 0)], frames: 3, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames, advance: advance)
        #expect(
            summaries(output) == [
                "touch", "touch 1", "hold began 2 direct", "touch", "touch 1",
                "hold cancelled 2 direct", "pinch began 2 direct", "touch", "touch 1",
                "pinch changed 2 direct", "touch", "touch 1",
                "pinch ended 2 direct", "touch up", "touch up 1",
            ])
        let centre = Vector(x: 0.5, y: 0.5)
        #expect(
            gestures(output) == [
                at(500, Gesture(kind: .hold, phase: .began, fingers: 2, touchType: .direct, position: centre)),
                at(620, Gesture(kind: .hold, phase: .cancelled, fingers: 2, touchType: .direct, position: centre)),
                at(620, Gesture(kind: .pinch, phase: .began, fingers: 2, touchType: .direct, position: centre)),
                at(
                    630,
                    Gesture(
                        kind: .pinch, phase: .changed, fingers: 2, touchType: .direct, scale: 52.0 / 48,
                        position: centre)),
                at(
                    630,
                    Gesture(
                        kind: .pinch, phase: .ended, fingers: 2, touchType: .direct, scale: 52.0 / 48,
                        position: centre)),
            ])
    }

    /// A touch held past the long-press duration is a long press; a second touch landing, resting
    /// through the 50 ms landing settle window, and the two moving 4 mm apart in one frame begin
    /// a pinch, which cancels the long press before the first touch's movement could drag. In
    /// each frame the gestures come before the positions. (The rest is new with the settle window:
    /// before it ends no pinch begins, and the first touch's movement would drag.)
    @Test func aPinchCancelsALongPress() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        script.put(finger: 0, atPercent: 40, 50)
        script.sync()
        script.wait(.milliseconds(600))
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(50))
        script.step([(0, -4, 0), (1, 4, 0)], frames: 1, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "touch", "longPress began direct", "touch 1", "longPress cancelled direct",
                "pinch began 2 direct", "touch", "touch 1", "pinch ended 2 direct", "touch up",
                "touch up 1",
            ])
    }

    // MARK: Rotation

    /// Two touches 50 mm apart about the middle of the screen turn clockwise about their centre,
    /// the bottom one through the points of a circle of 25 mm radius at whole millimetres:
    /// (25, 0), (20, 15), (7, 24), (−7, 24), (−20, 15) and (−25, 0) from the centre, the top one
    /// opposite, after resting through the 50 ms landing settle window. At the first turn the
    /// line between them turned 36.9°, more than the 15° noise can turn it: a pinch, at scale 1
    /// for the 50 mm between them then. Each later frame turns the line between them by the angle
    /// between those points (clockwise positive: the screen's y axis points down), at the same
    /// distance (scale 1) and about the same centre (no movement); the pinch ends when they lift.
    @Test func touchesTurningAboutTheirCentrePinchWithRotation() throws {
        let circle: [(x: Double, y: Double)] = [(25, 0), (20, 15), (7, 24), (-7, 24), (-20, 15), (-25, 0)]
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        script.put(finger: 0, atPercent: 37.5, 50)  // (75, 60) mm
        script.put(finger: 1, atPercent: 62.5, 50)  // (125, 60) mm
        script.sync()
        script.wait(.milliseconds(50))
        for (from, to) in zip(circle, circle.dropFirst()) {
            script.wait(.milliseconds(10))
            script.move(finger: 0, byMillimetres: from.x - to.x, from.y - to.y)
            script.move(finger: 1, byMillimetres: to.x - from.x, to.y - from.y)
            script.sync()
        }
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        var expectedSummaries = ["touch", "touch 1", "pinch began 2 direct", "touch", "touch 1"]
        for _ in 2...5 { expectedSummaries += ["pinch changed 2 direct", "touch", "touch 1"] }
        expectedSummaries += ["pinch ended 2 direct", "touch up", "touch up 1"]
        #expect(summaries(output) == expectedSummaries)
        // Scale, rotation and movement to a millionth.
        func rounded(_ value: Double) -> String { String(format: "%.6f", (value * 1e6).rounded() / 1e6 + 0) }
        func line(_ milliseconds: Int64, _ phase: GesturePhase, rotation: Double = 0) -> String {
            "\(milliseconds) pinch \(phase) scale \(rounded(1)) rotation \(rounded(rotation)) delta 0.000000 0.000000"
                + " at 0.500000 0.500000"
        }
        func degrees(_ point: (x: Double, y: Double)) -> Double { atan2(point.y, point.x) * 180 / Double.pi }
        var expected = [line(60, .began)]
        for frame in 2...5 {
            expected.append(
                line(Int64(50 + 10 * frame), .changed, rotation: degrees(circle[frame]) - degrees(circle[frame - 1])))
        }
        expected.append(line(100, .ended))
        let lines = gestures(output).map { input -> String in
            guard case .gesture(let gesture) = input.event else { return "not a gesture" }
            let position = gesture.position ?? Vector(x: -1, y: -1)
            return "\((input.time.microseconds - start.microseconds) / 1000) \(gesture.kind) \(gesture.phase)"
                + " scale \(rounded(gesture.scale)) rotation \(rounded(gesture.rotation))"
                + " delta \(rounded(gesture.delta.x)) \(rounded(gesture.delta.y))"
                + " at \(rounded(position.x)) \(rounded(position.y))"
        }
        #expect(lines == expected)
    }

    // MARK: Near misses

    /// One touch rests while the other moves, 40 mm apart across the middle of the screen: 2 mm
    /// away from the first in four 0.5 mm frames, or 10 mm down (across the line between them) in
    /// five 2 mm frames. A pinch needs the distance between them to change by 6 mm or the line
    /// between them to turn 15°; here the distance changes by 2 mm, or by 1.2 mm while the line
    /// turns 14°. A swipe needs both touches to move. So no gesture: only the touches' positions.
    /// The 2 mm movement is within the 3 mm a resting touch may wander on a noisy panel, so that
    /// touch and release is a two-finger tap (with UIKit's 10 pt, 1.6 mm, it was none); the
    /// 10 mm one is no tap. A turn about the resting touch is no pinch; an interaction's rotation
    /// recognizer sees it in the positions.
    @Test(arguments: [(0.5, 0.0, 4, true), (0.0, 2.0, 5, false)] as [(Double, Double, Int, Bool)])
    func oneTouchMovingBesideARestingOneMakesNoGesture(dx: Double, dy: Double, frames: Int, taps: Bool) throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.step([(1, dx, dy)], frames: frames, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        #expect(
            summaries(try classify(script.device, script.frames))
                == ["touch", "touch 1"] + Array(repeating: "touch 1", count: frames) + [
                    "touch up", "touch up 1",
                ] + (taps ? ["tap 2 direct"] : []))
    }

    /// The scripted touchscreen, also reporting each contact's tool type.
    private func screenReportingToolType() -> DeviceDescription {
        var device = ScriptedDevice.touchscreen()
        device.supportedCodes[.absolute, default: []].insert(AbsoluteAxis.multitouchToolType.rawValue)
        device.absoluteAxes[.multitouchToolType] = AbsoluteAxisInfo(minimum: 0, maximum: 2)
        return device
    }

    /// A palm (`MT_TOOL_PALM`) lands beside a finger, which moves right 2 mm every 10 ms, 10 mm
    /// in all. A palm is not a touch: it has no positions, counts for no gesture (the finger
    /// moving away from it would otherwise change their distance by 16 pt at the second frame, a
    /// pinch) and for no tap. What is left is one touch moving: its positions, and no tap, as it
    /// moved further than 10 pt.
    @Test func aPalmBesideAMovingTouchMakesNoGesture() throws {
        var script = InputScript(device: screenReportingToolType(), start: start)
        script.put(finger: 0, atPercent: 30, 50)
        // MT_TOOL_PALM, for the slot `put` selected.
        script.add(.absolute, AbsoluteAxis.multitouchToolType.rawValue, 2)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.step([(1, 2, 0)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        #expect(
            summaries(try classify(script.device, script.frames))
                == ["touch 1"] + Array(repeating: "touch 1", count: 5) + ["touch up 1"])
    }

    /// A palm (`MT_TOOL_PALM`) rests on the screen while a finger lands 20 ms later and lifts
    /// 60 ms after that without moving; the palm lifts 100 ms later still. The palm is no touch:
    /// the finger is the first touch, and its lift ends the touch sequence, a one-finger tap
    /// where it landed (with the palm counted, the sequence would end only when the palm lifts,
    /// as a two-finger tap).
    @Test func aFingerTappingBesideARestingPalmTapsWithOneFinger() throws {
        var script = InputScript(device: screenReportingToolType(), start: start)
        script.put(finger: 0, atPercent: 30, 50)
        script.add(.absolute, AbsoluteAxis.multitouchToolType.rawValue, 2)
        script.sync()
        script.wait(.milliseconds(20))
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(60))
        script.lift(fingers: [1])
        script.wait(.milliseconds(100))
        script.lift(fingers: [0])
        let output = try classify(script.device, script.frames, until: start + .milliseconds(1000))
        #expect(summaries(output) == ["touch 1", "touch up 1", "tap 1 direct"])
        #expect(
            output.last
                == ClassifiedInput(
                    time: start + .milliseconds(80),
                    event: .tap(fingers: 1, touchType: .direct, position: Vector(x: 0.6, y: 0.5))))
    }

    /// Two touches land together and lift 80 ms later without moving: a two-finger tap at the
    /// first touch's landing point, and no pinch, swipe or hold (the touches neither moved nor
    /// rested the 500 ms a hold needs).
    @Test func twoTouchesTappingMakeNoGesture() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.wait(.milliseconds(80))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames, until: start + .milliseconds(1000))
        #expect(summaries(output) == ["touch", "touch 1", "touch up", "touch up 1", "tap 2 direct"])
        #expect(
            output.last
                == ClassifiedInput(
                    time: start + .milliseconds(80),
                    event: .tap(fingers: 2, touchType: .direct, position: Vector(x: 0.4, y: 0.5))))
    }
}
