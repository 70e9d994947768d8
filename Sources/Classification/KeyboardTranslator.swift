import CXKBCommon
import EventModel
import InputEvents

/// A compiled xkbcommon keymap with its key state: turns key codes into text and modifiers.
///
/// It owns xkbcommon objects, so it is a class: a copy of a translator shares its keyboard state.
final class XKBKeyboard {
    private let context: OpaquePointer
    private let keymap: OpaquePointer
    private let state: OpaquePointer
    private let shiftIndex: xkb_mod_index_t
    private let controlIndex: xkb_mod_index_t
    private let altIndex: xkb_mod_index_t
    private let metaIndex: xkb_mod_index_t
    private let capsLockIndex: xkb_mod_index_t

    /// The offset between kernel key codes and XKB key codes (X11's historical minimum of 8).
    private static let evdevOffset: UInt32 = 8

    init?(layout: KeyboardLayout) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_FLAGS) else { return nil }
        // A layout that does not compile is reported as a typed error; xkbcommon's own messages
        // would only repeat it on stderr.
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        let keymap = Self.withOptionalCStrings([
            layout.rules, layout.model, layout.layout, layout.variant, layout.options,
        ]) {
            pointers -> OpaquePointer? in
            var names = xkb_rule_names(
                rules: pointers[0],
                model: pointers[1],
                layout: pointers[2],
                variant: pointers[3],
                options: pointers[4]
            )
            return xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
        }
        guard let keymap else {
            xkb_context_unref(context)
            return nil
        }
        guard let state = xkb_state_new(keymap) else {
            xkb_keymap_unref(keymap)
            xkb_context_unref(context)
            return nil
        }
        self.context = context
        self.keymap = keymap
        self.state = state
        shiftIndex = xkb_keymap_mod_get_index(keymap, "Shift")
        controlIndex = xkb_keymap_mod_get_index(keymap, "Control")
        altIndex = xkb_keymap_mod_get_index(keymap, "Mod1")
        metaIndex = xkb_keymap_mod_get_index(keymap, "Mod4")
        capsLockIndex = xkb_keymap_mod_get_index(keymap, "Lock")
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
        xkb_context_unref(context)
    }

    /// Calls `body` with C strings for the given optional strings (nil stays nil).
    private static func withOptionalCStrings<R>(
        _ strings: ArraySlice<String?>,
        _ collected: [UnsafePointer<CChar>?] = [],
        _ body: ([UnsafePointer<CChar>?]) -> R
    ) -> R {
        guard let first = strings.first else { return body(collected) }
        let rest = strings.dropFirst()
        guard let string = first else { return withOptionalCStrings(rest, collected + [nil], body) }
        return string.withCString { withOptionalCStrings(rest, collected + [$0], body) }
    }

    private static func withOptionalCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
        withOptionalCStrings(strings[...], [], body)
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

    /// The keysym a key produces in the current state, or nil for keys that produce none.
    func keysym(for code: KeyCode) -> KeySymbol? {
        let keycode = UInt32(code.rawValue) + Self.evdevOffset
        let symbol = xkb_state_key_get_one_sym(state, keycode)
        guard symbol != 0 else { return nil }  // XKB_KEY_NoSymbol
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

    /// Updates the key state for a press or release.
    func update(_ code: KeyCode, isDown: Bool) {
        let keycode = UInt32(code.rawValue) + Self.evdevOffset
        xkb_state_update_key(state, keycode, isDown ? XKB_KEY_DOWN : XKB_KEY_UP)
    }

    /// The modifiers in effect.
    var modifiers: KeyModifiers {
        var result: KeyModifiers = []
        if isActive(shiftIndex) { result.insert(.shift) }
        if isActive(controlIndex) { result.insert(.control) }
        if isActive(altIndex) { result.insert(.alt) }
        if isActive(metaIndex) { result.insert(.meta) }
        if isActive(capsLockIndex) { result.insert(.capsLock) }
        return result
    }

    private func isActive(_ index: xkb_mod_index_t) -> Bool {
        index != XKB_MOD_INVALID && xkb_state_mod_index_is_active(state, index, XKB_STATE_MODS_EFFECTIVE) > 0
    }
}

