import Classification
import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

/// Deadlines fire from event timestamps, so the output cannot depend on how often `advance(to:)`
/// is called.
@Suite struct TimingTests {
    private static func mixedScript() -> InputScript {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(700))
        script.swipe(fingers: [0], byMillimetres: 3, 3, over: .milliseconds(90), steps: 9)
        script.lift(fingers: [0])
        script.wait(.milliseconds(100))
        script.put(finger: 0, atPercent: 20, 20)
        script.sync()
        script.wait(.milliseconds(520))
        script.lift(fingers: [0])
        script.wait(.milliseconds(40))
        script.put(finger: 0, atPercent: 20, 20)
        script.sync()
        script.wait(.milliseconds(40))
        script.lift(fingers: [0])
        return script
    }

    @Test(arguments: AdvanceGranularity.allCases)
    func outputDoesNotDependOnBatching(granularity: AdvanceGranularity) throws {
        let script = Self.mixedScript()
        let end = script.now + .seconds(1)
        let reference = try classify(script.device, script.frames, advance: .framesOnly, until: end)
        let batched = try classify(script.device, script.frames, advance: granularity, until: end)
        #expect(batched == reference)
        #expect(collapsed(reference).contains("longPress began direct"))
        #expect(collapsed(reference).contains("drag began direct"))
        #expect(collapsed(reference).contains("tap 1 direct"))
    }

    @Test func deadlineIsExposedAndFiresOnAdvance() throws {
        var translator = try DeviceTranslator(device: ScriptedDevice.mouse())
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        var output: [ClassifiedInput] = []
        translator.process(script.frames[0], at: script.frames[0].time, into: &output)
        let deadline = try #require(translator.nextDeadline)
        #expect(deadline == script.frames[0].time + .milliseconds(500))
        output.removeAll()
        translator.advance(to: deadline - .microseconds(1), into: &output)
        #expect(output.isEmpty)
        translator.advance(to: deadline, into: &output)
        #expect(summaries(output) == ["longPress began indirectPointer"])
        #expect(translator.nextDeadline == nil)
    }
}

@Suite struct TransitionTraceTests {
    @Test func transitionsAreTracedOneLineEach() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.wait(.milliseconds(600))
        script.key(.leftButton, 0)
        var translator = try DeviceTranslator(device: script.device)
        var lines: [String] = []
        translator.transitionTrace = { lines.append($0) }
        var output: [ClassifiedInput] = []
        for frame in script.frames { translator.process(frame, at: frame.time, into: &output) }
        #expect(
            lines == [
                "pointer press: idle → frame at 1.000000 → pressed",
                "pointer press: pressed → deadline at 1.500000 → longPressing",
                "pointer press: longPressing → frame at 1.600000 → idle",
            ]
        )
        #expect(
            summaries(output) == [
                "button primary down button", "longPress began indirectPointer", "longPress ended indirectPointer",
                "button primary up button",
            ])
    }
}
