import Foundation
import Testing

/// `wayfinder bench` forwards to the `wayfinder-benchmarks` executable built beside it.
@Suite struct BenchCommandTests {
    @Test func listsEveryBenchmarkFamily() throws {
        let outcome = try WayfinderProcess.run(["bench", "--list"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        // The rows of issue #10's table, named as the issue names them.
        for name in [
            "classify.mouse", "classify.touchpad", "classify.touchscreen", "classify.keyboard", "pipeline.frame.demo",
            "pipeline.frame.100", "pipeline.frame.20000", "pipeline.frame.100000", "pipeline.allocations",
            "parse.evemu", "parse.libinput-yaml", "focus.arrow.1000", "focus.arrow.100000", "focus.arrow.1000000",
            "focus.tab.100", "focus.tab.10000", "scene.load.100000", "replay.speed",
        ] {
            #expect(outcome.outputLines.contains(name), "lists \(name)")
        }
        // Every bundled recording is also checked for allocations, under `coverage.`.
        #expect(outcome.outputLines.contains("coverage.evemu-devices_atmel-maxtouch.1-finger-fast-taps.evemu"))
    }

    @Test func jsonPrintsARowWithItsBaselineAndTarget() throws {
        let outcome = try WayfinderProcess.run(["bench", "--json", "--quick", "classify.keyboard"])
        #expect(outcome.exitCode == 0)
        let line = try #require(outcome.outputLines.first)
        #expect(outcome.outputLines.count == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "classify.keyboard")
        #expect(object["unit"] as? String == "ns/frame")
        #expect(object["baseline"] as? String == "read(2)")
        let value = try #require(object["value"] as? Double)
        let baselineValue = try #require(object["baselineValue"] as? Double)
        let ratio = try #require(object["ratio"] as? Double)
        #expect(abs(ratio - value / baselineValue) <= 1e-4 * ratio)
        #expect(object["target"] as? String == "≤ 0.25×")
        #expect(object["met"] is Bool)
    }

    @Test func anUnknownBenchmarkIsNamedInTheError() throws {
        let outcome = try WayfinderProcess.run(["bench", "classify.trackball"])
        #expect(outcome.exitCode != 0)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.contains("'classify.trackball'"))
    }

    @Test func anUnknownOptionIsAUsageError() throws {
        let outcome = try WayfinderProcess.run(["bench", "--fast"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardError.contains("Unknown option '--fast'"))
    }
}
