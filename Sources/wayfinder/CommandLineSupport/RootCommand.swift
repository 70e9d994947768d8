import FileAccess
import Wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The `wayfinder` command itself: the table of subcommands, help, `--version`, the hidden
/// generators of completions and manual pages, and the mapping from errors to exit codes.
enum RootCommand {
    /// Every subcommand, in the order help lists them. Adding a subcommand is one entry here.
    static var subcommands: [any Command.Type] {
        [
            DevicesCommand.self,
            RecordCommand.self,
            ReplayCommand.self,
            ReportCommand.self,
            ConvertCommand.self,
            NavigateCommand.self,
            RunCommand.self,
            DemoCommand.self,
            ExploreCommand.self,
            BenchCommand.self,
            HelpCommand.self,
        ]
    }

    /// The one-line usage of the root command.
    static let usage = "wayfinder <subcommand> [options]"

    /// What the tool does, as `OVERVIEW:`.
    static let abstract =
        "Turns raw Linux input into the interactions people mean and drives a keyboard focus engine."

    /// Prints a shell's completion script (hidden: `Scripts/generate-documentation` uses it).
    static let completionScript = CommandOption.choice(
        "--generate-completion-script", choices: CompletionScript.Shell.allCases.map { .init($0.rawValue) },
        hidden: true, help: "Prints the completion script for a shell.")

    /// Prints a manual page in roff (hidden: `Scripts/generate-documentation` uses it).
    static let manualPage = CommandOption.choice(
        "--generate-manual-page", choices: ManualPage.names.map { .init($0) }, hidden: true,
        help: "Prints a manual page (roff).")

    /// Writes every manual page and completion script into a directory (hidden:
    /// `Scripts/generate-documentation` uses it).
    static let documentation = CommandOption.value(
        "--generate-documentation", placeholder: "DIRECTORY", completion: .file(extensions: []), hidden: true,
        help: "Writes every manual page and completion script into DIRECTORY.")

    /// The root's own options: `--version`, `-h, --help` and the hidden generators.
    static var options: [CommandOption] { [.version, .help, completionScript, manualPage, documentation] }

    /// The line `--version` prints.
    static var versionLine: String { "wayfinder \(WayfinderModule.version)" }

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
        guard first.hasPrefix("-") else {
            guard let command = subcommand(named: first) else {
                report(.unknownSubcommand(first), usage: usage, helpCommand: "wayfinder", to: &errors)
                return .usageError
            }
            return run(command, arguments: arguments.dropFirst(), output: &output, errors: &errors)
        }
        let cursor = ArgumentCursor(arguments)
        if cursor.requestsHelp {
            print(HelpFormatter.rootHelp(), terminator: "", to: &output)
            return .success
        }
        if cursor.requestsVersion {
            print(versionLine, to: &output)
            return .success
        }
        do {
            let parsed = try ParsedArguments(arguments, options: options)
            if let shell = parsed.choice(of: completionScript, as: CompletionScript.Shell.self) {
                print(CompletionScript.script(for: shell), terminator: "", to: &output)
            } else if let page = parsed.value(of: manualPage) {
                print(ManualPage.page(named: page) ?? "", terminator: "", to: &output)
            } else if let directory = parsed.value(of: documentation) {
                try GeneratedDocumentation.write(to: directory)
            }
            return .success
        } catch let failure as CommandFailure {
            print("Error: \(failure)", to: &errors)
            return .failure
        } catch let error as UsageError {
            report(error, usage: usage, helpCommand: "wayfinder", to: &errors)
            return .usageError
        } catch {
            print("Error: \(error)", to: &errors)
            return .failure
        }
    }

    private static func run(
        _ command: any Command.Type,
        arguments: ArraySlice<String>,
        output: inout some TextOutputStream,
        errors: inout some TextOutputStream
    ) -> ExitCode {
        let cursor = ArgumentCursor(arguments)
        if cursor.requestsHelp {
            print(HelpFormatter.help(for: command), terminator: "", to: &output)
            return .success
        }
        if cursor.requestsVersion {
            print(versionLine, to: &output)
            return .success
        }
        let instance: any Command
        do {
            instance = try command.init(parsing: ParsedArguments(arguments, table: command))
            try instance.validate()
        } catch {
            report(error, usage: command.usage, helpCommand: "wayfinder \(command.name)", to: &errors)
            return .usageError
        }
        do {
            try instance.run()
            return .success
        } catch let request as HelpRequest {
            let text =
                request.commandName.flatMap(subcommand(named:)).map(HelpFormatter.help(for:))
                ?? HelpFormatter.rootHelp()
            print(text, terminator: "", to: &output)
            return .success
        } catch let code as ExitCode {
            return code
        } catch is OutputStopped {
            // The output's failure decides the status (CommandOutput.finish).
            return .success
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
        if error.showsUsage { print("Usage: \(usage)", to: &errors) }
        print("  See '\(helpCommand) --help' for more information.", to: &errors)
    }
}

/// `wayfinder help [<subcommand>]`: the help of the tool or of one subcommand.
struct HelpCommand: Command {
    static let name = "help"
    static let abstract = "Shows help for wayfinder or one of its subcommands."
    static let subcommand = CommandOption.positional(
        "<subcommand>", completion: .subcommand, help: "The subcommand to explain; the whole tool when omitted.")
    static let options = [subcommand]

    /// The subcommand asked about; nil for the whole tool.
    var topic: String?

    init(parsing arguments: ParsedArguments) throws(UsageError) {
        topic = arguments.value(of: Self.subcommand)
        if let topic, RootCommand.subcommand(named: topic) == nil {
            throw .unknownSubcommand(topic)
        }
    }

    func run() throws { throw HelpRequest(commandName: topic) }
}

/// A text stream writing to a C `FILE`: standard error (standard output is ``CommandOutput``).
///
/// Control characters other than line feeds and tabs are escaped, as on standard output: error
/// messages and warnings name devices, files and scene ids, which come from outside.
struct FileStream: TextOutputStream {
    /// Standard error (unbuffered).
    static var standardError: FileStream { FileStream(file: stderr) }

    private let file: UnsafeMutablePointer<FILE>

    private init(file: UnsafeMutablePointer<FILE>) { self.file = file }

    mutating func write(_ string: String) { fputs(string.escapingControlCharacters(keepingLineBreaks: true), file) }

    /// Moves the cursor back to the start of the line (a carriage return), for a progress line
    /// that is drawn over itself.
    mutating func returnToLineStart() { fputs("\r", file) }
}
