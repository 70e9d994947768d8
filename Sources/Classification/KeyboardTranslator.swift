import EventModel
import InputEvents

/// Classifies keyboard keys: down, up and the kernel's autorepeat, with modifiers and text from
/// xkbcommon.
///
/// A release or repeat of a key that is not down is ignored (a key held while the device was
/// opened, or a lost event). Removing the device releases every held key.
///
/// Without a keymap (xkbcommon found no data to compile one), keys are reported by their codes:
/// the modifiers are those of the modifier keys held (either Shift, Control, Alt or Meta key), and
/// keysym and text are nil. Tab, the arrows, Return, Space and Escape still drive focus, which
/// knows them by code.
///
/// What a key means (keysym and text) depends only on the key and the state's modifiers, layout
/// and LEDs, which change only when a key changes them; so each key's meaning is remembered until
/// the state changes, and the modifiers are asked of xkbcommon only after they changed.
struct KeyboardTranslator {
    private let keyboard: XKBKeyboardState?
    private var held = KeySet()
    /// The modifiers in effect.
    private var modifiers: KeyModifiers = []
    /// What keys meant, by code, for the codes below `meaningCount`.
    private var meanings: [Meaning]
    /// The state the remembered meanings belong to; a meaning from an older state is stale.
    private var epoch: UInt32 = 1
    /// Keysyms already described, by number modulo their count: a keysym's name and character
    /// never change, and looking a name up costs more than the rest of a key event.
    private var symbols: [KeySymbol?]

    /// A key's meaning in one state.
    private struct Meaning {
        var epoch: UInt32 = 0
        var keysym: KeySymbol?
        var text: String?
    }

    /// Keys with a remembered meaning: every key of a keyboard (`KEY_ESC` … `KEY_MICMUTE` are below
    /// 256); rarer codes are looked up each time.
    private static let meaningCount = 256
    private static let symbolCount = 128

    /// Creates the translator over a key state, or without one to report keys by code.
    init(keyboard: XKBKeyboardState?) {
        self.keyboard = keyboard
        meanings = [Meaning](repeating: Meaning(), count: keyboard == nil ? 0 : Self.meaningCount)
        symbols = [KeySymbol?](repeating: nil, count: keyboard == nil ? 0 : Self.symbolCount)
    }

    /// The modifiers of the modifier keys held, by code alone.
    private static func modifiers(held: KeySet) -> KeyModifiers {
        var result: KeyModifiers = []
        if held.contains(.leftShift) || held.contains(.rightShift) { result.insert(.shift) }
        if held.contains(.leftControl) || held.contains(.rightControl) { result.insert(.control) }
        if held.contains(.leftAlt) || held.contains(.rightAlt) { result.insert(.alt) }
        if held.contains(.leftMeta) || held.contains(.rightMeta) { result.insert(.meta) }
        return result
    }

    /// Handles one key event (`EV_KEY` with a code below `BTN_MISC`).
    mutating func handle(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput]) {
        switch value {
        case KeyEventValue.pressed:
            guard !held.contains(code) else { return }
            // Text and keysym come from the state before the key's own effect (xkbcommon's rule).
            let (keysym, text) = meaning(of: code)
            update(code, isDown: true)
            let event = ClassifiedEvent.key(code: code, state: .down, modifiers: modifiers, keysym: keysym, text: text)
            output.append(ClassifiedInput(time: time, event: event))
        case KeyEventValue.released:
            guard held.contains(code) else { return }
            let (keysym, _) = meaning(of: code)
            update(code, isDown: false)
            let event = ClassifiedEvent.key(code: code, state: .up, modifiers: modifiers, keysym: keysym, text: nil)
            output.append(ClassifiedInput(time: time, event: event))
        case KeyEventValue.autorepeat:
            guard held.contains(code) else { return }
            let (keysym, text) = meaning(of: code)
            let event = ClassifiedEvent.key(
                code: code, state: .repeat, modifiers: modifiers, keysym: keysym, text: text)
            output.append(ClassifiedInput(time: time, event: event))
        default:
            return
        }
    }

    /// The keysym and text of a key in the current state.
    private mutating func meaning(of code: KeyCode) -> (keysym: KeySymbol?, text: String?) {
        guard let keyboard else { return (nil, nil) }
        let index = Int(code.rawValue)
        if index < meanings.count, meanings[index].epoch == epoch {
            return (meanings[index].keysym, meanings[index].text)
        }
        let keysym = describe(keyboard.symbol(for: code))
        let text = keyboard.text(for: code)
        if index < meanings.count { meanings[index] = Meaning(epoch: epoch, keysym: keysym, text: text) }
        return (keysym, text)
    }

    /// A keysym's description, remembered.
    private mutating func describe(_ symbol: UInt32) -> KeySymbol? {
        guard symbol != 0 else { return nil }
        let slot = Int(symbol % UInt32(symbols.count))
        if let known = symbols[slot], known.rawValue == symbol { return known }
        let described = XKBKeyboardState.describe(symbol)
        symbols[slot] = described
        return described
    }

    /// Records a press or release in the key state and the modifiers.
    private mutating func update(_ code: KeyCode, isDown: Bool) {
        if isDown { held.insert(code) } else { held.remove(code) }
        guard let keyboard else {
            modifiers = Self.modifiers(held: held)
            return
        }
        let change = keyboard.update(code, isDown: isDown)
        if change.changesModifiers { modifiers = keyboard.modifiers }
        if change.changesMeanings { forgetMeanings() }
    }

    /// Makes every remembered meaning stale.
    private mutating func forgetMeanings() {
        epoch &+= 1
        guard epoch == 0 else { return }
        // After 2³² state changes the counter starts again: clear what could look current.
        epoch = 1
        for index in meanings.indices { meanings[index].epoch = 0 }
    }

    /// Releases every held key, in code order.
    mutating func releaseAll(at time: Timestamp, into output: inout [ClassifiedInput]) {
        for code in held.codes {
            handle(code, value: 0, at: time, into: &output)
        }
    }
}
