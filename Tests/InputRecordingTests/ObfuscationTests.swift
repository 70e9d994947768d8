import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@Suite struct ObfuscationTests {
    @Test func hidesTextKeysAndScanCodesInARealRecording() throws {
        let original = try #require(BundledRecording.named("k400-plus.evemu")).load()
        let hidden = original.obfuscatingKeys()
        let before = original.devices[0].frames.flatMap(\.events)
        let after = hidden.devices[0].frames.flatMap(\.events)
        #expect(before.count == after.count)
        #expect(before.contains { $0.keyCode == KeyCode(rawValue: 46) })  // KEY_C
        #expect(!after.contains { $0.keyCode == KeyCode(rawValue: 46) })
        #expect(
            after.filter { $0.keyCode == KeyCode(rawValue: 30) }.count
                == before.filter { $0.keyCode == KeyCode(rawValue: 46) }.count)
        #expect(after.filter { $0.keyCode == .leftControl }.count == before.filter { $0.keyCode == .leftControl }.count)
        #expect(after.filter { $0.keyCode == .enter }.count == before.filter { $0.keyCode == .enter }.count)
        #expect(after.filter { $0.type == .miscellaneous }.allSatisfy { $0.value == 30 })
        #expect(
            zip(before, after).allSatisfy { $0.time == $1.time && $0.value == $1.value || $0.type == .miscellaneous })
    }

    /// The boundaries of libinput record's rule, code by code.
    @Test(arguments: [
        (1, false),  // KEY_ESC
        (2, true),  // KEY_1
        (14, true),  // KEY_BACKSPACE
        (15, false),  // KEY_TAB
        (16, true),  // KEY_Q
        (28, false),  // KEY_ENTER
        (29, false),  // KEY_LEFTCTRL
        (42, true),  // KEY_LEFTSHIFT
        (57, true),  // KEY_SPACE
        (58, false),  // KEY_CAPSLOCK
        (59, false),  // KEY_F1
        (70, false),  // KEY_SCROLLLOCK
        (71, true),  // KEY_KP7
        (83, true),  // KEY_KPDOT
        (84, false),
        (103, false),  // KEY_UP
        (0x110, false),  // BTN_LEFT
    ])
    func hidesKeysByLibinputRecordsRule(code: UInt16, hidden: Bool) {
        var event = InputEvent(time: .zero, type: .key, code: code, value: 1)
        Obfuscation.apply(to: &event)
        #expect(event.code == (hidden ? 30 : code))
        #expect(event.value == 1)
    }

    @Test func leavesOtherEventsAlone() {
        var motion = InputEvent(time: .zero, type: .relative, code: 2, value: 7)
        Obfuscation.apply(to: &motion)
        #expect(motion == InputEvent(time: .zero, type: .relative, code: 2, value: 7))
        var scan = InputEvent(time: .zero, type: .miscellaneous, code: MiscellaneousCode.scan.rawValue, value: 458_792)
        Obfuscation.apply(to: &scan)
        #expect(scan.value == 30)
    }
}
