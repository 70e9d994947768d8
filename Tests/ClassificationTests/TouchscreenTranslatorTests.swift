import Classification
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

@Suite struct TouchscreenTranslatorTests {
    @Test func quickTouchIsATap() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 25, 50)
        script.sync()
        script.wait(.milliseconds(90))
        script.lift(fingers: [0])
        let output = try classify(script.device, script.frames)
        #expect(summaries(output) == ["touch", "touch up", "tap 1 direct"])
        #expect(output.last?.event == .tap(fingers: 1, touchType: .direct, position: Vector(x: 0.25, y: 0.5)))
    }

    @Test func twoFingerTapCountsBothFingers() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 25, 50)
        script.put(finger: 1, atPercent: 35, 50)
        script.sync()
        script.wait(.milliseconds(90))
        script.lift(fingers: [0, 1])
        #expect(
            summaries(try classify(script.device, script.frames)) == [
                "touch", "touch 1", "touch up", "touch up 1", "tap 2 direct",
            ])
    }

    @Test func heldTouchIsALongPress() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        let touched = script.now
        script.wait(.milliseconds(300))
        script.move(finger: 0, byMillimetres: 0.5, 0)  // 3 pt: within the allowable movement
        script.sync()
        script.wait(.milliseconds(500))
        script.lift(fingers: [0])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "touch", "touch", "longPress began direct", "touch up", "longPress ended direct",
            ])
        #expect(output[2].time == touched + .milliseconds(500))
    }

    @Test func movingBeforeTheDelayIsAPanNotALongPressOrDrag() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 0, 5, over: .milliseconds(200), steps: 4)
        script.wait(.milliseconds(600))
        script.lift(fingers: [0])
        let output = try classify(script.device, script.frames)
        #expect(collapsed(output) == ["touch", "touch up"])
    }

    @Test func touchDragsOnlyAfterTheLiftDelay() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(600))
        script.swipe(fingers: [0], byMillimetres: 0, 6, over: .milliseconds(60), steps: 3)
        script.lift(fingers: [0])
        let output = try classify(script.device, script.frames)
        #expect(
            collapsed(output) == [
                "touch", "longPress began direct", "touch", "longPress cancelled direct", "drag began direct",
                "touch", "drag changed direct", "touch", "drag changed direct", "touch up",
                "drag ended direct",
            ]
        )
        guard case .drag(.ended, .direct, let translation, _) = output.last?.event else {
            Issue.record("expected an ended drag")
            return
        }
        #expect(abs(translation.y - 6 * 160 / 25.4) < 0.001)
    }

    @Test func removalDuringLongPressCancelsIt() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        let removal = script.now + .milliseconds(700)
        let output = try classify(script.device, script.frames, removeAt: removal)
        #expect(
            summaries(output) == ["touch", "longPress began direct", "longPress cancelled direct", "touch up"])
        #expect(output[1].time == script.frames[0].time + .milliseconds(500))
        #expect(output[2].time == removal)
    }

    /// The second touch stops the first one's long press; the two touches resting 500 ms are a
    /// two-finger hold, which ends when they lift.
    @Test func secondFingerBeforeTheDelayStopsTheLongPress() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(100))
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(700))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "touch", "touch 1", "hold began 2 direct", "hold ended 2 direct", "touch up", "touch up 1",
            ])
        #expect(output[2].time == script.frames[1].time + .milliseconds(500))
    }

    @Test func removalMidDragCancels() throws {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(600))
        script.swipe(fingers: [0], byMillimetres: 4, 0, over: .milliseconds(20), steps: 2)
        let output = try classify(script.device, script.frames, removeAt: script.now + .milliseconds(1))
        #expect(
            collapsed(output).suffix(3) == ["drag changed direct", "drag cancelled direct", "touch up"]
        )
    }
}
