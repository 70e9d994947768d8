import Foundation
import Testing

@Suite struct DevicesCommandTests {
    /// Whether this machine has event nodes at all.
    static var hasEventNodes: Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/dev/input")) ?? []
        return names.contains { $0.hasPrefix("event") }
    }

    @Test func withoutDevicesItSaysSoPlainlyAndSucceeds() throws {
        guard !Self.hasEventNodes else { return }
        let outcome = try WayfinderProcess.run(["devices"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(outcome.outputLines.first == "No input devices found: there are no event nodes (/dev/input/event*).")
        #expect(outcome.standardOutput.contains("--device"), "says how to get devices into a container")
    }

    @Test func withoutDevicesJSONOutputStaysEmpty() throws {
        guard !Self.hasEventNodes else { return }
        let outcome = try WayfinderProcess.run(["devices", "--json"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError.hasPrefix("No input devices found"))
    }

    @Test func withDevicesEveryJSONLineIsAnObjectWithANode() throws {
        guard Self.hasEventNodes else { return }
        let outcome = try WayfinderProcess.run(["devices", "--json"])
        #expect(outcome.exitCode == 0)
        for line in outcome.outputLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect((object["node"] as? String)?.hasPrefix("/dev/input/event") == true)
            #expect(object["kind"] != nil || object["error"] != nil)
        }
    }
}
