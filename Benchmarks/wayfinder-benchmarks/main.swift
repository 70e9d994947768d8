import Foundation

// Runs Wayfinder's benchmarks. Build in release mode:
//
//     swift run -c release wayfinder-benchmarks [--check-allocations] [name-or-prefix …]
//
// See Benchmarks/README.md.

let usage = """
    usage: wayfinder-benchmarks [--list] [--check-allocations] [name-or-prefix …]
      (no option)          measure the benchmarks: iterations, ns per operation, allocations per operation
      --list               print the benchmark names
      --check-allocations  count allocations only (no timing) for the benchmarks that have an
                           allocation limit; exit 1 when one makes more than its limit
    A name selects one benchmark (classify.mouse); a prefix selects a family (classify).
    """

var list = false
var checkAllocations = false
var selectors: [String] = []
for argument in CommandLine.arguments.dropFirst() {
    switch argument {
    case "--list": list = true
    case "--check-allocations": checkAllocations = true
    case "-h", "--help":
        print(usage)
        exit(0)
    case let option where option.hasPrefix("-"):
        FileHandle.standardError.write(Data("wayfinder-benchmarks: unknown option '\(option)'\n\(usage)\n".utf8))
        exit(2)
    default: selectors.append(argument)
    }
}

let benchmarks =
    ClassificationBenchmarks.all + RecordingBenchmarks.all + FocusBenchmarks.all + PipelineBenchmarks.all
let selected = benchmarks.filter { benchmark in
    (selectors.isEmpty && (benchmark.measuredByDefault || checkAllocations))
        || selectors.contains { benchmark.name == $0 || benchmark.name.hasPrefix($0 + ".") || $0 == "all" }
}
for selector in selectors where selector != "all" {
    if !benchmarks.contains(where: { $0.name == selector || $0.name.hasPrefix(selector + ".") }) {
        FileHandle.standardError.write(Data("wayfinder-benchmarks: no benchmark named '\(selector)'\n".utf8))
        exit(2)
    }
}

if list {
    for benchmark in benchmarks { print(benchmark.name) }
    exit(0)
}

let harness = Harness()
if _isDebugAssertConfiguration() {
    // Unoptimised code allocates where optimised code does not, and its times mean nothing.
    FileHandle.standardError.write(
        Data("wayfinder-benchmarks: warning: a debug build; measure with 'swift run -c release'\n".utf8)
    )
}
do {
    if checkAllocations {
        /// Operations counted per benchmark: several passes of every classification recording.
        let operations = 20_000
        var failures = 0
        let probes = 1_000
        let probeAllocations = harness.countedAllocationsOfProbes(probes)
        if probeAllocations < probes {
            failures += 1
            print("FAIL  the allocation counter counted \(probeAllocations) allocations for \(probes) objects")
        } else {
            print("ok  the allocation counter counted \(probeAllocations) allocations for \(probes) objects")
        }
        for benchmark in selected {
            guard let limit = benchmark.allocationLimit else { continue }
            let allocations = try harness.countAllocations(benchmark, operations: operations)
            let allowed = UInt64(limit * operations)
            let verdict = allocations <= allowed ? "ok" : "FAIL"
            if allocations > allowed { failures += 1 }
            print(
                "\(verdict)  \(benchmark.name): \(allocations) allocations in \(operations) \(benchmark.operation)s "
                    + "(limit \(limit) per \(benchmark.operation))"
            )
        }
        exit(failures == 0 ? 0 : 1)
    }
    print(Report.header)
    for benchmark in selected {
        let measurement = try harness.measure(benchmark)
        print(Report.line(measurement))
    }
} catch {
    FileHandle.standardError.write(Data("wayfinder-benchmarks: \(error)\n".utf8))
    exit(1)
}
