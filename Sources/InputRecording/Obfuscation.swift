public import InputEvents

extension Recording {
    /// The recording with typed text hidden, by libinput record's rule: every key from
    /// `KEY_ESC`+1 up to `KEY_CAPSLOCK`−1 and from `KEY_KP7` to `KEY_KPDOT` becomes `KEY_A`,
    /// except `KEY_TAB`, `KEY_ENTER` and `KEY_LEFTCTRL` (and `KEY_ESC`, outside the range), and
    /// every `MSC_SCAN` value becomes 30.
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

/// libinput record's privacy rule, as data.
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

    /// Whether a key is hidden by the rule.
    public static func hides(_ key: KeyCode) -> Bool {
        (hiddenMainKeys.contains(key.rawValue) || hiddenKeypadKeys.contains(key.rawValue)) && !keptKeys.contains(key)
    }

    /// Rewrites one event by the rule.
    public static func apply(to event: inout InputEvent) {
        if let key = event.keyCode, hides(key) {
            event.code = replacementKey.rawValue
        } else if event.type == .miscellaneous && event.code == MiscellaneousCode.scan.rawValue {
            event.value = replacementScanCode
        }
    }
}
