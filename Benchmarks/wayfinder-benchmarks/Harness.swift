import CAllocationCounter
import CBaselines
import Foundation

/// Work the harness times: something that performs a given number of operations.
struct Workload {
    /// What it is, for messages.
    var name: String
    /// Performs the operations and returns how long they took, in nanoseconds.
    var run: (Int) -> Double

    /// A workload timed by the harness, with the monotonic clock around `body`.
    /// - Parameters:
    ///   - name: What it is.
    ///   - body: Performs the number of operations it is given.
    init(_ name: String, body: @escaping (Int) -> Void) {
        self.name = name
        run = { count in
            let clock = ContinuousClock()
            let start = clock.now
            body(count)
            return Harness.nanoseconds(clock.now - start)
        }
    }

    /// A workload that times itself, for work whose set-up between operations must stay out of
    /// the time (refilling the pipe of the `read(2)` baseline).
    /// - Parameters:
    ///   - name: What it is.
    ///   - run: Performs the number of operations it is given and returns the nanoseconds they
    ///     took.
    static func timingItself(_ name: String, run: @escaping (Int) -> Double) -> Workload {
        var workload = Workload(name) { _ in }
        workload.run = run
        return workload
    }
}

/// What measuring a workload found: medians over the rounds.
struct Sample {
    /// Operations in each round.
    var iterations: Int
    /// The median round's time per operation, in nanoseconds.
    var nanosecondsPerOperation: Double
    /// The median round's heap allocations per operation.
    var allocationsPerOperation: Double
}

/// Times workloads in rounds and keeps the median, and counts allocations.
///
/// Each workload's round is grown until it lasts at least ``minimumRound``; then the rounds of the
/// workloads being compared alternate (subject, baseline, subject, baseline, …), so that a burst
/// of load from other processes on this shared machine falls on both alike, and the median of
/// ``rounds`` rounds is kept.
struct Harness {
    /// How long one measured round lasts at least.
    var minimumRound: Duration
    /// How many rounds are measured; the median is kept.
    var rounds: Int
    /// Whether this is a `--quick` run: fewer operations where a benchmark counts its own.
    var isQuick: Bool
    /// With `--operations`: each workload performs exactly this many operations, once after as
    /// many to warm up, with callgrind's counters zeroed before and dumped after (named after the
    /// workload), so that under callgrind each workload's instructions per operation can be read.
    var fixedOperations: Int?

    /// A full run: rounds of 100 ms, long enough that the clock's and the loop's own cost vanish
    /// and a scheduler time slice (4 ms) is small against it; seven rounds, so the median stands
    /// with two disturbed rounds on either side.
    static let standard = Harness(minimumRound: .milliseconds(100), rounds: 7, isQuick: false)
    /// A `--quick` run for CI smoke tests: rounds of 10 ms, still the median of five.
    static let quick = Harness(minimumRound: .milliseconds(10), rounds: 5, isQuick: true)

    /// Measures workloads side by side and returns their samples in the same order.
    func measure(_ workloads: [Workload]) -> [Sample] {
        if let fixedOperations { return workloads.map { measureForCallgrind($0, operations: fixedOperations) } }
        let minimum = Self.nanoseconds(minimumRound)
        let iterations = workloads.map { workload in
            var iterations = 1
            while true {
                let elapsed = workload.run(iterations)
                if elapsed >= minimum || iterations >= 1 << 30 { break }
                // Grow fast while far from the goal, then by doubling.
                iterations *= elapsed < minimum / 16 ? 8 : 2
            }
            return iterations
        }
        var times = Array(repeating: [Double](), count: workloads.count)
        var allocations = Array(repeating: [Double](), count: workloads.count)
        for _ in 0..<rounds {
            for (index, workload) in workloads.enumerated() {
                CAllocationCounter_reset()
                let elapsed = workload.run(iterations[index])
                let counted = CAllocationCounter_allocations()
                times[index].append(elapsed / Double(iterations[index]))
                allocations[index].append(Double(counted) / Double(iterations[index]))
            }
        }
        return workloads.indices.map { index in
            Sample(
                iterations: iterations[index],
                nanosecondsPerOperation: Self.median(times[index]),
                allocationsPerOperation: Self.median(allocations[index])
            )
        }
    }

    /// One round of exactly `operations` operations after as many to warm up, with callgrind's
    /// counters zeroed before it and dumped after it under the workload's name.
    private func measureForCallgrind(_ workload: Workload, operations: Int) -> Sample {
        _ = workload.run(operations)
        CBaselines_callgrindZeroStats()
        CAllocationCounter_reset()
        let elapsed = workload.run(operations)
        let allocations = CAllocationCounter_allocations()
        CBaselines_callgrindDumpStats(workload.name)
        return Sample(
            iterations: operations,
            nanosecondsPerOperation: elapsed / Double(operations),
            allocationsPerOperation: Double(allocations) / Double(operations)
        )
    }

    /// Counts the heap allocations of `operations` operations, without timing.
    func countAllocations(operations: Int, _ body: (Int) -> Void) -> UInt64 {
        CAllocationCounter_reset()
        body(operations)
        return CAllocationCounter_allocations()
    }

    /// The median of some values: the middle one, or the mean of the middle two.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }
}

/// An object whose instances must live on the heap.
private final class AllocationProbe {
    var value: Int
    init(value: Int) { self.value = value }
}

extension Harness {
    /// Checks that allocations are counted at all: `count` objects that escape into an array must
    /// count at least `count` allocations. A zero from a check is only believable after this.
    func countedAllocationsOfProbes(_ count: Int) -> UInt64 {
        CAllocationCounter_reset()
        var probes: [AllocationProbe] = []
        probes.reserveCapacity(count)
        for index in 0..<count { probes.append(AllocationProbe(value: index)) }
        let allocations = CAllocationCounter_allocations()
        blackHole(probes.reduce(0) { $0 &+ $1.value })
        return allocations
    }
}

extension Harness {
    /// Measures a subject side by side with its baseline and returns the row: the subject's time
    /// per operation against the baseline's.
    /// - Parameters:
    ///   - name: The row's name.
    ///   - unit: The unit of both figures, as `ns/frame`.
    ///   - subject: The work measured.
    ///   - baseline: What it is compared with, and the name the report gives it; nil for none.
    ///   - targets: The row's targets.
    func row(
        _ name: String,
        unit: String,
        subject: Workload,
        baseline: (name: String, workload: Workload)?,
        targets: [Target] = []
    ) -> Row {
        let samples = measure([subject] + (baseline.map { [$0.workload] } ?? []))
        return Row(
            name: name,
            value: samples[0].nanosecondsPerOperation,
            unit: unit,
            baseline: baseline?.name,
            baselineValue: samples.count > 1 ? samples[1].nanosecondsPerOperation : nil,
            targets: targets,
            allocationsPerOperation: samples[0].allocationsPerOperation
        )
    }
}
