import FocusEngine

/// A subcommand of `wayfinder`.
///
/// A command is one type: it describes itself (`name`, `abstract`, `discussion`) and declares its
/// options once, in ``options``; usage, help, parsing, shell completions and manual pages are all
/// generated from that table. It is created from the parsed arguments, validates the combination
/// of options, then runs. Adding a subcommand means adding one file with a type like this and one
/// entry in ``RootCommand/subcommands``.
///
/// ```swift
/// struct HelloCommand: Command {
///     static let name = "hello"
///     static let abstract = "Greets the world."
///     static let loud = CommandOption.flag("--loud", help: "Shouts.")
///     static let options = [loud]
///     var isLoud: Bool
///     init(parsing arguments: ParsedArguments) throws(UsageError) {
///         isLoud = arguments.contains(Self.loud)
///     }
///     func run() throws { print(isLoud ? "HELLO" : "hello") }
/// }
/// ```
protocol Command {
    /// The word that selects the command (`wayfinder <name>`).
    static var name: String { get }
    /// One sentence saying what the command does, shown in the root help and as `OVERVIEW:`.
    static var abstract: String { get }
    /// Longer help printed after the overview; empty by default.
    static var discussion: String { get }
    /// The options and positional arguments, in the order usage and help list them (`--version`
    /// and `-h, --help` are added).
    static var options: [CommandOption] { get }
    /// Sets of options of which at most one may be given; none by default.
    static var exclusiveGroups: [[CommandOption]] { get }
    /// Command lines that show the command's use, for the manual page's EXAMPLES; none by default.
    static var examples: [Example] { get }
    /// Pages of other programs the manual page's SEE ALSO names (`libinput(4)`); none by default.
    static var seeAlso: [String] { get }

    /// Creates the command from its parsed arguments.
    /// - Throws: ``UsageError`` for a value the table cannot check (a malformed key list).
    init(parsing arguments: ParsedArguments) throws(UsageError)

    /// Checks the parsed options as a whole (combinations the table cannot express).
    /// - Throws: ``UsageError`` when they cannot go together.
    func validate() throws(UsageError)

    /// Does the work. Errors other than ``UsageError`` and ``ExitCode`` are runtime failures:
    /// they are printed as `Error: <description>` and the process exits with 1.
    func run() throws
}

extension Command {
    static var discussion: String { "" }
    static var exclusiveGroups: [[CommandOption]] { [] }
    static var examples: [Example] { [] }
    static var seeAlso: [String] { [] }
    func validate() throws(UsageError) {}

    /// The one-line usage, starting with `wayfinder <name>`, generated from the table.
    static var usage: String { HelpFormatter.usage(for: self) }

    /// The table with the options every command has, `--version` and `-h, --help`, at the end.
    static var allOptions: [CommandOption] { options + [.version, .help] }
}

/// A command line that shows a command's use, and what it does.
struct Example: Sendable {
    /// The command line, as typed.
    var command: String
    /// What it does, a phrase without a final period.
    var meaning: String

    init(_ command: String, _ meaning: String) {
        self.command = command
        self.meaning = meaning
    }
}

/// Thrown from ``Command/run()`` to print help instead of running: the root's help when
/// `commandName` is nil.
struct HelpRequest: Error {
    /// The name of the subcommand whose help to print.
    var commandName: String?
}

/// How `wayfinder` ends: 0 for success, 1 for a runtime failure, 64 for a usage error.
///
/// Thrown from ``Command/run()`` to end with a specific status without printing an error.
struct ExitCode: RawRepresentable, Error, Hashable, Sendable {
    /// The process exit status.
    var rawValue: Int32
    /// Creates an exit code from a process exit status.
    init(rawValue: Int32) { self.rawValue = rawValue }

    /// The command did what was asked.
    static let success = ExitCode(rawValue: 0)
    /// The command failed at run time: a missing or malformed file, a device error.
    static let failure = ExitCode(rawValue: 1)
    /// The command line was wrong. The value is `EX_USAGE` from `<sysexits.h>`, as
    /// swift-argument-parser uses on Linux.
    static let usageError = ExitCode(rawValue: 64)
}

/// A mistake in the command line: reported with the usage line and a pointer to `--help`, and
/// the process exits with ``ExitCode/usageError``.
struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, as one sentence without a final period.
    var message: String
    /// Whether the usage line follows the message. A misspelt name is answered with the closest
    /// one instead: the usage line of a command with many options is longer than the help it
    /// would give.
    var showsUsage: Bool

    /// Creates a usage error with its message.
    init(_ message: String, showsUsage: Bool = true) {
        self.message = message
        self.showsUsage = showsUsage
    }

    var description: String { message }

    /// An option the command does not know, with the closest of the command's options.
    static func unknownOption(_ name: String, known: [String] = []) -> UsageError {
        UsageError(
            "Unknown option '\(name)'" + Suggestion.text(Suggestion.closest(to: name, among: known), quote: "'"),
            showsUsage: false)
    }

    /// A subcommand that does not exist, with the closest one.
    static func unknownSubcommand(_ name: String) -> UsageError {
        let suggestion = Suggestion.closest(to: name, among: RootCommand.subcommands.map { $0.name })
        return UsageError("Unknown subcommand '\(name)'" + Suggestion.text(suggestion, quote: "'"))
    }

    /// An option given without its value.
    static func missingValue(for option: String) -> UsageError {
        UsageError("Missing value for '\(option)'")
    }

    /// A value outside the option's choices.
    static func invalidValue(_ value: String, for option: String, choices: [String]) -> UsageError {
        // A word, not a number: '5' is no misspelling of '3'.
        let suggestion = value.count < 3 ? nil : Suggestion.closest(to: value, among: choices)
        return UsageError(
            "The value '\(value)' is invalid for '\(option) <\(choices.joined(separator: "|"))>'"
                + Suggestion.text(suggestion, quote: "'"))
    }

    /// A positional argument the command does not take.
    static func unexpectedArgument(_ argument: String) -> UsageError {
        UsageError("Unexpected argument '\(argument)'")
    }
}

/// A runtime failure with a message that already names what failed (file and line, device).
struct CommandFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The message, printed after `Error: `.
    var message: String
    /// Creates a failure with its message.
    init(_ message: String) { self.message = message }
    var description: String { message }
}
