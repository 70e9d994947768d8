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
                "Usage: wayfinder convert IN OUT [--desc DESC] [--format evemu|libinput] [--force]",
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

    /// Issue 23, case 9: `convert - x.yml` said "/cwd/-: no such file".
    @Test func standardInputIsRefusedAsSuch() throws {
        let outcome = try WayfinderProcess.run(["convert", "-", "/tmp/never-written.yml"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == [
                "Error: convert reads a recording file, not standard input ('-'): give the recording's path",
                "Usage: wayfinder convert IN OUT [--desc DESC] [--format evemu|libinput] [--force]",
                "  See 'wayfinder convert --help' for more information.",
            ])
        #expect(!FileManager.default.fileExists(atPath: "/tmp/never-written.yml"))
    }

    /// Issue 23, case 6: SIGINT, SIGTERM or SIGHUP while `convert` wrote left an empty 0600
    /// file, and the next run refused it as already there. The output is now written under a
    /// temporary name and appears only whole; the signal removes the temporary file, and the
    /// process ends by the signal as before.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalWhileWritingLeavesNoFile(signal number: Int32) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A mouse moving one unit a frame for 200,000 frames: long enough to be caught writing.
        var text = "# EVEMU 1.3\nN: Long Mouse\nI: 0003 1234 5678 0111\nP: 00 00 00 00 00 00 00 00\n"
        text += "B: 00 07 00 00 00 00 00 00 00\n"
        text += "B: 02 03 00 00 00 00 00 00 00\n"
        for frame in 0..<200_000 {
            let time = String(format: "%d.%06d", frame / 1_000, (frame % 1_000) * 1_000)
            text += "E: \(time) 0002 0000 0001\nE: \(time) 0000 0000 0000\n"
        }
        let input = directory.appendingPathComponent("long.evemu")
        try Data(text.utf8).write(to: input)
        let output = directory.appendingPathComponent("long.yml")
        let process = Process()
        process.executableURL = try WayfinderProcess.executableURL()
        process.arguments = ["convert", input.path, output.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Waits (bounded) until the output is being written: its temporary file is there.
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(120)
        var writing = false
        while !writing, process.isRunning, clock.now < deadline {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            writing = names.contains { $0.hasPrefix(".long.yml.") }
        }
        #expect(writing, "convert ended before it could be interrupted")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == number)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["long.evemu"])
    }

    /// Issue 23, case 4: convert loaded the whole recording before writing (1 M frames peaked at
    /// 992 MB where replay stays at 20 MB). It now streams; what it writes is exactly what the
    /// writers write for the recording loaded whole, for every bundled recording, in both
    /// formats. (From libinput record, convert writes more: what the reader keeps, below.)
    @Test func streamingWritesWhatTheWholeRecordingWouldBe() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let inputs = BundledRecording.all.map { ($0.url, $0.descriptionURL) }
        for (index, (url, description)) in inputs.enumerated() {
            let recording = try Recording.load(contentsOf: url, descriptionURL: description)
            let formats: [(String, String)] =
                [("yml", recording.libinputRecordText())]
                + (recording.devices.count == 1 ? [("evemu", recording.evemuText())] : [])
            for (suffix, expected) in formats {
                let output = directory.appendingPathComponent("\(index).\(suffix)")
                let outcome = try WayfinderProcess.run(
                    ["convert", url.path, output.path] + (description.map { ["--desc", $0.path] } ?? []))
                #expect(outcome.exitCode == 0, "\(url.lastPathComponent)")
                #expect(outcome.standardError == "", "\(url.lastPathComponent)")
                #expect(
                    try String(contentsOf: output, encoding: .utf8) == expected, "\(url.lastPathComponent) as \(suffix)"
                )
            }
        }
    }

    /// A libinput record file's parsed tree, as PyYAML reads it, in JSON with sorted keys: the
    /// lines before its header (a device-selection prompt) left out, as the reader leaves them.
    static func parsedTree(_ url: URL) throws -> String {
        let script = """
            import json, sys, yaml
            lines = open(sys.argv[1], encoding="utf-8").read().split("\\n")
            start = next(i for i, line in enumerate(lines) if line.startswith(("# libinput record", "version:")))
            print(json.dumps(yaml.safe_load("\\n".join(lines[start:])), sort_keys=True))
            """
        let outcome = try WayfinderProcess.execute(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, url.path])
        guard outcome.exitCode == 0 else {
            throw WayfinderProcess.Failure(description: "parsing \(url.path): \(outcome.standardError)")
        }
        return outcome.standardOutput
    }

    /// Issue 23, case 5: libinput record to libinput record dropped the libinput version, the
    /// system (os, kernel, dmi), hid descriptors, hid and libinput entries among the events,
    /// udev.virtual and unknown keys, wrote quirks the file did not have, and sorted the udev
    /// properties. Each file's tree, parsed by another YAML reader, is now exactly the tree
    /// convert writes: every key, value, type (`false` and `"false"`), order of lists and time.
    @Test(arguments: ["recordings/kept-keys.libinput.yml", "recordings/two-devices.libinput.yml"])
    func aLibinputRecordRoundTripKeepsEveryKeyItRead(fixture: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = Fixtures.testFixture(fixture)
        let output = directory.appendingPathComponent("again.yml")
        let outcome = try WayfinderProcess.run(["convert", input.path, output.path])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == "" && outcome.standardError == "")
        #expect(try Self.parsedTree(output) == Self.parsedTree(input))
        // And converting what convert wrote changes nothing.
        let twice = directory.appendingPathComponent("twice.yml")
        #expect(try WayfinderProcess.run(["convert", output.path, twice.path]).exitCode == 0)
        #expect(try String(contentsOf: twice, encoding: .utf8) == String(contentsOf: output, encoding: .utf8))
    }

    /// A device of one mouse frame, with `extra` among its keys (quirks, or nothing).
    static func mouse(_ extra: String) -> String {
        """
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event5
          evdev:
            name: "Q"
            id: [3, 1, 2, 3]
            codes:
              0: [0]
              2: [0]
            properties: []
        \(extra)  events:
          - evdev:
            - [  0,      0,   2,   0,       1]
            - [  0,      0,   0,   0,       0]

        """
    }

    /// What convert writes for ``mouse(_:)``, with `extra` where the device's other keys go.
    static func convertedMouse(_ extra: String) -> String {
        """
        # libinput record
        version: 1
        ndevices: 1
        devices:
        - node: "/dev/input/event5"
          evdev:
            # Name: Q
            # ID: bus 0x03 vendor 0x01 product 0x02 version 0x03
            name: "Q"
            id: [3, 1, 2, 3]
            codes:
              0: [0] # EV_SYN
              2: [0] # EV_REL
            properties: []
          udev:
            properties: []
        \(extra)  events:
          - evdev:
            - [  0,      0,   2,   0,       1] # EV_REL / REL_X                1
            - [  0,      0,   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +0ms

        """
    }

    /// Issue 23, case 5: `quirks: []` was written for every device, which says the device has
    /// none, though the file never said so. Quirks are now written only as read: not at all, an
    /// empty list, or the list.
    @Test(arguments: [
        ("", ""), ("  quirks: []\n", "  quirks: []\n"),
        (
            "  quirks:\n  - ModelBouncingKeys=1\n  - AttrEventCode=-BTN_SIDE;\n",
            "  quirks: [ModelBouncingKeys=1, AttrEventCode=-BTN_SIDE;]\n"
        ),
    ])
    func quirksAreWrittenOnlyAsRead(quirks: String, written: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("mouse.yml")
        try Data(Self.mouse(quirks).utf8).write(to: input)
        let outcome = try WayfinderProcess.run(["convert", input.path, "-", "--format", "libinput"])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError == "")
        #expect(outcome.standardOutput == Self.convertedMouse(written))
    }

    /// Issue 23, found by the `convert` fuzz target: libyaml reads a lone `-` as a plain scalar in
    /// a flow mapping or list (`{plain: -}`), and convert wrote it as it was in block style
    /// (`plain: -`), where it is a list's dash: what convert wrote could not be read back. Such a
    /// scalar is now written quoted (the same string). And a block list item `?a` (a plain
    /// scalar there) was written in a flow list, `[?a]`, where `?` starts a key: the list stays
    /// in block style. Converting again changes nothing.
    @Test func aPlainScalarIsWrittenWhereItReadsTheSame() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("flow-dash.yml")
        let keys = "  a-device-key: {plain: -, list: [-, x-], after: ok}\n  quirks:\n  - ?a\n  - b\n"
        try Data(Self.mouse(keys).utf8).write(to: input)
        let output = directory.appendingPathComponent("once.yml")
        let once = try WayfinderProcess.run(["convert", input.path, output.path])
        #expect([once.exitCode] == [0] && once.standardOutput == "" && once.standardError == "")
        let written = try String(contentsOf: output, encoding: .utf8)
        #expect(
            written
                == Self.convertedMouse(
                    "  a-device-key:\n    plain: \"-\"\n    list: [\"-\", x-]\n    after: ok\n  quirks:\n    - ?a\n    - b\n"
                ))
        let twice = directory.appendingPathComponent("twice.yml")
        let again = try WayfinderProcess.run(["convert", output.path, twice.path])
        #expect([again.exitCode] == [0] && again.standardOutput == "" && again.standardError == "")
        #expect(try String(contentsOf: twice, encoding: .utf8) == written)
    }

    /// Issue 23, case 5: a second YAML document was ignored, even a malformed one. libinput
    /// record writes one document listing every device, so convert (and every reader) refuses a
    /// second, naming its line, and writes nothing.
    @Test(arguments: ["---\nversion: 1\nndevices: 0\ndevices: []\n", "--- {unclosed: [\n"])
    func aSecondDocumentIsRefused(second: String) throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("two-documents.yml")
        try Data((Self.mouse("") + second).utf8).write(to: input)
        let output = directory.appendingPathComponent("never.yml")
        let outcome = try WayfinderProcess.run(["convert", input.path, output.path])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == [
                "Error: \(input.path):16:1: a second YAML document; libinput record writes one, listing every device "
                    + "under 'devices'"
            ])
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    /// Issue 23, case 5: evemu has no place for what libinput record keeps; converting to evemu
    /// writes what evemu holds and names, once, everything it drops.
    @Test func convertingToEvemuNamesWhatItDrops() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = Fixtures.testFixture("recordings/kept-keys.libinput.yml")
        let output = directory.appendingPathComponent("mouse.evemu")
        let outcome = try WayfinderProcess.run(["convert", input.path, output.path])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == [
                "Warning: \(input.path): evemu has no place for libinput, system, description, "
                    + "evdev.a-key-from-the-future, udev.virtual, hid, quirks, a-device-key, events.hid, "
                    + "events.libinput, events.a-frame-key, after-events, after-devices; they are not written"
            ])
        #expect(try String(contentsOf: output, encoding: .utf8) == Recording.load(contentsOf: input).evemuText())
    }

    /// Issue 26: OUT is replaced only with --force; a symbolic link at OUT is replaced, not
    /// followed; the new file is its owner's alone.
    @Test func replacesAnExistingFileOnlyWithForce() throws {
        let directory = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = Fixtures.recording("touchpad/evemu-devices_alps-glidepoint.single-tap.evemu").path
        let out = directory.appendingPathComponent("session.yml")
        try Data("old\n".utf8).write(to: out)
        let refused = try WayfinderProcess.run(["convert", input, out.path])
        #expect(refused.exitCode == 1)
        #expect(refused.errorLines == ["Error: \(out.path): already exists; give --force to replace it"])
        #expect(try String(contentsOf: out, encoding: .utf8) == "old\n")

        let forced = try WayfinderProcess.run(["convert", input, out.path, "--force"])
        #expect(forced.exitCode == 0)
        #expect(forced.standardError == "")
        #expect(RecordingFormat.detect(in: try Data(contentsOf: out)) == .libinputRecord)
        let mode = try FileManager.default.attributesOfItem(atPath: out.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // A link at OUT is replaced by the file; what it pointed at is untouched.
        let target = directory.appendingPathComponent("target.yml")
        try Data("target\n".utf8).write(to: target)
        let link = directory.appendingPathComponent("link.yml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let throughLink = try WayfinderProcess.run(["convert", input, link.path, "--force"])
        #expect(throughLink.exitCode == 0)
        #expect(try String(contentsOf: target, encoding: .utf8) == "target\n")
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) == nil)
        #expect(RecordingFormat.detect(in: try Data(contentsOf: link)) == .libinputRecord)
    }
}
