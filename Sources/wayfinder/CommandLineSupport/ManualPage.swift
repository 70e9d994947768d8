import Wayfinder

/// Manual pages in roff (man(7) macros), generated from the option tables: `wayfinder(1)` and
/// one `wayfinder-<subcommand>(1)` per subcommand.
///
/// `wayfinder --generate-manual-page wayfinder-replay` prints one; `Scripts/generate-documentation`
/// writes them all to `Sources/wayfinder/Generated/man`, and `Scripts/install` installs them.
enum ManualPage {
    /// The page names, without the section: `wayfinder`, then `wayfinder-<subcommand>` in table
    /// order.
    static var names: [String] { ["wayfinder"] + RootCommand.subcommands.map { "wayfinder-\($0.name)" } }

    /// The file name of a page: `wayfinder-replay.1`.
    static func fileName(of name: String) -> String { "\(name).1" }

    /// Returns the page with a name, or nil for a name that is not one of ``names``.
    static func page(named name: String) -> String? {
        if name == "wayfinder" { return rootPage() }
        guard name.hasPrefix("wayfinder-"), let command = RootCommand.subcommand(named: String(name.dropFirst(10)))
        else { return nil }
        return page(for: command)
    }

    private static func title(_ name: String) -> String {
        ".TH \(name.uppercased()) 1 \"\" \"wayfinder \(WayfinderModule.version)\" \"Wayfinder Manual\"\n"
    }

    private static let exitStatus = ".SH EXIT STATUS\n\(escaped(HelpFormatter.exitCodeSentence))\n"

    /// Returns the page of the tool itself.
    static func rootPage() -> String {
        var text = header + title("wayfinder")
        text += ".SH NAME\nwayfinder \\- \(escaped(lowercasedFirst(RootCommand.abstract)))\n"
        text += ".SH SYNOPSIS\n.B wayfinder\n\\fIsubcommand\\fR [\\fIoptions\\fR]\n"
        text += ".SH DESCRIPTION\n\(escaped(RootCommand.abstract))\n"
        text += "Each subcommand has its own page and its own \\fB\\-\\-help\\fR.\n"
        text += ".SH OPTIONS\n"
        for option in RootCommand.options where !option.isHidden { text += item(option) }
        text += ".SH SUBCOMMANDS\n"
        for command in RootCommand.subcommands {
            text += ".TP\n.BR wayfinder\\-\(escaped(command.name)) (1)\n\(escaped(command.abstract))\n"
        }
        text += exitStatus
        text += examplesSection(RootCommand.subcommands.flatMap { $0.examples.prefix(1) })
        text += files
        text += ".SH SEE ALSO\n"
        text +=
            (RootCommand.subcommands.map { ".BR wayfinder\\-\(escaped($0.name)) (1)" }
            + ["libinput(4)", "xkeyboard-config(7)", "evemu-record(1)", "libinput-record(1)"].map(reference))
            .joined(separator: ",\n") + "\n"
        return text
    }

    /// EXAMPLES: each command line in bold, then what it does.
    private static func examplesSection(_ examples: [Example]) -> String {
        guard !examples.isEmpty else { return "" }
        var text = ".SH EXAMPLES\n"
        for example in examples {
            text += ".TP\n.B \(escaped(example.command))\n\(escaped(uppercasedFirst(example.meaning))).\n"
        }
        return text
    }

    /// FILES: where Scripts/install puts what the tool reads, under its PREFIX.
    private static let files = """
        .SH FILES
        .TP
        .I PREFIX/libexec/wayfinder/wayfinder
        The program (\\fIPREFIX/bin/wayfinder\\fR is a link to it), with \\fIwayfinder\\-benchmarks\\fR, which \\fBwayfinder bench\\fR runs, beside it.
        .TP
        .I PREFIX/libexec/wayfinder/Wayfinder_Wayfinder.resources/Resources
        The bundled recordings and the demo's scene; \\fBwayfinder demo \\-\\-print\\-scene\\-path\\fR prints the scene's path.
        .TP
        .I /dev/input/event*
        The input devices \\fBdevices\\fR, \\fBrecord\\fR and \\fBrun\\fR read (see Scripts/install\\-udev\\-rule for access without root).
        .TP
        .I PREFIX/share/bash\\-completion/completions/wayfinder
        Completions for bash; zsh\\(aqs and fish\\(aqs are in \\fIPREFIX/share/zsh/site\\-functions\\fR and \\fIPREFIX/share/fish/vendor_completions.d\\fR.

        """