/// Classifies keyboard keys: down, up and the kernel's autorepeat, with modifiers and text from
/// xkbcommon.
///
/// A release or repeat of a key that is not down is ignored (a key held while the device was
/// opened, or a lost event). Removing the device releases every held key.
struct KeyboardTranslator {
    private let keyboard: XKBKeyboard
    private var held = KeySet()

    init(keyboard: XKBKeyboard) {
        self.keyboard = keyboard
    }

    /// Handles one key event (`EV_KEY` with a code below `BTN_MISC`).
    mutating func handle(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput]) {
        switch value {
        case 1:
            guard !held.contains(code) else { return }
            // Text and keysym come from the state before the key's own effect (xkbcommon's rule).
            let text = keyboard.text(for: code)
            let keysym = keyboard.keysym(for: code)
            keyboard.update(code, isDown: true)
            held.insert(code)
            let event = ClassifiedEvent.key(
                code: code, state: .down, modifiers: keyboard.modifiers, keysym: keysym, text: text)
            output.append(ClassifiedInput(time: time, event: event))
        case 0:
            guard held.contains(code) else { return }
            let keysym = keyboard.keysym(for: code)
            keyboard.update(code, isDown: false)
            held.remove(code)
            let event = ClassifiedEvent.key(
                code: code, state: .up, modifiers: keyboard.modifiers, keysym: keysym, text: nil)
            output.append(ClassifiedInput(time: time, event: event))
        case 2:
            guard held.contains(code) else { return }
            let text = keyboard.text(for: code)
            let event = ClassifiedEvent.key(
                code: code, state: .repeat, modifiers: keyboard.modifiers, keysym: keyboard.keysym(for: code),
                text: text)
            output.append(ClassifiedInput(time: time, event: event))
        default:
            return
        }
    }

    /// Releases every held key, in code order.
    mutating func releaseAll(at time: Timestamp, into output: inout [ClassifiedInput]) {
        for code in held.codes {
            handle(code, value: 0, at: time, into: &output)
        }
    }
}

/// A fixed-size set of key codes (`0..<KEY_MAX+1`), stored as a bitmap so that pressing keys never
/// allocates.
struct KeySet: Hashable, Sendable {
    private var words:
        (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)

    static func == (lhs: KeySet, rhs: KeySet) -> Bool { lhs.codes == rhs.codes }
    func hash(into hasher: inout Hasher) { hasher.combine(codes) }

    private static let wordCount = 12

    private func word(_ index: Int) -> UInt64 {
        withUnsafeBytes(of: words) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
    }

    private mutating func setWord(_ index: Int, _ value: UInt64) {
        withUnsafeMutableBytes(of: &words) { $0.storeBytes(of: value, toByteOffset: index * 8, as: UInt64.self) }
    }

    func contains(_ code: KeyCode) -> Bool {
        let index = Int(code.rawValue)
        guard index < Self.wordCount * 64 else { return false }
        return word(index / 64) & (1 << UInt64(index % 64)) != 0
    }

    mutating func insert(_ code: KeyCode) {
        let index = Int(code.rawValue)
        guard index < Self.wordCount * 64 else { return }
        setWord(index / 64, word(index / 64) | (1 << UInt64(index % 64)))
    }

    mutating func remove(_ code: KeyCode) {
        let index = Int(code.rawValue)
        guard index < Self.wordCount * 64 else { return }
        setWord(index / 64, word(index / 64) & ~(1 << UInt64(index % 64)))
    }

    var isEmpty: Bool { (0..<Self.wordCount).allSatisfy { word($0) == 0 } }

    /// The codes in the set, in ascending order (allocates: for removal and tests only).
    var codes: [KeyCode] {
        var result: [KeyCode] = []
        for index in 0..<Self.wordCount {
            var bits = word(index)
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                result.append(KeyCode(rawValue: UInt16(index * 64 + bit)))
                bits &= bits - 1
            }
        }
        return result
    }
}
