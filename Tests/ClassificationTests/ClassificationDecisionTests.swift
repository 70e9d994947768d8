import Classification
import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

/// What a translator explains while ``DeviceTranslator/isExplaining``: the decisions of its
/// machines, with the numbers they were taken on.
@Suite struct ClassificationDecisionTests {
    /// Feeds the frames to an explaining translator; returns its decisions as `why` lines with
    /// their time since `start` in milliseconds.
    private func explain(
        _ script: InputScript, settings: DeviceSettings = DeviceSettings(), from start: Timestamp
    ) throws -> [String] {
        var translator = try DeviceTranslator(device: script.device, settings: settings)
        translator.isExplaining = true
        var output: [ClassifiedInput] = []
        var decisions: [ClassificationDecision] = []
        for frame in script.frames {
            translator.process(frame, at: frame.time, into: &output)
            translator.takeDecisions(into: &decisions)
        }
        translator.advance(to: script.now + .seconds(1), into: &output)
        translator.takeDecisions(into: &decisions)
        return decisions.map { "+\(($0.time.microseconds - start.microseconds) / 1000) ms why: \($0)" }
    }

    @Test func aTouchThatMovedTooFarDidNotTap() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        let start = script.now
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 1.5, 0, over: .milliseconds(60), steps: 3)
        script.lift(fingers: [0])
        #expect(
            try explain(script, settings: DeviceSettings(tapToClick: true), from: start) == [
                "+60 ms why: 1-finger touch did not tap: moved 1.5 mm, more than 1.3 mm"
            ])
    }

    /// Two fingers that travel 0.9 mm and lift: no scroll; their quick touch is a two-finger tap,
    /// which does not click on a clickpad by default.
    @Test func twoFingersThatBarelyMovedDidNotScroll() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        let start = script.now
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 0, 0.9, over: .milliseconds(90), steps: 3)
        script.lift(fingers: [0, 1])
        #expect(
            try explain(script, from: start) == [
                "+90 ms why: 2-finger tap did not click: tap-to-click is off (the default on a pad with a physical button)",
                "+90 ms why: no scroll: 0.9 mm of travel, less than 1.5 mm",
            ])
    }

    /// Four fingers on the pad at once are a hand resting, not a tap.
    @Test func aTouchWithFourFingersDidNotTap() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        let start = script.now
        for finger in 0..<4 { script.put(finger: finger, atPercent: 30 + 10 * Double(finger), 50) }
        script.sync()
        script.wait(.milliseconds(30))
        script.lift(fingers: [0, 1, 2, 3])
        #expect(
            try explain(script, settings: DeviceSettings(tapToClick: true), from: start) == [
                "+30 ms why: 4-finger touch did not tap: more than 3 fingers"
            ])
    }

    @Test func aTapHeldForADragSaysForHowLong() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        let start = script.now
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(50))
        script.lift(fingers: [0, 1])
        #expect(
            try explain(script, settings: DeviceSettings(tapToClick: true), from: start) == [
                "+50 ms why: tap holds secondary down for 200 ms: touch again to drag",
                "+50 ms why: no scroll: 0.0 mm of travel, less than 1.5 mm",
            ])
    }

    @Test func theMachinesRecordNothingUnlessAsked() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 1.5, 0, over: .milliseconds(60), steps: 3)
        script.lift(fingers: [0])
        var translator = try DeviceTranslator(device: script.device, settings: DeviceSettings(tapToClick: true))
        var output: [ClassifiedInput] = []
        var decisions: [ClassificationDecision] = []
        for frame in script.frames { translator.process(frame, at: frame.time, into: &output) }
        translator.takeDecisions(into: &decisions)
        #expect(decisions == [])
        #expect(summaries(output) == ["motion", "motion", "motion"])
    }

    @Test func numbersAreWrittenWithOneDecimal() {
        let decision = ClassificationDecision(
            time: .zero, reason: .touchMovedTooFar(fingers: 1, millimetres: 4.449, limit: 1.3))
        #expect(decision.description == "1-finger touch did not tap: moved 4.4 mm, more than 1.3 mm")
        let scroll = ClassificationDecision(time: .zero, reason: .scrollNotStarted(millimetres: 0.95, limit: 1.5))
        #expect(scroll.description == "no scroll: 1.0 mm of travel, less than 1.5 mm")
    }
}
