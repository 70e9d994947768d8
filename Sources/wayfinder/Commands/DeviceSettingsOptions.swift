import Classification
import DeviceProfiles
import Wayfinder

/// One device setting as an option: the table entry, and what it sets when given.
struct DeviceSetting {
    /// The option, as the tables of `run` and `replay` list it.
    var option: CommandOption
    /// Sets the setting from the option's value (nil for a flag); called only when it is given.
    /// Throws a ``UsageError`` for a value the setting cannot take.
    var apply: @Sendable (String?, inout DeviceSettings) throws(UsageError) -> Void
}

/// The device settings that `run` and `replay` share, with libinput's defaults (see
/// ``DeviceSettings``). Adding a setting is one entry in ``all``: both commands' parsing, help,
/// completions and manual pages follow.
enum DeviceSettingsOptions {
    static let tapToClick = CommandOption.flag(
        "--tap-to-click", help: "Turns touchpad taps into clicks (default: only on pads without buttons).")
    static let noTapToClick = CommandOption.flag("--no-tap-to-click", help: "Turns tap-to-click off on every touchpad.")
    static let noTapAndDrag = CommandOption.flag(
        "--no-tap-and-drag", help: "A tap clicks at once instead of holding its button 180 ms for a drag.")
    static let dragLock = CommandOption.choice(
        "--drag-lock", of: DragLock.self, help: "Keeps a tap-and-drag's button down after the lift (default: off).")
    static let clickMethod = CommandOption.choice(
        "--click-method", of: ClickMethod.self, help: "How a clickpad click picks its button (default: areas).")
    static let naturalScrolling = CommandOption.flag(
        "--natural-scrolling", help: "Scrolls content with the fingers: every scroll changes sign.")
    static let leftHanded = CommandOption.flag(
        "--left-handed", help: "Swaps the primary and secondary buttons, areas and taps.")
    static let middleEmulation = CommandOption.flag(
        "--middle-emulation", help: "Left and right pressed together are a middle click.")
    static let noMiddleEmulation = CommandOption.flag(
        "--no-middle-emulation", help: "No middle-button emulation (default: on without a middle button).")
    static let noDisableWhileTyping = CommandOption.flag(
        "--no-disable-while-typing", help: "Keeps touchpads working while a built-in keyboard is typed on.")
    static let noDisableWhileTrackpointing = CommandOption.flag(
        "--no-disable-while-trackpointing",
        help: "Keeps touchpads working while a built-in pointing stick moves the pointer.")
    static let scrollMethod = CommandOption.choice(
        "--scroll-method", of: ScrollMethod.self,
        help: "How touchpads and pointing sticks scroll (default: per device).")

    static let accelProfile = CommandOption.choice(
        "--accel-profile", of: AccelerationProfile.self,
        help: "How pointer speed changes distance: libinput's curves (default: adaptive), flat or custom.")
    static let accelSpeed = CommandOption.value(
        "--accel-speed", placeholder: "SPEED", help: "Pointer speed from -1 to 1, as libinput's (default: 0).")
    static let accelPoints = CommandOption.value(
        "--accel-points", placeholder: "POINTS",
        help: "The custom curve: output speeds in points per ms, e.g. \"0 1 2.5 5\" (default: \"0 1\").")
    static let accelStep = CommandOption.value(
        "--accel-step", placeholder: "STEP", help: "The input speed between custom points, points per ms (default: 1).")
    static let dpi = CommandOption.value(
        "--dpi", placeholder: "DPI",
        help: "A mouse's resolution, normalised to 1000 dpi (default: MOUSE_DPI, else 1000).")
    static let scrollFactor = CommandOption.value(
        "--scroll-factor", placeholder: "FACTOR", help: "Multiplies every scroll's distance (default: 1).")

    static let threeFingerDrag = CommandOption.choice(
        "--three-finger-drag", of: ThreeFingerDragSetting.self,
        help: "Three or four fingers moving together drag with the primary button held (default: off).")

    static let layout = CommandOption.value(
        "--layout", placeholder: "LAYOUT",
        help: "The keyboard layout, as XKB names it: de, fr, us,ru (default: XKB_DEFAULT_LAYOUT, else us).")
    static let variant = CommandOption.value(
        "--variant", placeholder: "VARIANT",
        help: "The layout's variant: nodeadkeys, dvorak (default: XKB_DEFAULT_VARIANT, else none); needs a layout.")

    static let settingsFile = CommandOption.value(
        "--settings", placeholder: "FILE", completion: .file(extensions: ["jsonl", "json"]),
        help: "Changes settings of chosen devices: one rule per line, {\"match\": {…}, \"settings\": {…}}.")

