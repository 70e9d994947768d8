import Testing

/// `wayfinder bench` forwards to the `wayfinder-benchmarks` executable built beside it.
@Suite struct BenchCommandTests {
    @Test func listsEveryBenchmarkFamily() throws {
        let outcome = try WayfinderProcess.run(["bench", "--list"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        for name in [
            "classify.mouse", "classify.touchpad-two-finger-scroll", "classify.touchscreen", "classify.keyboard",
            "parse.evemu", "parse.yaml", "focus.grid-move", "focus.tab-many-groups", "pipeline.demo-replay",
        ] {
            #expect(outcome.outputLines.contains(name), "lists \(name)")
        }
        // Every bundled recording is also checked for allocations, under `coverage.`.
        #expect(outcome.outputLines.contains("coverage.evemu-devices_atmel-maxtouch.1-finger-fast-taps.evemu"))
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
