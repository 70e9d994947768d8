import Testing

@testable import wayfinder

/// The option tables: parsing, usage and help generated from one declaration per option.
@Suite struct OptionTableTests {
    static let json = CommandOption.flag("--json", help: "Prints JSON.")
    static let plain = CommandOption.flag("--plain", help: "Prints lines.")
    static let output = CommandOption.value("-o", "--output", placeholder: "FILE", help: "Writes to FILE.")
    static let device = CommandOption.value(
        "--device", placeholder: "NODE|NAME", repeatable: true, help: "Chooses a device.")
    static let debug = CommandOption.choice(
        "--debug", choices: [.init("item", argument: "ID"), .init("loop")], help: "Debugs.")
    static let files = CommandOption.positional("FILE", repeatable: true, required: true, help: "Files.")
    static let table = [json, plain, output, device, debug, files]

    static func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        try ParsedArguments(arguments, options: table, exclusiveGroups: [[json, plain]])
    }

    @Test func occurrencesKeepTheirOrderNamesAndValues() throws {
        let parsed = try Self.parse(["a", "--output=x", "--device", "Mouse", "b", "--device", "/dev/input/event3"])
        #expect(
            parsed.occurrences == [
                .init(option: Self.files, name: "FILE", value: "a"),
                .init(option: Self.output, name: "--output", value: "x"),
                .init(option: Self.device, name: "--device", value: "Mouse"),
                .init(option: Self.files, name: "FILE", value: "b"),
                .init(option: Self.device, name: "--device", value: "/dev/input/event3"),
            ])
        #expect(parsed.values(of: Self.files) == ["a", "b"])
        #expect(parsed.values(of: Self.device) == ["Mouse", "/dev/input/event3"])
        #expect(parsed.value(of: Self.output) == "x")
        #expect(!parsed.contains(Self.json))
    }

    @Test func aChoiceMayTakeItsOwnArgument() throws {
        let parsed = try Self.parse(["a", "--debug", "item", "photo-1"])
        #expect(parsed.value(of: Self.debug) == "item")
        #expect(parsed.choiceArgument(of: Self.debug) == "photo-1")
        #expect(try Self.parse(["a", "--debug", "loop"]).choiceArgument(of: Self.debug) == nil)
    }

    @Test(arguments: [
        (["a", "--frob"], "Unknown option '--frob'"),
        (["a", "--json=1"], "'--json' does not take a value"),
        (["a", "-o"], "Missing value for '-o'"),
        (["a", "-o", "x", "--output", "y"], "'--output' may be given only once"),
        (["a", "--debug", "all"], "The value 'all' is invalid for '--debug <item|loop>'"),
        (["a", "--debug", "item"], "Missing value for '--debug item'"),
        ([], "Missing expected argument 'FILE…'"),
        (["a", "--plain", "--json"], "'--json' and '--plain' cannot be used together"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) {
        #expect(throws: UsageError.self) { try Self.parse(arguments) }
        do {
            _ = try Self.parse(arguments)
        } catch {
            #expect(error.message == message)
        }
    }

    @Test func aFlagGivenTwiceIsStillOneFlag() throws {
        #expect(try Self.parse(["a", "--json", "--json"]).contains(Self.json))
    }

    @Test func aPositionalThatIsNotRepeatableTakesOneArgument() {
        let topic = CommandOption.positional("<subcommand>", help: "The topic.")
        #expect(throws: UsageError("Unexpected argument 'b'")) { try ParsedArguments(["a", "b"], options: [topic]) }
    }

    @Test func usageAndHelpComeFromTheTable() {
        #expect(HelpFormatter.usageItem(Self.json) == "[--json]")
        #expect(HelpFormatter.usageItem(Self.output) == "[-o FILE]")
        #expect(HelpFormatter.usageItem(Self.device) == "[--device NODE|NAME]…")
        #expect(HelpFormatter.usageItem(Self.debug) == "[--debug item ID|loop]")
        #expect(HelpFormatter.usageItem(Self.files) == "FILE…")
        #expect(Self.output.helpSynopsis == "-o, --output FILE")
    }

    /// The device settings and the settings file both `run` and `replay` take, as their usage
    /// lines list them.
    private static let settingsUsage =
        "[--tap-to-click] [--no-tap-to-click] [--no-tap-and-drag] [--drag-lock off|timeout|sticky] "
        + "[--click-method areas|fingers] [--natural-scrolling] [--left-handed] [--middle-emulation] "
        + "[--no-middle-emulation] [--no-disable-while-typing] [--no-disable-while-trackpointing] "
        + "[--scroll-method two-finger|edge|on-button|none] "
        + "[--accel-profile adaptive|flat|custom] [--accel-speed SPEED] [--accel-points POINTS] [--accel-step STEP] "
        + "[--dpi DPI] [--scroll-factor FACTOR] [--three-finger-drag off|3|4] [--layout LAYOUT] [--variant VARIANT] [--settings FILE]"

    @Test func everyCommandsUsageLineIsGenerated() {
        #expect(
            RootCommand.subcommands.map { $0.usage } == [
                "wayfinder devices [--json]",
                "wayfinder record [--format evemu|libinput] [-o FILE] [--force] [--show-keycodes] [DEVICE…]",
                "wayfinder replay FILE… [--desc DESC]… [--raw] [--scene SCENE] [--json] [--realtime] "
                    + "[--accessibility] [--device NAME|R:D]… " + Self.settingsUsage + " [--motion] [--why] "
                    + "[--stream-version 1|2] [--expect GOLDEN] [--update-expectations] [--ignore FIELD,…]… [--time-tolerance MS]",
                "wayfinder report [FILE…] [--desc DESC]… [--scene SCENE] [--demo] -o OUT.html [--show-keycodes] "
                    + Self.settingsUsage,
                "wayfinder convert IN OUT [--desc DESC] [--format evemu|libinput] [--force]",
                "wayfinder navigate --scene SCENE [--focus ID] [--fka] [--search precise|proximity] "
                    + "[--keys \"K1 K2 …\"] [--json] [--trace] "
                    + "[--debug focusability ID|groups|loop|status|request ID|commands]",
                "wayfinder run [--scene SCENE] [--grab] [--json] [--plain] [--device NODE|NAME]… [--accessibility] "
                    + Self.settingsUsage + " [--motion] [--why] [--stream-version 1|2]",
                "wayfinder demo [--scene SCENE] [--json] [--plain] [--motion] [--stream-version 1|2] [RECORDING…] "
                    + "[--desc DESC]… " + Self.settingsUsage + " [--why] [--print-scene-path]",
                "wayfinder explore --scene SCENE [--fka] [--accessibility]",
                "wayfinder bench [--json] [--quick] [--list] [--check-allocations] [--check-runtime-allocations] "
                    + "[<name-or-prefix>…]",
                "wayfinder help [<subcommand>]",
            ])
    }

    /// What the tables must hold for the generators to work: unique names that look like options,
    /// exclusive groups made of the command's own options, and at most one repeatable positional,
    /// last.
    @Test func everyTableIsWellFormed() {
        for command in RootCommand.subcommands {
            let names = command.allOptions.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(command.name): a name used twice")
            #expect(names.allSatisfy { $0.hasPrefix("--") || ($0.hasPrefix("-") && $0.count == 2) }, "\(command.name)")
            for group in command.exclusiveGroups {
                #expect(group.allSatisfy(command.options.contains), "\(command.name): a group outside the table")
            }
            let positionals = command.options.filter(\.isPositional)
            #expect(positionals.dropLast().allSatisfy { !$0.isRepeatable }, "\(command.name)")
            #expect(command.options.allSatisfy { !$0.help.isEmpty }, "\(command.name)")
        }
    }
}
