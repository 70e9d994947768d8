import Foundation
import Scenes
import Wayfinder
import WayfinderTestSupport

/// Loading a large scene, in a child process of its own so that its peak memory is its own.
///
/// The parent writes the generated scene file once and starts this executable again with
/// ``childOption`` for each round; the child loads the scene (`Scene.load`, then
/// `Runtime(scene:)`, which builds the node tree, the interactions and the focus engine's
/// layout), and prints its time and its peak resident memory. The peak comes from `VmHWM` in
/// `/proc/self/status`, the high-water mark of the child's own address space:
/// `getrusage`'s `ru_maxrss` would be no good, because `posix_spawn` starts the child on the
/// parent's address space and Linux carries that peak across `execve`.
enum SceneLoadBenchmarks {
    /// The option that makes this executable a child that loads the scene file named after it, or
    /// loads nothing when no file follows (the baseline: the bare process).
    static let childOption = "--scene-load-child"
    /// The node count of the row, as issue #10 names it.
    static let cells = 100_000

    static var all: [Benchmark] {
        let time = "scene.load.\(cells)"
        let memory = "scene.load.\(cells).peak-memory"
        return [
            Benchmark(rows: [time, memory]) { harness in
                let file = FileManager.default.temporaryDirectory
                    .appendingPathComponent("wayfinder-bench-grid-\(cells)-\(getpid()).scene.json")
                try GridScene(cells: cells).jsonText.write(to: file, atomically: true, encoding: .utf8)
                defer { try? FileManager.default.removeItem(at: file) }
                var milliseconds: [Double] = []
                var peaks: [Double] = []
                var idlePeaks: [Double] = []
                for _ in 0..<harness.rounds {
                    let loaded = try runChild(scene: file)
                    milliseconds.append(loaded.milliseconds)
                    peaks.append(loaded.peakMegabytes)
                    idlePeaks.append(try runChild(scene: nil).peakMegabytes)
                }
                return [
                    Row(
                        name: time,
                        value: Harness.median(milliseconds),
                        unit: "ms",
                        targets: [.value(atMost: 250, "≤ 250 ms")]
                    ),
                    Row(
                        name: memory,
                        value: Harness.median(peaks),
                        unit: "MB",
                        baseline: "the bare process",
                        baselineValue: Harness.median(idlePeaks),
                        targets: [.value(atMost: 80, "≤ 80 MB")]
                    ),
                ]
            }
        ]
    }

    /// What a child reported.
    struct ChildReport {
        var milliseconds: Double
        var peakMegabytes: Double
    }

    /// Runs this executable as a child that loads `scene` (or nothing) and reads its report.
    static func runChild(scene: URL?) throws -> ChildReport {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [childOption] + (scene.map { [$0.path] } ?? [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        guard process.terminationStatus == 0, fields.count == 2, let milliseconds = Double(fields[0]),
            let kilobytes = Double(fields[1])
        else {
            throw BenchmarkError(
                description: "the scene-loading child failed: '\(String(decoding: data, as: UTF8.self))'")
        }
        // MB as everywhere in the report: 10⁶ bytes.
        return ChildReport(milliseconds: milliseconds, peakMegabytes: kilobytes * 1_024 / 1e6)
    }

    /// The child's work: loads the scene file, if any, and prints the milliseconds it took and the
    /// peak resident memory in kB.
    static func runAsChild(scene path: String?) -> Never {
        var milliseconds = 0.0
        var runtime: Runtime?
        if let path {
            let clock = ContinuousClock()
            let start = clock.now
            do {
                let scene = try Scene.load(path: path).scene
                runtime = try Runtime(scene: scene, sceneFile: path)
            } catch {
                fatalBenchmarkError("\(error)")
            }
            milliseconds = Harness.nanoseconds(clock.now - start) / 1e6
        }
        withExtendedLifetime(runtime) {
            print("\(milliseconds) \(peakResidentKilobytes() ?? -1)")
        }
        exit(0)
    }

    /// `VmHWM` from `/proc/self/status`: the process's peak resident memory, in kB.
    static func peakResidentKilobytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "")
        }
        return nil
    }
}
