import CAllocationCounter
import Foundation

/// One benchmark: a named workload that performs a given number of operations.
struct Benchmark {
    /// What one operation is, for the report ("frame", "move", "parse", "replay").
    var operation: String
    /// The name to select the benchmark by, as `classify.mouse`.
    var name: String
    /// The most heap allocations one operation may make in steady state, checked by
    /// `--check-allocations`; nil leaves the benchmark unchecked.
    var allocationLimit: Int?
    /// Operations that warm the workload up before counting (filling buffers, building indexes).
    var warmUpOperations: Int
    /// What one operation processes, for a throughput column: bytes parsed, frames replayed.
    var throughput: Throughput?
    /// Whether a run without names measures it; others run when named, and in the allocation
    /// check.
    var measuredByDefault = true
    /// Builds the workload; the returned closure performs the number of operations it is given.
    var makeWorkload: () throws -> (Int) -> Void
}

/// What one operation processes.
enum Throughput {
    /// Bytes of input, reported as MB/s (10⁶ bytes per second).
    case bytes(Int)
    /// Frames of input, reported as frames per second.
    case frames(Int)
}

/// The result of measuring one benchmark.
struct Measurement {
    var benchmark: Benchmark
    /// Operations in each measured round.
    var iterations: Int
    /// The fastest round's time per operation, in nanoseconds.
    var nanosecondsPerOperation: Double
    /// The fewest allocations any round made, per operation.
    var allocationsPerOperation: Double
    /// The fewest allocations any round made in total.
    var allocations: UInt64

    /// The throughput column: MB/s or frames/s, or empty.
    var throughputText: String {
        switch benchmark.throughput {
        case .bytes(let bytes):
            let megabytesPerSecond = Double(bytes) / nanosecondsPerOperation * 1e9 / 1e6
            return String(format: "%.1f MB/s (%d bytes/op)", megabytesPerSecond, bytes)
        case .frames(let frames):
            let framesPerSecond = Double(frames) / nanosecondsPerOperation * 1e9
            return String(format: "%.0f frames/s (%d frames/op)", framesPerSecond, frames)
        case nil:
            return ""
        }
    }
}

/// Measures time and allocations: warms up, grows the round until it lasts `minimumRound`, then
/// keeps the best of `rounds` rounds (the minimum is the least disturbed by other processes on a
/// shared machine).
struct Harness {
    /// How long one measured round lasts at least.
    var minimumRound: Duration = .milliseconds(100)
    /// How many rounds are measured.
    var rounds = 5

    func measure(_ benchmark: Benchmark) throws -> Measurement {
        let workload = try benchmark.makeWorkload()
        workload(benchmark.warmUpOperations)
        var iterations = 1
        while true {
            let elapsed = Self.time { workload(iterations) }
            if elapsed >= minimumRound || iterations >= 1 << 30 { break }
            iterations *= elapsed < minimumRound / 16 ? 8 : 2
        }
        var best = Duration.seconds(1_000_000)
        var fewestAllocations = UInt64.max
        for _ in 0..<rounds {
            CAllocationCounter_reset()
            let elapsed = Self.time { workload(iterations) }
            let allocations = CAllocationCounter_allocations()
            best = min(best, elapsed)
            fewestAllocations = min(fewestAllocations, allocations)
        }
        return Measurement(
            benchmark: benchmark,
            iterations: iterations,
            nanosecondsPerOperation: Self.nanoseconds(best) / Double(iterations),
            allocationsPerOperation: Double(fewestAllocations) / Double(iterations),
            allocations: fewestAllocations
        )
    }

    /// Counts the allocations of `operations` operations after warm-up, without timing.
    func countAllocations(_ benchmark: Benchmark, operations: Int) throws -> UInt64 {
        let workload = try benchmark.makeWorkload()
        workload(benchmark.warmUpOperations)
        CAllocationCounter_reset()
        workload(operations)
        return CAllocationCounter_allocations()
    }

    private static func time(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return clock.now - start
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
