import Classification
import DeviceProfiles

/// One device setting as an option: the table entry, and what it sets when given.
struct DeviceSetting {
    /// The option, as the tables of `run` and `replay` list it.
    var option: CommandOption
    /// Sets the setting from the option's value (nil for a flag); called only when it is given.
    var apply: @Sendable (String?, inout ClassifierOptions) -> Void
}

/// The device settings that `run` and `replay` share. Adding a setting is one entry in ``all``:
/// both commands' parsing, help, completions and manual pages follow.
enum DeviceSettingsOptions {
    /// Every setting, in the order help lists them.
    static let all: [DeviceSetting] = [
        DeviceSetting(option: .flag("--tap-to-click", help: "Turns touchpad taps into clicks.")) { _, options in
            options.tapToClick = true
        },
        DeviceSetting(
            option: .choice(
                "--click-method", of: ClickMethod.self, help: "How a clickpad click picks its button (default: areas).")
        ) { value, options in
            options.clickMethod = value.flatMap(ClickMethod.init(rawValue:))
        },
    ]

    /// The settings' options, for a command's table.
    static var options: [CommandOption] { all.map(\.option) }

    /// Returns the classifier options the command line chose.
    static func classifierOptions(from arguments: ParsedArguments) -> ClassifierOptions {
        var options = ClassifierOptions()
        for setting in all where arguments.contains(setting.option) {
            setting.apply(arguments.value(of: setting.option), &options)
        }
        return options
    }
}
