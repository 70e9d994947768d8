import Foundation

// Runs Wayfinder's benchmarks. Build in release mode:
//
//     swift run -c release wayfinder-benchmarks [--json] [--quick] [name-or-prefix …]
//
// See Benchmarks/README.md.

let usage = """
    usage: wayfinder-benchmarks [--json] [--quick] [--list] [--check-allocations]
                                [--check-runtime-allocations] [name-or-prefix …]
      (no option)                  measure the rows: each row's figure, its baseline's figure measured in
                                   the same run, the ratio, and the target from issue #10
      --json                       one JSON object per row: name, value, unit, baseline, baselineValue,
                                   ratio, target, met
      --quick                      shorter rounds, for a smoke test; the figures are rougher
      --operations N               each workload performs exactly N operations, once, after N to warm
                                   up: run under callgrind for each workload's instruction counts
                                   (see Benchmarks/README.md)
      --list                       print the row names
      --write-workloads DIR        write the generated grids (grid-<cells>.scene.json) and the 1 kHz mouse
                                   session (mouse-1khz.evemu) for `wayfinder replay --scene`, and exit
      --check-allocations          count allocations only (no timing) of classifying a frame; exit 1
                                   when a frame allocates
      --check-runtime-allocations  the same for a frame through the runtime with a scene; exit 1 when
                                   a frame allocates
    A name selects one row (classify.mouse); a prefix selects a family (classify, pipeline.frame).
    """

var json = false
var quick = false
var fixedOperations: Int?
var list = false
var checkedGroups: [AllocationCheck.Group] = []
var selectors: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--json": json = true
    case "--quick": quick = true
    case "--operations":
        guard let count = arguments.popFirst().flatMap({ Int($0) }), count > 0 else {
            FileHandle.standardError.write(Data("wayfinder-benchmarks: --operations needs a positive count\n".utf8))
            exit(2)
        }
        fixedOperations = count
    case "--list": list = true
    case "--check-allocations": checkedGroups.append(.classification)
    case "--check-runtime-allocations": checkedGroups.append(.runtime)
    case SceneLoadBenchmarks.childOption: SceneLoadBenchmarks.runAsChild(scene: arguments.popFirst())
    case SceneLoadBenchmarks.phasesChildOption: SceneLoadBenchmarks.runPhasesAsChild(scene: arguments.popFirst() ?? "")
    case SceneLoadBenchmarks.foundationChildOption:
        SceneLoadBenchmarks.runFoundationAsChild(scene: arguments.popFirst() ?? "")
    case "--write-workloads":
        guard let directory = arguments.popFirst() else {
            FileHandle.standardError.write(Data("wayfinder-benchmarks: --write-workloads needs a directory\n".utf8))
            exit(2)
        }
        do {
            for path in try PipelineBenchmarks.writeWorkloads(to: URL(fileURLWithPath: directory)) { print(path) }
            exit(0)
        } catch {
            FileHandle.standardError.write(Data("wayfinder-benchmarks: \(error)\n".utf8))
            exit(1)
        }
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
    ClassificationBenchmarks.all + PipelineBenchmarks.all + RecordingBenchmarks.all + FocusBenchmarks.all
    + SceneLoadBenchmarks.all + HostileInputBenchmarks.all

/// Whether a selector names a row: the row itself, or a family it belongs to.
func selects(_ selector: String, _ row: String) -> Bool {
    selector == "all" || row == selector || row.hasPrefix(selector + ".")
}

for selector in selectors where !benchmarks.contains(where: { $0.rows.contains { selects(selector, $0) } }) {
    FileHandle.standardError.write(Data("wayfinder-benchmarks: no benchmark named '\(selector)'\n".utf8))
    exit(2)
}

if list {
    for benchmark in benchmarks {
        for row in benchmark.rows { print(row) }
    }
    exit(0)
}

if _isDebugAssertConfiguration() {
    // Unoptimised code allocates where optimised code does not, and its times mean nothing.
    FileHandle.standardError.write(
        Data("wayfinder-benchmarks: warning: a debug build; measure with 'swift run -c release'\n".utf8)
    )
}
var harness = quick ? Harness.quick : Harness.standard
harness.fixedOperations = fixedOperations

do {
    if !checkedGroups.isEmpty {
        var failures = 0
        let probes = 1_000
        let probeAllocations = harness.countedAllocationsOfProbes(probes)
        if probeAllocations < probes {
            failures += 1
            print("FAIL  the allocation counter counted \(probeAllocations) allocations for \(probes) objects")
        } else {
            print("ok  the allocation counter counted \(probeAllocations) allocations for \(probes) objects")
        }
        for benchmark in benchmarks {
            for check in benchmark.allocationChecks where checkedGroups.contains(check.group) {
                guard selectors.isEmpty || selectors.contains(where: { selects($0, check.name) }) else { continue }
                let (allocations, operations) = try check.count(harness)
                let verdict = allocations <= UInt64(check.limit * operations) ? "ok" : "FAIL"
                if verdict == "FAIL" { failures += 1 }
                print(
                    "\(verdict)  \(check.name): \(allocations) allocations in \(operations) \(check.operation)s "
                        + "(limit \(check.limit) per \(check.operation))"
                )
            }
        }
        exit(failures == 0 ? 0 : 1)
    }
    if !json { print(Report.header) }
    for benchmark in benchmarks {
        let wanted = benchmark.rows.filter { row in
            selectors.isEmpty ? benchmark.measuredByDefault : selectors.contains { selects($0, row) }
        }
        guard !wanted.isEmpty else { continue }
        for row in try benchmark.measure(harness) where wanted.contains(row.name) {
            print(json ? Report.json(row) : Report.line(row))
            fflush(nil)  // every stream: a row appears as soon as it is measured
        }
    }
} catch {
    FileHandle.standardError.write(Data("wayfinder-benchmarks: \(error)\n".utf8))
    exit(1)
}