    /// A page of another program, `libinput(4)`, as `.BR libinput (4)`.
    private static func reference(_ page: String) -> String {
        guard let open = page.firstIndex(of: "(") else { return ".BR \(escaped(page))" }
        return ".BR \(escaped(String(page[..<open]))) \(page[open...])"
    }

    private static func uppercasedFirst(_ phrase: String) -> String {
        guard let first = phrase.first else { return phrase }
        return first.uppercased() + phrase.dropFirst()
    }

    /// Returns the page of a subcommand.
    static func page(for command: any Command.Type) -> String {
        var text = header + title("wayfinder-\(command.name)")
        text += ".SH NAME\nwayfinder\\-\(escaped(command.name)) \\- \(escaped(lowercasedFirst(command.abstract)))\n"
        text += ".SH SYNOPSIS\n.B wayfinder \(escaped(command.name))\n"
        let items = command.options.filter { !$0.isHidden }.map(HelpFormatter.usageItem)
        if !items.isEmpty { text += escaped(items.joined(separator: " ")) + "\n" }
        text += ".SH DESCRIPTION\n\(escaped(command.abstract))\n"
        for paragraph in paragraphs(command.discussion) { text += ".PP\n\(escaped(paragraph))\n" }
        text += ".SH OPTIONS\n"
        for option in command.allOptions where !option.isHidden { text += item(option) }
        if !command.exclusiveGroups.isEmpty {
            let sentences = command.exclusiveGroups.map { group in
                group.map { "\\fB\(escaped($0.primaryName))\\fR" }.joined(separator: ", ")
            }
            text += ".PP\nAt most one of these may be given: \(sentences.joined(separator: "; at most one of ")).\n"
        }
        text += exitStatus
        text += examplesSection(command.examples)
        text += files
        let others = RootCommand.subcommands.filter { $0.name != command.name && $0.name != HelpCommand.name }
        text += ".SH SEE ALSO\n"
        text +=
            ([".BR wayfinder (1)"] + others.map { ".BR wayfinder\\-\(escaped($0.name)) (1)" }
            + command.seeAlso.map(reference)).joined(separator: ",\n") + "\n"
        return text
    }

    private static let header = ".\\\" Generated by `wayfinder --generate-manual-page`: do not edit.\n"

    /// One option as a tagged paragraph: the names in bold, the placeholder in italics.
    private static func item(_ option: CommandOption) -> String {
        var tag: String
        if option.isPositional {
            tag = "\\fI\(escaped(option.usageSynopsis))\\fR"
        } else {
            tag = option.names.map { "\\fB\(escaped($0))\\fR" }.joined(separator: ", ")
            if option.takesValue { tag += " \\fI\(escaped(option.placeholder))\\fR" }
        }
        var help = option.help
        if option.isRepeatable && !option.isPositional { help += " May be given more than once." }
        return ".TP\n\(tag)\n\(escaped(help))\n"
    }

    /// The discussion's paragraphs, each joined into one line.
    private static func paragraphs(_ text: String) -> [String] {
        var paragraphs: [String] = []
        var current: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy(\.isWhitespace) {
                if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
                current = []
            } else {
                current.append(line)
            }
        }
        if !current.isEmpty { paragraphs.append(current.joined(separator: " ")) }
        return paragraphs
    }

    private static func lowercasedFirst(_ sentence: String) -> String {
        guard let first = sentence.first else { return sentence }
        let trimmed = sentence.hasSuffix(".") ? String(sentence.dropLast()) : sentence
        return first.lowercased() + trimmed.dropFirst()
    }

    /// Escapes text for roff: backslashes, hyphens (as `\-`, so that they stay hyphen-minus and
    /// can be searched), characters outside ASCII (as `\[u2026]`, which groff and mandoc read
    /// without a preprocessor), and a leading period or apostrophe, which would start a request.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case "\u{00}"..."\u{7F}": result.unicodeScalars.append(scalar)
            default:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
