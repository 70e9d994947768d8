import CXKBCommon
import EventModel
import InputEvents

/// One keyboard's xkbcommon key state over a shared keymap: turns key codes into keysyms, text
/// and modifiers.
///
/// It owns an `xkb_state`, so it is a class: a copy of a translator shares its keyboard state.
/// It has no stored property that changes (what changes lives in the `xkb_state`), so using it
/// costs no exclusivity check.
final class XKBKeyboardState {
    private let keymap: XKBKeymap
    private let state: OpaquePointer

    /// The offset between kernel key codes and XKB key codes (X11's historical minimum of 8).
    private static let evdevOffset: UInt32 = 8

    /// Creates a key state with no key down, or nil when xkbcommon cannot allocate one.
    init?(keymap: XKBKeymap) {
        let state = XKBKeymap.lock.withLock { _ in xkb_state_new(keymap.keymap) }
        guard let state else { return nil }
        self.keymap = keymap
        self.state = state
    }

    deinit {
        XKBKeymap.lock.withLock { _ in xkb_state_unref(state) }
    }

    /// The text a key produces in the current state, or nil for keys that produce none or only a
    /// control character.
    func text(for code: KeyCode) -> String? {
        let keycode = UInt32(code.rawValue) + Self.evdevOffset
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            let length = xkb_state_key_get_utf8(state, keycode, base, buffer.count)
            guard length > 0, Int(length) < buffer.count else { return nil }
            let text = String(cString: base)
            // Control characters (Return, Tab, Ctrl+C's U+0003) are keys, not text.
            if let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1,
                scalar.value < 0x20 || scalar.value == 0x7f
            {
                return nil
            }
            return text
        }
    }

    /// The keysym number a key produces in the current state (0, `XKB_KEY_NoSymbol`, for none).
    func symbol(for code: KeyCode) -> UInt32 {
        xkb_state_key_get_one_sym(state, UInt32(code.rawValue) + Self.evdevOffset)
    }

    /// A keysym's name and character, or nil for `XKB_KEY_NoSymbol`.
    static func describe(_ symbol: UInt32) -> KeySymbol? {
        guard symbol != 0 else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> KeySymbol? in
            guard let base = buffer.baseAddress else { return nil }
            let length = xkb_keysym_get_name(symbol, base, buffer.count)
            guard length > 0, Int(length) < buffer.count else { return nil }
            let character = xkb_keysym_to_utf32(symbol)
            return KeySymbol(
                rawValue: symbol, name: String(cString: base),
                character: character == 0 ? nil : Unicode.Scalar(character))
        }
    }

    /// What a key change changed in the state.
    struct Change: Hashable, Sendable {
        /// Whether anything changed (modifiers, layout or LEDs): keys may mean something else now.
        var changesMeanings: Bool
        /// Whether the effective modifiers changed.
        var changesModifiers: Bool
    }

    /// Updates the key state for a press or release.
    func update(_ code: KeyCode, isDown: Bool) -> Change {
        let keycode = UInt32(code.rawValue) + Self.evdevOffset
        let changed = xkb_state_update_key(state, keycode, isDown ? XKB_KEY_DOWN : XKB_KEY_UP).rawValue
        return Change(
            changesMeanings: changed != 0, changesModifiers: changed & XKB_STATE_MODS_EFFECTIVE.rawValue != 0)
    }

    /// The modifiers in effect.
    var modifiers: KeyModifiers {
        var result: KeyModifiers = []
        if isActive(keymap.shiftIndex) { result.insert(.shift) }
        if isActive(keymap.controlIndex) { result.insert(.control) }
        if isActive(keymap.altIndex) { result.insert(.alt) }
        if isActive(keymap.metaIndex) { result.insert(.meta) }
        if isActive(keymap.capsLockIndex) { result.insert(.capsLock) }
        return result
    }

    private func isActive(_ index: xkb_mod_index_t) -> Bool {
        index != XKB_MOD_INVALID && xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0
    }
}
