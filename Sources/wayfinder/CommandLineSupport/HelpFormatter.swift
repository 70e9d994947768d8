/// Lays out help text in swift-argument-parser's sections: `OVERVIEW:`, `USAGE:`, `OPTIONS:`,
/// `SUBCOMMANDS:`.
enum HelpFormatter {
    /// The exit codes every command uses, written into every help text.
    static let exitCodes =
        "EXIT STATUS:\n  0 on success, 1 when the command fails, 64 when the command line is wrong.\n"

    /// Returns the help of the root command.
    static func rootHelp() -> String {
        var text = "OVERVIEW: \(RootCommand.abstract)\n\n"
        text += "USAGE: \(RootCommand.usage)\n\n"
        text += "OPTIONS:\n"
        text += table([("-h, --help", "Shows help information.")])
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
        text += table(command.options.map { ($0.synopsis, $0.text) } + [("-h, --help", "Shows help information.")])
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
