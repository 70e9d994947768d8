import FocusEngine
import Foundation
import Scenes
import Wayfinder
import WayfinderTestSupport

/// Files written to cost more than their size: issue 23's hostile input, measured against the same
/// amount of ordinary input; and input that is only large, measured per unit at two sizes, whose
/// ratio is 1 when the work is linear (issue 23, case 8).
enum HostileInputBenchmarks {
    /// The ids in the flat scenes of `scene.parse.crafted-ids`: 2^17, as issue 23 measured.
    static let idCount = 1 << 17
    /// The numbers of files of the `replay.files` rows: the smaller is the baseline, as in issue 23
    /// ("5,000 files within 3× of 5× the 1,000-file time").
    static let fileCounts = (baseline: 1_000, subject: 5_000)
    /// The numbers of commands of the `navigate.commands` rows: issue 23 measured 10k and 100k.
    static let commandCounts = (baseline: 10_000, subject: 100_000)
    /// The recording every file of a `replay.files` row holds: a bundled mouse (67 frames over
    /// 6.6 s), short enough that 5,000 copies replay in about a second, all of them attached at
    /// once as in issue 23's copies of one file.
    static let replayedRecording = "mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll.events"

    static var all: [Benchmark] {
        let crafted = "scene.parse.crafted-ids.\(idCount)"
        return [
            Benchmark(rows: [crafted]) { harness in
                let attack = flatScene(ids: craftedIDs(count: idCount))
                let ordinary = flatScene(ids: randomIDs(count: idCount))
                func parse(_ bytes: [UInt8]) -> Workload {
                    Workload("parse") { count in
                        for _ in 0..<count {
                            do {
                                blackHole(try Scene.parse(bytes, file: "ids").scene.root.children.count)
                            } catch {
                                fatalBenchmarkError("the flat scene does not load: \(error)")
                            }
                        }
                    }
                }
                let samples = harness.measure([parse(attack), parse(ordinary)])
                return [
                    Row(
                        name: crafted, value: samples[0].nanosecondsPerOperation / 1e6, unit: "ms",
                        baseline: "as many random ids", baselineValue: samples[1].nanosecondsPerOperation / 1e6,
                        targets: [.ratio(atMost: 3, "≤ 3×")])
                ]
            },
            replayFiles(),
            navigateCommands(),
        ]
    }

    /// `replay.files.5000`: what `wayfinder replay FILE…` does for each of 5,000 files (open, merge,
    /// classify, write the text lines), against the same for 1,000 files in the same run.
    static func replayFiles() -> Benchmark {
        let name = "replay.files.\(fileCounts.subject)"
        return Benchmark(rows: [name]) { harness in
            guard let bundled = BundledRecording.named(replayedRecording) else {
                fatalBenchmarkError("no bundled recording \(replayedRecording)")
            }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "wayfinder-replay-files-\(getpid())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            // Hard links where they can be made: as many files as issue 23's copies, without
            // their bytes.
            var inputs: [ReplayInput] = []
            for index in 0..<fileCounts.subject {
                let file = directory.appendingPathComponent("mouse-\(index).events")
                do {
                    try FileManager.default.linkItem(at: bundled.url, to: file)
                } catch {
                    try FileManager.default.copyItem(at: bundled.url, to: file)
                }
                inputs.append(ReplayInput(path: file.path, descriptionPath: bundled.descriptionURL?.path))
            }
            func replay(_ files: [ReplayInput]) -> Workload {
                Workload("replay of \(files.count) files") { count in
                    for _ in 0..<count {
                        do {
                            var written = 0
                            try Replay.load(files).run(
                                through: try Runtime(),
                                afterStep: { events in
                                    for event in events { written += event.textLine()?.utf8.count ?? 0 }
                                })
                            blackHole(written)
                        } catch {
                            fatalBenchmarkError("the replay of \(files.count) files failed: \(error)")
                        }
                    }
                }
            }
            let samples = harness.measure([replay(inputs), replay(Array(inputs.prefix(fileCounts.baseline)))])
            return [
                Row(
                    name: name, value: samples[0].nanosecondsPerOperation / 1e3 / Double(fileCounts.subject),
                    unit: "µs/file", baseline: "\(fileCounts.baseline) files",
                    baselineValue: samples[1].nanosecondsPerOperation / 1e3 / Double(fileCounts.baseline),
                    targets: [.ratio(atMost: 3, "≤ 3× (linear: 1×)")])
            ]
        }
    }

