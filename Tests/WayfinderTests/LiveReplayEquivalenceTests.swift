import EventModel
import InputEvents
import Testing

@testable import Wayfinder

/// The live loop and the replay path give the same events for the same frames: the demo's real
/// recordings (clickpad, mouse) and keyboard session, through the real classifier, interactions
/// and focus engine.
@Suite struct LiveReplayEquivalenceTests {
    /// Hands the replay's steps to the live loop a batch at a time, as reads of several device
    /// descriptors would, with a clock at the latest frame's time.
    final class StepSource: LiveInputSource {
        let replay: Replay
        let steps: [Replay.Step]
        let batch: Int
        var index = 0
        var now = Timestamp.zero

        init(replay: Replay, batch: Int) throws {
            self.replay = replay
            self.steps = try replay.allSteps()
            self.batch = batch
        }

        func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
            guard index < steps.count else { return false }
            for step in steps[index..<min(index + batch, steps.count)] {
                now = step.time
                let id = DeviceID(rawValue: step.source)
                switch step.action {
                case .add:
                    output.append(.added(replay.instance(of: step.source), replay.sources[step.source].description))
                case .frame(let frame): output.append(.frame(id, frame))
                case .remove: output.append(.removed(id))
                }
                // A device change is seen at the clock's time: deliver it alone.
                if case .frame = step.action {
                } else {
                    index += 1
                    return true
                }
                index += 1
            }
            return true
        }

        func close() {}
    }

    @Test(arguments: [1, 5, 64])
    func liveLoopMatchesReplay(batch: Int) throws {
        let demo = try Demo.load()
        let expected = try demo.replay.events(through: try demo.makeRuntime())
        let lastFrame = try #require(try demo.replay.allSteps().last?.time)

        let runtime = try demo.makeRuntime()
        var live: [WayfinderEvent] = []
        runtime.onEvent = { live.append($0) }
        let source = try StepSource(replay: demo.replay, batch: batch)
        try LiveLoop(runtime: runtime, source: source, clock: { source.now }).run()

        // The replay also settles what is still moving after the last frame; live, the loop has
        // stopped by then.
        let comparable = expected.filter { $0.time <= lastFrame }
        #expect(live.count == comparable.count)
        #expect(live == comparable)
        #expect(live.count > 500)
    }

    @Test func advancingTimeBetweenFramesChangesNothing() throws {
        let demo = try Demo.load()
        let expected = try demo.replay.events(through: try demo.makeRuntime())
        // The same frames, with time passing in 7 ms ticks between them, as a live timer would.
        let runtime = try demo.makeRuntime()
        var events: [WayfinderEvent] = []
        runtime.onEvent = { events.append($0) }
        var tick = Timestamp.zero
        var ticks = 0
        try demo.replay.run(
            through: runtime,
            beforeStep: { time in
                while tick + .milliseconds(7) < time {
                    tick += .milliseconds(7)
                    ticks += 1
                    runtime.advance(to: tick)
                }
            })
        #expect(ticks > 1000)
        #expect(events.count == expected.count)
        #expect(events == expected)
    }
}
