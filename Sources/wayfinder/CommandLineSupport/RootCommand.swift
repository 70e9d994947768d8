#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The `wayfinder` command itself: the table of subcommands, help, and the mapping from errors to
/// exit codes.
enum RootCommand {
    /// Every subcommand, in the order help lists them. Adding a subcommand is one entry here.
    static var subcommands: [any Command.Type] {
        [
            DevicesCommand.self,
            RecordCommand.self,
            ReplayCommand.self,
            NavigateCommand.self,
            RunCommand.self,
            DemoCommand.self,
            ExploreCommand.self,
        ]
    }

    /// The one-line usage of the root command.
    static let usage = "wayfinder <subcommand> [options]"

    /// What the tool does, as `OVERVIEW:`.
    static let abstract =
        "Turns raw Linux input into the interactions people mean and drives a keyboard focus engine."

    /// Returns the subcommand with a name, if there is one.
    static func subcommand(named name: String) -> (any Command.Type)? {
        subcommands.first { $0.name == name }
    }

    /// Parses the arguments (without the program name), runs the subcommand they select, prints
    /// help or errors, and returns the exit code.
    static func main(arguments: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream)
        -> ExitCode
    {
        guard let first = arguments.first else {
            print(HelpFormatter.rootHelp(), terminator: "", to: &output)
            return .success
        }
        if first == "-h" || first == "--help" {
            print(HelpFormatter.rootHelp(), terminator: "", to: &output)
            return .success
        }
        if first == "help" {
            return help(topic: Array(arguments.dropFirst()), output: &output, errors: &errors)
        }
        guard let command = subcommand(named: first) else {
            let message = first.hasPrefix("-") ? "Unknown option '\(first)'" : "Unknown subcommand '\(first)'"
            report(UsageError(message), usage: usage, helpCommand: "wayfinder", to: &errors)
            return .usageError
        }
        return run(command, arguments: arguments.dropFirst(), output: &output, errors: &errors)
    }

    private static func help(topic: [String], output: inout some TextOutputStream, errors: inout some TextOutputStream)
        -> ExitCode
    {
        guard let name = topic.first else {
            print(HelpFormatter.rootHelp(), terminator: "", to: &output)
            return .success
        }
        guard topic.count == 1, let command = subcommand(named: name) else {
            let message =
                topic.count == 1 ? "Unknown subcommand '\(name)'" : "Unexpected argument '\(topic[1])'"
            report(UsageError(message), usage: "wayfinder help [<subcommand>]", helpCommand: "wayfinder", to: &errors)
            return .usageError
        }
        print(HelpFormatter.help(for: command), terminator: "", to: &output)
        return .success
    }

    private static func run(
        _ command: any Command.Type,
        arguments: ArraySlice<String>,
        output: inout some TextOutputStream,
        errors: inout some TextOutputStream
    ) -> ExitCode {
        var cursor = ArgumentCursor(arguments)
        if cursor.requestsHelp {
            print(HelpFormatter.help(for: command), terminator: "", to: &output)
            return .success
        }
        let instance: any Command
        do {
            instance = try command.init(arguments: &cursor)
            try instance.validate()
        } catch {
            report(error, usage: command.usage, helpCommand: "wayfinder \(command.name)", to: &errors)
            return .usageError
        }
        do {
            try instance.run()
            return .success
        } catch let code as ExitCode {
            return code
        } catch let error as UsageError {
            report(error, usage: command.usage, helpCommand: "wayfinder \(command.name)", to: &errors)
            return .usageError
        } catch {
            print("Error: \(error)", to: &errors)
            return .failure
        }
    }

    /// Prints a usage error in its three lines: the message, the usage, and where to find help.
    private static func report(
        _ error: UsageError,
        usage: String,
        helpCommand: String,
        to errors: inout some TextOutputStream
    ) {
        print("Error: \(error.message)", to: &errors)
        print("Usage: \(usage)", to: &errors)
        print("  See '\(helpCommand) --help' for more information.", to: &errors)
    }
}

/// A text stream writing to a C `FILE`: standard output or standard error.
struct FileStream: TextOutputStream {
    /// Standard output (line-buffered once `main` has set it up).
    static var standardOutput: FileStream { FileStream(file: stdout) }
    /// Standard error (unbuffered).
    static var standardError: FileStream { FileStream(file: stderr) }

    private let file: UnsafeMutablePointer<FILE>

    private init(file: UnsafeMutablePointer<FILE>) { self.file = file }

    mutating func write(_ string: String) { fputs(string, file) }
}
