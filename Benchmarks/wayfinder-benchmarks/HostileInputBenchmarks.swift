import Foundation
import Scenes

/// Files written to cost more than their size: issue 23's hostile input, measured against the same
/// amount of ordinary input.
enum HostileInputBenchmarks {
    /// The ids in the flat scenes of `scene.parse.crafted-ids`: 2^17, as issue 23 measured.
    static let idCount = 1 << 17

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
            }
        ]
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
