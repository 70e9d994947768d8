// An application that owns its loop: Dispatch sources on the main queue wait on Wayfinder's one
// descriptor and on a timer set to the runtime's next deadline; each wake drains what is ready.
// The runtime lives on the main actor, where every handler runs. SIGINT and SIGTERM stay the
// application's: it handles them with Dispatch too, and stops the loop cleanly.
//
// Usage: DispatchLoop <scene.json> [recording…]   (no recordings: the attached devices)
import Dispatch
import EventModel
import Foundation
import InputEvents
import Scenes
import Wayfinder

@MainActor final class Application {
    let runtime: Runtime
    let loop: LiveLoop
    /// Where the printed times start: the first frame of the recordings, or the start.
    let origin: Timestamp
    var readSource: (any DispatchSourceRead)?
    let timer = DispatchSource.makeTimerSource(queue: .main)
    var signals: [any DispatchSourceSignal] = []

    init(scenePath: String, recordings: [String]) throws {
        runtime = try Runtime(
            // The demo's settings: flat acceleration, so that a count moves the pointer one point.
            scene: try Scene.load(path: scenePath).scene, settings: Demo.settings)
        let origin: Timestamp
        if recordings.isEmpty {
            let source = try DeviceSessionSource(grabs: false) {
                FileHandle.standardError.write(Data(($0 + "\n").utf8))
            }
            loop = LiveLoop(runtime: runtime, source: source)
            origin = LiveLoop.realtimeClock()
        } else {
            let source = try PacedReplaySource(replay: try Replay.load(recordings.map { ReplayInput(path: $0) }))
            loop = LiveLoop(runtime: runtime, source: source, clock: source.now)
            origin = source.startTime
        }
        self.origin = origin
        runtime.onEvent = { event in
            if let line = event.textLine(origin: origin) { print(line) }
        }
    }

    func start() throws {
        guard let descriptor = try loop.fileDescriptor() else { return }
        let readSource = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        readSource.setEventHandler { MainActor.assumeIsolated { self.wake() } }
        readSource.resume()
        self.readSource = readSource
        timer.setEventHandler { MainActor.assumeIsolated { self.wake() } }
        timer.resume()
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { MainActor.assumeIsolated { self.stop() } }
            source.resume()
            signals.append(source)
        }
        wake()
    }

    /// Reads what is ready, then sets the timer to the runtime's next deadline.
    func wake() {
        do {
            guard try loop.drain() else { return stop() }
        } catch {
            FileHandle.standardError.write(Data("DispatchLoop: \(error)\n".utf8))
            exit(1)
        }
        if let timeout = loop.timeout {
            timer.schedule(
                deadline: .now()
                    + .nanoseconds(
                        Int(
                            timeout.components.seconds * 1_000_000_000
                                + timeout.components.attoseconds / 1_000_000_000)))
        } else {
            timer.schedule(deadline: .distantFuture)
        }
    }

    /// Ends the loop (devices removed, gestures cancelled) and the process.
    func stop() {
        loop.finish()
        exit(0)
    }
}

let arguments = CommandLine.arguments.dropFirst()
guard let scenePath = arguments.first else {
    FileHandle.standardError.write(Data("usage: DispatchLoop <scene.json> [recording…]\n".utf8))
    exit(64)
}
do {
    let application = try MainActor.assumeIsolated {
        let application = try Application(scenePath: scenePath, recordings: Array(arguments.dropFirst()))
        try application.start()
        return application
    }
    withExtendedLifetime(application) { dispatchMain() }
} catch {
    FileHandle.standardError.write(Data("DispatchLoop: \(error)\n".utf8))
    exit(1)
}
