/// What a device can do, as `wayfinder devices` lists it: the roles libinput would give it
/// (keyboard, pointer, touch) and the notable parts behind them.
///
/// A device often has several (a keyboard with a pointing stick, a mouse whose receiver also
/// declares a keyboard). ``DeviceDescription/kind`` picks one primary role from these.
public struct DeviceCapabilities: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public var rawValue: UInt32
    /// Creates capabilities from raw bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Has the letter keys of a keyboard (udev's `ID_INPUT_KEYBOARD`).
    public static let keyboard = DeviceCapabilities(rawValue: 1 << 0)
    /// Has keys of any kind below the button range (udev's `ID_INPUT_KEY`).
    public static let keys = DeviceCapabilities(rawValue: 1 << 1)
    /// Moves a pointer with relative motion and has a button (udev's `ID_INPUT_MOUSE`).
    public static let pointer = DeviceCapabilities(rawValue: 1 << 2)
    /// Has a vertical or horizontal scroll wheel.
    public static let wheel = DeviceCapabilities(rawValue: 1 << 3)
    /// Reports its wheel in 1/120 detents.
    public static let highResolutionWheel = DeviceCapabilities(rawValue: 1 << 4)
    /// An indirect touch surface (udev's `ID_INPUT_TOUCHPAD`).
    public static let touchpad = DeviceCapabilities(rawValue: 1 << 5)
    /// The whole touch surface is a button.
    public static let clickpad = DeviceCapabilities(rawValue: 1 << 6)
    /// A touch surface on a screen (udev's `ID_INPUT_TOUCHSCREEN`).
    public static let touchscreen = DeviceCapabilities(rawValue: 1 << 7)
    /// A pen or stylus tablet (udev's `ID_INPUT_TABLET`).
    public static let tablet = DeviceCapabilities(rawValue: 1 << 8)
    /// A pointing stick (udev's `ID_INPUT_POINTINGSTICK`).
    public static let pointingStick = DeviceCapabilities(rawValue: 1 << 9)
    /// Tracks several contacts at once.
    public static let multitouch = DeviceCapabilities(rawValue: 1 << 10)
    /// Reports a bounding box of contacts rather than each contact.
    public static let semiMultitouch = DeviceCapabilities(rawValue: 1 << 11)
    /// Has switches (lid, tablet mode).
    public static let switches = DeviceCapabilities(rawValue: 1 << 12)
    /// Has LEDs (caps lock, num lock).
    public static let leds = DeviceCapabilities(rawValue: 1 << 13)

    /// Every capability with its printed name, in printing order.
    public static let named: [(capability: DeviceCapabilities, name: String)] = [
        (.keyboard, "keyboard"), (.keys, "keys"), (.pointer, "pointer"), (.wheel, "wheel"),
        (.highResolutionWheel, "hi-res-wheel"), (.touchpad, "touchpad"), (.clickpad, "clickpad"),
        (.touchscreen, "touchscreen"), (.tablet, "tablet"), (.pointingStick, "pointing-stick"),
        (.multitouch, "multitouch"), (.semiMultitouch, "semi-mt"), (.switches, "switches"), (.leds, "leds"),
    ]

    /// The names of the capabilities present, in a fixed order (`["keyboard", "keys", "pointer"]`).
    public var names: [String] { Self.named.filter { contains($0.capability) }.map(\.name) }
}

/// The thresholds used to derive a device's kind and size from its description.
public struct DeviceKindThresholds: Sendable {
    /// The size libinput assumes for a touchpad whose axes have no resolution: 69 × 50 mm, a
    /// typical laptop touchpad (libinput's `tp_init_default_resolution`).
    public static let fallbackTouchpadSize = PhysicalSize(width: 69, height: 50)

    /// The longest side, in millimetres, that udev's `ID_INPUT_WIDTH_MM`/`ID_INPUT_HEIGHT_MM` are
    /// believed for: 10 m. The largest touch surfaces made are wall displays of a few metres; a
    /// larger (or infinite) figure is a corrupt property or a hostile recording, and the size
    /// comes from the axes instead, as when udev says nothing.
    public static let largestUdevSide = 10_000.0

    /// The word that makes a device with both a full keyboard and a pointer a mouse rather than a
    /// keyboard, matched in its name without regard to case. Mice and their receivers often
    /// declare a keyboard too (for macro keys); their codes cannot be told apart from a keyboard
    /// with a touchpad, but their names say "Mouse".
    public static let mouseNameHint = "mouse"
}

