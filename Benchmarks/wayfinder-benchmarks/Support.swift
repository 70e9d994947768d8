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

/// A measurement that can be set up and run: it produces one or more rows of the report.
///
/// Rows that come from the same measurement (a parse's speed and its allocations) share one
/// benchmark, so the work is done once.
struct Benchmark {
    /// The names of the rows it produces, as `classify.mouse`.
    var rows: [String]
    /// Whether a run without names measures it; others run when named.
    var measuredByDefault = true
    /// The allocation checks it takes part in.
    var allocationChecks: [AllocationCheck] = []
    /// Sets the workloads up, measures them and returns the rows, in the order of ``rows``.
    var measure: (Harness) throws -> [Row]
}

/// A steady-state allocation limit checked by `--check-allocations` or
/// `--check-runtime-allocations`.
struct AllocationCheck {
    /// Which of the two checks counts it.
    enum Group {
        /// Classifying a frame: allocation-free today, checked in every CI run.
        case classification
        /// A frame through the runtime with a scene: expected to allocate until the runtime is
        /// reworked (issue #10), so checked only on request.
        case runtime
    }

    /// The row it belongs to.
    var name: String
    /// Which check counts it.
    var group: Group
    /// What one operation is, for the message ("frame").
    var operation: String
    /// The most heap allocations one operation may make.
    var limit: Int
    /// Sets the workload up, warms it up, and counts the allocations of some operations.
    var count: (Harness) throws -> (allocations: UInt64, operations: Int)

    /// Frames counted per classification check: several passes of every recording.
    static let classificationFrames = 20_000
}

/// A target from issue #10, on the row's figure, its ratio to the baseline, or its growth.
struct Target {
    /// Which number the target is on.
    enum Quantity {
        /// The figure itself.
        case value
        /// The figure divided by the baseline's figure.
        case ratio
        /// The figure divided by the same work's figure on the smallest size.
        case growth
    }

    var quantity: Quantity
    /// Whether the number must be at most (true) or at least (false) the limit.
    var isUpperLimit: Bool
    var limit: Double
    /// How the issue states it, for the report.
    var text: String

    static func ratio(atMost limit: Double, _ text: String) -> Target {
        Target(quantity: .ratio, isUpperLimit: true, limit: limit, text: text)
    }

    static func ratio(atLeast limit: Double, _ text: String) -> Target {
        Target(quantity: .ratio, isUpperLimit: false, limit: limit, text: text)
    }

    static func value(atMost limit: Double, _ text: String) -> Target {
        Target(quantity: .value, isUpperLimit: true, limit: limit, text: text)
    }

    static func growth(atMost limit: Double, _ text: String) -> Target {
        Target(quantity: .growth, isUpperLimit: true, limit: limit, text: text)
    }

    /// Whether a row meets it; nil when the row lacks the number.
    func isMet(by row: Row) -> Bool? {
        let number: Double?
        switch quantity {
        case .value: number = row.value
        case .ratio: number = row.ratio
        case .growth: number = row.growth?.factor
        }
        guard let number, number.isFinite else { return nil }
        return isUpperLimit ? number <= limit : number >= limit
    }
}

/// One row of the report: a figure, the baseline's figure from the same run, and the targets.
struct Row {
    /// The figure's growth over the same work on a smaller scene, measured in the same run.
    struct Growth {
        /// The row whose work is the reference.
        var reference: String
        /// The figure divided by the reference's figure.
        var factor: Double
    }

    var name: String
    var value: Double
    var unit: String
    /// What the figure is compared with; nil for rows without a baseline.
    var baseline: String?
    /// The baseline's figure, in the same unit.
    var baselineValue: Double?
    var growth: Growth?
    var targets: [Target] = []
    /// The subject's heap allocations per operation, where they were counted.
    var allocationsPerOperation: Double?

    /// The figure divided by the baseline's figure.
    var ratio: Double? { baselineValue.map { value / $0 } }

    /// Whether every target is met; nil without targets or when a number is missing.
    var met: Bool? {
        guard !targets.isEmpty else { return nil }
        var all = true
        for target in targets {
            guard let met = target.isMet(by: self) else { return nil }
            all = all && met
        }
        return all
    }
}

/// Writes rows as a table or as JSON lines.
enum Report {
    private static let columns: [(title: String, width: Int)] = [
        ("row", 36), ("figure", 24), ("baseline", 22), ("baseline figure", 24), ("ratio", 10), ("target", 26),
        ("met", 4),
    ]

    static var header: String {
        columns.map { pad($0.title, $0.width) }.joined()
    }

    static func line(_ row: Row) -> String {
        let cells = [
            row.name,
            "\(formatted(row.value)) \(row.unit)",
            row.baseline ?? "—",
            row.baselineValue.map { "\(formatted($0)) \(row.unit)" } ?? "—",
            row.ratio.map { formatted($0) + "×" } ?? "—",
            row.targets.isEmpty ? "—" : row.targets.map(\.text).joined(separator: "; "),
            row.met.map { $0 ? "yes" : "no" } ?? "—",
        ]
        var text = zip(cells, columns).map { pad($0, $1.width) }.joined()
        if let growth = row.growth {
            text += "  (growth over \(growth.reference): \(formatted(growth.factor))×)"
        }
        return text
    }

    /// One JSON object: `name`, `value`, `unit`, `baseline`, `baselineValue`, `ratio`, then
    /// `target`, `met`, `growth`, `growthFrom` and `allocationsPerOperation`.
    static func json(_ row: Row) -> String {
        var fields: [(String, String)] = [
            ("name", string(row.name)),
            ("value", number(row.value)),
            ("unit", string(row.unit)),
            ("baseline", row.baseline.map(string) ?? "null"),
            ("baselineValue", row.baselineValue.map(number) ?? "null"),
            ("ratio", row.ratio.map(number) ?? "null"),
            ("target", row.targets.isEmpty ? "null" : string(row.targets.map(\.text).joined(separator: "; "))),
            ("met", row.met.map { $0 ? "true" : "false" } ?? "null"),
        ]
        if let growth = row.growth {
            fields.append(("growth", number(growth.factor)))
            fields.append(("growthFrom", string(growth.reference)))
        }
        if let allocations = row.allocationsPerOperation {
            fields.append(("allocationsPerOperation", number(allocations)))
        }
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A figure with three or four significant digits and no exponent.
    static func formatted(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        let magnitude = abs(value)
        let format =
            magnitude >= 100 || magnitude == 0
            ? "%.0f" : magnitude >= 10 ? "%.1f" : magnitude >= 1 ? "%.2f" : magnitude >= 0.01 ? "%.3f" : "%.2g"
        return String(format: format, value)
    }

    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return String(format: "%.6g", value)
    }

    private static func string(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        guard text.count < width else { return text + " " }
        return text + String(repeating: " ", count: width - text.count)
    }
}
