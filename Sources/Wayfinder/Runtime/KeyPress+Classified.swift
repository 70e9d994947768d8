public import EventModel
public import FocusEngine
public import InputEvents

// The typed key path from the classifier to the focus engine: a classified key becomes a
// `KeyPress` by what xkbcommon says the key means in the device's layout, never through a name
// that is printed and parsed again.

extension KeyPress {
    /// The focus engine's press for a classified key, or nil for a key the focus engine has no
    /// name for.
    ///
    /// Named keys (Tab, Return, arrows, …) come from the keysym, so a layout that moves them moves
    /// them here too; a key that types a character is that character (lower case), so a German
    /// layout's Ctrl+Z is the key that types z. Shift is part of a named key's chord (Shift+Tab);
    /// for a character it is already in the character. Without a keysym (no keymap could be
    /// compiled) the keys whose meaning no layout changes — Tab, Return, Space, Escape, the arrows
    /// and the editing keys — are still known by their code, so focus keeps working.
    ///
    /// - Parameters:
    ///   - code: The key's kernel code.
    ///   - keysym: The keysym the layout gave the key, or nil.
    ///   - modifiers: The modifiers held.
    public init?(code: KeyCode, keysym: KeySymbol?, modifiers: KeyModifiers) {
        let held = modifiers.intersection([.shift, .control, .alt, .meta])
        if let keysym {
            if let key = Self.namedKeys[keysym.rawValue] {
                self.init(key, modifiers: held)
            } else if let character = keysym.character, character.value > 0x20, character.value != 0x7F {
                self.init(.character(Character(character)), modifiers: held.subtracting(.shift))
            } else {
                return nil
            }
        } else if let key = Self.layoutIndependentKeys[code] {
            self.init(key, modifiers: held)
        } else {
            return nil
        }
    }

    /// Keys by keysym (`XKB_KEY_*` values, from xkbcommon-keysyms.h).
    private static let namedKeys: [UInt32: Key] = {
        var keys: [UInt32: Key] = [
            0xFF09: .tab,  // Tab
            0xFE20: .tab,  // ISO_Left_Tab: what Shift+Tab gives in most layouts
            0xFF0D: .return,  // Return
            0xFF8D: .return,  // KP_Enter
            0x0020: .space,  // space
            0xFF80: .space,  // KP_Space
            0xFF1B: .escape,  // Escape
            0xFF52: .up, 0xFF97: .up,  // Up, KP_Up
            0xFF54: .down, 0xFF99: .down,  // Down, KP_Down
            0xFF51: .left, 0xFF96: .left,  // Left, KP_Left
            0xFF53: .right, 0xFF98: .right,  // Right, KP_Right
            0xFF08: .backspace,  // BackSpace
            0xFFFF: .delete, 0xFF9F: .delete,  // Delete, KP_Delete
            0xFF50: .home, 0xFF95: .home,  // Home, KP_Home
            0xFF57: .end, 0xFF9C: .end,  // End, KP_End
            0xFF55: .pageUp, 0xFF9A: .pageUp,  // Prior, KP_Prior
            0xFF56: .pageDown, 0xFF9B: .pageDown,  // Next, KP_Next
        ]
        // F1 … F24 are consecutive keysyms from 0xFFBE.
        for number in 1...24 { keys[0xFFBD + UInt32(number)] = Key(rawValue: "F\(number)") }
        return keys
    }()

    /// Keys whose meaning no layout changes, by kernel code, for keyboards without a keymap.
    private static let layoutIndependentKeys: [KeyCode: Key] = [
        .tab: .tab, .enter: .return, .keypadEnter: .return, .space: .space, .escape: .escape,
        .up: .up, .down: .down, .left: .left, .right: .right,
        .backspace: .backspace, .delete: .delete, .home: .home, .end: .end, .pageUp: .pageUp, .pageDown: .pageDown,
    ]
}

extension KeyCode {
    /// Whether the key is a modifier, whose press alone never reaches the focus engine.
    var isModifier: Bool {
        switch self {
        case .leftShift, .rightShift, .leftControl, .rightControl, .leftAlt, .rightAlt, .leftMeta, .rightMeta,
            .capsLock:
            true
        default: false
        }
    }
}
