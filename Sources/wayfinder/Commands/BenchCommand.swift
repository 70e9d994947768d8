import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `wayfinder bench`: runs the `wayfinder-benchmarks` executable that sits next to `wayfinder`.
///
/// The benchmarks live in their own executable because it links an allocation counter that
/// replaces `malloc` for the whole process; this command only forwards to it.
struct BenchCommand: Command {
    static let name = "bench"
    static let examples = [Example("wayfinder bench --quick classify", "the classification rows, briefly")]
    static let abstract = "Runs the benchmarks (the wayfinder-benchmarks executable built beside wayfinder)."
    static let discussion = """
        Measures the rows of the performance issue: classification, the whole pipeline on the demo
        scene and on generated grids, recording parsing, focus movement, scene loading and replay.
        Each row prints its figure, its baseline's figure measured in the same run (C code built
        into the benchmarks: read(2) of a frame, libevemu, a libyaml event walk, a linear
        FocusFinder scan), the ratio, and the target with whether it is met; times are medians of
        at least five rounds. Build in release mode for meaningful numbers: swift build -c release,
        then .build/release/wayfinder bench. See Benchmarks/README.md.
        """
    static let json = CommandOption.flag(
        "--json",
        help: "Prints one JSON object per row: name, value, unit, baseline, baselineValue, ratio, target, met.")
    static let quick = CommandOption.flag("--quick", help: "Shorter rounds, for a smoke test; the figures are rougher.")
    static let list = CommandOption.flag("--list", help: "Prints the row names.")
    static let checkAllocations = CommandOption.flag(
        "--check-allocations", help: "Counts allocations only and exits with 1 when classifying a frame allocates.")
    static let checkRuntimeAllocations = CommandOption.flag(
        "--check-runtime-allocations",
        help: "Counts allocations only and exits with 1 when a frame through the runtime with a scene allocates.")
    static let names = CommandOption.positional(
        "<name-or-prefix>", repeatable: true, help: "Runs the named rows or families (classify, pipeline.frame.100)."
    )
    static let options = [json, quick, list, checkAllocations, checkRuntimeAllocations, names]

    /// The arguments for the benchmark executable, in the order given.
    var arguments: [String]

    init(parsing arguments: ParsedArguments) {
        self.arguments = arguments.occurrences.compactMap { $0.option.isPositional ? $0.value : $0.name }
    }

    /// The benchmark executable beside this one.
    static func benchmarkExecutable() -> URL {
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            .deletingLastPathComponent()
            .appendingPathComponent("wayfinder-benchmarks")
    }

    func run() throws {
        let executable = Self.benchmarkExecutable()
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchError(
                description:
                    "no benchmark executable at \(executable.path); build it with "
                    + "'swift build -c release --product wayfinder-benchmarks'"
            )
        }
        // Every stream is written out before the process image is replaced, and the benchmarks
        // get SIGPIPE's default back (main.swift ignores it for wayfinder's own output).
        CommandOutput.standard.flush()
        fflush(nil)
        signal(SIGPIPE, SIG_DFL)
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        execv(executable.path, argv)
        throw BenchError(description: "could not run \(executable.path): \(String(cString: strerror(errno)))")
    }
}

/// Why `wayfinder bench` could not start the benchmarks.
struct BenchError: Error, CustomStringConvertible {
    var description: String
}
