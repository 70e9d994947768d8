public import InputEvents

extension Recording {
    /// The recording with typed text hidden (see ``Obfuscation``): every key that can type text
    /// becomes `KEY_A`, and every `MSC_SCAN` value becomes 30.
    ///
    /// A recording of a keyboard is a recording of passwords: recorders apply this unless asked
    /// to show key codes. Timing, modifiers like Ctrl, Tab and Return and all non-key events are
    /// kept, so the recording still replays as the same interactions of focus and timing.
    public func obfuscatingKeys() -> Recording {
        var result = self
        for deviceIndex in result.devices.indices {
            for frameIndex in result.devices[deviceIndex].frames.indices {
                for eventIndex in result.devices[deviceIndex].frames[frameIndex].events.indices {
                    Obfuscation.apply(to: &result.devices[deviceIndex].frames[frameIndex].events[eventIndex])
                }
            }
        }
        return result
    }
}

/// Which keys a recording hides, as data: libinput record's rule, widened to every key that
/// types text in common layouts.
///
/// libinput record hides every key from `KEY_ESC`+1 up to `KEY_CAPSLOCK`−1 and from `KEY_KP7`
/// to `KEY_KPDOT`, except `KEY_TAB`, `KEY_ENTER` and `KEY_LEFTCTRL`. That leaves keys that type
/// text in clear: the ISO key beside the left Shift (`KEY_102ND`, `<` `>` on a German
/// keyboard), the Japanese `KEY_RO` and `KEY_YEN`, keypad `/ = , ± ( )`. ``otherTextKeys`` adds
/// every key outside those ranges to which xkbcommon's `us`, `de`, `jp` or `fr` layout gives a
/// printable character or a dead key at any level; `ObfuscationTests` derives the set from
/// xkbcommon again and checks this list against it (every layout xkeyboard-config lists gives
/// the same set).
///
/// Keys that type no character stay visible, since focus navigation and timing depend on
/// them: Escape, Tab, Return and keypad Enter (`Return` to the focus engine), Ctrl, arrows,
/// function keys.
public enum Obfuscation {
    /// The key every hidden key becomes. The corresponding kernel constant is `KEY_A`.
    public static let replacementKey = KeyCode(rawValue: 30)
    /// The value every scan code becomes (libinput record writes 30).
    public static let replacementScanCode: Int32 = 30
    /// Keys inside the hidden ranges that stay visible: Tab, Enter and Left Ctrl (they carry
    /// navigation and shortcuts, not text).
    public static let keptKeys: Set<KeyCode> = [.tab, .enter, .leftControl]
    /// The main block: `KEY_ESC`+1 (`KEY_1`) up to `KEY_CAPSLOCK`−1 (`KEY_SPACE`).
    public static let hiddenMainKeys: ClosedRange<UInt16> =
        (KeyCode.escape.rawValue + 1)...(KeyCode.capsLock.rawValue - 1)
    /// The keypad digits and point: `KEY_KP7` (71) to `KEY_KPDOT` (83).
    public static let hiddenKeypadKeys: ClosedRange<UInt16> = 71...83
    /// The keys outside libinput record's ranges that type text in xkbcommon's `us`, `de`, `jp`
    /// and `fr` layouts. The corresponding kernel constants are `KEY_102ND`, `KEY_RO`,
    /// `KEY_KPSLASH`, `KEY_KPEQUAL`, `KEY_KPPLUSMINUS`, `KEY_KPCOMMA`, `KEY_YEN`,
    /// `KEY_KPLEFTPAREN`, `KEY_KPRIGHTPAREN`, `KEY_DOLLAR` and `KEY_EURO`.
    public static let otherTextKeys: Set<KeyCode> = Set(
        [86, 89, 98, 117, 118, 121, 124, 179, 180, 434, 435].map { KeyCode(rawValue: $0) })

    /// Every hidden key.
    public static let hiddenKeys: Set<KeyCode> = Set(
        (hiddenMainKeys.map { KeyCode(rawValue: $0) } + hiddenKeypadKeys.map { KeyCode(rawValue: $0) })
            .filter { !keptKeys.contains($0) }
    ).union(otherTextKeys)

    /// Whether a key is hidden.
    public static func hides(_ key: KeyCode) -> Bool { hiddenKeys.contains(key) }

    /// Rewrites one event by the rule.
    public static func apply(to event: inout InputEvent) {
        if let key = event.keyCode, hides(key) {
            event.code = replacementKey.rawValue
        } else if event.type == .miscellaneous && event.code == MiscellaneousCode.scan.rawValue {
            event.value = replacementScanCode
        }
    }
}
