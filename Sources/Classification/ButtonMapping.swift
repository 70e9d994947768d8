import EventModel
import InputEvents

extension KeyCode {
    /// The raw value of the first code after the mouse buttons (`BTN_LEFT` … `BTN_TASK` and eight
    /// reserved codes). The corresponding kernel constant is `BTN_JOYSTICK`.
    static let firstJoystickButtonCode: UInt16 = 0x120
}

/// Which logical button a physical button, a finger count or a tap stands for, for a person's
/// handedness.
struct ButtonMapping: Hashable, Sendable {
    /// Whether the primary and secondary buttons are swapped.
    var leftHanded: Bool

    /// The main button: left for right-handed people.
    var primary: PointerButton { leftHanded ? .secondary : .primary }
    /// The context-menu button: right for right-handed people.
    var secondary: PointerButton { leftHanded ? .primary : .secondary }

    /// The logical button of a physical button code.
    func button(for code: KeyCode) -> PointerButton {
        switch code {
        case .leftButton: primary
        case .rightButton: secondary
        case .middleButton: .middle
        case .sideButton, .backButton: .back
        case .extraButton, .forwardButton: .forward
        default: .other
        }
    }

    /// The button a tap with `fingers` fingers clicks: one primary, two secondary, three middle
    /// (libinput's default left-right-middle map), or nil for more.
    func tapButton(fingers: Int) -> PointerButton? {
        switch fingers {
        case 1: primary
        case 2: secondary
        case 3: .middle
        default: nil
        }
    }
}
