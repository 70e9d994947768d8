import Classification
import InputEvents

/// Names of keys: the kernel's (for the event stream) and the focus engine's (`Tab`, `Shift+Tab`,
/// `Ctrl+P`, as `wayfinder navigate` takes them).
enum KeyNames {
    /// The kernel's name of a key or button (`KEY_TAB`, `BTN_LEFT`).
    static func kernelName(of code: KeyCode) -> String {
        if let name = kernelNames[code.rawValue] { return name }
        return code.rawValue >= 0x100 ? "BTN_\(code.rawValue)" : "KEY_\(code.rawValue)"
    }

    /// Whether a key is a modifier (its press alone never reaches the focus engine).
    static func isModifier(_ code: KeyCode) -> Bool {
        [
            KeyCode.leftShift, .rightShift, .leftControl, .rightControl, .leftAlt, .rightAlt, .leftMeta, .rightMeta,
            .capsLock,
        ]
        .contains(code)
    }

    /// The focus engine's name of a key press with its modifiers (`Shift+Tab`, `Ctrl+,`), or nil for
    /// a key the focus engine has no name for.
    static func chord(of code: KeyCode, modifiers: KeyModifiers, text: String?) -> String? {
        guard let base = focusNames[code.rawValue] ?? printable(text) else { return nil }
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("Ctrl") }
        if modifiers.contains(.alt) { parts.append("Alt") }
        if modifiers.contains(.meta) { parts.append("Meta") }
        if modifiers.contains(.shift), focusNames[code.rawValue] != nil { parts.append("Shift") }
        parts.append(base)
        return parts.joined(separator: "+")
    }

    private static func printable(_ text: String?) -> String? {
        guard let text, text.count == 1, let scalar = text.unicodeScalars.first, scalar.value >= 0x21,
            scalar.value != 0x7F
        else { return nil }
        return text.uppercased()
    }

    /// Keys the focus engine names itself, by kernel code.
    private static let focusNames: [UInt16: String] = [
        KeyCode.tab.rawValue: "Tab",
        KeyCode.enter.rawValue: "Return",
        96: "Return",  // KEY_KPENTER
        KeyCode.space.rawValue: "Space",
        KeyCode.escape.rawValue: "Escape",
        KeyCode.up.rawValue: "Up",
        KeyCode.down.rawValue: "Down",
        KeyCode.left.rawValue: "Left",
        KeyCode.right.rawValue: "Right",
    ]

    /// Letters, digits and punctuation by kernel code, for chords when the classifier gives no text.
    static let usLayoutText: [UInt16: String] = {
        var table: [UInt16: String] = [:]
        let rows: [(UInt16, String)] = [
            (2, "1234567890-="), (16, "qwertyuiop[]"), (30, "asdfghjkl;'`"), (44, "zxcvbnm,./"),
        ]
        for (start, characters) in rows {
            for (offset, character) in characters.enumerated() { table[start + UInt16(offset)] = String(character) }
        }
        table[43] = "\\"
        return table
    }()

    /// The kernel names of the keys and buttons the runtime prints most.
    private static let kernelNames: [UInt16: String] = {
        var table: [UInt16: String] = [
            1: "KEY_ESC", 14: "KEY_BACKSPACE", 15: "KEY_TAB", 28: "KEY_ENTER", 29: "KEY_LEFTCTRL",
            42: "KEY_LEFTSHIFT", 54: "KEY_RIGHTSHIFT", 56: "KEY_LEFTALT", 57: "KEY_SPACE", 58: "KEY_CAPSLOCK",
            96: "KEY_KPENTER", 97: "KEY_RIGHTCTRL", 100: "KEY_RIGHTALT", 103: "KEY_UP", 105: "KEY_LEFT",
            106: "KEY_RIGHT", 108: "KEY_DOWN", 125: "KEY_LEFTMETA", 126: "KEY_RIGHTMETA",
            0x110: "BTN_LEFT", 0x111: "BTN_RIGHT", 0x112: "BTN_MIDDLE", 0x113: "BTN_SIDE", 0x114: "BTN_EXTRA",
            0x115: "BTN_FORWARD", 0x116: "BTN_BACK", 0x117: "BTN_TASK", 0x14a: "BTN_TOUCH",
        ]
        let punctuation: [String: String] = [
            "-": "MINUS", "=": "EQUAL", "[": "LEFTBRACE", "]": "RIGHTBRACE", ";": "SEMICOLON", "'": "APOSTROPHE",
            "`": "GRAVE", ",": "COMMA", ".": "DOT", "/": "SLASH", "\\": "BACKSLASH",
        ]
        for (code, text) in usLayoutText {
            table[code] = "KEY_" + (punctuation[text] ?? text.uppercased())
        }
        return table
    }()
}
