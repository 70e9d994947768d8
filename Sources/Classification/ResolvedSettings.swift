import DeviceProfiles
public import EventModel
public import InputEvents

/// A person's touchpad settings, resolved against the device and its profile.
///
/// Settings change only at rest (no finger on the pad, no button held), so that a sequence that
/// began under one setting is judged under it to the end.
struct TouchpadSettings: Hashable, Sendable {
    /// Whether taps click.
    var tapToClick: Bool
    /// What a tap's button does after the tap.
    var tapAndDrag: TapAndDrag.Configuration
    /// How a clickpad chooses the logical button of a press.
    var clickMethod: ClickMethod
    /// Which logical buttons presses, areas, finger counts and taps stand for.
    var mapping: ButtonMapping
    /// Whether left and right together are middle (physical buttons), or the button strip has no
    /// middle area (clickpads).
    var middleButtonEmulation: Bool
    /// Whether typing on a paired keyboard disables the pad.
    var disableWhileTyping: Bool
    /// Whether a paired pointing stick moving disables the pad.
    var disableWhileTrackpointing: Bool
    /// How the pad scrolls: two fingers, edge or none.
    var scrollMethod: ScrollMethod
    /// How many fingers drag (three-finger drag), or nil when off.
    var threeFingerDragFingers: Int?

    /// Resolves a person's settings for a device: taps click by default only on pads without a
    /// physical button; the click method comes from the settings, else the profile, else button
    /// areas; middle-button emulation is on by default for a pad with left and right buttons and
    /// no middle one (not a clickpad); two-finger scrolling is the default where the pad tracks two
    /// fingers, else edge scrolling; on-button scrolling is not a touchpad's.
    init(settings: DeviceSettings, device: DeviceDescription, profile: DeviceProfile) {
        tapToClick = settings.tapToClick ?? !device.supports(.leftButton)
        tapAndDrag = TapAndDrag.Configuration(isEnabled: settings.tapAndDrag, dragLock: settings.dragLock)
        clickMethod = settings.clickMethod ?? profile.clickMethod ?? .buttonAreas
        mapping = ButtonMapping(leftHanded: settings.leftHanded)
        let hasButtonPair = device.supports(.leftButton) && device.supports(.rightButton)
        let defaultEmulation = hasButtonPair && !device.supports(.middleButton) && !device.has(.buttonPad)
        middleButtonEmulation = settings.middleButtonEmulation ?? defaultEmulation
        disableWhileTyping = settings.disableWhileTyping
        disableWhileTrackpointing = settings.disableWhileTrackpointing
        threeFingerDragFingers = settings.threeFingerDrag.fingerCount
        let slots = device.absoluteAxes[.multitouchSlot].map { Int($0.maximum) - Int($0.minimum) + 1 } ?? 0
        let tracksTwo = slots >= 2 || device.supports(.toolDoubleTap)
        let defaultMethod: ScrollMethod = tracksTwo ? .twoFingers : .edge
        switch settings.scrollMethod {
        case .twoFingers?: scrollMethod = tracksTwo ? .twoFingers : defaultMethod
        case .edge?, .noScrolling?: scrollMethod = settings.scrollMethod ?? defaultMethod
        case .onButton?, nil: scrollMethod = defaultMethod
        }
    }
}

/// A person's settings for a relative pointer (mouse, trackball, pointing stick), resolved
/// against the device.
struct PointerSettings: Hashable, Sendable {
    /// Which logical buttons the physical ones stand for.
    var mapping: ButtonMapping
    /// Whether left and right together are middle.
    var middleButtonEmulation: Bool
    /// The button that scrolls while held, or nil without on-button scrolling.
    var scrollButton: KeyCode?
    /// The acceleration of the device's motion.
    var accelerator: PointerAccelerator

