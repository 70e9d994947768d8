import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Classification

@Suite struct TouchpadSettingsTests {
    @Test func tapToClickTurnedOnMidTouchAppliesFromTheNextTouch() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        let firstFrames = script.frames.count
        script.wait(.milliseconds(50))
        script.lift(fingers: [0])
        let firstLift = script.now
        script.wait(.milliseconds(200))
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(50))
        script.lift(fingers: [0])

        var translator = try DeviceTranslator(device: script.device)
        var output: [ClassifiedInput] = []
        for (index, frame) in script.frames.enumerated() {
            if index == firstFrames { translator.request(DeviceSettings(tapToClick: true)) }
            translator.process(frame, at: frame.time, into: &output)
        }
        translator.advance(to: script.now + .seconds(1), into: &output)
        // The first touch's tap is reported without a click; the second's clicks.
        #expect(
            summaries(output) == [
                "tap 1 indirectPointer", "tap 1 indirectPointer", "button primary down tap", "button primary up tap",
            ])
        #expect(
            output.map(\.time) == [
                firstLift, script.now, script.now, script.now + .milliseconds(180),
            ])
    }
}
