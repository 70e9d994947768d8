import InputEvents

/// Disable-while-typing: while a paired keyboard is typed on, a touchpad ignores the touches that
/// land and the taps it would report, so that a palm resting on the pad while typing neither
/// moves the pointer nor clicks.
///
/// Typing starts with a key of the typing block (letters, digits, punctuation, space, Backspace,
/// Return) pressed while no modifier is held, and lasts 200 ms after that first key and 500 ms
/// after every later one, or while a key is still held. Modifiers (Shift, Control, Alt, Meta, Caps
/// Lock, Tab, Compose, Fn) never start it, so Control-click and Shift-scroll work; Escape,
/// function keys, the keypad and media keys do not count either.
///
/// ```
/// idle    --typing key down, no modifier held---------------> typing(until: key + 200 ms)
/// typing  --typing key down---------------------------------> typing(until: key + 500 ms)
/// typing  --deadline, a typing key still held---------------> typing(until: deadline + 500 ms)
/// typing  --deadline----------------------------------------> idle   touches that landed after
///                                                                       the last key count again
/// ```
///
/// Touches: one that lands while typing is ignored (a "typing palm") until it lifts; when typing
/// ends, one that landed after the last key counts from then on (it never taps). Touches already
/// down when typing starts go on: the pointer a person is moving keeps moving. On a timeline, with
/// `K` keys, `|` the end of typing and `t` a touch landing:
///
/// ```
/// K--t--|--------      t ignored until |, then it moves the pointer
/// K--t--K--|-----      t ignored until it lifts (it landed before the last key)
/// ```
struct DisableWhileTyping {
    private enum State: Hashable, Sendable {
        case idle
        case typing(lastKey: Timestamp, until: Timestamp)
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// Typing ended: the touches in these slots count from now on.
        case ended(released: SlotSet)
    }

    private var state = State.idle
    /// Whether the setting is on; changed only at rest.
    var isEnabled: Bool
    /// Typing keys held (by code), and modifiers held.
    private var typingKeysHeld = KeySet()
    private var modifiersHeld = KeySet()
    /// The slots whose touch landed while typing, with when it landed.
    private(set) var ignoredSlots = SlotSet()
    private var landings: [Timestamp]
    /// When the last typing key went down (kept after typing ends, for explanations).
    private var lastKey: Timestamp?
    private let firstKeyTimeout: Int64
    private let keyTimeout: Int64

    init(isEnabled: Bool, slotCount: Int, thresholds: ClassificationThresholds) {
        self.isEnabled = isEnabled
        landings = [Timestamp](repeating: .zero, count: slotCount)
        firstKeyTimeout = thresholds.typingFirstKeyTimeout.flooredMicroseconds
        keyTimeout = thresholds.typingTimeout.flooredMicroseconds
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .idle: "idle"
        case .typing: "typing"
        }
    }

    /// Whether the keyboard is being typed on.
    var isTyping: Bool { state != .idle }

    /// Milliseconds since the last typing key, if there was one.
    func millisecondsSinceKey(at time: Timestamp) -> Int64? {
        lastKey.map { time.microseconds(since: $0).roundedMilliseconds }
    }

    /// When typing ends without another key.
    var nextDeadline: Timestamp? {
        guard case .typing(_, let until) = state else { return nil }
        return until
    }

    /// Keys that never start typing: modifiers (a person holding one means a shortcut or a
    /// modified click).
    private static func isModifier(_ code: KeyCode) -> Bool {
        switch code.rawValue {
        case 15, 29, 42, 54, 56, 58, 97, 100, 125, 126, 127, 0x1d0: true
        default: false
        }
    }

    /// Keys of the typing block: everything below `KEY_F1` but Escape, the modifiers and the
    /// keypad's asterisk.
    private static func isTypingKey(_ code: KeyCode) -> Bool {
        code.rawValue > KeyCode.escape.rawValue && code.rawValue < 59 && code.rawValue != 55 && !isModifier(code)
    }

    /// A key of a paired keyboard went down or up (the kernel's autorepeat is not passed in).
    mutating func key(_ code: KeyCode, isDown: Bool, at time: Timestamp) {
        if Self.isModifier(code) {
            if isDown { modifiersHeld.insert(code) } else { modifiersHeld.remove(code) }
            return
        }
        guard Self.isTypingKey(code) else { return }
        guard isDown else {
            typingKeysHeld.remove(code)
            return
        }
        typingKeysHeld.insert(code)
        guard isEnabled else { return }
        lastKey = time
        switch state {
        case .idle:
            guard modifiersHeld.isEmpty else { return }
            state = .typing(lastKey: time, until: Timestamp(microseconds: time.microseconds + firstKeyTimeout))
        case .typing:
            state = .typing(lastKey: time, until: Timestamp(microseconds: time.microseconds + keyTimeout))
        }
    }

    /// A touch landed in `slot`: returns whether it is ignored (it landed while typing).
    mutating func touchLanded(in slot: Int, at time: Timestamp) -> Bool {
        guard isTyping, slot < landings.count else { return false }
        ignoredSlots.insert(slot)
        landings[slot] = time
        return true
    }

    /// The touch in `slot` lifted.
    mutating func touchLifted(in slot: Int) { ignoredSlots.remove(slot) }

    /// Fires the deadline: typing goes on while a typing key is held, else it ends.
    mutating func advance(to time: Timestamp) -> Action? {
        guard case .typing(let lastKey, let until) = state, until <= time else { return nil }
        if !typingKeysHeld.isEmpty {
            state = .typing(lastKey: until, until: Timestamp(microseconds: until.microseconds + keyTimeout))
            return nil
        }
        state = .idle
        var released = SlotSet()
        for slot in ignoredSlots where landings[slot] > lastKey {
            released.insert(slot)
            ignoredSlots.remove(slot)
        }
        return .ended(released: released)
    }

    /// Forgets everything (the device went away).
    mutating func reset() {
        state = .idle
        ignoredSlots = SlotSet()
        typingKeysHeld = KeySet()
        modifiersHeld = KeySet()
    }

    /// Whether a touchpad ignores a keyboard's typing, following libinput's pairing: a touchpad
    /// built into a laptop pairs with the built-in keyboard (on the PS/2 bus); an external
    /// touchpad (USB or Bluetooth, Apple's USB pads excepted) pairs only with a keyboard of the
    /// same vendor and product, the two halves of one device.
    static func pairs(touchpad: DeviceIdentity, keyboard: DeviceIdentity) -> Bool {
        let usb: UInt16 = 0x03
        let bluetooth: UInt16 = 0x05
        let ps2: UInt16 = 0x11
        let apple: UInt16 = 0x05ac
        let isExternal =
            touchpad.busType == bluetooth || (touchpad.busType == usb && touchpad.vendorID != apple)
        if isExternal {
            return touchpad.vendorID == keyboard.vendorID && touchpad.productID == keyboard.productID
        }
        return keyboard.busType == ps2
            || (keyboard.busType == usb && keyboard.vendorID == apple && touchpad.vendorID == apple)
    }
}
