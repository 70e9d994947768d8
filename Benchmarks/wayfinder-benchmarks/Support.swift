import Foundation

/// A benchmark that could not be set up.
struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
}

/// Keeps a result alive so that the optimiser cannot remove the work that made it.
@inline(never)
func blackHole(_ value: Int) {
    if value == 0x7fff_ffff_ffff_0000 { print("") }
}

/// Stops the run when a workload sees a wrong result: a benchmark that measures broken behaviour
/// is worse than none.
func fatalBenchmarkError(_ message: String) -> Never {
    FileHandle.standardError.write(Data("wayfinder-benchmarks: \(message)\n".utf8))
    exit(1)
}

/// The report's columns.
enum Report {
    static let header =
        pad("benchmark", 38) + pad("iterations", 12, right: true) + pad("ns/op", 14, right: true)
        + pad("allocs/op", 12, right: true) + "  throughput"

    static func line(_ measurement: Measurement) -> String {
        pad(measurement.benchmark.name, 38) + pad("\(measurement.iterations)", 12, right: true)
            + pad(String(format: "%.1f", measurement.nanosecondsPerOperation), 14, right: true)
            + pad(String(format: "%.2f", measurement.allocationsPerOperation), 12, right: true) + "  "
            + measurement.throughputText
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        guard text.count < width else { return text + " " }
        let padding = String(repeating: " ", count: width - text.count)
        return right ? padding + text : text + padding
    }
}
