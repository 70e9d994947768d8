/// A subcommand of `wayfinder`.
///
/// A command is one type: it describes itself for help (`name`, `abstract`, `usage`, `options`),
/// parses itself from an argument cursor, validates the combination of options, then runs.
/// Adding a subcommand means adding one file with a type like this and one entry in
/// ``RootCommand/subcommands``.
///
/// ```swift
/// struct HelloCommand: Command {
///     static let name = "hello"
///     static let abstract = "Greets the world."
///     static let usage = "wayfinder hello [--loud]"
///     static let options = [OptionHelp("--loud", "Shouts.")]
///     var isLoud = false
///     init(arguments: inout ArgumentCursor) throws(UsageError) {
///         while let argument = try arguments.next() {
///             switch argument {
///             case .option("--loud"): isLoud = true
///             default: throw argument.unexpected
///             }
///         }
///     }
///     func run() throws { print(isLoud ? "HELLO" : "hello") }
/// }
/// ```
protocol Command {
    /// The word that selects the command (`wayfinder <name>`).
    static var name: String { get }
    /// One sentence saying what the command does, shown in the root help and as `OVERVIEW:`.
    static var abstract: String { get }
    /// The one-line usage, starting with `wayfinder <name>`.
    static var usage: String { get }
    /// Longer help printed after the overview; empty by default.
    static var discussion: String { get }
    /// The options and arguments, in the order help lists them (`-h, --help` is added).
    static var options: [OptionHelp] { get }

    /// Parses the command's arguments (everything after its name).
    /// - Throws: ``UsageError`` for an unknown option, a missing or invalid value, or a
    ///   positional argument the command does not take.
    init(arguments: inout ArgumentCursor) throws(UsageError)

    /// Checks the parsed options as a whole (combinations, required arguments).
    /// - Throws: ``UsageError`` when they cannot go together.
    func validate() throws(UsageError)

    /// Does the work. Errors other than ``UsageError`` and ``ExitCode`` are runtime failures:
    /// they are printed as `Error: <description>` and the process exits with 1.
    func run() throws
}

extension Command {
    static var discussion: String { "" }
    func validate() throws(UsageError) {}
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

    /// Creates a usage error with its message.
    init(_ message: String) { self.message = message }

    var description: String { message }

    /// An option the command does not know.
    static func unknownOption(_ name: String) -> UsageError { UsageError("Unknown option '\(name)'") }

    /// An option given without its value.
    static func missingValue(for option: String) -> UsageError {
        UsageError("Missing value for '\(option)'")
    }

    /// A value outside the option's choices.
    static func invalidValue(_ value: String, for option: String, choices: [String]) -> UsageError {
        UsageError("The value '\(value)' is invalid for '\(option) <\(choices.joined(separator: "|"))>'")
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

/// One line of the `OPTIONS:` section of a command's help.
struct OptionHelp: Hashable, Sendable {
    /// The option as typed, with its value placeholder (`--format evemu|libinput`, `FILE…`).
    var synopsis: String
    /// What it does, one sentence.
    var text: String

    /// Creates a help line.
    init(_ synopsis: String, _ text: String) {
        self.synopsis = synopsis
        self.text = text
    }
}
