import EventModel
import Foundation
import InputEvents
import InputRecording
import Wayfinder
import WayfinderTestSupport

/// Frames played through a `Runtime` in an endless loop, one frame per operation, each pass of
/// the frames later in time than the one before.
///
/// Only the runtime's public entry points are used — `Runtime(scene:)`, `addDevice`, `process` —
/// so that the loop follows the runtime through refactoring unchanged.
final class RuntimeLoop {
    private let runtime: Runtime
    /// The frames, in memory the loop owns, each moved out of its slot for its call and back after,
    /// as a caller that owns its frame passes it (the live loop hands the runtime the frame it
    /// assembled): copying it out would retain and release its events every frame, a cost of the
    /// loop, not of the runtime. Its events' times move one pass later after each call.
    private let frames: UnsafeMutableBufferPointer<EventFrame>
    /// Which device each frame is from.
    private let frameDevices: [DeviceID]
    /// How much later each pass is than the one before: the frames' span and the replay's settle
    /// time, so every gesture and deceleration of a pass ends before the next begins.
    private let passMicroseconds: Int64
    /// The events of one frame: a buffer that keeps its capacity, emptied as the live loop
    /// empties its own.
    private var output: [WayfinderEvent] = []
    private var index = 0
    /// Events produced so far, so that the work cannot be optimised away.
    private(set) var produced = 0

    /// How long warming up may take when a row only times frames. Two passes of the session take
    /// well under it on scenes up to a few thousand nodes; on larger scenes a frame costs
    /// milliseconds today and two passes would take minutes, so warming up stops early: what it
    /// warms (buffers, caches, branch predictors) is warm after a few frames.
    static let timingWarmUpBudget: Duration = .seconds(2)

    /// Adds the devices at time zero and plays two passes to warm up, or as many frames as fit in
    /// `warmUpBudget`.
    private init(
        runtime: Runtime,
        devices: [DeviceDescription],
        frames: [(DeviceID, EventFrame)],
        warmUpBudget: Duration?
    ) throws {
        guard let last = frames.last?.1.time else { throw BenchmarkError(description: "no frames to play") }
        self.runtime = runtime
        self.frames = .allocate(capacity: frames.count)
        _ = self.frames.initialize(from: frames.map(\.1))
        frameDevices = frames.map(\.0)
        passMicroseconds = (last - .zero + Replay.settleDuration).wholeMicroseconds
        for (index, description) in devices.enumerated() {
            runtime.addDevice(
                .replayed(DeviceID(rawValue: index), name: description.name, recording: 0, device: index),
                description: description, at: .zero)
        }
        output.reserveCapacity(64)
        let clock = ContinuousClock()
        let deadline = warmUpBudget.map { clock.now + $0 }
        for _ in 0..<2 * frames.count {
            run(1)
            if let deadline, clock.now > deadline { break }
        }
    }

    deinit {
        frames.deinitialize()
        frames.deallocate()
    }

    /// The demo: its scene and the frames of all its recordings, merged in time order; with
    /// `boundedEvents`, the runtime also fills a bounded event sequence that nothing reads (full
    /// after a few frames, so every event pushes out the oldest).
    static func demo(warmUpBudget: Duration? = timingWarmUpBudget, boundedEvents: Bool = false) throws
        -> RuntimeLoop
    {
        let demo = try Demo.load(from: PipelineBenchmarks.resourcesDirectory)
        var frames: [(DeviceID, EventFrame)] = []
        var steps = try demo.replay.makeSteps()
        while let step = try steps.next() {
            if case .frame(let frame) = step.action { frames.append((DeviceID(rawValue: step.source), frame)) }
        }
        let runtime = try demo.makeRuntime()
        if boundedEvents { _ = runtime.events(keepingNewest: 64) }
        return try RuntimeLoop(
            runtime: runtime,
            devices: demo.replay.sources.map(\.description),
            frames: frames,
            warmUpBudget: warmUpBudget
        )
    }

