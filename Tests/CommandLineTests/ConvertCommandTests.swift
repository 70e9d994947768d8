import Foundation
import InputRecording
import Testing
import WayfinderTestSupport

/// `wayfinder convert`: recordings between evemu and libinput record, through the readers and
/// writers of InputRecording.
@Suite struct ConvertCommandTests {
    /// A scratch directory, removed by the caller.
    static func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(arguments: BundledRecording.all)
    func everyBundledRecordingConvertsToLibinputRecordAndBack(recording: BundledRecording) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let yaml = directory.appendingPathComponent("session.yml")
        let evemu = directory.appendingPathComponent("session.evemu")
        let toYAML = try WayfinderProcess.run(
            ["convert", recording.url.path, yaml.path] + (recording.descriptionURL.map { ["--desc", $0.path] } ?? []))
        #expect(toYAML.exitCode == 0, "\(toYAML.standardError)")
        #expect(toYAML.standardOutput == "" && toYAML.standardError == "")
        let back = try WayfinderProcess.run(["convert", yaml.path, evemu.path])
        #expect(back.exitCode == 0, "\(back.standardError)")
        #expect(back.standardOutput == "" && back.standardError == "")

        let original = try recording.load()
        let converted = try Recording.load(contentsOf: yaml)
        let returned = try Recording.load(contentsOf: evemu)
        #expect(RecordingFormat.detect(in: try Data(contentsOf: yaml)) == .libinputRecord)
        #expect(RecordingFormat.detect(in: try Data(contentsOf: evemu)) == .evemu)
        for recording in [converted, returned] {
            #expect(recording.devices.map(\.description) == original.devices.map(\.description))
            #expect(recording.devices.map(\.frames) == original.devices.map(\.frames))
        }
    }

    @Test func formatOverridesTheExtension() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = try #require(BundledRecording.all.first { $0.path.hasSuffix("k400-plus.evemu") })
        let output = directory.appendingPathComponent("keyboard.txt")
        let outcome = try WayfinderProcess.run(["convert", source.url.path, output.path, "--format", "libinput"])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(RecordingFormat.detect(in: try Data(contentsOf: output)) == .libinputRecord)
    }

    @Test func anUnknownExtensionWithoutFormatIsAUsageError() throws {
        let outcome = try WayfinderProcess.run(["convert", "in.evemu", "out.txt"])
        #expect(outcome.exitCode == 64)
        #expect(
            outcome.errorLines == [
                "Error: Cannot tell the format of 'out.txt' from its extension: use .yml, .yaml, .evemu or .events, "
                    + "or give '--format evemu|libinput'",
                "Usage: wayfinder convert IN OUT [--desc DESC] [--format evemu|libinput]",
                "  See 'wayfinder convert --help' for more information.",
            ])
    }

    @Test func severalDevicesCannotBecomeOneEvemuFile() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = Fixtures.testFixture("recordings/two-devices.libinput.yml")
        let output = directory.appendingPathComponent("both.evemu")
        let outcome = try WayfinderProcess.run(["convert", input.path, output.path])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == [
                "Error: \(input.path) holds 2 devices, and an evemu file holds one: convert to libinput record (.yml) "
                    + "instead"
            ])
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing is written")
    }

    @Test func aMalformedInputFailsNamingFileAndLine() throws {
        let input = Fixtures.testFixture("malformed/report-inside-frame.yml")
        let outcome = try WayfinderProcess.run(["convert", input.path, "/tmp/never-written.evemu"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errorLines.first?.hasPrefix("Error: \(input.path):") == true, "\(outcome.standardError)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.evemu"))
    }
}
