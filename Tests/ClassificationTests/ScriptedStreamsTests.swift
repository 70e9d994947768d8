import Foundation
import Testing
import WayfinderTestSupport

/// The scripted streams the hardware suite replays on uinput devices: checked in under
/// `Tests/Hardware/streams/<set>/` as evemu files with a manifest, and fresh.
@Suite struct ScriptedStreamsTests {
    static let directory = Fixtures.packageRoot.appendingPathComponent("Tests/Hardware/streams")

    /// The files of a set: `<name>.evemu` per stream and `streams.list`.
    private static func files(of set: ScriptedStreamSet) -> [(name: String, text: String)] {
        set.streams.map { ("\($0.name).evemu", $0.evemuText) } + [("streams.list", set.manifest)]
    }

    /// Compares the checked-in files with the scripted ones. With `WAYFINDER_WRITE_STREAMS=1` in
    /// the environment (`Scripts/generate-hardware-streams`), writes them first.
    @Test(arguments: ScriptedStreams.all.map(\.folder))
    func theCheckedInStreamsAreTheScriptedOnes(folder: String) throws {
        let set = try #require(ScriptedStreams.all.first { $0.folder == folder })
        let directory = Self.directory.appendingPathComponent(folder)
        let expected = Self.files(of: set)
        if ProcessInfo.processInfo.environment["WAYFINDER_WRITE_STREAMS"] == "1" {
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for file in expected {
                try file.text.write(to: directory.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
        }
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(listed.sorted() == expected.map(\.name).sorted(), "run Scripts/generate-hardware-streams")
        for file in expected {
            let text = try? String(contentsOf: directory.appendingPathComponent(file.name), encoding: .utf8)
            #expect(text == file.text, "\(folder)/\(file.name) is stale: run Scripts/generate-hardware-streams")
        }
    }

    /// The hardware case copies every stream file into the guest and runs once per set.
    @Test func theHardwareCaseReplaysEverySet() throws {
        let url = Fixtures.packageRoot.appendingPathComponent("Tests/Hardware/cases/scripted-streams/case.json")
        let json = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let files = try #require(json["files"] as? [String: String])
        var expected: [String: String] = [:]
        for set in ScriptedStreams.all {
            for file in Self.files(of: set) {
                expected["/vm/streams/\(set.folder)/\(file.name)"] = "Tests/Hardware/streams/\(set.folder)/\(file.name)"
            }
        }
        #expect(files == expected)
        let matrix = try #require(json["matrix"] as? [[String: Any]])
        #expect(matrix.compactMap { $0["argument"] as? String } == ScriptedStreams.all.map(\.folder))
    }

    @Test func streamNamesAreUniqueFileNames() {
        for set in ScriptedStreams.all {
            let names = set.streams.map(\.name)
            #expect(Set(names).count == names.count)
            #expect(names.allSatisfy { $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
        }
    }
}
