/// A code of the synchronization family (`EV_SYN`).
public struct SynchronizationCode: RawRepresentable, Hashable, Sendable {
    /// The kernel's numeric value.
    public var rawValue: UInt16
    /// Creates a code from the kernel's numeric value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Ends a frame. The corresponding kernel constant is `SYN_REPORT`.
    public static let report = SynchronizationCode(rawValue: 0)
    /// The corresponding kernel constant is `SYN_CONFIG`.
    public static let config = SynchronizationCode(rawValue: 1)
    /// Ends one contact in multitouch protocol A. The corresponding kernel constant is `SYN_MT_REPORT`.
    public static let multitouchReport = SynchronizationCode(rawValue: 2)
    /// The kernel's buffer overflowed and events were lost. The corresponding kernel constant is
    /// `SYN_DROPPED`.
    public static let dropped = SynchronizationCode(rawValue: 3)
}

/// A key or button code (`EV_KEY`): keyboard keys (`KEY_*`) and buttons (`BTN_*`).
public struct KeyCode: RawRepresentable, Hashable, Comparable, Sendable {
    /// The kernel's numeric value.
    public var rawValue: UInt16
    /// Creates a code from the kernel's numeric value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static func < (lhs: KeyCode, rhs: KeyCode) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The corresponding kernel constant is `KEY_ESC`.
    public static let escape = KeyCode(rawValue: 1)
    /// The corresponding kernel constant is `KEY_BACKSPACE`.
    public static let backspace = KeyCode(rawValue: 14)
    /// The corresponding kernel constant is `KEY_TAB`.
    public static let tab = KeyCode(rawValue: 15)
    /// The corresponding kernel constant is `KEY_ENTER`.
    public static let enter = KeyCode(rawValue: 28)
    /// The corresponding kernel constant is `KEY_LEFTCTRL`.
    public static let leftControl = KeyCode(rawValue: 29)
    /// The corresponding kernel constant is `KEY_LEFTSHIFT`.
    public static let leftShift = KeyCode(rawValue: 42)
    /// The corresponding kernel constant is `KEY_RIGHTSHIFT`.
    public static let rightShift = KeyCode(rawValue: 54)
    /// The corresponding kernel constant is `KEY_LEFTALT`.
    public static let leftAlt = KeyCode(rawValue: 56)
    /// The corresponding kernel constant is `KEY_SPACE`.
    public static let space = KeyCode(rawValue: 57)
    /// The corresponding kernel constant is `KEY_CAPSLOCK`.
    public static let capsLock = KeyCode(rawValue: 58)
    /// The corresponding kernel constant is `KEY_KPENTER`.
    public static let keypadEnter = KeyCode(rawValue: 96)
    /// The corresponding kernel constant is `KEY_RIGHTCTRL`.
    public static let rightControl = KeyCode(rawValue: 97)
    /// The corresponding kernel constant is `KEY_RIGHTALT`.
    public static let rightAlt = KeyCode(rawValue: 100)
    /// The corresponding kernel constant is `KEY_HOME`.
    public static let home = KeyCode(rawValue: 102)
    /// The corresponding kernel constant is `KEY_UP`.
    public static let up = KeyCode(rawValue: 103)
    /// The corresponding kernel constant is `KEY_PAGEUP`.
    public static let pageUp = KeyCode(rawValue: 104)
    /// The corresponding kernel constant is `KEY_LEFT`.
    public static let left = KeyCode(rawValue: 105)
    /// The corresponding kernel constant is `KEY_RIGHT`.
    public static let right = KeyCode(rawValue: 106)
    /// The corresponding kernel constant is `KEY_END`.
    public static let end = KeyCode(rawValue: 107)
    /// The corresponding kernel constant is `KEY_DOWN`.
    public static let down = KeyCode(rawValue: 108)
    /// The corresponding kernel constant is `KEY_PAGEDOWN`.
    public static let pageDown = KeyCode(rawValue: 109)
    /// The corresponding kernel constant is `KEY_DELETE`.
    public static let delete = KeyCode(rawValue: 111)
    /// The corresponding kernel constant is `KEY_LEFTMETA`.
    public static let leftMeta = KeyCode(rawValue: 125)
    /// The corresponding kernel constant is `KEY_RIGHTMETA`.
    public static let rightMeta = KeyCode(rawValue: 126)

