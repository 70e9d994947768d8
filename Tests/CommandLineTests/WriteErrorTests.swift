import EventModel
import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@testable import FileAccess
@testable import Wayfinder
@testable import wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Every command's standard output on a full disk and into a closed pipe: a full disk ends with
/// status 1 and one line naming the output; a reader that went away (`| head -1`) ends the
/// command quietly with status 0.
@Suite struct WriteErrorTests {
    static let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json")
        .path

    /// A bundled mouse recording as command-line arguments.
    static func rat5() throws -> [String] {
        let recording = try #require(BundledRecording.named("saitek-rat5.events"))
        return [recording.url.path, "--desc", try #require(recording.descriptionURL).path]
    }

    /// Every command that writes to standard output, in each of its output forms.
    static func commands() throws -> [[String]] {
        let rat5 = try rat5()
        return [
            ["replay"] + rat5,
            ["replay", "--json"] + rat5,
            ["replay", "--raw"] + rat5,
            ["replay", "--raw", "--json"] + rat5,
            ["replay", "--json", "--scene", scene] + rat5,
            ["demo", "--json"],
            ["demo", "--plain"],
            ["navigate", "--scene", scene, "--keys", "Tab Tab Down"],
            ["navigate", "--json", "--scene", scene, "--keys", "Tab Tab Down"],
            // Without event nodes it explains that on standard output; with them it lists them.
            ["devices"],
            ["convert", "--format", "libinput"] + rat5 + ["-"],
            ["convert", "--format", "evemu"] + rat5 + ["-"],
            ["--help"],
            ["replay", "--help"],
            ["--version"],
        ]
    }

    @Test func aFullDiskEndsEveryCommandWithAnError() throws {
        for arguments in try Self.commands() {
            let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
            defer { try? full.close() }
            let outcome = try WayfinderProcess.run(arguments, output: full)
            #expect(outcome.exitCode == 1, "\(arguments)")
            #expect(
                outcome.errorLines == ["Error: standard output: cannot write: no space left on the device"],
                "\(arguments)")
        }
    }

    /// A pipe whose reader is gone before the command writes anything.
    @Test func aClosedPipeEndsEveryCommandQuietly() throws {
        for arguments in try Self.commands() {
            let pipe = Pipe()
            try pipe.fileHandleForReading.close()
            let outcome = try WayfinderProcess.run(arguments, output: pipe.fileHandleForWriting)
            try pipe.fileHandleForWriting.close()
            #expect(outcome.exitCode == 0, "\(arguments)")
            #expect(outcome.standardError == "", "\(arguments)")
        }
    }

    /// `| head -1` on a replay far longer than the pipe and the output buffer hold: the replay is
    /// writing when `head` goes, and ends at once, quietly and with status 0 (the pipeline's
    /// status under `pipefail` is the replay's).
    ///
    /// The recording ends with a malformed line, which a replay that ran to the end would report
    /// (status 1), as it does into `/dev/null`: so a quiet status 0 shows that the replay stopped
    /// reading long before the end, without timing anything. (Issue 23 found `--why` running to
    /// the end: its lines skipped the closed-pipe check.)
    @Test(arguments: [["--raw"], ["--raw", "--json"], ["--motion"], ["--json", "--motion"], ["--why", "--motion"]])
    func aReaderThatStopsEarlyEndsTheReplayQuietly(mode: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = directory.appendingPathComponent("session.evemu")
        try GeneratedMouseSession(laps: 40).recording.write(to: session, format: .evemu)
        let lines = try String(contentsOf: session, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        let end = try FileHandle(forWritingTo: session)
        try end.seekToEnd()
        try end.write(contentsOf: Data("E: the end\n".utf8))
        try end.close()
        let replay = try WayfinderProcess.executableURL().path
        let toTheEnd = try WayfinderProcess.execute(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", "\"$0\" replay \"$@\" >/dev/null", replay] + mode + [session.path])
        #expect(toTheEnd.exitCode == 1)
        #expect(
            toTheEnd.standardError
                == "Error: \(session.path):\(lines.count): expected 4 fields after E: (seconds.microseconds type code "
                + "value), found \"E: the end\"\n")
        let outcome = try WayfinderProcess.execute(
            URL(fileURLWithPath: "/bin/bash"),
            ["-c", "set -o pipefail; \"$0\" replay \"$@\" | head -1 >/dev/null", replay] + mode + [session.path])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError == "")
    }

    /// A live source that adds a keyboard, then sends a key press or release at every poll, for
    /// ever: only the output failing can end the loop.
    final class EndlessKeyboard: LiveInputSource {
        private var polls = 0
        private(set) var isClosed = false

        func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
            let time = Timestamp(microseconds: 1_000_000 + Int64(polls) * 10_000)
            if polls == 0 {
                output.append(.added(.synthetic("keyboard"), ScriptedDevice.keyboard()))
            } else {
                output.append(
                    .frame(
                        DeviceInstance.synthetic("keyboard").id,
                        EventFrame(events: [
                            InputEvent(time: time, type: .key, code: 30, value: Int32(polls % 2)), .report(at: time),
                        ])))
            }
            polls += 1
            return true
        }

        func close() { isClosed = true }
    }

    /// `run`'s loop against `/dev/full` and a closed pipe: it stops at the first wait after the
    /// write failed, closes the devices, and the status is 1 with the message, or 0 quietly.
    @Test(arguments: [("/dev/full", ["Error: standard output: cannot write: no space left on the device"]), ("", [])])
    func runStopsWhenItsOutputFails(path: String, messages: [String]) throws {
        let descriptor: Int32
        var pipeEnds: [Int32] = [0, 0]
        if path.isEmpty {
            // As in `wayfinder` itself (main.swift): the write fails with EPIPE instead of the
            // signal ending the test process.
            signal(SIGPIPE, SIG_IGN)
            try #require(pipe(&pipeEnds) == 0)
            close(pipeEnds[0])
            descriptor = pipeEnds[1]
        } else {
            descriptor = open(path, O_WRONLY | O_CLOEXEC)
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = CommandOutput(OutputFile(borrowing: descriptor, name: "standard output"))
        let source = EndlessKeyboard()
        let runtime = try Runtime()
        #expect(throws: OutputStopped()) {
            try RunCommand.printStream(
                of: runtime, source: source, to: output, isJSON: true, includesMotion: false, report: { _ in })
        }
        #expect(source.isClosed)
        var errors = ""
        let status = output.finish(.success, errors: &errors)
        #expect(status == (messages.isEmpty ? .success : .failure))
        #expect(errors.split(separator: "\n").map(String.init) == messages)
    }
}
