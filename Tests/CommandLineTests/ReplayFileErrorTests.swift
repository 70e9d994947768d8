import Foundation
import Testing
import WayfinderTestSupport

/// `wayfinder replay` on paths that are not recordings, and with output nowhere to go: exit 1
/// and one line naming the path and what is wrong with it.
@Suite struct ReplayFileErrorTests {
    /// A fresh directory holding a FIFO, a loop of symbolic links and a directory.
    private static func oddPaths() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-paths-\(UUID().uuidString)")
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
        return url
    }

    @Test(arguments: [
        ("", "the path is empty: it names no file"),
        ("dir", "dir: is a directory, not a regular file"),
        ("fifo", "fifo: is a FIFO (named pipe), not a regular file"),
        ("a", "a: too many levels of symbolic links (a loop?)"),
        ("missing.evemu", "missing.evemu: no such file"),
        ("/dev/null", "/dev/null: is a character device, not a regular file"),
    ])
    func namesWhatIsWrongWithThePath(path: String, message: String) throws {
        let directory = try Self.oddPaths()
        defer { try? FileManager.default.removeItem(at: directory) }
        let given = path.hasPrefix("/") || path.isEmpty ? path : directory.appendingPathComponent(path).path
        let expected = path.hasPrefix("/") || path.isEmpty ? message : directory.path + "/" + message
        let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json").path
        for mode in [["--raw"], ["--raw", "--json"], ["--json"], ["--json", "--scene", scene]] {
            let outcome = try WayfinderProcess.run(["replay"] + mode + [given])
            #expect(outcome.exitCode == 1)
            #expect(outcome.standardOutput == "")
            #expect(outcome.errorLines == ["Error: " + expected], "\(mode)")
        }
    }

    /// Issue 23 case 11: an event log given another device's description was accepted, and the
    /// events the description does not declare were dropped without a word. A device sends only
    /// the codes it declares, so the first such event names the mismatch, in every mode.
    @Test func refusesAnotherDevicesDescription() throws {
        let events = try #require(BundledRecording.named("saitek-rat5.events")).url.path
        let other = Fixtures.recording("mouse/evemu-devices_ibm-scrollpoint-mo18b.desc").path
        let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json").path
        for mode in [["--raw"], ["--raw", "--json"], ["--json"], ["--json", "--scene", scene]] {
            let outcome = try WayfinderProcess.run(["replay"] + mode + [events, "--desc", other])
            #expect(outcome.exitCode == 1)
            #expect(
                outcome.errorLines == [
                    "Error: \(events):1837: EV_KEY code 280 is not a code \(other) declares, and a device sends only "
                        + "the codes it declares: is \(other) the description of this event log?"
                ], "\(mode)")
        }
    }

    /// Issue 26: the hp8470p's description given to a clickpad's log (both Synaptics pads) is
    /// refused, naming both files: the log has pressure, which the hp8470p does not declare.
    @Test func refusesTheHp8470pDescriptionForAClickpadLog() throws {
        let events = Fixtures.recording("touchpad/xit_synaptics-clickpad.tap.events").path
        let other = Fixtures.recording("touchpad/evemu-devices_synaptics-hp8470p.desc").path
        let outcome = try WayfinderProcess.run(["replay", events, "--desc", other])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == [
                "Error: \(events):8: EV_ABS ABS_MT_PRESSURE is not a code \(other) declares, and a device sends only "
                    + "the codes it declares: is \(other) the description of this event log?"
            ])
    }

    /// Issue 26: an event log given without `--desc` says to give one, and names the `.desc`
    /// beside it, in replay, report and demo alike.
    @Test func anEventLogWithoutItsDescriptionIsToldToGiveOne() throws {
        let events = Fixtures.recording("touchpad/xit_synaptics-clickpad.tap.events").path
        let beside = Fixtures.recording("touchpad/xit_synaptics-clickpad.desc").path
        let message =
            "Error: \(events):4: an event (E:) before the device description; the file starts with N: and I: lines; "
            + "an event log kept apart from its description needs '--desc DESC' after it: "
            + "'\(events) --desc \(beside)'?"
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let report = directory.appendingPathComponent("report.html").path
        for arguments in [
            ["replay", events], ["replay", "--json", events], ["report", events, "-o", report], ["demo", events],
        ] {
            let outcome = try WayfinderProcess.run(arguments)
            #expect(outcome.exitCode == 1)
            #expect(outcome.standardOutput == "")
            #expect(outcome.errorLines == [message], "\(arguments)")
        }
        #expect(!FileManager.default.fileExists(atPath: report))
        // Without a description beside it, the advice alone.
        let alone = directory.appendingPathComponent("pad.tap.events").path
        try FileManager.default.copyItem(atPath: events, toPath: alone)
        let outcome = try WayfinderProcess.run(["replay", alone])
        #expect(
            outcome.errorLines == [
                "Error: \(alone):4: an event (E:) before the device description; the file starts with N: and I: lines; "
                    + "an event log kept apart from its description needs '--desc DESC' after it"
            ])
    }

    /// `/dev/full` fails every write with `ENOSPC`, as a full disk does: the replay says so and
    /// exits 1 instead of losing its output silently.
    @Test func reportsAFullDisk() throws {
        let recording = try #require(BundledRecording.named("saitek-rat5.events"))
        let process = Process()
        process.executableURL = try WayfinderProcess.executableURL()
        process.arguments = [
            "replay", "--raw", "--json", recording.url.path, "--desc", try #require(recording.descriptionURL).path,
        ]
        let full = FileHandle(forWritingAtPath: "/dev/full")
        try #require(full != nil)
        process.standardOutput = full
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(text == "Error: standard output: cannot write: no space left on the device\n")
    }
}