    /// The generated 1 kHz mouse session on a generated grid of `cells` cells.
    /// - Parameters:
    ///   - cells: The grid's size.
    ///   - laps: The session's laps of pointer motion before its clicks, drags and wheel notches.
    ///   - warmUpBudget: How long warming up may take; nil for two whole passes.
    static func grid(
        cells: Int,
        laps: Int = 4,
        warmUpBudget: Duration? = timingWarmUpBudget
    ) throws -> RuntimeLoop {
        try RuntimeLoop(
            runtime: Runtime(scene: GridScene(cells: cells).scene),
            devices: [GeneratedMouseSession.device],
            frames: GeneratedMouseSession(laps: laps).frames.map { (DeviceID(rawValue: 0), $0) },
            warmUpBudget: warmUpBudget
        )
    }

    /// The number of frames in one pass.
    var framesPerPass: Int { frames.count }

    /// Plays the next `count` frames.
    func run(_ count: Int) {
        // The loop's own state in locals: the harness should cost nothing next to the runtime
        // (class properties would be checked for exclusive access on every frame).
        var index = self.index
        var produced = self.produced
        let pass = passMicroseconds
        // Taken out of the property, so that the buffer is not shared and reuses its storage.
        var output = self.output
        self.output = []
        for _ in 0..<count {
            let slot = frames.baseAddress.unsafelyUnwrapped + index
            // A constant while the runtime reads it: a variable would be copied (its events
            // retained and released) for the call, in case the call changed it.
            let played = slot.move()
            output.removeAllKeepingCapacity()
            runtime.process(played, from: frameDevices[index], into: &output)
            produced &+= output.count
            var frame = consume played
            // The next pass plays the frame one pass later (its events are its own: no copy).
            for event in frame.events.indices {
                frame.events[event].time = Timestamp(microseconds: frame.events[event].time.microseconds + pass)
            }
            slot.initialize(to: consume frame)
            index += 1
            if index == frames.count { index = 0 }
        }
        self.index = index
        self.produced = produced
        self.output = output
        blackHole(produced)
    }
}

/// The whole pipeline: classification, the scene's interactions and the focus engine.
enum PipelineBenchmarks {
    /// The grid sizes of the `pipeline.frame.*` rows; the first is the others' baseline.
    static let gridSizes = [100, 20_000, 100_000]
    /// The grid of the large allocation row.
    static let largeGrid = 20_000

    static var all: [Benchmark] {
        [frameDemo] + gridSizes.map(frameGrid) + [allocations(grid: nil), allocations(grid: largeGrid), replaySpeed]
    }

    /// `pipeline.frame.demo`: a demo frame against reading it.
    static var frameDemo: Benchmark {
        let name = "pipeline.frame.demo"
        return Benchmark(rows: [name]) { harness in
            let loop = try RuntimeLoop.demo()
            return [try harness.rowAgainstFrameRead(name, run: loop.run, targets: [.ratio(atMost: 0.5, "≤ 0.5×")])]
        }
    }

    /// `pipeline.frame.<cells>`: a frame of the 1 kHz session on a grid, against the smallest grid
    /// (and the smallest grid against reading a frame).
    static func frameGrid(cells: Int) -> Benchmark {
        let name = "pipeline.frame.\(cells)"
        let smallest = gridSizes[0]
        return Benchmark(rows: [name]) { harness in
            let loop = try RuntimeLoop.grid(cells: cells)
            guard cells != smallest else { return [try harness.rowAgainstFrameRead(name, run: loop.run)] }
            let reference = try RuntimeLoop.grid(cells: smallest)
            let referenceName = "pipeline.frame.\(smallest)"
            return [
                harness.row(
                    name,
                    unit: "ns/frame",
                    subject: Workload(name, body: loop.run),
                    baseline: (referenceName, Workload(referenceName, body: reference.run)),
                    targets: [.ratio(atMost: 2, "≤ 2×")]
                )
            ]
        }
    }

