import EventModel
import Foundation
import InputEvents
import Wayfinder
import WayfinderTestSupport

/// The whole replay pipeline: the demo's recordings through classification, the scene's
/// interactions and the focus engine.
enum PipelineBenchmarks {
    static var all: [Benchmark] {
        let frames = (try? demoFrames().count) ?? 0
        return [
            replay(name: "pipeline.demo-replay", frames: frames, withScene: true),
            // The same without a scene: classification and the runtime only, so that the
            // difference is what hit testing, interactions and the focus engine cost.
            replay(name: "pipeline.demo-replay-without-scene", frames: frames, withScene: false),
            steadyFrames(name: "pipeline.runtime-frame", withScene: true),
            steadyFrames(name: "pipeline.runtime-frame-without-scene", withScene: false),
        ]
    }

    /// One frame through a runtime whose devices were added beforehand: the per-frame cost of
    /// the whole pipeline in steady state. The demo's frames play in a loop, each pass later in
    /// time than the one before.
    private static func steadyFrames(name: String, withScene: Bool) -> Benchmark {
        Benchmark(
            operation: "frame",
            name: name,
            allocationLimit: nil,
            warmUpOperations: 0,
            throughput: nil,
            makeWorkload: {
                let demo = try Demo.load(from: resourcesDirectory)
                let runtime = try withScene ? demo.makeRuntime() : Runtime()
                for (index, source) in demo.replay.sources.enumerated() {
                    runtime.addDevice(demo.replay.instance(of: index), description: source.description, at: .zero)
                }
                let frames = try demoFrames()
                guard let last = frames.last?.frame.time else { throw BenchmarkError(description: "no demo frames") }
                // Long enough after the last frame for every gesture and deceleration to end.
                let passLength = last - .zero + Replay.settleDuration
                var scratch = EventFrame(events: [])
                scratch.events.reserveCapacity(64)
                var index = 0
                var offset = Duration.zero
                var events = 0
                var output: [WayfinderEvent] = []
                output.reserveCapacity(64)
                let run: (Int) -> Void = { count in
                    for _ in 0..<count {
                        let (device, frame) = frames[index]
                        scratch.events.removeAll(keepingCapacity: true)
                        for var event in frame.events {
                            event.time += offset
                            scratch.events.append(event)
                        }
                        output.removeAll(keepingCapacity: true)
                        runtime.process(scratch, from: device, into: &output)
                        events &+= output.count
                        index += 1
                        if index == frames.count {
                            index = 0
                            offset += passLength
                        }
                    }
                    blackHole(events)
                }
                run(2 * frames.count)
                return run
            }
        )
    }

    private static func replay(name: String, frames: Int, withScene: Bool) -> Benchmark {
        Benchmark(
            operation: "replay",
            name: name,
            allocationLimit: nil,
            warmUpOperations: 1,
            throughput: .frames(frames),
            makeWorkload: {
                let demo = try Demo.load(from: resourcesDirectory)
                var events = 0
                return { count in
                    for _ in 0..<count {
                        // A fresh runtime each time: the scene starts unfocused and unscrolled.
                        guard let runtime = try? (withScene ? demo.makeRuntime() : Runtime()) else {
                            fatalBenchmarkError("the demo scene did not load")
                        }
                        try? demo.replay.run(through: runtime, afterStep: { events &+= $0.count })
                    }
                    blackHole(events)
                }
            }
        )
    }

    /// The demo's frames in replay order, with the device each comes from.
    static func demoFrames() throws -> [(device: DeviceID, frame: EventFrame)] {
        let demo = try Demo.load(from: resourcesDirectory)
        var frames: [(device: DeviceID, frame: EventFrame)] = []
        var steps = try demo.replay.makeSteps()
        while let step = try steps.next() {
            if case .frame(let frame) = step.action { frames.append((DeviceID(rawValue: step.source), frame)) }
        }
        return frames
    }

    /// The package's bundled resources, read from the source tree.
    static var resourcesDirectory: URL {
        Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources")
    }
}