    /// The first button code; codes below it are keyboard keys. The corresponding kernel constant is
    /// `BTN_MISC`.
    public static let firstButton = KeyCode(rawValue: 0x100)
    /// The corresponding kernel constant is `BTN_LEFT`.
    public static let leftButton = KeyCode(rawValue: 0x110)
    /// The corresponding kernel constant is `BTN_RIGHT`.
    public static let rightButton = KeyCode(rawValue: 0x111)
    /// The corresponding kernel constant is `BTN_MIDDLE`.
    public static let middleButton = KeyCode(rawValue: 0x112)
    /// The corresponding kernel constant is `BTN_SIDE`.
    public static let sideButton = KeyCode(rawValue: 0x113)
    /// The corresponding kernel constant is `BTN_EXTRA`.
    public static let extraButton = KeyCode(rawValue: 0x114)
    /// The corresponding kernel constant is `BTN_FORWARD`.
    public static let forwardButton = KeyCode(rawValue: 0x115)
    /// The corresponding kernel constant is `BTN_BACK`.
    public static let backButton = KeyCode(rawValue: 0x116)
    /// The corresponding kernel constant is `BTN_TASK`.
    public static let taskButton = KeyCode(rawValue: 0x117)
    /// The corresponding kernel constant is `BTN_TOOL_PEN`.
    public static let toolPen = KeyCode(rawValue: 0x140)
    /// The corresponding kernel constant is `BTN_TOOL_RUBBER`.
    public static let toolRubber = KeyCode(rawValue: 0x141)
    /// The corresponding kernel constant is `BTN_TOOL_FINGER`.
    public static let toolFinger = KeyCode(rawValue: 0x145)
    /// Five fingers on the surface. The corresponding kernel constant is `BTN_TOOL_QUINTTAP`.
    public static let toolQuintTap = KeyCode(rawValue: 0x148)
    /// A contact is down. The corresponding kernel constant is `BTN_TOUCH`.
    public static let touch = KeyCode(rawValue: 0x14a)
    /// The corresponding kernel constant is `BTN_STYLUS`.
    public static let stylus = KeyCode(rawValue: 0x14b)
    /// Two fingers on the surface. The corresponding kernel constant is `BTN_TOOL_DOUBLETAP`.
    public static let toolDoubleTap = KeyCode(rawValue: 0x14d)
    /// Three fingers on the surface. The corresponding kernel constant is `BTN_TOOL_TRIPLETAP`.
    public static let toolTripleTap = KeyCode(rawValue: 0x14e)
    /// Four fingers on the surface. The corresponding kernel constant is `BTN_TOOL_QUADTAP`.
    public static let toolQuadTap = KeyCode(rawValue: 0x14f)
    /// The corresponding kernel constant is `BTN_GEAR_DOWN`.
    public static let gearDown = KeyCode(rawValue: 0x150)
    /// The corresponding kernel constant is `BTN_GEAR_UP`.
    public static let gearUp = KeyCode(rawValue: 0x151)
    /// The largest key code. The corresponding kernel constant is `KEY_MAX`.
    public static let maximum = KeyCode(rawValue: 0x2ff)

    /// Whether the code is a button (`BTN_*`) rather than a keyboard key.
    public var isButton: Bool {
        (0x100..<0x160).contains(rawValue) || (0x2c0..<0x2e8).contains(rawValue)
    }
}

