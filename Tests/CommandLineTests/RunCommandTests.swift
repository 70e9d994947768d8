import EventModel
import FileAccess
import Foundation
import InputDevices
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Wayfinder
@testable import wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// `wayfinder run` without devices to read: what it says, and `--device` choosing devices.
@Suite(.serialized) struct RunCommandTests {
    /// Runs `run` on a terminal until it has said what it says before waiting, ends it with
    /// SIGTERM, and returns the screen's lines and the exit status.
    static func waitingMessage(_ arguments: [String], expected: String) throws -> ([String], Int32) {
        let terminal = try PseudoTerminal(
            WayfinderProcess.executableURL(), ["run"] + arguments, columns: 120, rows: 24)
        let lines = expected.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        terminal.read { Array($0.lines.prefix(lines.count)) == lines }
        terminal.signal(SIGTERM)
        let status = terminal.waitForExit()
        return (Array(terminal.screen.lines.prefix { !$0.isEmpty }), status)
    }

    @Test func withoutEventNodesItSaysThereAreNoDevices() throws {
        guard !DevicesCommandTests.hasEventNodes else { return }
        let expected = """
            No input devices found: there are no event nodes (/dev/input/event*).
            They appear when the kernel has input devices and its evdev driver loaded. In a container,
            pass the devices in (for example `docker run --device /dev/input/event3 …`); in a virtual
            machine, attach a USB keyboard, mouse or tablet. Without any device, `wayfinder replay` works
            on recordings.
            Until then, waiting for devices to be plugged in (Ctrl-C to stop).

            """
        #expect(RunCommand.advice(attached: 0, opened: 0, selection: .all) == expected)
        let (lines, status) = try Self.waitingMessage([], expected: expected)
        #expect(status == 0)
        #expect(
            lines == [
                "No input devices found: there are no event nodes (/dev/input/event*).",
                "They appear when the kernel has input devices and its evdev driver loaded. In a container,",
                "pass the devices in (for example `docker run --device /dev/input/event3 …`); in a virtual",
                "machine, attach a USB keyboard, mouse or tablet. Without any device, `wayfinder replay` works",
                "on recordings.",
                "Until then, waiting for devices to be plugged in (Ctrl-C to stop).",
            ])
    }

    @Test func adviceNamesWhatIsMissing() {
        #expect(RunCommand.advice(attached: 3, opened: 1, selection: .all) == nil)
        #expect(
            RunCommand.advice(attached: 3, opened: 0, selection: DeviceSelection(["/dev/input/event9", "Pad"]))
                == "No attached device matches --device '/dev/input/event9', 'Pad' (see 'wayfinder devices'); "
                + "waiting for devices to be plugged in (Ctrl-C to stop).\n")
        #expect(
            RunCommand.advice(attached: 3, opened: 0, selection: .all)
                == "No input device could be opened; waiting for devices to be plugged in (Ctrl-C to stop). "
                + "\(DeviceError.permissionAdvice).\n")
    }

    @Test func aDeviceIsChosenByNodeOrByName() {
        let selection = DeviceSelection(["/dev/input/event5", "Logitech USB Receiver Mouse"])
        #expect(selection.contains(node: "/dev/input/event5", name: "Keyboard"))
        #expect(selection.contains(node: "/dev/input/event7", name: "Logitech USB Receiver Mouse"))
        #expect(!selection.contains(node: "/dev/input/event7", name: "Logitech USB Receiver Keyboard"))
        #expect(!selection.contains(node: "/dev/input/event7", name: nil))
        #expect(DeviceSelection.all.contains(node: "/dev/input/event7", name: nil))
    }

    @Test func aNameIsReadFromSysfsWithoutOpeningTheNode() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("device"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("SynPS/2 Synaptics TouchPad\n".utf8).write(to: directory.appendingPathComponent("device/name"))
        #expect(
            DeviceSessionSource.systemName(of: DeviceNode(path: "/dev/input/event9", systemPath: directory.path))
                == "SynPS/2 Synaptics TouchPad")
        #expect(
            DeviceSessionSource.systemName(of: DeviceNode(path: "/dev/input/event9", systemPath: "/nonexistent"))
                == nil)
    }

    @Test func theDeviceOptionIsRepeatableAndCompletesNodes() throws {
        let parsed = try ParsedArguments(
            ["--device", "/dev/input/event5", "--device", "Logitech USB Receiver Mouse"], table: RunCommand.self)
        let command = try RunCommand(parsing: parsed)
        #expect(command.selection == DeviceSelection(["/dev/input/event5", "Logitech USB Receiver Mouse"]))
        #expect(RunCommand.device.completion == .deviceNode)
    }

    /// A classifier with something to say, that classifies nothing.
    final class KeylessClassifier: FrameClassifier {
        let diagnostic: String? = "no keymap; keys are reported by code"
        var nextDeadline: Timestamp? { nil }
        func process(_ frame: EventFrame, into output: inout [ClassifiedInput]) {}
        func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {}
        func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {}
    }

    /// Two keyboards appear at the first wait; the second wait ends the loop.
    final class TwoKeyboards: LiveInputSource {
        private var polls = 0

        func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
            polls += 1
            guard polls == 1 else { return false }
            for index in 0..<2 {
                output.append(
                    .added(
                        DeviceInstance(
                            id: DeviceID(rawValue: index), name: "Keyboard", source: "/dev/input/event\(index)"),
                        ScriptedDevice.keyboard()))
            }
            return true
        }

        func close() {}
    }

    /// Found by the hardware suite's `live-no-xkb`: `run --json` said nothing when keyboards
    /// were classified without a keymap, since only the live view listened to the runtime's
    /// diagnostics. The stream says it once, as a warning, whatever the number of keyboards.
    @Test func theStreamWarnsOnceOfWhatTheClassifierDoesDifferently() throws {
        let runtime = Runtime(scene: nil) { _ in KeylessClassifier() }
        runtime.sessionStart = Timestamp(seconds: 1_765_000_000, microseconds: 250_000)
        var messages: [String] = []
        let written = try Self.written { output in
            try RunCommand.printStream(
                of: runtime, source: TwoKeyboards(), to: output, isJSON: true, includesMotion: false,
                report: { messages.append($0) })
        }
        #expect(messages == ["Warning: no keymap; keys are reported by code"])
        let lines = written.split(separator: "\n").map {
            $0.replacing(#/"time":[0-9.]+,/#, with: "")
        }
        #expect(
            lines == [0, 1].map { index in
                #"{"device":"Keyboard","deviceID":"/dev/input/event\#(index)","version":2,"type":"device","state":"added","kind":"keyboard","#
                    + #""bus":3,"vendor":1133,"product":49948,"productVersion":272,"physicalPath":null,"stableID":"046d:c31c","#
                    + #""clock":"session","sessionStart":1765000000.25}"#
            }
                + [0, 1].map { index in
                    #"{"device":"Keyboard","deviceID":"/dev/input/event\#(index)","version":2,"type":"device","state":"removed","kind":"keyboard"}"#
                })
    }

    /// The stream's lines are written field by field from one reused JSON line; the bytes are
    /// those of the line's text, with the C1 control characters JSON leaves alone escaped as
    /// every line of standard output has them.
    @Test func aJSONLineIsWrittenAsItsText() throws {
        let written = try Self.written { output in
            var line = JSONLine()
            line.append("device", "Mouse\u{85}\u{1B}")
            line.append("type", "pointer")
            output.writeLine(&line)
            line.removeAll()
            line.append("type", "scroll")
            output.writeLine(&line)
        }
        #expect(written == #"{"device":"Mouse\u{85}\u001b","type":"pointer"}"# + "\n" + #"{"type":"scroll"}"# + "\n")
    }

    /// What `body` wrote to a command output over a temporary file, once flushed.
    private static func written(by body: (CommandOutput) throws -> Void) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)").path
        defer { unlink(path) }
        // A descriptor of its own, read while the output is still open (an OutputFile that
        // creates its file gives it its name only when finished).
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        let output = CommandOutput(OutputFile(borrowing: descriptor, name: path))
        try body(output)
        output.flush()
        return try String(contentsOfFile: path, encoding: .utf8)
    }
}