extension DeviceDescription {
    /// The device's primary role, derived as libinput and udev do.
    ///
    /// udev's `ID_INPUT_*` properties win when present (`ID_INPUT_TABLET`, `ID_INPUT_TOUCHSCREEN`,
    /// `ID_INPUT_TOUCHPAD`, `ID_INPUT_POINTINGSTICK`, `ID_INPUT_MOUSE`, `ID_INPUT_KEYBOARD`, in
    /// that order). Otherwise the capabilities decide, with udev's `input_id` rules: absolute
    /// x/y with a pen tool is a tablet; with a finger tool and without the direct property a
    /// touchpad; with the direct property or a touch button a touchscreen. A touchpad with the
    /// button-pad property is a clickpad.
    ///
    /// A device that is both a keyboard and a pointer (a keyboard with a touchpad or a pointing
    /// stick, or a mouse whose receiver also declares a keyboard) has no single role in libinput,
    /// which gives it both. Here it is a ``DeviceKind/keyboard`` unless its name says it is a
    /// mouse (contains "mouse", any case), so the Surface Type Cover and the K400 are keyboards
    /// and the Ultrathin Touch Mouse is a mouse. ``capabilities`` lists both roles either way.
    public var kind: DeviceKind {
        if let kind = kindFromUdev { return kind }
        let capabilities = self.capabilities
        if capabilities.contains(.tablet) { return .tablet }
        if capabilities.contains(.touchpad) { return capabilities.contains(.clickpad) ? .clickpad : .touchpad }
        if capabilities.contains(.touchscreen) { return .touchscreen }
        if capabilities.contains(.pointingStick) { return .pointingStick }
        if capabilities.contains(.keyboard) && capabilities.contains(.pointer) {
            return namesAMouse ? .mouse : .keyboard
        }
        if capabilities.contains(.pointer) { return .mouse }
        if capabilities.contains(.keyboard) { return .keyboard }
        return .other
    }

    private var namesAMouse: Bool { name.lowercased().contains(DeviceKindThresholds.mouseNameHint) }

    private var kindFromUdev: DeviceKind? {
        func isSet(_ key: String) -> Bool { udevProperties[key] == "1" }
        guard udevProperties.keys.contains(where: { $0.hasPrefix("ID_INPUT_") }) else { return nil }
        if isSet("ID_INPUT_TABLET") { return .tablet }
        if isSet("ID_INPUT_TOUCHSCREEN") { return .touchscreen }
        if isSet("ID_INPUT_TOUCHPAD") { return has(.buttonPad) ? .clickpad : .touchpad }
        if isSet("ID_INPUT_POINTINGSTICK") { return .pointingStick }
        if isSet("ID_INPUT_MOUSE") && isSet("ID_INPUT_KEYBOARD") {
            return namesAMouse ? .mouse : .keyboard
        }
        if isSet("ID_INPUT_MOUSE") { return .mouse }
        if isSet("ID_INPUT_KEYBOARD") { return .keyboard }
        return nil
    }

    /// What the device can do, derived from its codes and properties with udev's `input_id` rules.
    public var capabilities: DeviceCapabilities {
        var result: DeviceCapabilities = []
        let keys = supportedCodes[.key] ?? []
        let relative = supportedCodes[.relative] ?? []
        let hasAbsoluteXY = supports(AbsoluteAxis.x) && supports(AbsoluteAxis.y)
        // udev ignores multitouch axes on devices that also declare the code below ABS_MT_SLOT:
        // those are HID devices that declare every axis, not multitouch devices.
        let hasMultitouchXY =
            supports(AbsoluteAxis.multitouchPositionX) && supports(AbsoluteAxis.multitouchPositionY)
            && !(supports(AbsoluteAxis.multitouchSlot)
                && supports(AbsoluteAxis(rawValue: AbsoluteAxis.multitouchSlot.rawValue - 1)))
        let hasRelativeXY = relative.contains(RelativeAxis.x.rawValue) && relative.contains(RelativeAxis.y.rawValue)
        let isDirect = has(.direct)
        let hasPen = keys.contains(KeyCode.toolPen.rawValue) || keys.contains(KeyCode.stylus.rawValue)
        let hasFinger = keys.contains(KeyCode.toolFinger.rawValue)
        let hasMouseButton = keys.contains(KeyCode.leftButton.rawValue)
        let hasTouch = keys.contains(KeyCode.touch.rawValue)

        // udev: the first 31 keys (KEY_ESC … KEY_S) all present make a keyboard.
        if (1...31).allSatisfy({ keys.contains(UInt16($0)) }) { result.insert(.keyboard) }
        if keys.contains(where: { $0 < KeyCode.firstButton.rawValue && $0 != 0 }) { result.insert(.keys) }

        // udev's input_id order: pen → tablet; finger tool without the direct property →
        // touchpad; a mouse button on absolute axes → mouse (virtual-machine mice); touch or
        // direct → touchscreen.
        if hasAbsoluteXY {
            if hasPen {
                result.insert(.tablet)
            } else if hasFinger && !isDirect {
                result.insert(.touchpad)
            } else if hasMouseButton {
                result.insert(.pointer)
            } else if hasTouch || isDirect {
                result.insert(.touchscreen)
            }
        }
        if hasMultitouchXY {
            if hasPen {
                result.insert(.tablet)
            } else if hasFinger && !isDirect {
                result.insert(.touchpad)
            } else if hasTouch || isDirect {
                result.insert(.touchscreen)
            }
        }
        let isTouchDevice = !result.isDisjoint(with: [.tablet, .touchpad, .touchscreen])
        if !result.contains(.tablet) && !result.contains(.touchpad) && hasMouseButton
            && (hasRelativeXY || !hasAbsoluteXY)
        {
            result.insert(.pointer)
        }
        if has(.pointingStick) { result.insert([.pointingStick, .pointer]) }
        if result.contains(.touchpad) && has(.buttonPad) { result.insert(.clickpad) }
        if relative.contains(RelativeAxis.wheel.rawValue) || relative.contains(RelativeAxis.horizontalWheel.rawValue)
            || relative.contains(RelativeAxis.wheelHighResolution.rawValue)
        {
            result.insert(.wheel)
        }
        if relative.contains(RelativeAxis.wheelHighResolution.rawValue)
            || relative.contains(RelativeAxis.horizontalWheelHighResolution.rawValue)
        {
            result.insert(.highResolutionWheel)
        }
        if isTouchDevice && (hasMultitouchXY || (touchCount ?? 0) > 1) { result.insert(.multitouch) }
        if has(.semiMultitouch) { result.insert(.semiMultitouch) }
        if !(supportedCodes[.switch]?.isEmpty ?? true) { result.insert(.switches) }
        if !(supportedCodes[.led]?.isEmpty ?? true) { result.insert(.leds) }
        return result
    }

