import EventModel
import InputDevices
import InputEvents
import Scenes
import Wayfinder

/// `wayfinder replay` without `--raw`: recordings through the runtime, with a scene or without.
extension ReplayCommand {
    /// Replays the recordings through a ``Runtime`` (on the scene, with `--scene`) and prints the
    /// event stream as it happens: JSON lines with `--json` (`events.md`), else one line per
    /// event for people. Pointer motion and contact positions are printed only with `--motion`.
    func runStream(_ replay: Replay) throws {
        var scene: Scene?
        if let scenePath {
            let loaded: LoadedScene
            do {
                loaded = try Scene.load(path: scenePath)
            } catch {
                throw CommandFailure("\(error)")
            }
            var standardError = FileStream.standardError
            for warning in loaded.warnings { print("Warning: \(warning)", to: &standardError) }
            scene = loaded.scene
        }
        let runtime = try Runtime(
            scene: scene, sceneFile: scenePath ?? "<scene>", settings: deviceSettings,
            rules: DeviceSettingsOptions.rules(file: settingsPath))
        // The scene is not freed node by node when the command returns: the process ends. (The
        // runtime's release only finishes event streams, which a replay does not use.)
        ProcessLifetime.keepUntilExit(runtime)
        runtime.onDiagnostic = { message in
            var standardError = FileStream.standardError
            print("Warning: \(message)", to: &standardError)
        }
        let output = CommandOutput.standard
        var line = JSONLine()
        let includesMotion = isMotionIncluded
        let isJSON = isJSON
        let version = streamVersion
        // With --expect, the JSON lines go to the golden file's comparison instead.
        let expectation = try expectation.map { options throws(CommandFailure) in
            try StreamExpectationSink(options)
        }
        /// Writes an event as the stream prints it.
        func writeEvent(_ event: WayfinderEvent) {
            if let expectation {
                if event.appendJSON(to: &line, includeMotion: includesMotion, version: version) {
                    expectation.take(line.text)
                }
            } else if isJSON {
                if event.appendJSON(to: &line, includeMotion: includesMotion, version: version) {
                    output.writeLine(&line)
                }
            } else if let text = event.textLine(includeMotion: includesMotion) {
                output.writeLine(text)
            }
        }
        /// Writes events as the stream prints them.
        func write(_ events: [WayfinderEvent]) {
            for event in events { writeEvent(event) }
        }
        if explainsDecisions {
            // Decisions come through the runtime's callbacks, in order with the events.
            runtime.onDecision = { decision in
                output.writeLine(isJSON ? decision.jsonLine(version: version) : decision.commandLineText())
            }
            runtime.onEvent = { event in writeEvent(event) }
        }
        let progress = isRealtime && Terminal.isErrorTerminal ? ProgressBar(total: replay.knownEnd) : nil
        var pacer = isRealtime ? Pacer() : nil
        // A paced replay serves Ctrl-C and SIGTERM (and the accessibility bus) while it waits.
        let stop = isRealtime ? try StopRequest() : nil
        var participants: [any PollParticipant] = stop.map { [$0] } ?? []
        var accessible: AccessibleScene?
        if exposesAccessibility, let scenePath {
            accessible = AccessibilityExposure.expose(
                runtime, windowName: AccessibilityExposure.windowName(ofScene: scenePath),
                clock: { pacer?.currentTime ?? .zero },
                report: AccessibilityExposure.reportOnStandardError)
            accessible?.onEvents = { events in
                // With --why, the runtime's callback prints every event already.
                if !explainsDecisions { write(events) }
                output.flush()
            }
            if let accessible { participants.append(accessible) }
        }
        defer { accessible?.close() }
        var end = Timestamp.zero
        do {
            try replay.run(
                through: runtime,
                beforeStep: { time in
                    if pacer != nil {
                        // What happened so far is written out before waiting for what comes next.
                        output.flush()
                        try output.checkWritable()
                        if let delay = pacer?.delay(until: time) {
                            try Pacer.wait(for: delay, serving: participants) { stop?.isStopped == true }
                        } else {
                            stop?.check()
                        }
                        if stop?.isStopped == true { throw ReplayStopped() }
                    }
                    end = time
                    progress?.show(time)
                },
                afterStep: { events in
                    // With --why the runtime's callbacks wrote the step's lines; either way a
                    // reader that went away (`| head -1`) ends the replay here.
                    if !explainsDecisions { write(events) }
                    try output.checkWritable()
                    try expectation?.checkFailure()
                }
            )
        } catch is ReplayStopped {
            // Stopped by Ctrl-C or SIGTERM: what is held is released, as when a device goes away.
            var released: [WayfinderEvent] = []
            runtime.removeAllDevices(at: max(end, pacer?.currentTime ?? end), into: &released)
            if !explainsDecisions { write(released) }
        } catch let stopped as OutputStopped {
            progress?.finish()
            throw stopped
        } catch let failure as CommandFailure {
            progress?.finish()
            throw failure
        } catch {
            progress?.finish()
            throw CommandFailure("\(error)")
        }
        progress?.finish()
        if let expectation { output.writeLine(try expectation.finish()) }
    }
}

/// A paced replay was stopped by Ctrl-C or SIGTERM.
private struct ReplayStopped: Error {}

/// A one-line progress bar on standard error, redrawn in place.
final class ProgressBar {
    private let total: Timestamp?
    private var lastDrawn = -1
    /// The bar's width in cells.
    static let width = 30

    init(total: Timestamp?) { self.total = total }

    func show(_ time: Timestamp) {
        var standardError = FileStream.standardError
        guard let total else {
            let tenths = Int(time.microseconds / 100_000)
            guard tenths != lastDrawn else { return }
            lastDrawn = tenths
            standardError.returnToLineStart()
            print("\(Self.seconds(time)) s", terminator: "", to: &standardError)
            return
        }
        let fraction = total.microseconds > 0 ? min(1, Double(time.microseconds) / Double(total.microseconds)) : 1
        let filled = Int(fraction * Double(Self.width))
        guard filled != lastDrawn else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.width - filled)
        standardError.returnToLineStart()
        print("\(bar) \(Self.seconds(time)) / \(Self.seconds(total)) s", terminator: "", to: &standardError)
    }

    func finish() {
        var standardError = FileStream.standardError
        print("", to: &standardError)
    }

    /// Seconds with one decimal.
    static func seconds(_ time: Timestamp) -> String {
        let tenths = time.microseconds / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
