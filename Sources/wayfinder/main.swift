#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

// A reader that closes the pipe early (`| head -1`) makes writes fail with EPIPE instead of
// killing the process, so that it ends quietly with its status (see CommandOutput).
signal(SIGPIPE, SIG_IGN)

var standardOutput = CommandOutput.standard
var standardError = FileStream.standardError
let exitCode = RootCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    output: &standardOutput,
    errors: &standardError
)
// Standard output is written out and checked here, once, for every command.
exit(standardOutput.finish(exitCode, errors: &standardError).rawValue)
