import CAllocationCounter
import CBaselines
import FocusEngine
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
    /// The option that makes this executable a child that times the phases of loading the scene
    /// file named after it one by one (``runPhasesAsChild(scene:)``).
    static let phasesChildOption = "--scene-phases-child"
    /// The option that makes this executable a child that parses the scene file named after it
    /// with Foundation's `JSONSerialization`: the parse row's baseline.
    static let foundationChildOption = "--scene-foundation-child"
    /// The node count of the row, as issue #10 names it.
    static let cells = 100_000

    static var all: [Benchmark] {
        let time = "scene.load.\(cells)"
        let memory = "scene.load.\(cells).peak-memory"
        let parse = "scene.parse.\(cells)"
        let interactions = "scene.build.interactions.\(cells)"
        let focus = "scene.build.focus.\(cells)"
        return [
            Benchmark(rows: [time, memory]) { harness in
                let file = try writeScene()
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
            },
            // The same work split into its phases, each with the heap it keeps per node, so that a
            // change shows where it helps.
            Benchmark(
                rows: [parse, parse + ".heap", interactions, interactions + ".heap", focus, focus + ".heap"]
            ) { harness in
                let file = try writeScene()
                defer { try? FileManager.default.removeItem(at: file) }
                var phases: [PhaseReport] = []
                var foundation: [Double] = []
                for _ in 0..<harness.rounds {
                    phases.append(try runPhasesChild(scene: file))
                    foundation.append(try runFoundationChild(scene: file))
                }
                func median(_ value: (PhaseReport) -> Double) -> Double { Harness.median(phases.map(value)) }
                func heap(_ name: String, _ bytes: (PhaseReport) -> Double) -> Row {
                    Row(name: name, value: median(bytes) / Double(cells), unit: "bytes/node")
                }
                func allocations(_ count: (PhaseReport) -> Double) -> Double { median(count) / Double(cells) }
                return [
                    Row(
                        name: parse, value: median(\.parse.milliseconds), unit: "ms",
                        baseline: "JSONSerialization", baselineValue: Harness.median(foundation),
                        allocationsPerOperation: allocations(\.parse.allocations)),
                    heap(parse + ".heap", \.parse.heapBytes),
                    Row(
                        name: interactions, value: median(\.interactions.milliseconds), unit: "ms",
                        allocationsPerOperation: allocations(\.interactions.allocations)),
                    heap(interactions + ".heap", \.interactions.heapBytes),
                    Row(
                        name: focus, value: median(\.focus.milliseconds), unit: "ms",
                        allocationsPerOperation: allocations(\.focus.allocations)),
                    heap(focus + ".heap", \.focus.heapBytes),
                ]
            },
        ]
    }

    /// Writes the generated scene of ``cells`` cells to a temporary file and returns its URL.
    static func writeScene() throws -> URL {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("wayfinder-bench-grid-\(cells)-\(getpid()).scene.json")
        try GridScene(cells: cells).jsonText.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// What a child reported.
    struct ChildReport {
        var milliseconds: Double
        var peakMegabytes: Double
    }

    /// Runs this executable as a child that loads `scene` (or nothing) and reads its report.
    static func runChild(scene: URL?) throws -> ChildReport {
        let fields = try runChild(arguments: [childOption] + (scene.map { [$0.path] } ?? []), fieldCount: 2)
        // MB as everywhere in the report: 10⁶ bytes.
        return ChildReport(milliseconds: fields[0], peakMegabytes: fields[1] * 1_024 / 1e6)
    }

    /// Runs this executable with `arguments` and returns the numbers it prints, which must be
    /// `fieldCount`.
    static func runChild(arguments: [String], fieldCount: Int) throws -> [Double] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap {
            Double($0)
        }
        guard process.terminationStatus == 0, fields.count == fieldCount else {
            throw BenchmarkError(
                description: "the scene-loading child failed: '\(String(decoding: data, as: UTF8.self))'")
        }
        return fields
    }

    /// What one phase of loading cost.
    struct Phase {
        var milliseconds: Double
        /// Heap allocations made.
        var allocations: Double
        /// Heap bytes still in use at its end that were not before (`mallinfo2`).
        var heapBytes: Double
    }

    /// What the phases child reported.
    struct PhaseReport {
        /// `Scene.load`.
        var parse: Phase
        /// `SceneInteractions(scene:)` and its `InteractionSystem`.
        var interactions: Phase
        /// `SceneFocusTree(scene:)` and its `FocusSystem`.
        var focus: Phase
    }

    static func runPhasesChild(scene: URL) throws -> PhaseReport {
        let fields = try runChild(arguments: [phasesChildOption, scene.path], fieldCount: 9)
        func phase(_ index: Int) -> Phase {
            Phase(milliseconds: fields[index], allocations: fields[index + 1], heapBytes: fields[index + 2])
        }
        return PhaseReport(parse: phase(0), interactions: phase(3), focus: phase(6))
    }

    static func runFoundationChild(scene: URL) throws -> Double {
        try runChild(arguments: [foundationChildOption, scene.path], fieldCount: 1)[0]
    }

    /// The phases child's work: loads the scene, builds the interaction tree, then the focus tree,
    /// each timed on its own, and prints for each its milliseconds, allocations and the heap bytes
    /// it keeps. Under callgrind each phase's counters are dumped under the phase's name
    /// (`scene.parse`, `scene.build.interactions`, `scene.build.focus`).
    static func runPhasesAsChild(scene path: String) -> Never {
        var kept: [Any] = []
        var fields: [Double] = []
        func measure(_ name: String, _ body: () throws -> Any) {
            let heapBefore = heapBytesInUse()
            CBaselines_callgrindZeroStats()
            CAllocationCounter_reset()
            let clock = ContinuousClock()
            let start = clock.now
            do {
                kept.append(try body())
            } catch {
                fatalBenchmarkError("\(error)")
            }
            let milliseconds = Harness.nanoseconds(clock.now - start) / 1e6
            CBaselines_callgrindDumpStats(name)
            fields += [milliseconds, Double(CAllocationCounter_allocations()), heapBytesInUse() - heapBefore]
        }
        var scene: Scene?
        measure("scene.parse") {
            scene = try Scene.load(path: path).scene
            return 0
        }
        guard let scene else { fatalBenchmarkError("no scene") }
        measure("scene.build.interactions") {
            let tree = SceneInteractions(scene: scene)
            return (tree.root, tree.makeSystem())
        }
        measure("scene.build.focus") {
            let tree = try SceneFocusTree(scene: scene, file: path)
            return (tree, FocusSystem(root: tree.root, configuration: tree.configuration))
        }
        withExtendedLifetime(kept) {
            print(fields.map { "\($0)" }.joined(separator: " "))
        }
        exit(0)
    }

    /// The baseline child's work: reads the scene file and parses it with `JSONSerialization`,
    /// and prints the milliseconds.
    static func runFoundationAsChild(scene path: String) -> Never {
        let clock = ContinuousClock()
        let start = clock.now
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            fatalBenchmarkError("\(error)")
        }
        let milliseconds = Harness.nanoseconds(clock.now - start) / 1e6
        withExtendedLifetime(parsed) { print(milliseconds) }
        exit(0)
    }

    /// The bytes the heap has handed out and not taken back: small blocks and mapped ones.
    static func heapBytesInUse() -> Double { Double(CBaselines_heapBytesInUse()) }

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
