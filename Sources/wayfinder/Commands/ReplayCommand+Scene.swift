import Classification
import DeviceProfiles
import Foundation
import InputEvents
import InputRecording
import Scenes
import Wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The classifier's click method (the command has its own type of the same name for parsing).
typealias ClassifierClickMethod = ClickMethod

/// `wayfinder replay --scene`: recordings through the whole pipeline, focus included.
extension ReplayCommand {
    /// Runs the recordings through a ``Runtime`` on the scene and prints the event stream.
    func runScene() throws {
        guard let scenePath else { return }
        let loaded: LoadedScene
        do {
            loaded = try Scene.load(path: scenePath)
        } catch {
            throw CommandFailure("\(error)")
        }
        var standardError = FileStream.standardError
        for warning in loaded.warnings { print("Warning: \(warning)", to: &standardError) }
        let replay = Replay(sources: try loadSources())
        let options = ClassifierOptions(
            tapToClick: isTapToClickEnabled ? true : nil,
            clickMethod: clickMethod.flatMap { ClassifierClickMethod(rawValue: $0.rawValue) }
        )
        let runtime = try Runtime(scene: loaded.scene, sceneFile: scenePath, options: options)
        let isJSON = isJSON
        runtime.onEvent = { (event: WayfinderEvent) in
            let line = isJSON ? event.jsonLine() : event.textLine()
            if let line { print(line) }
        }
        let steps = replay.steps
        let end = steps.last?.time ?? .zero
        let progress = Terminal.isErrorTerminal ? ProgressBar(total: end) : nil
        var pacer = isRealtime ? RealtimePacer() : nil
        replay.run(
            through: runtime,
            beforeStep: { time, _ in
                pacer?.wait(until: time)
                progress?.show(time)
            }
        )
        progress?.finish()
    }

    /// Loads every file; `--desc` describes the evemu event logs that have no description of
    /// their own.
    private func loadSources() throws -> [ReplaySource] {
        var sources: [ReplaySource] = []
        for path in recordingPaths {
            let url = URL(fileURLWithPath: path)
            let recording: Recording
            do {
                // Paths as given: a URL made from "" would name the current directory.
                if let descriptionPath, Self.needsDescription(url) {
                    recording = try Recording.load(path: path, descriptionPath: descriptionPath)
                } else {
                    recording = try Recording.load(path: path)
                }
            } catch {
                throw CommandFailure("\(error)")
            }
            for device in recording.devices {
                sources.append(ReplaySource(description: device.description, frames: device.frames))
            }
        }
        return sources
    }

    /// Whether a file is an evemu event log without its own description (no `N:` line).
    private static func needsDescription(_ url: URL) -> Bool {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return false }
        return !text.split(separator: "\n", omittingEmptySubsequences: true).contains { $0.hasPrefix("N:") }
    }
}

/// Sleeps so that replayed frames come out with their recorded timing (`--realtime`): the only
/// place where the command line waits for the clock.
struct RealtimePacer {
    private var start: timespec?
    private var origin: Timestamp?

    /// Waits until `time` (on the replay's time line) is as far from the first time as the
    /// monotonic clock is from when the first time was seen.
    mutating func wait(until time: Timestamp) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        guard let start, let origin else {
            self.start = now
            self.origin = time
            return
        }
        let elapsed = Int64(now.tv_sec - start.tv_sec) * 1_000_000 + Int64(now.tv_nsec - start.tv_nsec) / 1000
        let wanted = time.microseconds - origin.microseconds
        let remaining = wanted - elapsed
        guard remaining > 0 else { return }
        var request = timespec(tv_sec: Int(remaining / 1_000_000), tv_nsec: Int(remaining % 1_000_000) * 1000)
        var left = timespec()
        while nanosleep(&request, &left) != 0, errno == EINTR { request = left }
    }
}

/// A one-line progress bar on standard error, redrawn in place.
final class ProgressBar {
    private let total: Timestamp
    private var lastDrawn = -1
    /// The bar's width in cells.
    static let width = 30

    init(total: Timestamp) { self.total = total }

    func show(_ time: Timestamp) {
        let fraction = total.microseconds > 0 ? min(1, Double(time.microseconds) / Double(total.microseconds)) : 1
        let filled = Int(fraction * Double(Self.width))
        guard filled != lastDrawn else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: Self.width - filled)
        var standardError = FileStream.standardError
        print(
            "\r\(bar) \(ClassifiedSeconds.format(time)) / \(ClassifiedSeconds.format(total)) s", terminator: "",
            to: &standardError)
    }

    func finish() {
        var standardError = FileStream.standardError
        print("", to: &standardError)
    }
}

/// Seconds with one decimal, for the progress bar.
enum ClassifiedSeconds {
    static func format(_ time: Timestamp) -> String {
        let tenths = time.microseconds / 100_000
        return "\(tenths / 10).\(tenths % 10)"
    }
}
