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
    static let usage = "wayfinder bench [--list] [--check-allocations] [<name-or-prefix>…]"
    static let discussion = """
        Measures per-frame classification, recording parsing, focus movement and the replay pipeline:
        iterations, nanoseconds and heap allocations per operation. Build in release mode for
        meaningful numbers: swift build -c release, then .build/release/wayfinder bench. See
        Benchmarks/README.md.
        """
    static let options = [
        OptionHelp("--list", "Prints the benchmark names."),
        OptionHelp(
            "--check-allocations",
            "Counts allocations only and exits with 1 when classifying a frame allocates."
        ),
        OptionHelp("<name-or-prefix>…", "Runs the named benchmarks or families (classify, focus.grid-move)."),
    ]

    var arguments: [String] = []

    init(arguments cursor: inout ArgumentCursor) throws(UsageError) {
        while let argument = try cursor.next() {
            switch argument {
            case .option("--list"): arguments.append("--list")
            case .option("--check-allocations"): arguments.append("--check-allocations")
            case .positional(let name): arguments.append(name)
            default: throw argument.unexpected
            }
        }
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
