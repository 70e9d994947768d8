/// Lays out usage lines and help text from the option tables, in swift-argument-parser's
/// sections: `OVERVIEW:`, `USAGE:`, `OPTIONS:`, `SUBCOMMANDS:`.
enum HelpFormatter {
    /// The exit codes every command uses, one sentence, written into every help text and manual
    /// page.
    static let exitCodeSentence = "0 on success, 1 when the command fails, 64 when the command line is wrong."

    /// The exit codes as a help section.
    static let exitCodes = "EXIT STATUS:\n  \(exitCodeSentence)\n"

    /// Returns the one-line usage of a subcommand: its name, then each visible option and
    /// argument in table order, optional ones in brackets, repeatable options followed by `…`.
    static func usage(for command: any Command.Type) -> String {
        (["wayfinder \(command.name)"] + command.options.filter { !$0.isHidden }.map(usageItem)).joined(separator: " ")
    }

    /// One option or argument as the usage line writes it.
    static func usageItem(_ option: CommandOption) -> String {
        let synopsis = option.usageSynopsis
        if option.isRequired { return synopsis }
        return option.isPositional || !option.isRepeatable ? "[\(synopsis)]" : "[\(synopsis)]…"
    }

    /// Returns the help of the root command.
    static func rootHelp() -> String {
        var text = "OVERVIEW: \(RootCommand.abstract)\n\n"
        text += "USAGE: \(RootCommand.usage)\n\n"
        text += "OPTIONS:\n"
        text += table(RootCommand.options.filter { !$0.isHidden }.map { ($0.helpSynopsis, $0.help) })
        text += "\nSUBCOMMANDS:\n"
        text += table(RootCommand.subcommands.map { ($0.name, $0.abstract) })
        text += "\n" + exitCodes
        text += "\n  See 'wayfinder help <subcommand>' for detailed help.\n"
        return text
    }

    /// Returns the help of a subcommand.
    static func help(for command: any Command.Type) -> String {
        var text = "OVERVIEW: \(command.abstract)\n\n"
        if !command.discussion.isEmpty {
            text += command.discussion + "\n\n"
        }
        text += "USAGE: \(command.usage)\n\n"
        text += "OPTIONS:\n"
        text += table(command.allOptions.filter { !$0.isHidden }.map { ($0.helpSynopsis, $0.help) })
        text += "\n" + exitCodes
        return text
    }

    /// Returns two aligned columns, indented by two spaces; long left entries put the text on
    /// the next line.
    private static func table(_ rows: [(String, String)]) -> String {
        let column = 26
        var text = ""
        for (left, right) in rows {
            if left.count + 2 < column - 2 {
                text += "  " + left + String(repeating: " ", count: column - 2 - left.count) + right + "\n"
            } else {
                text += "  " + left + "\n" + String(repeating: " ", count: column) + right + "\n"
            }
        }
        return text
    }
}
