import FileAccess
import Foundation
import Glibc
import InputRecording
import Testing
import WayfinderTestSupport

@testable import wayfinder

/// Where `wayfinder record -o FILE` writes: a private new file, never through a symbolic link,
/// an existing file only with `--force`, and a full disk reported.
@Suite struct RecordCommandOutputTests {
    /// A fresh directory for one test.
    private static func scratchDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-record-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    private static func command(_ arguments: [String]) throws -> RecordCommand {
        let command = RecordCommand(
            parsing: try ParsedArguments(arguments + ["/dev/input/event3"], table: RecordCommand.self))
        try command.validate()
        return command
    }

    private static func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode
    }

    private static func names(in directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func writesAFileOnlyItsOwnerCanRead() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("session.yml").path
        let (device, captured) = try RecordingOutputTests.capturedKeyboard()
        try Self.command(["-o", path]).write([captured])
        #expect(Self.mode(path) == S_IFREG | 0o600)
        #expect(
            try Recording.load(path: path).devices.map(\.frames)
                == Recording(devices: [device]).obfuscatingKeys().devices.map(\.frames))
    }

    @Test func keepsAnExistingFileWithoutForce() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("session.yml").path
        try "precious".write(toFile: path, atomically: false, encoding: .utf8)
        let (_, captured) = try RecordingOutputTests.capturedKeyboard()
        #expect(throws: CommandFailure("\(path): already exists; give --force to replace it")) {
            try Self.command(["-o", path]).write([captured])
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
    }

    @Test func neverWritesThroughASymbolicLink() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target").path
        let link = directory.appendingPathComponent("session.yml").path
        try "precious".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let (_, captured) = try RecordingOutputTests.capturedKeyboard()
        #expect(throws: CommandFailure("\(link): already exists; give --force to replace it")) {
            try Self.command(["-o", link]).write([captured])
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious")
        #expect(try Self.names(in: directory) == ["session.yml", "target"])
    }

    /// `--force` replaces the file, or a link planted at the path, never the link's target.
    @Test(arguments: [false, true])
    func forceReplacesTheFileOrTheLinkItself(throughLink: Bool) throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appendingPathComponent("target").path
        let path = directory.appendingPathComponent("session.yml").path
        try "precious".write(toFile: throughLink ? target : path, atomically: false, encoding: .utf8)
        if throughLink { try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: target) }
        let (device, captured) = try RecordingOutputTests.capturedKeyboard()
        try Self.command(["-o", path, "--force"]).write([captured])
        #expect(Self.mode(path) == S_IFREG | 0o600)
        #expect(
            try Recording.load(path: path).devices.map(\.frames)
                == Recording(devices: [device]).obfuscatingKeys().devices.map(\.frames))
        #expect(try Self.names(in: directory) == (throughLink ? ["session.yml", "target"] : ["session.yml"]))
        if throughLink { #expect(try String(contentsOfFile: target, encoding: .utf8) == "precious") }
    }

    @Test func forceWithoutAFileIsAUsageError() throws {
        let command = RecordCommand(parsing: try ParsedArguments(["--force"], table: RecordCommand.self))
        #expect(throws: UsageError("'--force' replaces the file given with -o; give -o FILE")) {
            try command.validate()
        }
    }

    /// `/dev/full` fails every write with `ENOSPC`, as a full disk does.
    @Test func reportsAFullDisk() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let (_, captured) = try RecordingOutputTests.capturedKeyboard()
        #expect(throws: CommandFailure("/dev/full: cannot write: no space left on the device")) {
            try Self.command([]).write([captured], to: OutputFile(borrowing: descriptor, name: "/dev/full"))
        }
    }
}