/// A relative axis code (`EV_REL`).
public struct RelativeAxis: RawRepresentable, Hashable, Comparable, Sendable {
    /// The kernel's numeric value.
    public var rawValue: UInt16
    /// Creates a code from the kernel's numeric value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static func < (lhs: RelativeAxis, rhs: RelativeAxis) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The corresponding kernel constant is `REL_X`.
    public static let x = RelativeAxis(rawValue: 0x00)
    /// The corresponding kernel constant is `REL_Y`.
    public static let y = RelativeAxis(rawValue: 0x01)
    /// The corresponding kernel constant is `REL_Z`.
    public static let z = RelativeAxis(rawValue: 0x02)
    /// A horizontal wheel, in detents. The corresponding kernel constant is `REL_HWHEEL`.
    public static let horizontalWheel = RelativeAxis(rawValue: 0x06)
    /// The corresponding kernel constant is `REL_DIAL`.
    public static let dial = RelativeAxis(rawValue: 0x07)
    /// A vertical wheel, in detents; positive away from the user. The corresponding kernel constant
    /// is `REL_WHEEL`.
    public static let wheel = RelativeAxis(rawValue: 0x08)
    /// The corresponding kernel constant is `REL_MISC`.
    public static let misc = RelativeAxis(rawValue: 0x09)
    /// A vertical wheel in 1/120 detents. The corresponding kernel constant is `REL_WHEEL_HI_RES`.
    public static let wheelHighResolution = RelativeAxis(rawValue: 0x0b)
    /// A horizontal wheel in 1/120 detents. The corresponding kernel constant is
    /// `REL_HWHEEL_HI_RES`.
    public static let horizontalWheelHighResolution = RelativeAxis(rawValue: 0x0c)
    /// The largest relative axis. The corresponding kernel constant is `REL_MAX`.
    public static let maximum = RelativeAxis(rawValue: 0x0f)
}

/// An absolute axis code (`EV_ABS`).
public struct AbsoluteAxis: RawRepresentable, Hashable, Comparable, Sendable {
    /// The kernel's numeric value.
    public var rawValue: UInt16
    /// Creates a code from the kernel's numeric value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static func < (lhs: AbsoluteAxis, rhs: AbsoluteAxis) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The corresponding kernel constant is `ABS_X`.
    public static let x = AbsoluteAxis(rawValue: 0x00)
    /// The corresponding kernel constant is `ABS_Y`.
    public static let y = AbsoluteAxis(rawValue: 0x01)
    /// The corresponding kernel constant is `ABS_PRESSURE`.
    public static let pressure = AbsoluteAxis(rawValue: 0x18)
    /// The corresponding kernel constant is `ABS_DISTANCE`.
    public static let distance = AbsoluteAxis(rawValue: 0x19)
    /// The corresponding kernel constant is `ABS_TOOL_WIDTH`.
    public static let toolWidth = AbsoluteAxis(rawValue: 0x1c)
    /// Selects the slot that the following multitouch events describe. The corresponding kernel
    /// constant is `ABS_MT_SLOT`.
    public static let multitouchSlot = AbsoluteAxis(rawValue: 0x2f)
    /// The corresponding kernel constant is `ABS_MT_TOUCH_MAJOR`.
    public static let multitouchTouchMajor = AbsoluteAxis(rawValue: 0x30)
    /// The corresponding kernel constant is `ABS_MT_TOUCH_MINOR`.
    public static let multitouchTouchMinor = AbsoluteAxis(rawValue: 0x31)
    /// The corresponding kernel constant is `ABS_MT_WIDTH_MAJOR`.
    public static let multitouchWidthMajor = AbsoluteAxis(rawValue: 0x32)
    /// The corresponding kernel constant is `ABS_MT_WIDTH_MINOR`.
    public static let multitouchWidthMinor = AbsoluteAxis(rawValue: 0x33)
    /// The corresponding kernel constant is `ABS_MT_ORIENTATION`.
    public static let multitouchOrientation = AbsoluteAxis(rawValue: 0x34)
    /// The corresponding kernel constant is `ABS_MT_POSITION_X`.
    public static let multitouchPositionX = AbsoluteAxis(rawValue: 0x35)
    /// The corresponding kernel constant is `ABS_MT_POSITION_Y`.
    public static let multitouchPositionY = AbsoluteAxis(rawValue: 0x36)
    /// The corresponding kernel constant is `ABS_MT_TOOL_TYPE`.
    public static let multitouchToolType = AbsoluteAxis(rawValue: 0x37)
    /// The corresponding kernel constant is `ABS_MT_BLOB_ID`.
    public static let multitouchBlobID = AbsoluteAxis(rawValue: 0x38)
    /// A contact's identity; -1 ends the contact. The corresponding kernel constant is
    /// `ABS_MT_TRACKING_ID`.
    public static let multitouchTrackingID = AbsoluteAxis(rawValue: 0x39)
    /// The corresponding kernel constant is `ABS_MT_PRESSURE`.
    public static let multitouchPressure = AbsoluteAxis(rawValue: 0x3a)
    /// The corresponding kernel constant is `ABS_MT_DISTANCE`.
    public static let multitouchDistance = AbsoluteAxis(rawValue: 0x3b)
    /// The largest absolute axis. The corresponding kernel constant is `ABS_MAX`.
    public static let maximum = AbsoluteAxis(rawValue: 0x3f)
}

