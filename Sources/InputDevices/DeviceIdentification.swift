public import InputEvents

/// Names what a device is and measures it, from udev's properties where it has them and from the
/// device's codes otherwise.
public enum DeviceIdentification {
    /// Returns the device's primary kind.
    ///
    /// udev's `ID_INPUT_*` properties win (they include udev's hwdb fixes); without them the
    /// codes decide, with the same tests udev's `input_id` builtin makes: a touchscreen is direct
    /// with absolute X/Y, a touchpad has `BTN_TOOL_FINGER` without being direct, a mouse has
    /// relative X/Y and a left button, a keyboard has the row of letter keys.
    public static func kind(of description: DeviceDescription) -> DeviceKind {
        let udev = description.udevProperties
        func flag(_ name: String) -> Bool { udev[name] == "1" }
        if flag("ID_INPUT_TOUCHPAD") { return description.has(.buttonPad) ? .clickpad : .touchpad }
        if flag("ID_INPUT_TOUCHSCREEN") { return .touchscreen }
        if flag("ID_INPUT_TABLET") { return .tablet }
        if flag("ID_INPUT_POINTINGSTICK") { return .pointingStick }
        if flag("ID_INPUT_MOUSE") { return .mouse }
        if flag("ID_INPUT_KEYBOARD") { return .keyboard }
        if flag("ID_INPUT_KEY") || flag("ID_INPUT_SWITCH") || flag("ID_INPUT_JOYSTICK") { return .other }

        let hasAbsolutePosition = description.supports(AbsoluteAxis.x) || description.supports(.multitouchPositionX)
        if description.has(.pointingStick) { return .pointingStick }
        if hasAbsolutePosition && (description.supports(KeyCode.toolPen) || description.supports(KeyCode.stylus)) {
            return .tablet
        }
        if hasAbsolutePosition && description.has(.direct) { return .touchscreen }
        if hasAbsolutePosition && description.supports(KeyCode.toolFinger) {
            return description.has(.buttonPad) ? .clickpad : .touchpad
        }
        if description.supports(RelativeAxis.x) && description.supports(RelativeAxis.y)
            && description.supports(KeyCode.leftButton)
        {
            return .mouse
        }
        if hasAbsolutePosition && description.supports(KeyCode.touch) { return .touchscreen }
        if hasLetterKeys(description) { return .keyboard }
        return .other
    }

    /// Returns the size of the device's sensing surface in millimetres: udev's
    /// `ID_INPUT_WIDTH_MM`/`ID_INPUT_HEIGHT_MM` when present, else the X/Y axis ranges divided by
    /// their resolution. Nil for devices without absolute axes or without a resolution.
    public static func physicalSize(of description: DeviceDescription) -> PhysicalSize? {
        if let width = description.udevProperties["ID_INPUT_WIDTH_MM"].flatMap(Double.init),
            let height = description.udevProperties["ID_INPUT_HEIGHT_MM"].flatMap(Double.init),
            width > 0, height > 0
        {
            return PhysicalSize(width: width, height: height)
        }
        let axes: [(AbsoluteAxis, AbsoluteAxis)] = [(.x, .y), (.multitouchPositionX, .multitouchPositionY)]
        for (horizontal, vertical) in axes {
            guard let x = description.absoluteAxes[horizontal], let y = description.absoluteAxes[vertical],
                x.resolution > 0, y.resolution > 0
            else { continue }
            return PhysicalSize(
                width: Double(Int64(x.maximum) - Int64(x.minimum)) / Double(x.resolution),
                height: Double(Int64(y.maximum) - Int64(y.minimum)) / Double(y.resolution)
            )
        }
        return nil
    }

    /// Returns short words for what the device can do, in a fixed order: `keys`, `buttons`,
    /// `wheel`, `high-resolution wheel`, `horizontal wheel`, `relative motion`, `absolute
    /// position`, `multitouch (N slots)`, `pressure`, `clickpad`, `LEDs`, `switches`.
    public static func capabilities(of description: DeviceDescription) -> [String] {
        var words: [String] = []
        let keys = description.supportedCodes[.key] ?? []
        let keyboardKeys = keys.filter { !KeyCode(rawValue: $0).isButton }
        let buttons = keys.filter { KeyCode(rawValue: $0).isButton }
        if !keyboardKeys.isEmpty { words.append("keys (\(keyboardKeys.count))") }
        if !buttons.isEmpty { words.append("buttons (\(buttons.count))") }
        if description.supports(RelativeAxis.wheel) { words.append("wheel") }
        if description.supports(RelativeAxis.wheelHighResolution) { words.append("high-resolution wheel") }
        if description.supports(RelativeAxis.horizontalWheel) { words.append("horizontal wheel") }
        if description.supports(RelativeAxis.x) && description.supports(RelativeAxis.y) {
            words.append("relative motion")
        }
        if description.supports(AbsoluteAxis.x) || description.supports(.multitouchPositionX) {
            words.append("absolute position")
        }
        if let slots = description.absoluteAxes[.multitouchSlot] {
            words.append("multitouch (\(Int64(slots.maximum) - Int64(slots.minimum) + 1) slots)")
        }
        if description.supports(AbsoluteAxis.pressure) || description.supports(.multitouchPressure) {
            words.append("pressure")
        }
        if description.has(.buttonPad) { words.append("clickpad") }
        if !(description.supportedCodes[.led] ?? []).isEmpty { words.append("LEDs") }
        if !(description.supportedCodes[.switch] ?? []).isEmpty { words.append("switches") }
        return words
    }

    /// Whether the device has the keys of a typing keyboard: `KEY_Q` through `KEY_P` (codes
    /// 16–25), as udev's `input_id` tests for the first row of letters.
    private static func hasLetterKeys(_ description: DeviceDescription) -> Bool {
        guard let keys = description.supportedCodes[.key] else { return false }
        return (16...25).allSatisfy { keys.contains(UInt16($0)) }
    }
}
