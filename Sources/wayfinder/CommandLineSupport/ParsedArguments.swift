/// A command's arguments parsed against its option table: which options were given, with their
/// values, in the order they were given.
///
/// ```swift
/// let arguments = try ParsedArguments(["a.evemu", "--json"], table: ReplayCommand.self)
/// arguments.contains(ReplayCommand.json)   // true
/// arguments.values(of: ReplayCommand.files)  // ["a.evemu"]
/// ```
struct ParsedArguments: Sendable {
    /// One option or positional argument as given.
    struct Occurrence: Hashable, Sendable {
        /// The table entry it matched.
        var option: CommandOption
        /// The name as typed (`-o` or `--output`); the placeholder for a positional argument.
        var name: String
        /// The value: the option's argument, the chosen word, or the positional argument; nil for
        /// a flag.
        var value: String?
        /// The argument that follows a choice that takes one (`--debug focusability ID`).
        var choiceArgument: String?
    }

    /// Everything given, in order.
    private(set) var occurrences: [Occurrence] = []

    /// Parses arguments (everything after the command's name) against a command's table.
    /// - Throws: ``UsageError`` for an unknown option, a missing or invalid value, an argument
    ///   the command does not take, a missing required option or argument, an option given
    ///   twice that takes one value, or two options that cannot be used together.
    init(_ arguments: some Sequence<String>, table command: any Command.Type) throws(UsageError) {
        try self.init(arguments, options: command.options, exclusiveGroups: command.exclusiveGroups)
    }

    /// Parses arguments against a table of options.
    /// - Throws: ``UsageError`` (see ``init(_:table:)``).
    init(
        _ arguments: some Sequence<String>,
        options: [CommandOption],
        exclusiveGroups: [[CommandOption]] = []
    ) throws(UsageError) {
        var cursor = ArgumentCursor(arguments)
        let positionals = options.filter(\.isPositional)
        var positionalIndex = 0
        while let argument = try cursor.next() {
            switch argument {
            case .option(let name):
                guard let option = options.first(where: { $0.names.contains(name) }) else {
                    // Long names only: every one-letter option is one edit from any other.
                    let known = (options + [.version, .help]).filter { !$0.isHidden }.flatMap(\.names)
                    throw .unknownOption(name, known: name.hasPrefix("--") ? known.filter { $0.hasPrefix("--") } : [])
                }
                if option.takesValue, !option.isRepeatable, contains(option) {
                    throw UsageError("'\(name)' may be given only once")
                }
                occurrences.append(try Self.occurrence(of: option, named: name, cursor: &cursor))
            case .positional(let value):
                guard positionalIndex < positionals.count else { throw argument.unexpected }
                let option = positionals[positionalIndex]
                if !option.isRepeatable { positionalIndex += 1 }
                occurrences.append(Occurrence(option: option, name: option.placeholder, value: value))
            }
        }
        for option in options where option.isRequired && !contains(option) {
            throw option.isPositional
                ? UsageError("Missing expected argument '\(option.usageSynopsis)'")
                : UsageError("Missing expected option '\(option.usageSynopsis)'")
        }
        for group in exclusiveGroups {
            let given = group.filter(contains)
            if given.count > 1 {
                throw UsageError("'\(given[0].primaryName)' and '\(given[1].primaryName)' cannot be used together")
            }
        }
    }

    private static func occurrence(
        of option: CommandOption,
        named name: String,
        cursor: inout ArgumentCursor
    ) throws(UsageError) -> Occurrence {
        switch option.value {
        case .none:
            return Occurrence(option: option, name: name)
        case .text:
            return Occurrence(option: option, name: name, value: try cursor.value(for: name))
        case .choices(let choices):
            let word = try cursor.value(for: name)
            guard let choice = choices.first(where: { $0.name == word }) else {
                throw .invalidValue(word, for: name, choices: choices.map(\.name))
            }
            let argument = try choice.argument.map { _ throws(UsageError) in
                try cursor.value(for: "\(name) \(word)")
            }
            return Occurrence(option: option, name: name, value: word, choiceArgument: argument)
        }
    }

    /// Whether an option or argument was given.
    func contains(_ option: CommandOption) -> Bool {
        occurrences.contains { $0.option == option }
    }

    /// The value of an option or argument, the last one when it was given more than once.
    func value(of option: CommandOption) -> String? {
        occurrences.last { $0.option == option }?.value
    }

    /// Every value given for an option or argument, in order.
    func values(of option: CommandOption) -> [String] {
        occurrences.filter { $0.option == option }.compactMap(\.value)
    }

    /// The chosen word of an option with choices, as the enumeration whose raw values the table
    /// lists.
    func choice<Choices: RawRepresentable>(of option: CommandOption, as type: Choices.Type) -> Choices?
    where Choices.RawValue == String {
        value(of: option).flatMap(Choices.init(rawValue:))
    }

    /// The argument that followed the chosen word (`ID` in `--debug focusability ID`).
    func choiceArgument(of option: CommandOption) -> String? {
        occurrences.last { $0.option == option }?.choiceArgument
    }
}
