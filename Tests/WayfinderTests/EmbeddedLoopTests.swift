import EventModel
import Foundation
import InputDevices
import InputEvents
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

/// The live loop driven from an application's own loop: a recording played at its pace through
/// a timer descriptor, waited on with `poll(2)` on the loop's one descriptor and timeout, gives
/// the events of the same frames fed to the runtime directly.
@Suite struct EmbeddedLoopTests {
    static let recording = Fixtures.packageRoot.appendingPathComponent(
        "Sources/Wayfinder/Resources/Demo/demo-swipe.evemu"
    ).path
    static let sceneFile = Fixtures.packageRoot.appendingPathComponent(
        "Sources/Wayfinder/Resources/Demo/demo-scene.json"
    ).path
    static let quietTime = Duration.milliseconds(300)

    /// The events of the recording's frames fed straight to a runtime: every device added at the
    /// first frame, the frames, then time passing to the end, when the devices go.
    static func expectedLines(
        recording: String = recording, quietTime: Duration = quietTime
    ) throws -> [String] {
        let replay = try Replay.load([ReplayInput(path: recording)])
        let runtime = try Runtime(scene: try Scene.load(path: sceneFile).scene, settings: Demo.settings)
        var events: [WayfinderEvent] = []
        var steps = try replay.makeSteps()
        var frames: [(Int, EventFrame)] = []
        while let step = try steps.next() {
            if case .frame(let frame) = step.action { frames.append((step.source, frame)) }
        }
        let start = try #require(frames.first?.1.time)
        for index in replay.sources.indices {
            events += runtime.addDevice(
                replay.instance(of: index), description: replay.sources[index].description, at: start)
        }
        for (source, frame) in frames { events += runtime.process(frame, from: DeviceID(rawValue: source)) }
        let end = try #require(frames.last?.1.time) + quietTime
        events += runtime.advance(to: end)
        events += runtime.removeAllDevices(at: end)
        return events.compactMap { $0.textLine(origin: start) }
    }

    @Test func anApplicationsPollLoopGivesTheEventsOfTheFrames() throws {
        let runtime = try Runtime(scene: try Scene.load(path: Self.sceneFile).scene, settings: Demo.settings)
        var events: [WayfinderEvent] = []
        runtime.onEvent = { events.append($0) }
        let source = try PacedReplaySource(
            replay: try Replay.load([ReplayInput(path: Self.recording)]), quietTime: Self.quietTime)
        let loop = LiveLoop(runtime: runtime, source: source, clock: source.now)
        let descriptor = try #require(try loop.fileDescriptor())
        var wakes = 0
        // The application's loop: its own poll(2) on the one descriptor, with the loop's timeout.
        while true {
            _ = try Readiness.waitForReadable([FileDescriptor(rawValue: descriptor)], timeout: loop.timeout)
            wakes += 1
            guard try loop.drain() else { break }
        }
        #expect(loop.isFinished)
        #expect(try !loop.drain())
        #expect(events.compactMap { $0.textLine(origin: source.startTime) } == (try Self.expectedLines()))
        #expect(wakes > 1)
    }

    @Test func anAsyncRunGivesTheSameEvents() async throws {
        let runtime = try Runtime(scene: try Scene.load(path: Self.sceneFile).scene, settings: Demo.settings)
        var events: [WayfinderEvent] = []
        runtime.onEvent = { events.append($0) }
        let source = try PacedReplaySource(
            replay: try Replay.load([ReplayInput(path: Self.recording)]), quietTime: Self.quietTime)
        let loop = LiveLoop(runtime: runtime, source: source, clock: source.now)
        try await loop.run()
        #expect(loop.isFinished)
        let lines = events.compactMap { $0.textLine(origin: source.startTime) }
        let expected = try Self.expectedLines()
        #expect(lines == expected)
    }

    @Test func cancellingTheTaskEndsAnAsyncRunAndRemovesTheDevices() async throws {
        let keyboard = Fixtures.packageRoot.appendingPathComponent(
            "Sources/Wayfinder/Resources/Demo/demo-keyboard.evemu"
        )
        .path
        let started = AsyncStream<Void>.makeStream()
        let run = Task { () async throws -> [String] in
            let runtime = try Runtime()
            var devices: [String] = []
            runtime.onEvent = { event in
                guard case .device = event.payload else { return }
                devices.append(event.summary() ?? "")
                started.continuation.yield()
            }
            let source = try PacedReplaySource(replay: try Replay.load([ReplayInput(path: keyboard)]))
            let loop = LiveLoop(runtime: runtime, source: source, clock: source.now)
            try await loop.run()
            #expect(loop.isFinished)
            return devices
        }
        // The six-second recording is cut short once its keyboard is there.
        for await _ in started.stream { break }
        run.cancel()
        #expect(try await run.value == ["device added (keyboard)", "device removed (keyboard)"])
    }

    /// The lines the example applications (`Examples/LiveLoops`) must print for the bundled
    /// hover recording, which `Scripts/test` compares with what each prints, are the events of
    /// its frames.
    @Test func theExampleApplicationsExpectedLinesAreTheEventsOfTheFrames() throws {
        let expected = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("Examples/LiveLoops/Expected/demo-hover.txt"),
            encoding: .utf8)
        let lines = try Self.expectedLines(
            recording: Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-hover.evemu")
                .path,
            quietTime: PacedReplaySource.defaultQuietTime)
        #expect(expected == lines.map { $0 + "\n" }.joined())
    }
}