    /// Resolves a person's settings for a device: middle-button emulation is on by default for a
    /// device with left and right buttons and no middle one; on-button scrolling (with the middle
    /// button) is the default for pointing sticks, and available on any pointer with a middle
    /// button.
    init(settings: DeviceSettings, device: DeviceDescription, kind: DeviceKind) {
        mapping = ButtonMapping(leftHanded: settings.leftHanded)
        let hasButtonPair = device.supports(.leftButton) && device.supports(.rightButton)
        let hasMiddle = device.supports(.middleButton)
        middleButtonEmulation = settings.middleButtonEmulation ?? (hasButtonPair && !hasMiddle)
        let defaultMethod: ScrollMethod = kind == .pointingStick ? .onButton : .noScrolling
        let method =
            switch settings.scrollMethod {
            case .onButton?, .noScrolling?: settings.scrollMethod ?? defaultMethod
            case .twoFingers?, .edge?, nil: defaultMethod
            }
        scrollButton = method == .onButton && hasMiddle ? .middleButton : nil
        let source: PointerAccelerator.Source =
            kind == .pointingStick
            ? .pointingStick(multiplier: 1)
            : .mouse(
                dotsPerInch: settings.dotsPerInch ?? device.mouseDotsPerInch ?? PointerAccelerator.defaultDotsPerInch)
        accelerator = PointerAccelerator(
            source: source, profile: settings.accelerationProfile, speed: settings.accelerationSpeed,
            curves: settings.customAcceleration)
    }
}

extension DeviceDescription {
    /// The resolution in the `MOUSE_DPI` udev property (from the hwdb): the entry marked `*` as
    /// the default, else the last (`400@125 *800@125 1600@125` is 800); nil when the property is
    /// absent or malformed, as libinput's `parse_mouse_dpi_property` (`util-prop-parsers.c`)
    /// reads it.
    var mouseDotsPerInch: Int? {
        guard let property = udevProperties["MOUSE_DPI"] else { return nil }
        var chosen: Int?
        for entry in property.split(separator: " ") {
            var text = entry
            let isDefault = text.first == "*"
            if isDefault { text = text.dropFirst() }
            let parts = text.split(separator: "@", omittingEmptySubsequences: false)
            guard parts.count <= 2, let dots = Int(parts[0]), dots > 0 else { return nil }
            if parts.count == 2 {
                guard let rate = Int(parts[1]), rate > 0 else { return nil }
            }
            chosen = dots
            if isDefault { break }
        }
        return chosen
    }
}

extension DeviceSettings {
    /// The settings in effect for a device, by the settings file's names, as the stream's
    /// `device` lines print them: every setting that applies to the device's kind, with the
    /// defaults that depend on the device (tap-to-click, the click and scroll methods,
    /// middle-button emulation, a mouse's resolution) resolved as its translator resolves them.
    public func inEffect(for device: DeviceDescription, kind: DeviceKind) -> [(
        name: String, value: DeviceDetails.SettingValue
    )] {
        switch kind {
        case .touchpad, .clickpad:
            let resolved = TouchpadSettings(
                settings: self, device: device, profile: DeviceProfiles.profile(for: device))
            return [
                ("tapToClick", .flag(resolved.tapToClick)), ("tapAndDrag", .flag(tapAndDrag)),
                ("dragLock", .word(dragLock.rawValue)), ("clickMethod", .word(resolved.clickMethod.rawValue)),
                ("naturalScrolling", .flag(naturalScrolling)), ("leftHanded", .flag(leftHanded)),
                ("middleButtonEmulation", .flag(resolved.middleButtonEmulation)),
                ("disableWhileTyping", .flag(disableWhileTyping)),
                ("disableWhileTrackpointing", .flag(disableWhileTrackpointing)),
                ("scrollMethod", .word(resolved.scrollMethod.rawValue)),
                ("accelProfile", .word(accelerationProfile.rawValue)), ("accelSpeed", .number(accelerationSpeed)),
                ("scrollFactor", .number(scrollFactor)), ("threeFingerDrag", .word(threeFingerDrag.rawValue)),
            ]
        case .mouse, .pointingStick:
            let resolved = PointerSettings(settings: self, device: device, kind: kind)
            var settings: [(name: String, value: DeviceDetails.SettingValue)] = [
                ("naturalScrolling", .flag(naturalScrolling)), ("leftHanded", .flag(leftHanded)),
                ("middleButtonEmulation", .flag(resolved.middleButtonEmulation)),
                ("scrollMethod", .word((resolved.scrollButton == nil ? ScrollMethod.noScrolling : .onButton).rawValue)),
                ("accelProfile", .word(accelerationProfile.rawValue)), ("accelSpeed", .number(accelerationSpeed)),
            ]
            if kind == .mouse {
                let dpi = dotsPerInch ?? device.mouseDotsPerInch ?? PointerAccelerator.defaultDotsPerInch
                settings.append(("dpi", .number(Double(dpi))))
            }
            settings.append(("scrollFactor", .number(scrollFactor)))
            return settings
        case .keyboard, .touchscreen, .tablet, .other:
            return []
        }
    }
}
