/// How a shell completes an option's value or a positional argument.
enum CompletionKind: Hashable, Sendable {
    /// Free text: nothing to offer.
    case text
    /// A path: files with one of these extensions (any file when empty) and directories.
    case file(extensions: [String])
    /// An event device node (`/dev/input/event*`).
    case deviceNode
    /// The name of a subcommand.
    case subcommand
    /// The id of an item of the scene file given with `--scene` on the same command line.
    case sceneItem
    /// The name of a device of the recordings given on the same command line.
    case recordedDevice
}

/// One entry of a command's option table: an option (`--json`, `-o FILE`, `--format a|b`) or a
/// positional argument (`FILE…`).
///
/// The table is the one place an option is written down. Parsing (``ParsedArguments``), the
/// usage line and `--help` (``HelpFormatter``), shell completions (``CompletionScript``) and
/// manual pages (``ManualPage``) are all generated from it.
///
/// ```swift
/// static let json = CommandOption.flag("--json", help: "Prints JSON lines.")
/// static let output = CommandOption.value("-o", "--output", placeholder: "FILE", completion: .file(extensions: []),
///                                         help: "Writes to FILE instead of standard output.")
/// static let format = CommandOption.choice("--format", of: RecordingFormat.self, help: "The file format.")
/// static let devices = CommandOption.positional("DEVICE", completion: .deviceNode, repeatable: true,
///                                               help: "Event device nodes.")
/// ```
struct CommandOption: Hashable, Sendable {
    /// One of the words an option with choices accepts.
    struct Choice: Hashable, Sendable {
        /// The word (`evemu`).
        var name: String
        /// The placeholder of an argument that follows this choice (`--debug focusability ID`);
        /// nil when none does.
        var argument: String?

        /// Creates a choice.
        init(_ name: String, argument: String? = nil) {
            self.name = name
            self.argument = argument
        }

        /// The choice as help writes it: `focusability ID`.
        var synopsis: String { argument.map { "\(name) \($0)" } ?? name }
    }

    /// What follows the option's name, or what a positional argument is.
    enum Value: Hashable, Sendable {
        /// Nothing: the option is a flag.
        case none
        /// One argument, shown as `placeholder`.
        case text(placeholder: String, completion: CompletionKind)
        /// One of a fixed set of words.
        case choices([Choice])
    }

    /// The names, in the order help lists them (`-o`, `--output`); empty for a positional
    /// argument.
    var names: [String]
    /// What follows the name, or what the positional argument is.
    var value: Value
    /// Whether the option or argument may be given more than once.
    var isRepeatable: Bool
    /// Whether the command cannot run without it.
    var isRequired: Bool
    /// What it does, one sentence.
    var help: String
    /// Whether help, usage, completions and manual pages leave it out.
    var isHidden: Bool

    /// Creates a table entry; the static factories read better.
    init(
        names: [String],
        value: Value,
        isRepeatable: Bool = false,
        isRequired: Bool = false,
        help: String,
        isHidden: Bool = false
    ) {
        self.names = names
        self.value = value
        self.isRepeatable = isRepeatable
        self.isRequired = isRequired
        self.help = help
        self.isHidden = isHidden
    }

    /// An option without a value.
    static func flag(_ names: String..., help: String, hidden: Bool = false) -> CommandOption {
        CommandOption(names: names, value: .none, help: help, isHidden: hidden)
    }

    /// An option that takes one argument.
    static func value(
        _ names: String...,
        placeholder: String,
        completion: CompletionKind = .text,
        repeatable: Bool = false,
        required: Bool = false,
        hidden: Bool = false,
        help: String
    ) -> CommandOption {
        CommandOption(
            names: names, value: .text(placeholder: placeholder, completion: completion), isRepeatable: repeatable,
            isRequired: required, help: help, isHidden: hidden)
    }

    /// An option that takes one of a fixed set of words.
    static func choice(_ names: String..., choices: [Choice], hidden: Bool = false, help: String) -> CommandOption {
        CommandOption(names: names, value: .choices(choices), help: help, isHidden: hidden)
    }

    /// An option that takes one of the raw values of an enumeration.
    static func choice<Choices: RawRepresentable & CaseIterable>(
        _ names: String...,
        of type: Choices.Type,
        help: String
    ) -> CommandOption where Choices.RawValue == String {
        CommandOption(names: names, value: .choices(type.allCases.map { Choice($0.rawValue) }), help: help)
    }

    /// A positional argument.
    static func positional(
        _ placeholder: String,
        completion: CompletionKind = .text,
        repeatable: Bool = false,
        required: Bool = false,
        help: String
    ) -> CommandOption {
        CommandOption(
            names: [], value: .text(placeholder: placeholder, completion: completion), isRepeatable: repeatable,
            isRequired: required, help: help)
    }

    /// `-h, --help`, which every command has.
    static let help = CommandOption.flag("-h", "--help", help: "Shows help information.")

    /// `--version`, which every command has.
    static let version = CommandOption.flag("--version", help: "Shows the version.")

    /// Whether this is a positional argument.
    var isPositional: Bool { names.isEmpty }

    /// Whether the option takes a value.
    var takesValue: Bool {
        if case .none = value { return false }
        return true
    }

    /// The name errors and usage lines use: the first one.
    var primaryName: String { names.first ?? placeholder }

    /// The longest name (`--output` for `-o, --output`), which manual pages and completions
    /// describe.
    var longName: String { names.last ?? placeholder }

    /// The value's placeholder (`FILE`), or the choices joined with `|` (`evemu|libinput`).
    var placeholder: String {
        switch value {
        case .none: ""
        case .text(let placeholder, _): placeholder
        case .choices(let choices): choices.map(\.synopsis).joined(separator: "|")
        }
    }

    /// The choices' words, empty without choices.
    var choiceNames: [String] {
        if case .choices(let choices) = value { return choices.map(\.name) }
        return []
    }

    /// How a shell completes the value.
    var completion: CompletionKind {
        switch value {
        case .none, .choices: .text
        case .text(_, let completion): completion
        }
    }

    /// The entry as the usage line writes it: `--format evemu|libinput`, `-o FILE`, `FILE…`.
    var usageSynopsis: String {
        if isPositional { return placeholder + (isRepeatable ? "…" : "") }
        return takesValue ? "\(primaryName) \(placeholder)" : primaryName
    }

    /// The entry as help's left column writes it: every name, then the placeholder.
    var helpSynopsis: String {
        if isPositional { return usageSynopsis }
        let names = names.joined(separator: ", ")
        return takesValue ? "\(names) \(placeholder)" : names
    }
}