    /// The number of contacts the device tracks at once: its multitouch slots, or the most fingers
    /// its `BTN_TOOL_*` keys can count; nil for a device without touch.
    public var touchCount: Int? {
        if let slots = absoluteAxes[.multitouchSlot], (0..<256).contains(slots.span) {
            return Int(slots.span) + 1
        }
        let keys = supportedCodes[.key] ?? []
        let tools: [(KeyCode, Int)] = [
            (.toolQuintTap, 5), (.toolQuadTap, 4), (.toolTripleTap, 3), (.toolDoubleTap, 2), (.toolFinger, 1),
            (.touch, 1),
        ]
        return tools.first { keys.contains($0.0.rawValue) }?.1
    }

    /// The size of the device's sensing surface in millimetres, nil when it has none or the size
    /// is unknown.
    ///
    /// udev's `ID_INPUT_WIDTH_MM`/`ID_INPUT_HEIGHT_MM` win when present and no longer than
    /// ``DeviceKindThresholds/largestUdevSide``. Otherwise the x and y
    /// axes (the multitouch ones when the device has them, as libinput uses) give
    /// (maximum − minimum) / resolution, the difference computed in 64 bits. A touchpad or
    /// clickpad whose axes have no resolution or no range gets libinput's assumption,
    /// ``DeviceKindThresholds/fallbackTouchpadSize``; any other device without them has no known
    /// size.
    public var physicalSize: PhysicalSize? {
        if let width = udevProperties["ID_INPUT_WIDTH_MM"].flatMap(Double.init),
            let height = udevProperties["ID_INPUT_HEIGHT_MM"].flatMap(Double.init), width > 0, height > 0,
            width <= DeviceKindThresholds.largestUdevSide, height <= DeviceKindThresholds.largestUdevSide
        {
            return PhysicalSize(width: width, height: height)
        }
        let axes: (AbsoluteAxisInfo, AbsoluteAxisInfo)?
        if let x = absoluteAxes[.multitouchPositionX], let y = absoluteAxes[.multitouchPositionY] {
            axes = (x, y)
        } else if let x = absoluteAxes[.x], let y = absoluteAxes[.y] {
            axes = (x, y)
        } else {
            axes = nil
        }
        guard let (x, y) = axes else { return nil }
        // A reversed or empty range (maximum not above minimum) says nothing about the size.
        if x.resolution > 0 && y.resolution > 0 && x.span > 0 && y.span > 0 {
            return PhysicalSize(
                width: Double(x.span) / Double(x.resolution),
                height: Double(y.span) / Double(y.resolution)
            )
        }
        switch kind {
        case .touchpad, .clickpad: return DeviceKindThresholds.fallbackTouchpadSize
        case .keyboard, .mouse, .pointingStick, .touchscreen, .tablet, .other: return nil
        }
    }
}
