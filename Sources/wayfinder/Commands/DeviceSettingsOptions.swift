import Classification
import DeviceProfiles
import Wayfinder

/// One device setting as an option: the table entry, and what it sets when given.
struct DeviceSetting {
    /// The option, as the tables of `run` and `replay` list it.
    var option: CommandOption
    /// Sets the setting from the option's value (nil for a flag); called only when it is given.
    var apply: @Sendable (String?, inout DeviceSettings) -> Void
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
    static let scrollMethod = CommandOption.choice(
        "--scroll-method", of: ScrollMethod.self,
        help: "How touchpads and pointing sticks scroll (default: per device).")

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
        DeviceSetting(option: scrollMethod) { value, settings in
            settings.scrollMethod = value.flatMap(ScrollMethod.init(rawValue:))
        },
    ]

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

    /// Returns the device settings the command line chose.
    static func deviceSettings(from arguments: ParsedArguments) -> DeviceSettings {
        var settings = DeviceSettings()
        for setting in all where arguments.contains(setting.option) {
            setting.apply(arguments.value(of: setting.option), &settings)
        }
        return settings
    }
}
