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
    static let abstract = "Runs the benchmarks (the wayfinder-benchmarks executable built beside wayfinder)."
    static let usage =
        "wayfinder bench [--json] [--quick] [--list] [--check-allocations] [--check-runtime-allocations] "
        + "[<name-or-prefix>…]"
    static let discussion = """
        Measures the rows of the performance issue: classification, the whole pipeline on the demo
        scene and on generated grids, recording parsing, focus movement, scene loading and replay.
        Each row prints its figure, its baseline's figure measured in the same run (C code built
        into the benchmarks: read(2) of a frame, libevemu, a libyaml event walk, a linear
        FocusFinder scan), the ratio, and the target with whether it is met; times are medians of
        at least five rounds. Build in release mode for meaningful numbers: swift build -c release,
        then .build/release/wayfinder bench. See Benchmarks/README.md.
        """
    static let options = [
        OptionHelp(
            "--json",
            "Prints one JSON object per row: name, value, unit, baseline, baselineValue, ratio, target, met."
        ),
        OptionHelp("--quick", "Shorter rounds, for a smoke test; the figures are rougher."),
        OptionHelp("--list", "Prints the row names."),
        OptionHelp(
            "--check-allocations",
            "Counts allocations only and exits with 1 when classifying a frame allocates."
        ),
        OptionHelp(
            "--check-runtime-allocations",
            "The same for a frame through the runtime with a scene (expected to fail until the runtime stops "
                + "allocating)."
        ),
        OptionHelp("<name-or-prefix>…", "Runs the named rows or families (classify, pipeline.frame.100)."),
    ]

    var arguments: [String] = []

    init(arguments cursor: inout ArgumentCursor) throws(UsageError) {
        while let argument = try cursor.next() {
            switch argument {
            case .option(let option) where Self.forwardedOptions.contains(option): arguments.append(option)
            case .positional(let name): arguments.append(name)
            default: throw argument.unexpected
            }
        }
    }

    /// The options passed on to the benchmark executable as they are.
    static let forwardedOptions: Set<String> = [
        "--json", "--quick", "--list", "--check-allocations", "--check-runtime-allocations",
    ]

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
        fflush(nil)  // every stream, before the process image is replaced
        let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
        execv(executable.path, argv)
        throw BenchError(description: "could not run \(executable.path): \(String(cString: strerror(errno)))")
    }
}

/// Why `wayfinder bench` could not start the benchmarks.
struct BenchError: Error, CustomStringConvertible {
    var description: String
}
