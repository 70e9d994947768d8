import EventModel
import InputEvents

/// The physical buttons of a touchpad (`BTN_LEFT` … `BTN_TASK`) and the logical buttons they
/// stand for while held.
///
/// Which logical button a press is gets decided at the press (by the caller: a clickpad's
/// `BTN_LEFT` by area or finger count, any other code by itself) and is kept until the release,
/// whatever the fingers do in between:
///
/// ```
/// up    --press(as: decision)--> held(decision)   pressed(decision)
/// held  --release--------------> up               released(decision)
/// held  --press----------------> held             (nil: already down)
/// up    --release--------------> up               (nil: not down)
/// ```
///
/// A frame's button events are gathered while the frame is read and handled once its contacts
/// are known, because where the fingers rest decides a clickpad's button.
///
/// A clickpad has one switch under its surface, whatever codes its firmware reports it with
/// (`BTN_LEFT`, or `BTN_RIGHT` and `BTN_MIDDLE` from firmware that counts fingers itself). A
/// second code going down while the switch is held is merged into the press: it makes no event
/// of its own, and its release none either.
struct TouchpadButtons {
    /// What a held physical button stands for.
    struct Decision: Hashable, Sendable {
        /// The logical button.
        var button: PointerButton
        /// What chose it.
        var trigger: ButtonTrigger
    }

    /// What the caller reports.
    enum Action: Hashable, Sendable {
        /// The button went down as `decision`.
        case pressed(Decision, code: KeyCode)
        /// The button came up; it had gone down as `decision`.
        case released(Decision, code: KeyCode)
    }

    /// The number of physical codes tracked, `BTN_LEFT` … `BTN_TASK`.
    private static let codeCount = Int(KeyCode.taskButton.rawValue - KeyCode.leftButton.rawValue) + 1

    /// Logical buttons held, indexed by physical code − `BTN_LEFT`.
    private var held = [Decision?](repeating: nil, count: codeCount)
    /// How many are held, so that "is any held" costs nothing.
    private var heldCount = 0
    /// Codes held as part of a clickpad press made under another code (one bit per code, from
    /// `BTN_LEFT`).
    private var merged: UInt32 = 0
    /// The button events of the frame being read.
    private var pending = [(code: KeyCode, value: Int32)](repeating: (.leftButton, 0), count: codeCount)
    private(set) var pendingCount = 0

    /// Whether any button is held.
    var isAnyHeld: Bool { heldCount > 0 }

    /// Whether `code` is held.
    func isHeld(_ code: KeyCode) -> Bool { held[Self.index(code)] != nil || merged & Self.bit(code) != 0 }

    /// Whether `code` is one a clickpad's switch is reported with: `BTN_LEFT`, `BTN_RIGHT` or
    /// `BTN_MIDDLE`.
    static func isClickpadSwitch(_ code: KeyCode) -> Bool {
        code == .leftButton || code == .rightButton || code == .middleButton
    }

    /// Whether a clickpad's switch is held, under any of its codes.
    var isClickpadSwitchHeld: Bool {
        held[Self.index(.leftButton)] != nil || held[Self.index(.rightButton)] != nil
            || held[Self.index(.middleButton)] != nil
    }

    /// The name of the state, for transition traces.
    var stateName: String { heldCount == 0 ? "up" : "held" }

    private static func index(_ code: KeyCode) -> Int { Int(code.rawValue - KeyCode.leftButton.rawValue) }
    private static func bit(_ code: KeyCode) -> UInt32 { 1 << UInt32(index(code)) }

    /// Keeps a button event (`BTN_LEFT` … `BTN_TASK`) of the frame being read (the kernel's autorepeat is dropped).
    mutating func gather(_ code: KeyCode, value: Int32) {
        guard value != KeyEventValue.autorepeat, pendingCount < pending.count else { return }
        pending[pendingCount] = (code, value)
        pendingCount += 1
    }

    /// The `index`th gathered event of the frame.
    func pendingEvent(_ index: Int) -> (code: KeyCode, value: Int32) { pending[index] }

    /// Forgets the gathered events (the frame has been handled).
    mutating func clearPending() { pendingCount = 0 }

    /// The button went down, meaning `decision`.
    mutating func press(_ code: KeyCode, as decision: Decision) -> Action? {
        let index = Self.index(code)
        guard held[index] == nil else { return nil }
        held[index] = decision
        heldCount += 1
        return .pressed(decision, code: code)
    }

    /// A clickpad's switch went down under a second code while it is held: the code is held
    /// without an event of its own.
    mutating func merge(_ code: KeyCode) {
        merged |= Self.bit(code)
    }

    /// The button came up.
    mutating func release(_ code: KeyCode) -> Action? {
        if merged & Self.bit(code) != 0 {
            merged &= ~Self.bit(code)
            return nil
        }
        let index = Self.index(code)
        guard let decision = held[index] else { return nil }
        held[index] = nil
        heldCount -= 1
        return .released(decision, code: code)
    }

    /// Releases the held button with the lowest code, if any (the device went away: the caller
    /// repeats this until it returns nil).
    mutating func releaseFirst() -> Action? {
        merged = 0
        guard heldCount > 0 else { return nil }
        for index in held.indices where held[index] != nil {
            return release(KeyCode(rawValue: KeyCode.leftButton.rawValue + UInt16(index)))
        }
        return nil
    }
}
