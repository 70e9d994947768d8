// An application with async/await: the live loop runs on the main actor without blocking it,
// and a task prints the runtime's events from a bounded sequence (the oldest dropped, and
// counted, should it fall behind).
//
// Usage: AsyncLoop <scene.json> [recording…]   (no recordings: the attached devices)
import EventModel
import Foundation
import InputEvents
import Scenes
import Wayfinder

@main struct AsyncLoop {
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard let scenePath = arguments.first else {
            FileHandle.standardError.write(Data("usage: AsyncLoop <scene.json> [recording…]\n".utf8))
            exit(64)
        }
        do {
            try await run(scenePath: scenePath, recordings: Array(arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("AsyncLoop: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(scenePath: String, recordings: [String]) async throws {
        let runtime = try Runtime(
            // The demo's settings: flat acceleration, so that a count moves the pointer one point.
            scene: try Scene.load(path: scenePath).scene, settings: Demo.settings)
        let loop: LiveLoop
        let origin: Timestamp
        if recordings.isEmpty {
            // Stop signals handled by the source: Ctrl-C ends the loop, releasing the devices.
            let source = try DeviceSessionSource(grabs: false, handlesStopSignals: true) {
                FileHandle.standardError.write(Data(($0 + "\n").utf8))
            }
            loop = LiveLoop(runtime: runtime, source: source)
            origin = LiveLoop.realtimeClock()
        } else {
            let source = try PacedReplaySource(replay: try Replay.load(recordings.map { ReplayInput(path: $0) }))
            loop = LiveLoop(runtime: runtime, source: source, clock: source.now)
            origin = source.startTime
        }
        let events = runtime.events(keepingNewest: 4096)
        let printer = Task.detached {
            for await item in events {
                switch item {
                case .event(let event): if let line = event.textLine(origin: origin) { print(line) }
                case .dropped(let count): print("(\(count) events dropped)")
                }
            }
        }
        try await loop.run()
        runtime.finish()
        await printer.value
    }
}
