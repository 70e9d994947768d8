import Foundation
import Wayfinder
import WayfinderTestSupport

/// The whole replay pipeline: the demo's recordings through classification, the scene's
/// interactions and the focus engine.
enum PipelineBenchmarks {
    static var all: [Benchmark] {
        let frames = (try? Demo.load(from: resourcesDirectory))?.replay.sources.reduce(0) { $0 + $1.frames.count } ?? 0
        return [
            Benchmark(
                operation: "replay",
                name: "pipeline.demo-replay",
                allocationLimit: nil,
                warmUpOperations: 1,
                throughput: .frames(frames),
                makeWorkload: {
                    let demo = try Demo.load(from: resourcesDirectory)
                    var events = 0
                    return { count in
                        for _ in 0..<count {
                            // A fresh runtime each time: the scene starts unfocused and unscrolled.
                            guard let runtime = try? demo.makeRuntime() else {
                                fatalBenchmarkError("the demo scene did not load")
                            }
                            events &+= demo.replay.run(through: runtime).count
                        }
                        blackHole(events)
                    }
                }
            )
        ]
    }

    /// The package's bundled resources, read from the source tree.
    static var resourcesDirectory: URL {
        Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources")
    }
}
