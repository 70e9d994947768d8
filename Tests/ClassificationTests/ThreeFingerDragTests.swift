import Classification
import EventModel
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

/// Three-finger drag (`ThreeFingerDrag`, libinput 1.27's "3fg drag") on the scripted 100×60 mm
/// clickpad with five slots, flat acceleration. Every output is given whole, each event as
/// "milliseconds after the fingers landed, then its summary".
///
/// The fingers land in a row across the middle of the pad, 10 mm apart, and move right 2 mm every
/// 10 ms: as for a swipe, three fingers have moved together at the first frame (10 ms), four at
/// the second (20 ms). The drag's release timeout is 700 ms after the fingers lift.
@Suite struct ThreeFingerDragTests {
    private let start = Timestamp(microseconds: 1_000_000)

    private func settings(
        _ drag: ThreeFingerDragSetting, tapToClick: Bool? = nil
    ) -> DeviceSettings {
        DeviceSettings(tapToClick: tapToClick, accelerationProfile: .flat, threeFingerDrag: drag)
    }

    /// Each event as "milliseconds after `start`, summary".
    private func timeline(_ output: [ClassifiedInput]) -> [String] {
        output.map { "\(($0.time.microseconds - start.microseconds) / 1000) \(summary($0.event))" }
    }

    /// The fingers land in one frame (at `time` milliseconds) in a row across the middle of the
    /// pad, 10 mm apart.
    private func land(_ count: Int, on script: inout InputScript) {
        for finger in 0..<count { script.put(finger: finger, atPercent: 30 + 10 * Double(finger), 50) }
        script.sync()
    }

    /// `count` fingers land, move right 2 mm every 10 ms for `steps` frames, then lift in the
    /// last frame's time.
    private func drag(_ count: Int, steps: Int = 5, on script: inout InputScript) {
        land(count, on: &script)
        script.swipe(
            fingers: Array(0..<count), byMillimetres: 2 * Double(steps), 0, over: .milliseconds(10 * Int64(steps)),
            steps: steps)
        script.lift(fingers: Array(0..<count))
    }

    /// "motion" and "drag changed" at each of `times`.
    private func dragging(_ times: some Sequence<Int>) -> [String] {
        times.flatMap { ["\($0) motion", "\($0) drag changed indirectPointer"] }
    }

    // MARK: The drag

