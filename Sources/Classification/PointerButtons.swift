import EventModel
import InputEvents

/// The buttons of a relative pointer, each mapped to its logical button.
///
/// ```
/// up    --press--------------> held    pressed(button)
/// held  --release------------> up      released(button)
/// held  --press / autorepeat-> held    (nil)
/// up    --release------------> up      (nil: a release without a press, as when the device
///                                      was opened with the button down)
/// ```
struct PointerButtons {
    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// The button went down.
        case pressed(PointerButton, code: KeyCode)
        /// The button came up.
        case released(PointerButton, code: KeyCode)
    }

    private var held = KeySet()
    private let mapping: ButtonMapping

    init(mapping: ButtonMapping) {
        self.mapping = mapping
    }

    /// Handles a button event: 1 press, 0 release, 2 the kernel's autorepeat (which means nothing
    /// for a pointer).
    mutating func handle(_ code: KeyCode, value: Int32) -> Action? {
        switch value {
        case KeyEventValue.pressed:
            guard !held.contains(code) else { return nil }
            held.insert(code)
            return .pressed(mapping.button(for: code), code: code)
        case KeyEventValue.released:
            guard held.contains(code) else { return nil }
            held.remove(code)
            return .released(mapping.button(for: code), code: code)
        default:
            return nil
        }
    }

    /// The held buttons, in code order (allocates: for removal only).
    var heldCodes: [KeyCode] { held.codes }
}