    /// `pipeline.allocations` (the demo, with a bounded event sequence filled and dropping) and
    /// `pipeline.allocations.<cells>` (a grid): heap allocations per frame through the runtime
    /// in steady state.
    static func allocations(grid cells: Int?) -> Benchmark {
        let name = "pipeline.allocations" + (cells.map { ".\($0)" } ?? "")
        // Warmed up by two whole passes, so that every path has run, and then by as many frames as
        // are counted: a node makes its interactions the first time input reaches it, and the
        // demo's passes each start where the last one left the pointer, so a node can be reached
        // for the first time dozens of passes in (once: 32 allocations in the demo's first 40
        // passes, none in the next 40). A frame that allocates every time still allocates in the
        // counted frames. On a grid the session has no laps of motion (144 frames: clicks, drags,
        // wheel notches, and the motion between them): a frame on a large grid costs tens of
        // milliseconds today, and motion frames are all alike.
        let makeLoop = { () throws -> RuntimeLoop in
            if let cells { return try RuntimeLoop.grid(cells: cells, laps: 0, warmUpBudget: nil) }
            return try RuntimeLoop.demo(warmUpBudget: nil, boundedEvents: true)
        }
        // Whole passes, so that every kind of frame is counted: 40 of the demo's 604 frames
        // (24,160, about as many as the classification check's 20,000); one of the grid session's.
        let frames = { (loop: RuntimeLoop, harness: Harness) in
            cells == nil ? loop.framesPerPass * (harness.isQuick ? 4 : 40) : loop.framesPerPass
        }
        return Benchmark(
            rows: [name],
            allocationChecks: [
                AllocationCheck(name: name, group: .runtime, operation: "frame", limit: 0) { harness in
                    let loop = try makeLoop()
                    let count = frames(loop, harness)
                    loop.run(count)
                    return (harness.countAllocations(operations: count, loop.run), count)
                }
            ]
        ) { harness in
            let loop = try makeLoop()
            let count = frames(loop, harness)
            loop.run(count)
            let allocations = harness.countAllocations(operations: count, loop.run)
            return [
                Row(
                    name: name,
                    value: Double(allocations) / Double(count),
                    unit: "allocations/frame",
                    targets: [.value(atMost: 0, "0")]
                )
            ]
        }
    }

    /// `replay.speed`: the demo's recordings through a fresh runtime with the demo scene, as
    /// `wayfinder replay --scene` plays them, in recorded seconds per wall-clock second.
    static var replaySpeed: Benchmark {
        let name = "replay.speed"
        return Benchmark(rows: [name]) { harness in
            let demo = try Demo.load(from: resourcesDirectory)
            var steps = try demo.replay.makeSteps()
            var last: Timestamp?
            while let step = try steps.next() { last = step.time }
            guard let last else { throw BenchmarkError(description: "the demo has no frames") }
            let recordedSeconds = (last - demo.replay.startTime) / .seconds(1)
            var events = 0
            let replay = Workload(name) { count in
                for _ in 0..<count {
                    // A fresh runtime each time: the scene starts unfocused and unscrolled.
                    guard let runtime = try? demo.makeRuntime() else {
                        fatalBenchmarkError("the demo scene did not load")
                    }
                    try? demo.replay.run(through: runtime, afterStep: { events &+= $0.count })
                }
                blackHole(events)
            }
            var row = harness.row(name, unit: "recorded s per s", subject: replay, baseline: nil)
            row.value = recordedSeconds / (row.value / 1e9)
            row.allocationsPerOperation = nil
            row.baseline = "real time"
            row.baselineValue = 1
            row.targets = [.ratio(atLeast: 10_000, "≥ 10,000×")]
            return [row]
        }
    }

    /// Writes the grids of the `pipeline.frame.*` rows as scene files and the 1 kHz session as an
    /// evemu file, for replaying them as a user would:
    /// `wayfinder replay DIR/mouse-1khz.evemu --scene DIR/grid-20000.scene.json --json`.
    /// - Returns: The paths written.
    static func writeWorkloads(to directory: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var written: [String] = []
        for cells in gridSizes {
            let file = directory.appendingPathComponent("grid-\(cells).scene.json")
            try GridScene(cells: cells).jsonText.write(to: file, atomically: true, encoding: .utf8)
            written.append(file.path)
        }
        let session = directory.appendingPathComponent("mouse-1khz.evemu")
        try GeneratedMouseSession().recording.write(to: session, format: .evemu)
        written.append(session.path)
        return written
    }

    /// The package's bundled resources, read from the source tree.
    static var resourcesDirectory: URL {
        Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources")
    }
}
