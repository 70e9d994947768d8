#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

// Line-buffered standard output, so that piped output (`wayfinder replay --json | jq`) streams.
setvbuf(stdout, nil, _IOLBF, 0)

var standardOutput = FileStream.standardOutput
var standardError = FileStream.standardError
let exitCode = RootCommand.main(
    arguments: Array(CommandLine.arguments.dropFirst()),
    output: &standardOutput,
    errors: &standardError
)
fflush(stdout)
exit(exitCode.rawValue)
