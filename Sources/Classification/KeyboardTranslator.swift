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
struct KeyboardTranslator {
    private let keyboard: XKBKeyboardState?
    private var held = KeySet()

    /// Creates the translator over a key state, or without one to report keys by code.
    init(keyboard: XKBKeyboardState?) {
        self.keyboard = keyboard
    }

    /// The modifiers in effect after the last update.
    private var modifiers: KeyModifiers {
        keyboard?.modifiers ?? Self.modifiers(held: held)
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
        case 1:
            guard !held.contains(code) else { return }
            // Text and keysym come from the state before the key's own effect (xkbcommon's rule).
            let text = keyboard?.text(for: code)
            let keysym = keyboard?.keysym(for: code)
            keyboard?.update(code, isDown: true)
            held.insert(code)
            let event = ClassifiedEvent.key(code: code, state: .down, modifiers: modifiers, keysym: keysym, text: text)
            output.append(ClassifiedInput(time: time, event: event))
        case 0:
            guard held.contains(code) else { return }
            let keysym = keyboard?.keysym(for: code)
            keyboard?.update(code, isDown: false)
            held.remove(code)
            let event = ClassifiedEvent.key(code: code, state: .up, modifiers: modifiers, keysym: keysym, text: nil)
            output.append(ClassifiedInput(time: time, event: event))
        case 2:
            guard held.contains(code) else { return }
            let text = keyboard?.text(for: code)
            let event = ClassifiedEvent.key(
                code: code, state: .repeat, modifiers: modifiers, keysym: keyboard?.keysym(for: code), text: text)
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
