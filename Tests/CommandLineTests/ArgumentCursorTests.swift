import Testing

@testable import wayfinder

@Suite struct ArgumentCursorTests {
    enum Color: String, CaseIterable { case red, green }

    /// Returns every argument the cursor hands out, taking a value after options named in
    /// `valued`.
    static func walk(_ arguments: [String], valued: Set<String> = []) throws(UsageError) -> [String] {
        var cursor = ArgumentCursor(arguments)
        var seen: [String] = []
        while let argument = try cursor.next() {
            switch argument {
            case .option(let name) where valued.contains(name): seen.append("\(name)=\(try cursor.value(for: name))")
            case .option(let name): seen.append(name)
            case .positional(let value): seen.append("<\(value)>")
            }
        }
        return seen
    }

    @Test func optionsPositionalsAndValues() throws {
        #expect(
            try Self.walk(["--json", "a", "-o", "out", "--format=evemu", "b"], valued: ["-o", "--format"])
                == ["--json", "<a>", "-o=out", "--format=evemu", "<b>"]
        )
    }

    @Test func everythingAfterDoubleDashIsPositional() throws {
        #expect(try Self.walk(["a", "--", "--json", "-", "--"]) == ["<a>", "<--json>", "<->", "<-->"])
    }

    @Test func aLoneDashIsPositional() throws {
        #expect(try Self.walk(["-"]) == ["<->"])
    }

    @Test func anEmptyAttachedValueIsAValue() throws {
        #expect(try Self.walk(["--desc="], valued: ["--desc"]) == ["--desc="])
    }

    @Test func aValueMayLookLikeAnOption() throws {
        #expect(try Self.walk(["-o", "--json"], valued: ["-o"]) == ["-o=--json"])
    }

    @Test func aMissingValueIsAUsageError() {
        #expect(throws: UsageError.missingValue(for: "-o")) { try Self.walk(["-o"], valued: ["-o"]) }
        #expect(throws: UsageError.missingValue(for: "-o")) { try Self.walk(["-o", "--"], valued: ["-o"]) }
    }

    @Test func aFlagWithAnAttachedValueIsAUsageError() {
        #expect(throws: UsageError("'--json' does not take a value")) { try Self.walk(["--json=1"]) }
    }

    @Test func choicesAreCheckedAndListed() throws {
        var cursor = ArgumentCursor(["--color", "green", "--color=blue"])
        _ = try cursor.next()
        #expect(try cursor.value(for: "--color", as: Color.self) == .green)
        _ = try cursor.next()
        #expect(throws: UsageError("The value 'blue' is invalid for '--color <red|green>'")) {
            try cursor.value(for: "--color", as: Color.self)
        }
    }

    @Test(arguments: [
        (["--help"], true), (["-h"], true), (["x", "--help"], true), (["--", "--help"], false), ([], false),
    ])
    func helpIsRequestedBeforeDoubleDashOnly(arguments: [String], requestsHelp: Bool) {
        #expect(ArgumentCursor(arguments).requestsHelp == requestsHelp)
    }

    @Test(arguments: [(["--version"], true), (["x", "--version"], true), (["--", "--version"], false), ([], false)])
    func versionIsRequestedBeforeDoubleDashOnly(arguments: [String], requestsVersion: Bool) {
        #expect(ArgumentCursor(arguments).requestsVersion == requestsVersion)
    }
}

@Suite struct RootCommandTests {
    /// Collects what a command line prints.
    struct Capture: TextOutputStream {
        var text = ""
        mutating func write(_ string: String) { text += string }
    }

    static func run(_ arguments: [String]) -> (ExitCode, String, String) {
        var output = Capture()
        var errors = Capture()
        let code = RootCommand.main(arguments: arguments, output: &output, errors: &errors)
        return (code, output.text, errors.text)
    }

    @Test func everySubcommandHasAUniqueNameAndAUsageStartingWithIt() {
        let names = RootCommand.subcommands.map { $0.name }
        #expect(Set(names).count == names.count)
        for command in RootCommand.subcommands {
            #expect(command.usage.hasPrefix("wayfinder \(command.name)"), "\(command.name)")
            #expect(!command.abstract.isEmpty)
            #expect(RootCommand.subcommand(named: command.name) != nil)
        }
    }

    @Test func exitCodesAreTheDocumentedValues() {
        #expect(ExitCode.success.rawValue == 0)
        #expect(ExitCode.failure.rawValue == 1)
        #expect(ExitCode.usageError.rawValue == 64)
        #expect(HelpFormatter.rootHelp().contains("64 when the command line is wrong"))
    }

    @Test func anUnknownLeadingOptionIsAUsageError() {
        let (code, output, errors) = Self.run(["--frobnicate"])
        #expect(code == .usageError)
        #expect(output.isEmpty)
        #expect(errors == "Error: Unknown option '--frobnicate'\n  See 'wayfinder --help' for more information.\n")
    }

    @Test func helpTakesOneSubcommand() {
        let (code, _, errors) = Self.run(["help", "devices", "record"])
        #expect(code == .usageError)
        #expect(errors.hasPrefix("Error: Unexpected argument 'record'\nUsage: wayfinder help [<subcommand>]\n"))
    }
}