    /// Three fingers move together: at the first frame that decides (10 ms) the primary button
    /// goes down; each later frame moves the pointer by the fingers' 2 mm, flat-accelerated as
    /// one finger's, and the first movement beyond the press's 1.3 mm begins a `drag` as a held
    /// clickpad button does. The fingers lift at 50 ms; 700 ms later the drag ends and the button
    /// comes up. No swipe is reported.
    @Test func threeFingersDragWithThePrimaryButtonHeld() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &script)
        let output = try classify(
            script.device, script.frames, options: settings(.threeFingers), until: start + .seconds(2))
        #expect(
            timeline(output)
                == ["10 button primary down threeFingerDrag", "20 motion", "20 drag began indirectPointer"]
                + dragging(stride(from: 30, through: 50, by: 10))
                + ["750 drag ended indirectPointer", "750 button primary up threeFingerDrag"])
        // Each motion is the fingers' 2 mm, as one finger's 2 mm moves the pointer.
        for input in output {
            guard case .motion(let delta, _) = input.event else { continue }
            #expect(abs(delta.x - 2 * flatTouchpadPointsPerMillimetre) < 1e-6 && delta.y == 0, "\(delta)")
        }
    }

    /// The fingers lift at 50 ms and land again at 350 ms, within the 700 ms: the drag goes on
    /// from their next movement, with the button held all along; it comes up 700 ms after the
    /// second lift (400 ms). One press, one drag, one release.
    @Test func liftingAndLandingAgainWithinTheTimeoutIsOneDrag() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &script)
        script.wait(.milliseconds(300))
        drag(3, on: &script)
        let output = try classify(
            script.device, script.frames, options: settings(.threeFingers), until: start + .seconds(2))
        #expect(
            timeline(output)
                == ["10 button primary down threeFingerDrag", "20 motion", "20 drag began indirectPointer"]
                + dragging(stride(from: 30, through: 50, by: 10))
                + dragging(stride(from: 360, through: 400, by: 10))
                + ["1100 drag ended indirectPointer", "1100 button primary up threeFingerDrag"])
    }

    /// The fingers lift at 50 ms and stay off: the button comes up at the deadline, 750 ms. A
    /// finger that lands at 1050 ms and moves is the pointer again: motion, and nothing held.
    @Test func liftingForLongerThanTheTimeoutReleasesAtTheDeadline() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &script)
        script.wait(.milliseconds(1000))
        drag(1, steps: 2, on: &script)
        let output = try classify(script.device, script.frames, options: settings(.threeFingers))
        #expect(
            timeline(output)
                == ["10 button primary down threeFingerDrag", "20 motion", "20 drag began indirectPointer"]
                + dragging(stride(from: 30, through: 50, by: 10))
                + ["750 drag ended indirectPointer", "750 button primary up threeFingerDrag"]
                + ["1060 motion", "1070 motion"])
    }

    /// With tap-to-click, a finger that taps while the button waits (landing at 300 ms, lifting
    /// at 350 ms) ends the drag at once: the button comes up at the tap, which is nothing more
    /// (no tap, no click), and nothing happens at the 750 ms deadline.
    @Test func aTapWhileTheButtonWaitsEndsTheDragAtOnce() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &script)
        script.wait(.milliseconds(250))
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(50))
        script.lift(fingers: [0])
        let output = try classify(
            script.device, script.frames, options: settings(.threeFingers, tapToClick: true),
            until: start + .seconds(2))
        #expect(
            timeline(output)
                == ["10 button primary down threeFingerDrag", "20 motion", "20 drag began indirectPointer"]
                + dragging(stride(from: 30, through: 50, by: 10))
                + ["350 drag ended indirectPointer", "350 button primary up threeFingerDrag"])
    }

    /// Explained (`--why`): the drag begins when the fingers move together, the button waits
    /// 700 ms at the lift, and the tap ends the drag.
    @Test func theDragIsExplained() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &script)
        script.wait(.milliseconds(250))
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(50))
        script.lift(fingers: [0])
        var translator = try DeviceTranslator(
            device: script.device, settings: settings(.threeFingers, tapToClick: true))
        translator.isExplaining = true
        var output: [ClassifiedInput] = []
        var decisions: [ClassificationDecision] = []
        for frame in script.frames { translator.process(frame, at: frame.time, into: &output) }
        translator.advance(to: start + .seconds(2), into: &output)
        translator.takeDecisions(into: &decisions)
        #expect(
            decisions.map { "\(($0.time.microseconds - start.microseconds) / 1000) \($0)" } == [
                "10 3 fingers moved together: three-finger drag, primary held",
                "50 3-finger touch did not tap: moved 10.0 mm, more than 1.3 mm",
                "50 three-finger drag: primary stays down for 700 ms: put the fingers back to go on dragging",
                "350 tap ends the three-finger drag: primary up, no click",
            ])
    }

    /// Pressing the clickpad while the button waits ends the drag at once: its button comes up,
    /// then the click's own goes down and up.
    @Test func aClickWhileTheButtonWaitsEndsTheDragAtOnce() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &script)
        script.wait(.milliseconds(250))
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(20))
        script.key(.leftButton, 1)
        script.wait(.milliseconds(80))
        script.key(.leftButton, 0)
        script.lift(fingers: [0])
        let output = try classify(
            script.device, script.frames, options: settings(.threeFingers), until: start + .seconds(2))
        #expect(
            timeline(output)
                == ["10 button primary down threeFingerDrag", "20 motion", "20 drag began indirectPointer"]
                + dragging(stride(from: 30, through: 50, by: 10))
                + [
                    "320 drag ended indirectPointer", "320 button primary up threeFingerDrag",
                    "320 button primary down buttonArea", "400 button primary up buttonArea",
                ])
    }

    /// The device goes away mid-drag (at 30 ms, the fingers down): the drag is cancelled and the
    /// button comes up then, so no button stays down; nothing comes later.
    @Test func removingTheDeviceMidDragReleasesTheButton() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(3, on: &script)
        script.swipe(fingers: [0, 1, 2], byMillimetres: 6, 0, over: .milliseconds(30), steps: 3)
        let output = try classify(
            script.device, script.frames, options: settings(.threeFingers), removeAt: start + .milliseconds(30))
        #expect(
            timeline(output) == [
                "10 button primary down threeFingerDrag", "20 motion", "20 drag began indirectPointer", "30 motion",
                "30 drag changed indirectPointer", "30 drag cancelled indirectPointer",
                "30 button primary up threeFingerDrag",
            ])
    }

    // MARK: What stays as it was

    /// With tap-to-click, three fingers that land and lift 100 ms later without moving are a
    /// three-finger tap (a middle click, held for tap-and-drag's 220 ms), as with the drag off:
    /// the drag begins only when the fingers move.
    @Test func aThreeFingerTapStaysATap() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(3, on: &script)
        script.wait(.milliseconds(100))
        script.lift(fingers: [0, 1, 2])
        let tap = ["100 tap 3 indirectPointer", "100 button middle down tap", "320 button middle up tap"]
        for drag in [ThreeFingerDragSetting.threeFingers, .off] {
            let output = try classify(
                script.device, script.frames, options: settings(drag, tapToClick: true), until: start + .seconds(2))
            #expect(timeline(output) == tap, "\(drag)")
        }
    }

    /// With the drag on four fingers, four fingers drag (decided at 20 ms, when each has moved
    /// 2.5 mm) and three still swipe.
    @Test func fourFingersDragAndThreeStillSwipeWithTheSettingOnFour() throws {
        var four = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(4, on: &four)
        #expect(
            timeline(
                try classify(four.device, four.frames, options: settings(.fourFingers), until: start + .seconds(2)))
                == [
                    "20 button primary down threeFingerDrag", "30 motion", "30 drag began indirectPointer",
                    "40 motion", "40 drag changed indirectPointer", "50 motion", "50 drag changed indirectPointer",
                    "750 drag ended indirectPointer", "750 button primary up threeFingerDrag",
                ])
        var three = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &three)
        #expect(
            timeline(
                try classify(three.device, three.frames, options: settings(.fourFingers), until: start + .seconds(2)))
                == [
                    "10 swipe began 3 indirectPointer", "20 swipe changed 3 indirectPointer",
                    "30 swipe changed 3 indirectPointer", "40 swipe changed 3 indirectPointer",
                    "50 swipe changed 3 indirectPointer", "50 swipe ended 3 indirectPointer",
                ])
    }

    /// Off (the default), three and four fingers swipe exactly as without the setting.
    @Test(arguments: [3, 4])
    func offLeavesSwipesAsTheyWere(fingers: Int) throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(fingers, on: &script)
        let off = try classify(script.device, script.frames, options: settings(.off), until: start + .seconds(2))
        let unset = try classify(
            script.device, script.frames, options: DeviceSettings(accelerationProfile: .flat),
            until: start + .seconds(2))
        #expect(off == unset)
        #expect(
            collapsed(off) == [
                "swipe began \(fingers) indirectPointer", "swipe changed \(fingers) indirectPointer",
                "swipe ended \(fingers) indirectPointer",
            ])
    }

    // MARK: Real sensors

    /// The drag and its lift and resume of `liftingAndLandingAgainWithinTheTimeoutIsOneDrag` on a
    /// noisy touchpad (`SensorNoise.touchpad`: the fingers land 10–40 ms apart and wobble by
    /// 0.25 mm while they rest, reported every 10 ms): the same one press, drag and release,
    /// 700 ms after the last lift. The first finger down moves the pointer by its wobble until
    /// the others land (as one finger does), so motion is left out; no swipe, scroll or hold.
    @Test(arguments: [1, 2, 3, 7, 11] as [UInt64])
    func staggeredWobblingFingersGiveTheSameDrag(seed: UInt64) throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        drag(3, on: &script)
        script.wait(.milliseconds(300))
        drag(3, on: &script)
        let noisy = SensorNoise.touchpad(seed: seed).apply(to: script.frames, device: script.device)
        let lift = try #require(noisy.last?.time)
        let output = try classify(
            script.device, noisy, options: settings(.threeFingers), until: lift + .seconds(2))
        let events = output.filter {
            switch $0.event {
            case .motion, .drag(.changed, _, _, _): false
            default: true
            }
        }
        #expect(
            summaries(events) == [
                "button primary down threeFingerDrag", "drag began indirectPointer", "drag ended indirectPointer",
                "button primary up threeFingerDrag",
            ])
        #expect(events.last?.time == lift + .milliseconds(700))
    }
}
