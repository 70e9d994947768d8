import Foundation
import Testing

@Suite struct RecordCommandTests {
    @Test func aMissingDeviceFailsNamingIt() throws {
        let outcome = try WayfinderProcess.run(["record", "/dev/input/event999"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.isEmpty, "no recording is written")
        #expect(outcome.errorLines.last == "Error: cannot open /dev/input/event999: No such file or directory (ENOENT)")
    }

    @Test func somethingThatIsNotAnEventDeviceFailsNamingIt() throws {
        let outcome = try WayfinderProcess.run(["record", "--format", "evemu", "/dev/null"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.errorLines.last?.hasPrefix("Error: cannot read the description of /dev/null: ") == true)
    }

    @Test func withoutDevicesThereIsNothingToRecord() throws {
        guard !DevicesCommandTests.hasEventNodes else { return }
        let outcome = try WayfinderProcess.run(["record", "-o", "/tmp/never-written.yml"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.errorLines.last?.hasPrefix("Error: no input devices to record") == true)
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.yml"))
    }
}
