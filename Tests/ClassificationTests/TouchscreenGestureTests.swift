import Classification
import EventModel
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

    /// The touches move apart 2 mm each every 10 ms. After the first frame each moved 12.6 pt,
    /// more than the 10 pt a resting touch may: the pinch begins there, at scale 1 for the 44 mm
    /// they are apart then; each later frame spreads them 4 mm more, about their unmoving centre.
    @Test func touchesMovingApartPinch() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.step([(0, -2, 0), (1, 2, 0)], frames: 3, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "position", "position 1",
                "pinch began 2 direct", "position", "position 1",
                "pinch changed 2 direct", "position", "position 1",
                "pinch changed 2 direct", "position", "position 1",
                "pinch ended 2 direct", "position up", "position up 1",
            ])
        let centre = Vector(x: 0.5, y: 0.5)
        func pinch(_ phase: GesturePhase, scale: Double = 1) -> Gesture {
            Gesture(kind: .pinch, phase: phase, fingers: 2, touchType: .direct, scale: scale, position: centre)
        }
        #expect(
            gestures(output) == [
                at(10, pinch(.began)),
                at(20, pinch(.changed, scale: 48.0 / 44)),
                at(30, pinch(.changed, scale: 52.0 / 44)),
                at(30, pinch(.ended, scale: 52.0 / 44)),
            ])
    }

    /// The touches move down together 2 mm every 10 ms: a swipe, which begins at the first frame
    /// and moves with their centre (12.6 pt a frame, 1/60 of the screen's height).
    @Test func touchesMovingTogetherSwipe() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.step([(0, 0, 2), (1, 0, 2)], frames: 3, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "position", "position 1",
                "swipe began 2 direct", "position", "position 1",
                "swipe changed 2 direct", "position", "position 1",
                "swipe changed 2 direct", "position", "position 1",
                "swipe ended 2 direct", "position up", "position up 1",
            ])
        func swipe(_ phase: GesturePhase, afterFrames frames: Double, delta: Vector = .zero) -> Gesture {
            Gesture(
                kind: .swipe, phase: phase, fingers: 2, touchType: .direct, delta: delta,
                position: Vector(x: 0.5, y: (60 + 2 * frames) / 120))
        }
        let step = Vector(x: 0, y: 2) * pointsPerMillimetre
        #expect(
            gestures(output) == [
                at(10, swipe(.began, afterFrames: 1)),
                at(20, swipe(.changed, afterFrames: 2, delta: step)),
                at(30, swipe(.changed, afterFrames: 3, delta: step)),
                at(30, swipe(.ended, afterFrames: 3)),
            ])
    }

    /// Two touches resting 500 ms begin a hold; when they then move apart, the hold is cancelled
    /// and the pinch begins in the same frame.
    @Test(arguments: AdvanceGranularity.allCases)
    func aHoldThenAPinch(advance: AdvanceGranularity) throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        land(on: &script)
        script.wait(.milliseconds(600))
        script.step([(0, -2, 0), (1, 2, 0)], frames: 2, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames, advance: advance)
        #expect(
            summaries(output) == [
                "position", "position 1", "hold began 2 direct",
                "hold cancelled 2 direct", "pinch began 2 direct", "position", "position 1",
                "pinch changed 2 direct", "position", "position 1",
                "pinch ended 2 direct", "position up", "position up 1",
            ])
        let centre = Vector(x: 0.5, y: 0.5)
        #expect(
            gestures(output) == [
                at(500, Gesture(kind: .hold, phase: .began, fingers: 2, touchType: .direct, position: centre)),
                at(610, Gesture(kind: .hold, phase: .cancelled, fingers: 2, touchType: .direct, position: centre)),
                at(610, Gesture(kind: .pinch, phase: .began, fingers: 2, touchType: .direct, position: centre)),
                at(
                    620,
                    Gesture(
                        kind: .pinch, phase: .changed, fingers: 2, touchType: .direct, scale: 48.0 / 44,
                        position: centre)),
                at(
                    620,
                    Gesture(
                        kind: .pinch, phase: .ended, fingers: 2, touchType: .direct, scale: 48.0 / 44,
                        position: centre)),
            ])
    }

    /// A touch held past the long-press duration is a long press; a second touch landing and
    /// the two moving apart begin a pinch, which cancels the long press before the first touch's
    /// movement could drag. In each frame the gestures come before the positions.
    @Test func aPinchCancelsALongPress() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen(), start: start)
        script.put(finger: 0, atPercent: 40, 50)
        script.sync()
        script.wait(.milliseconds(600))
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.step([(0, -2, 0), (1, 2, 0)], frames: 1, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "position", "longPress began direct", "position 1", "longPress cancelled direct",
                "pinch began 2 direct", "position", "position 1", "pinch ended 2 direct", "position up",
                "position up 1",
            ])
    }
}