    /// `navigate.commands.100000`: what `wayfinder navigate --debug commands` does for each of
    /// 100,000 commands (load the scene, build the table, list what the focused node performs),
    /// against the same for 10,000 commands in the same run.
    static func navigateCommands() -> Benchmark {
        let name = "navigate.commands.\(commandCounts.subject)"
        return Benchmark(rows: [name]) { harness in
            func listing(commands: Int) -> Workload {
                let bytes = commandScene(commands: commands)
                return Workload("navigate --debug commands with \(commands) commands") { count in
                    for _ in 0..<count {
                        do {
                            let scene = try Scene.parse(bytes, file: "commands").scene
                            let navigator = try FocusNavigator(scene: scene, initialFocus: "card")
                            blackHole(FocusDebugger.discoverabilityListing(for: navigator.system).utf8.count)
                        } catch {
                            fatalBenchmarkError("the scene of \(commands) commands does not load: \(error)")
                        }
                    }
                }
            }
            let samples = harness.measure([
                listing(commands: commandCounts.subject), listing(commands: commandCounts.baseline),
            ])
            return [
                Row(
                    name: name, value: samples[0].nanosecondsPerOperation / Double(commandCounts.subject),
                    unit: "ns/command", baseline: "\(commandCounts.baseline) commands",
                    baselineValue: samples[1].nanosecondsPerOperation / Double(commandCounts.baseline),
                    targets: [.ratio(atMost: 3, "≤ 3× (linear: 1×)")])
            ]
        }
    }

    /// A scene of `commands` commands on four chords, all of them performed by its one focusable
    /// node, "card".
    static func commandScene(commands: Int) -> [UInt8] {
        let keys = ["Meta+P", "Meta+A", "Ctrl+K", "Alt+X"]
        var text = #"{"size": [400, 400], "commands": ["#
        for index in 0..<commands {
            text += (index == 0 ? "\n" : ",\n")
            text += #"{"title": "Command \#(index)", "key": "\#(keys[index % keys.count])", "action": "act\#(index)"}"#
        }
        text += #"], "root": {"id": "root", "frame": [0, 0, 400, 400], "children": [{"id": "card", "#
        text += #""frame": [0, 0, 100, 100], "focusable": true, "performs": ["#
        text += (0..<commands).map { #""act\#($0)""# }.joined(separator: ", ")
        text += "]}]}}\n"
        return Array(text.utf8)
    }

    /// A scene of one root with a child per id, one child a line.
    static func flatScene(ids: [String]) -> [UInt8] {
        var text = #"{"size": [1000, 1000], "root": {"id": "root", "frame": [0, 0, 1000, 1000], "children": ["#
        for (index, id) in ids.enumerated() {
            text += (index == 0 ? "\n" : ",\n") + #"{"id": "\#(id)", "frame": [0, 0, 1, 1]}"#
        }
        text += "\n]}}\n"
        return Array(text.utf8)
    }

    /// `count` ids of ten ASCII characters ("id" and eight hexadecimal digits) chosen against the
    /// table the loader had before issue 23: FNV-1a of the id's bytes, `hash ^ (hash >> 29)`,
    /// whose low bits index a linearly probed table of at least twice as many slots as ids. Every
    /// id chosen lands in the table's first 1,024 slots at every size the table grows through, so
    /// they form one run that each insertion walks. Against a keyed hash they are ordinary ids.
    static func craftedIDs(count: Int) -> [String] {
        var slots = 1_024
        while slots < 2 * (count + 1) { slots *= 2 }
        let mask = UInt64(slots - 1)
        var ids: [String] = []
        var candidate: UInt32 = 0
        let digits = Array("0123456789abcdef".utf8)
        while ids.count < count {
            // The hash of `idBytes(candidate)`, without making them.
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in [UInt8(ascii: "i"), UInt8(ascii: "d")] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            for shift in stride(from: 28, through: 0, by: -4) {
                hash = (hash ^ UInt64(digits[Int((candidate >> UInt32(shift)) & 0xf)])) &* 0x100_0000_01b3
            }
            if (hash ^ (hash >> 29)) & mask < 1_024 {
                ids.append(String(decoding: idBytes(candidate), as: UTF8.self))
            }
            candidate &+= 1
        }
        return ids
    }

    /// `count` different ids of the same form, their digits random.
    static func randomIDs(count: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        var seen = Set<UInt32>()
        var ids: [String] = []
        while ids.count < count {
            let value = UInt32.random(in: .min ... .max, using: &generator)
            if seen.insert(value).inserted { ids.append(String(decoding: idBytes(value), as: UTF8.self)) }
        }
        return ids
    }

    /// "id" and `value` in eight hexadecimal digits.
    static func idBytes(_ value: UInt32) -> [UInt8] {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "i"), UInt8(ascii: "d")]
        for shift in stride(from: 28, through: 0, by: -4) { bytes.append(digits[Int((value >> UInt32(shift)) & 0xf)]) }
        return bytes
    }
}
