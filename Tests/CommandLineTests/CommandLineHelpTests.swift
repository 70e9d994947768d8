import Testing

@testable import wayfinder

/// The help and usage-error contract of `wayfinder`, checked on the built binary.
@Suite struct CommandLineHelpTests {
    /// Every subcommand in the table: a new one gets these checks without a new test.
    static var subcommands: [String] { RootCommand.subcommands.map { $0.name } }

    @Test func theContractSubcommandsAreInTheTable() {
        for name in ["devices", "record", "replay"] {
            #expect(Self.subcommands.contains(name))
        }
    }

    @Test(arguments: [["--help"], ["-h"], ["help"], []])
    func rootHelpGoesToStandardOutputWithExitZero(arguments: [String]) throws {
        let outcome = try WayfinderProcess.run(arguments)
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        let text = outcome.standardOutput
        let sections = ["OVERVIEW:", "USAGE:", "OPTIONS:", "SUBCOMMANDS:"].map { text.range(of: $0)?.lowerBound }
        #expect(sections.allSatisfy { $0 != nil })
        #expect(sections.compactMap { $0 } == sections.compactMap { $0 }.sorted(), "sections in order")
        for name in Self.subcommands {
            #expect(outcome.outputLines.contains { $0.hasPrefix("  \(name) ") }, "lists \(name)")
        }
        #expect(text.contains("64"), "help documents the usage-error exit code")
        #expect(outcome.outputLines.last == "  See 'wayfinder help <subcommand>' for detailed help.")
    }

    @Test(arguments: subcommands)
    func subcommandHelpIsReachableThreeWays(name: String) throws {
        let outcomes = try [[name, "--help"], [name, "-h"], ["help", name]].map { try WayfinderProcess.run($0) }
        for outcome in outcomes {
            #expect(outcome.exitCode == 0)
            #expect(outcome.standardError.isEmpty)
            #expect(outcome.standardOutput.hasPrefix("OVERVIEW: "))
            #expect(outcome.outputLines.contains { $0.hasPrefix("USAGE: wayfinder \(name)") })
            #expect(outcome.outputLines.contains("  -h, --help              Shows help information."))
        }
        #expect(outcomes[0].standardOutput == outcomes[1].standardOutput)
        #expect(outcomes[0].standardOutput == outcomes[2].standardOutput)
    }