/// A miscellaneous code (`EV_MSC`).
public struct MiscellaneousCode: RawRepresentable, Hashable, Sendable {
    /// The kernel's numeric value.
    public var rawValue: UInt16
    /// Creates a code from the kernel's numeric value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The hardware scan code of the key that follows. The corresponding kernel constant is
    /// `MSC_SCAN`.
    public static let scan = MiscellaneousCode(rawValue: 0x04)
    /// The corresponding kernel constant is `MSC_TIMESTAMP`.
    public static let timestamp = MiscellaneousCode(rawValue: 0x05)
}

/// A device property (`INPUT_PROP_*`): how the device is built and meant to be used.
public struct InputProperty: RawRepresentable, Hashable, Comparable, Sendable {
    /// The kernel's numeric value.
    public var rawValue: UInt16
    /// Creates a property from the kernel's numeric value.
    public init(rawValue: UInt16) { self.rawValue = rawValue }
    public static func < (lhs: InputProperty, rhs: InputProperty) -> Bool { lhs.rawValue < rhs.rawValue }

    /// Needs a pointer on screen (touchpads). The corresponding kernel constant is
    /// `INPUT_PROP_POINTER`.
    public static let pointer = InputProperty(rawValue: 0x00)
    /// Direct input (touchscreens). The corresponding kernel constant is `INPUT_PROP_DIRECT`.
    public static let direct = InputProperty(rawValue: 0x01)
    /// The whole surface is a button (clickpads). The corresponding kernel constant is
    /// `INPUT_PROP_BUTTONPAD`.
    public static let buttonPad = InputProperty(rawValue: 0x02)
    /// Reports a bounding box rather than each contact. The corresponding kernel constant is
    /// `INPUT_PROP_SEMI_MT`.
    public static let semiMultitouch = InputProperty(rawValue: 0x03)
    /// Software buttons along the top edge. The corresponding kernel constant is
    /// `INPUT_PROP_TOPBUTTONPAD`.
    public static let topButtonPad = InputProperty(rawValue: 0x04)
    /// The corresponding kernel constant is `INPUT_PROP_POINTING_STICK`.
    public static let pointingStick = InputProperty(rawValue: 0x05)
    /// The corresponding kernel constant is `INPUT_PROP_ACCELEROMETER`.
    public static let accelerometer = InputProperty(rawValue: 0x06)
    /// The largest property. The corresponding kernel constant is `INPUT_PROP_MAX`.
    public static let maximum = InputProperty(rawValue: 0x1f)
}
