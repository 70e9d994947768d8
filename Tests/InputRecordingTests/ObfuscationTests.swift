import CXKBCommon
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
        (86, true),  // KEY_102ND
        (89, true),  // KEY_RO
        (96, false),  // KEY_KPENTER
        (98, true),  // KEY_KPSLASH
        (100, false),  // KEY_RIGHTALT
        (103, false),  // KEY_UP
        (117, true),  // KEY_KPEQUAL
        (124, true),  // KEY_YEN
        (435, true),  // KEY_EURO
        (0x110, false),  // BTN_LEFT
    ])
    func hidesKeysByLibinputRecordsRuleAndEveryTextKey(code: UInt16, hidden: Bool) {
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

    /// The evdev codes to which a layout gives a printable character or a dead key, at any
    /// level, as xkbcommon compiles it.
    private static func textKeys(layout: String) throws -> Set<UInt16> {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        let keymap = try #require(
            "evdev".withCString { rules in
                "pc105".withCString { model in
                    layout.withCString { layout in
                        "".withCString { none in
                            var names = xkb_rule_names(
                                rules: rules, model: model, layout: layout, variant: none, options: none)
                            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            })
        defer { xkb_keymap_unref(keymap) }
        var codes: Set<UInt16> = []
        for code in UInt16(1)...KeyCode.maximum.rawValue {
            // xkbcommon numbers keys as X does: the evdev code plus 8.
            let keycode = xkb_keycode_t(code) + 8
            for layoutIndex in 0..<xkb_keymap_num_layouts_for_key(keymap, keycode) {
                for level in 0..<xkb_keymap_num_levels_for_key(keymap, keycode, layoutIndex) {
                    var symbols: UnsafePointer<xkb_keysym_t>?
                    let count = xkb_keymap_key_get_syms_by_level(keymap, keycode, layoutIndex, level, &symbols)
                    for symbol in UnsafeBufferPointer(start: symbols, count: Int(count)) {
                        let character = xkb_keysym_to_utf32(symbol)
                        // XKB_KEY_dead_grave … XKB_KEY_dead_greek: keys that type the next
                        // character accented.
                        let isDead = (0xfe50...0xfe8f).contains(symbol)
                        if (character >= 0x20 && character != 0x7f) || isDead { codes.insert(code) }
                    }
                }
            }
        }
        return codes
    }

    /// The keys hidden beyond libinput record's ranges are exactly those that type text in the
    /// `us`, `de`, `jp` and `fr` layouts, and every text key of those layouts is hidden.
    @Test func hidesEveryKeyThatTypesTextInCommonLayouts() throws {
        var text: Set<UInt16> = []
        for layout in ["us", "de", "jp", "fr"] { text.formUnion(try Self.textKeys(layout: layout)) }
        let libinputRule = Set(Obfuscation.hiddenMainKeys).union(Obfuscation.hiddenKeypadKeys)
            .subtracting(Obfuscation.keptKeys.map(\.rawValue))
        #expect(Set(Obfuscation.otherTextKeys.map(\.rawValue)) == text.subtracting(libinputRule))
        #expect(text.subtracting(Obfuscation.hiddenKeys.map(\.rawValue)) == [])
        #expect(Set(Obfuscation.hiddenKeys.map(\.rawValue)) == libinputRule.union(text))
    }
}
