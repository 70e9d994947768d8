import Foundation
import Testing
import WayfinderTestSupport

/// Issue 23, cases 7 and 9: scene paths that are not scene files. A directory, a loop of symbolic
/// links and "" said "NSCocoaErrorDomain error 256"; a FIFO and /dev/null "You don't have
/// permission"; a 2 GB file was read whole (2.1 GB, 7 s) before its first byte was refused. Every
/// command that reads a scene now ends with exit 1 and one line naming the path and what is wrong.
@Suite struct SceneFileErrorTests {
    /// A fresh directory holding a directory, a FIFO, a loop of symbolic links and a sparse file
    /// of 2 GB.
    private static func oddPaths() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-scenes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        try FileManager.default.createDirectory(
            at: url.appendingPathComponent("dir"), withIntermediateDirectories: false)
        guard mkfifo(url.appendingPathComponent("fifo").path, 0o600) == 0 else {
            throw CocoaError(.fileWriteUnknown)
        }
        try FileManager.default.createSymbolicLink(
            atPath: url.appendingPathComponent("a").path, withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(
            atPath: url.appendingPathComponent("b").path, withDestinationPath: "a")
        let large = url.appendingPathComponent("large.json").path
        guard FileManager.default.createFile(atPath: large, contents: nil),
            truncate(large, 2 << 30) == 0
        else { throw CocoaError(.fileWriteUnknown) }
        return url
    }

    @Test(arguments: [
        ("", "cannot read the scene: the path is empty: it names no file"),
        ("dir", "dir: cannot read the scene: is a directory, not a regular file"),
        ("fifo", "fifo: cannot read the scene: is a FIFO (named pipe), not a regular file"),
        ("a", "a: cannot read the scene: too many levels of symbolic links (a loop?)"),
        ("missing.json", "missing.json: cannot read the scene: no such file"),
        ("/dev/null", "/dev/null: cannot read the scene: is a character device, not a regular file"),
        ("large.json", "large.json: cannot read the scene: is larger than 268435456 bytes"),
    ])
    func namesWhatIsWrongWithThePath(path: String, message: String) throws {
        let directory = try Self.oddPaths()
        defer { try? FileManager.default.removeItem(at: directory) }
        let given = path.hasPrefix("/") || path.isEmpty ? path : directory.appendingPathComponent(path).path
        let expected = path.hasPrefix("/") || path.isEmpty ? message : directory.path + "/" + message
        let recording = Fixtures.testFixture("recordings/accessibility-keyboard.evemu").path
        for arguments in [
            ["navigate", "--scene", given, "--keys", "Tab"], ["replay", "--json", "--scene", given, recording],
            ["demo", "--json", "--scene", given, recording], ["explore", "--scene", given],
            // Issue 26: the README's live steps name the scene as run --scene.
            ["run", "--json", "--scene", given],
            ["report", "--scene", given, "-o", directory.appendingPathComponent("report.html").path],
        ] {
            let outcome = try WayfinderProcess.run(arguments)
            #expect(outcome.exitCode == 1, "\(arguments)")
            #expect(outcome.standardOutput == "", "\(arguments)")
            #expect(outcome.errorLines == ["Error: " + expected], "\(arguments)")
        }
    }
}
