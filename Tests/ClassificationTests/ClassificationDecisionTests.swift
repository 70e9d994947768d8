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

/// Touches that become palms while down, and a resting thumb's explanation.
@Suite struct PalmMidTouchTests {
    private let start = Timestamp(microseconds: 1_000_000)

    private func at(_ milliseconds: Int64, _ event: ClassifiedEvent) -> ClassifiedInput {
        ClassifiedInput(time: start + .milliseconds(milliseconds), event: event)
    }

    /// `device` with `ABS_MT_TOOL_TYPE`, by which firmware calls a contact a palm.
    private func reportingToolType(_ device: DeviceDescription) -> DeviceDescription {
        var device = device
        device.supportedCodes[.absolute, default: []].insert(AbsoluteAxis.multitouchToolType.rawValue)
        device.absoluteAxes[.multitouchToolType] = AbsoluteAxisInfo(minimum: 0, maximum: 2)
        return device
    }

    /// Feeds the frames to an explaining translator; returns its output and its decisions as
    /// `why` lines with their time since `start` in milliseconds.
    private func explain(
        _ script: InputScript, settings: DeviceSettings = DeviceSettings()
    ) throws -> (output: [ClassifiedInput], why: [String]) {
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
        return (output, decisions.map { "+\(($0.time.microseconds - start.microseconds) / 1000) ms why: \($0)" })
    }

    /// A finger lands on the touchpad, rests, and 40 ms later the firmware calls it a palm
    /// (`MT_TOOL_PALM`); it lifts 40 ms after that. With tap-to-click on, the quick touch is no
    /// tap: the touch sequence ends when the finger stops counting (at 40 ms), but that was no
    /// lift. Nothing is reported; `--why` says why there was no tap.
    @Test func aTouchpadFingerBecomingAPalmIsNoTap() throws {
        var script = InputScript(device: reportingToolType(ScriptedDevice.touchpad()), start: start)
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(40))
        script.add(.absolute, AbsoluteAxis.multitouchToolType.rawValue, 2)
        script.sync()
        script.wait(.milliseconds(40))
        script.lift(fingers: [0])
        let (output, why) = try explain(script, settings: DeviceSettings(tapToClick: true))
        #expect(output == [])
        #expect(why == ["+40 ms why: 1-finger touch did not tap: a finger became a palm while down"])
    }

    /// Two touches land on the touchscreen; 40 ms later the firmware calls the second a palm,
    /// and both lift 40 ms after that. The palm is cancelled when the firmware says so (its lift
    /// is reported then), and the touch sequence is no tap, where it would have been a two-finger
    /// tap. The first touch's lift ends the sequence; the palm's own lift is not reported again.
    @Test func aTouchscreenTouchBecomingAPalmIsCancelled() throws {
        var script = InputScript(device: reportingToolType(ScriptedDevice.touchscreen()), start: start)
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(40))
        script.add(.absolute, AbsoluteAxis.multitouchToolType.rawValue, 2)  // slot 1, the last selected
        script.sync()
        script.wait(.milliseconds(40))
        script.lift(fingers: [0, 1])
        let (output, why) = try explain(script)
        #expect(summaries(output) == ["touch", "touch 1", "touch up 1", "touch up"])
        #expect(
            output.filter {
                if case .touch(.up, _, _) = $0.event { return true }
                return false
            }.map(\.time) == [start + .milliseconds(40), start + .milliseconds(80)])
        #expect(why == ["+80 ms why: touch did not tap: a touch became a palm while down and was cancelled"])
    }

    /// The top finger moves right 2 mm every 10 ms over a thumb resting below it on the
    /// clickpad: at 20 ms (4 mm) the thumb is ignored, and `--why` says so; when they lift at
    /// 30 ms, the touch was no tap (the finger moved 6 mm).
    @Test func aRestingThumbIsExplained() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 50, 30)
        script.put(finger: 1, atPercent: 40, 80)
        script.sync()
        script.step([(0, 2, 0)], frames: 3, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        let why = try explain(script).why
        #expect(
            why == [
                "+20 ms why: a finger resting at the bottom while another moved: a thumb, ignored until it lifts",
                "+30 ms why: 2-finger touch did not tap: moved 6.0 mm, more than 1.3 mm",
            ])
    }
}