    @Test func helpExplainsItself() throws {
        let outcome = try WayfinderProcess.run(["help", "help"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(
            outcome.outputLines == [
                "OVERVIEW: Shows help for wayfinder or one of its subcommands.",
                "",
                "USAGE: wayfinder help [<subcommand>]",
                "",
                "OPTIONS:",
                "  <subcommand>            The subcommand to explain; the whole tool when omitted.",
                "  --version               Shows the version.",
                "  -h, --help              Shows help information.",
                "",
                "EXIT STATUS:",
                "  0 on success, 1 when the command fails, 64 when the command line is wrong.",
            ])
    }

    /// `--version` on the root and on every subcommand, winning over other arguments as help does.
    @Test(arguments: [["--version"]] + subcommands.map { [$0, "--version"] } + [["replay", "--bogus", "--version"]])
    func versionIsOneLineOnStandardOutput(arguments: [String]) throws {
        let outcome = try WayfinderProcess.run(arguments)
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.standardOutput == RootCommand.versionLine + "\n")
        #expect(RootCommand.versionLine == "wayfinder 0.1.0")
    }

    @Test func helpWinsOverOtherMistakes() throws {
        let outcome = try WayfinderProcess.run(["replay", "--bogus", "--help"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.contains("USAGE: wayfinder replay"))
    }

    @Test func unknownSubcommandIsAUsageError() throws {
        let outcome = try WayfinderProcess.run(["frobnicate"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.errorLines == [
                "Error: Unknown subcommand 'frobnicate'",
                "Usage: wayfinder <subcommand> [options]",
                "  See 'wayfinder --help' for more information.",
            ]
        )
    }

    @Test func aMisspeltSubcommandIsAnsweredWithTheClosestOne() throws {
        let outcome = try WayfinderProcess.run(["replya", "a.evemu"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.errorLines == [
                "Error: Unknown subcommand 'replya'; did you mean 'replay'?",
                "Usage: wayfinder <subcommand> [options]",
                "  See 'wayfinder --help' for more information.",
            ]
        )
        let help = try WayfinderProcess.run(["help", "convret"])
        #expect(help.errorLines.first == "Error: Unknown subcommand 'convret'; did you mean 'convert'?")
    }

    /// An unknown option: exit 64, the closest of the command's options when one is close, and
    /// no usage line (replay's is longer than the answer).
    @Test(arguments: [
        (["devices", "--bogus"], "Error: Unknown option '--bogus'"),
        (["record", "-x"], "Error: Unknown option '-x'"),
        (["replay", "a.evemu", "--jsn"], "Error: Unknown option '--jsn'; did you mean '--json'?"),
        (["replay", "a.evemu", "--jsno"], "Error: Unknown option '--jsno'; did you mean '--json'?"),
        (["run", "--tap-to-clik"], "Error: Unknown option '--tap-to-clik'; did you mean '--tap-to-click'?"),
    ])
    func unknownOptionsHaveTwoLinesWithTheClosestName(arguments: [String], message: String) throws {
        let outcome = try WayfinderProcess.run(arguments)
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.errorLines == [message, "  See 'wayfinder \(arguments[0]) --help' for more information."])
    }

    @Test func aMisspeltChoiceIsAnsweredWithTheClosestOne() throws {
        let outcome = try WayfinderProcess.run(["replay", "a.evemu", "--scroll-method", "two-fingers"])
        #expect(outcome.exitCode == 64)
        #expect(
            outcome.errorLines.first
                == "Error: The value 'two-fingers' is invalid for '--scroll-method <two-finger|edge|on-button|none>'; "
                + "did you mean 'two-finger'?")
    }

    /// A usage error: exit 64, nothing on standard output, and exactly the three lines.
    @Test(arguments: [
        (["devices", "extra"], "Error: Unexpected argument 'extra'"),
        (["devices", "--json=yes"], "Error: '--json' does not take a value"),
        (["record", "--format", "wav"], "Error: The value 'wav' is invalid for '--format <evemu|libinput>'"),
        (["record", "--format=wav"], "Error: The value 'wav' is invalid for '--format <evemu|libinput>'"),
        (["record", "--format"], "Error: Missing value for '--format'"),
        (["record", "-o"], "Error: Missing value for '-o'"),
        (["record", "--format", "evemu"], "Error: An evemu recording holds one device: name exactly one DEVICE"),
        (["replay"], "Error: Missing expected argument 'FILE…'"),
        (
            ["replay", "a.evemu", "--click-method", "corners"],
            "Error: The value 'corners' is invalid for '--click-method <areas|fingers>'"
        ),
        (["replay", "a.evemu", "--raw", "--scene", "s.json"], "Error: '--raw' and '--scene' cannot be used together"),
        (["replay", "a.evemu", "--desc"], "Error: Missing value for '--desc'"),
        (["replay", "a.evemu", "--scene", "a.json", "--scene", "b.json"], "Error: '--scene' may be given only once"),
        (
            ["replay", "a.evemu", "--accessibility"],
            "Error: '--accessibility' needs '--scene' and '--realtime': a scene shown while it plays"
        ),
        (
            ["replay", "a.evemu", "--scene", "s.json", "--accessibility"],
            "Error: '--accessibility' needs '--scene' and '--realtime': a scene shown while it plays"
        ),
        (["run", "--accessibility"], "Error: '--accessibility' needs '--scene': the scene is what screen readers see"),
        (["navigate", "--keys", "Tab"], "Error: Missing expected option '--scene SCENE'"),
        (
            ["navigate", "--scene", "s.json", "--debug", "focusability"],
            "Error: Missing value for '--debug focusability'"
        ),
        (["explore"], "Error: Missing expected option '--scene SCENE'"),
        (["demo", "--json", "--plain"], "Error: '--json' and '--plain' cannot be used together"),
        (["help", "frobnicate"], "Error: Unknown subcommand 'frobnicate'"),
    ])
    func usageErrorsHaveThreeLinesAndExit64(arguments: [String], message: String) throws {
        let outcome = try WayfinderProcess.run(arguments)
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardOutput.isEmpty)
        let name = arguments[0]
        #expect(outcome.errorLines.count == 3)
        #expect(outcome.errorLines.first == message)
        #expect(outcome.errorLines.dropFirst().first?.hasPrefix("Usage: wayfinder \(name) ") == true)
        #expect(outcome.errorLines.last == "  See 'wayfinder \(name) --help' for more information.")
    }

    @Test func argumentsAfterDoubleDashArePositional() throws {
        // `--json` after `--` is a positional argument, which `devices` does not take.
        let outcome = try WayfinderProcess.run(["devices", "--", "--json"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.errorLines.first == "Error: Unexpected argument '--json'")
    }
}
