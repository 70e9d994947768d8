import Foundation
import InputRecording
import Testing
import WayfinderTestSupport

/// Damaged files must end in a recording or a ``RecordingError``, never a trap: each test cuts,
/// duplicates, drops and corrupts lines of a real file in a few hundred fixed ways and reads the
/// result.
@Suite struct MutatedRecordingTests {
    /// A small deterministic generator (a linear congruential one), so that failures repeat.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    static func mutations(of text: String, count: Int, seed: UInt64) -> [String] {
        var generator = Generator(state: seed)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let noise = ["", "#", "E:", "A: 00", "B: 01 zz", "- [", "]", "{", ":", "-1", "99999999999999", "\t", "é", "N:"]
        var results: [String] = []
        for _ in 0..<count {
            var mutated = lines
            for _ in 0...generator.next(3) {
                let index = generator.next(mutated.count)
                switch generator.next(6) {
                case 0: mutated.remove(at: index)
                case 1: mutated.insert(mutated[index], at: index)
                case 2: mutated[index] = String(mutated[index].prefix(generator.next(mutated[index].count + 1)))
                case 3: mutated.insert(noise[generator.next(noise.count)], at: index)
                case 4:
                    var characters = Array(mutated[index])
                    if !characters.isEmpty {
                        characters[generator.next(characters.count)] = noise[generator.next(noise.count)].first ?? "x"
                    }
                    mutated[index] = String(characters)
                default: mutated.swapAt(index, generator.next(mutated.count))
                }
                if mutated.isEmpty { mutated = [""] }
            }
            results.append(mutated.joined(separator: "\n"))
        }
        return results
    }

    /// Parses `count` mutations of `text`, each named `mutation-<index>`, and checks that each
    /// either loads with only complete frames or is refused with an error naming its file.
    /// - Returns: How many mutations were refused.
    private static func parseEachMutation(
        of text: String,
        count: Int,
        seed: UInt64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var refused = 0
        for (index, mutated) in mutations(of: text, count: count, seed: seed).enumerated() {
            do {
                let recording = try Recording(parsing: mutated, file: "mutation-\(index)")
                #expect(
                    recording.devices.allSatisfy { $0.frames.allSatisfy(\.isComplete) }, sourceLocation: sourceLocation)
            } catch {
                refused += 1
                #expect(error.file == "mutation-\(index)", sourceLocation: sourceLocation)
            }
        }
        return refused
    }

    @Test(arguments: ["k400-plus.evemu", "cypress-clickpad.two-finger-press.evemu", "alps-glidepoint.single-tap.evemu"])
    func damagedEvemuFilesNeverTrap(_ name: String) throws {
        let text = try String(contentsOf: try #require(BundledRecording.named(name)).url, encoding: .utf8)
        let refused = Self.parseEachMutation(of: text, count: 300, seed: UInt64(name.utf8.count))
        #expect(refused > 0)
    }

    @Test func damagedLibinputRecordFilesNeverTrap() throws {
        let text = try String(contentsOf: Fixtures.testFixture("recordings/two-devices.libinput.yml"), encoding: .utf8)
        let refused = Self.parseEachMutation(of: text, count: 400, seed: 7)
        #expect(refused > 0)
    }
}