    /// Every setting, in the order help lists them.
    static let all: [DeviceSetting] = [
        DeviceSetting(option: tapToClick) { _, settings in settings.tapToClick = true },
        DeviceSetting(option: noTapToClick) { _, settings in settings.tapToClick = false },
        DeviceSetting(option: noTapAndDrag) { _, settings in settings.tapAndDrag = false },
        DeviceSetting(option: dragLock) { value, settings in
            settings.dragLock = value.flatMap(DragLock.init(rawValue:)) ?? .off
        },
        DeviceSetting(option: clickMethod) { value, settings in
            settings.clickMethod = value.flatMap(ClickMethod.init(rawValue:))
        },
        DeviceSetting(option: naturalScrolling) { _, settings in settings.naturalScrolling = true },
        DeviceSetting(option: leftHanded) { _, settings in settings.leftHanded = true },
        DeviceSetting(option: middleEmulation) { _, settings in settings.middleButtonEmulation = true },
        DeviceSetting(option: noMiddleEmulation) { _, settings in settings.middleButtonEmulation = false },
        DeviceSetting(option: noDisableWhileTyping) { _, settings in settings.disableWhileTyping = false },
        DeviceSetting(option: noDisableWhileTrackpointing) { _, settings in
            settings.disableWhileTrackpointing = false
        },
        DeviceSetting(option: scrollMethod) { value, settings in
            settings.scrollMethod = value.flatMap(ScrollMethod.init(rawValue:))
        },
        DeviceSetting(option: accelProfile) { value, settings in
            settings.accelerationProfile = value.flatMap(AccelerationProfile.init(rawValue:)) ?? .adaptive
        },
        DeviceSetting(option: accelSpeed) { value, settings throws(UsageError) in
            let speed = try number(value, of: accelSpeed)
            guard DeviceSettings.accelerationSpeedRange.contains(speed) else {
                throw UsageError("'--accel-speed' must be from -1 to 1, not '\(value ?? "")'")
            }
            settings.accelerationSpeed = speed
        },
        DeviceSetting(option: accelPoints) { value, settings throws(UsageError) in
            let words = (value ?? "").split(whereSeparator: { $0 == " " || $0 == "," })
            var points: [Double] = []
            for word in words {
                guard let point = Double(word), point.isFinite else {
                    throw UsageError("'--accel-points' takes numbers separated by spaces, not '\(word)'")
                }
                points.append(point)
            }
            settings.customAcceleration.fallback = try curve(step: settings.customAcceleration.fallback.step, points)
        },
        DeviceSetting(option: accelStep) { value, settings throws(UsageError) in
            let step = try number(value, of: accelStep)
            settings.customAcceleration.fallback = try curve(step: step, settings.customAcceleration.fallback.points)
        },
        DeviceSetting(option: dpi) { value, settings throws(UsageError) in
            guard let dpi = value.flatMap({ Int($0) }), DeviceSettings.dotsPerInchRange.contains(dpi) else {
                throw UsageError("'--dpi' must be a whole number from 1 to 100000, not '\(value ?? "")'")
            }
            settings.dotsPerInch = dpi
        },
        DeviceSetting(option: scrollFactor) { value, settings throws(UsageError) in
            let factor = try number(value, of: scrollFactor)
            guard DeviceSettings.scrollFactorRange.contains(factor) else {
                throw UsageError("'--scroll-factor' must be from 0 to 100, not '\(value ?? "")'")
            }
            settings.scrollFactor = factor
        },
        DeviceSetting(option: threeFingerDrag) { value, settings in
            settings.threeFingerDrag = value.flatMap(ThreeFingerDragSetting.init(rawValue:)) ?? .off
        },
        DeviceSetting(option: layout) { value, settings in settings.keyboardLayout.layout = value },
        DeviceSetting(option: variant) { value, settings in settings.keyboardLayout.variant = value },
    ]

    /// The option's value as a finite number.
    private static func number(_ value: String?, of option: CommandOption) throws(UsageError) -> Double {
        guard let number = value.flatMap({ Double($0) }), number.isFinite else {
            throw UsageError("'\(option.names.last ?? "")' takes a number, not '\(value ?? "")'")
        }
        return number
    }

    /// A custom curve, or the usage error saying why it is refused.
    private static func curve(step: Double, _ points: [Double]) throws(UsageError) -> AccelerationCurve {
        do {
            return try AccelerationCurve(step: step, points: points)
        } catch {
            throw UsageError("'--accel-points' and '--accel-step': \(error)")
        }
    }

    /// The settings' options, for a command's table: the settings, then the settings file.
    static var options: [CommandOption] { all.map(\.option) + [settingsFile] }

    /// The pairs of settings that contradict each other, for a command's exclusive groups.
    static let exclusiveGroups = [[tapToClick, noTapToClick], [middleEmulation, noMiddleEmulation]]

    /// Returns the rules of the settings file `--settings` named (none without one).
    /// - Throws: ``CommandFailure`` naming the file and line of what is wrong in it.
    static func rules(file path: String?) throws(CommandFailure) -> DeviceSettingsRules {
        guard let path else { return DeviceSettingsRules() }
        do {
            return try DeviceSettingsRules.load(path: path)
        } catch {
            throw CommandFailure("\(error)")
        }
    }

    /// Returns the device settings the command line chose, on top of `base` (libinput's
    /// defaults unless a command has its own, as the demo does).
    /// - Throws: ``UsageError`` for a value a setting cannot take.
    static func deviceSettings(
        from arguments: ParsedArguments,
        base: DeviceSettings = DeviceSettings()
    ) throws(UsageError) -> DeviceSettings {
        var settings = base
        for setting in all where arguments.contains(setting.option) {
            try setting.apply(arguments.value(of: setting.option), &settings)
        }
        return settings
    }
}
