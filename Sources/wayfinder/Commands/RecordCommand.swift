import Foundation
import InputDevices
import InputEvents
import InputRecording

/// `wayfinder record`: records events from attached devices until Ctrl-C or SIGTERM.
struct RecordCommand: Command {
    static let name = "record"
    static let abstract = "Records events from attached devices until Ctrl-C."
    static let discussion = """
        With no DEVICE it records every attached device. Keyboard keys are written obfuscated (a
        recording of a keyboard is a recording of passwords) unless --show-keycodes is given:
        letters, digits and punctuation all become KEY_A, while Tab, Return, Escape, Ctrl,
        arrows and timing are kept. Ctrl-C or SIGTERM ends the recording and writes it.
        """
    static let format = CommandOption.choice(
        "--format", of: RecordingFormat.self, help: "The file format (default: libinput; evemu takes one DEVICE).")
    static let output = CommandOption.value(
        "-o", "--output", placeholder: "FILE", completion: .file(extensions: []),
        help: "Writes the recording to FILE instead of standard output.")
    static let showKeyCodes = CommandOption.flag("--show-keycodes", help: "Keeps the real key codes of keyboards.")
    static let devices = CommandOption.positional(
        "DEVICE", completion: .deviceNode, repeatable: true, help: "Event device nodes such as /dev/input/event3.")
    static let options = [format, output, showKeyCodes, devices]

    /// The file format.
    var format = RecordingFormat.libinputRecord
    /// The output file; standard output when nil.
    var outputPath: String?
    /// Whether to keep real key codes.
    var showsKeyCodes = false
    /// The device nodes to record; all attached devices when empty.
    var devicePaths: [String] = []

    init(parsing arguments: ParsedArguments) {
        format = arguments.choice(of: Self.format, as: RecordingFormat.self) ?? .libinputRecord
        outputPath = arguments.value(of: Self.output)
        showsKeyCodes = arguments.contains(Self.showKeyCodes)
        devicePaths = arguments.values(of: Self.devices)
    }

    func validate() throws(UsageError) {
        if format == .evemu && devicePaths.count != 1 {
            throw UsageError("An evemu recording holds one device: name exactly one DEVICE")
        }
    }

    /// What has been captured from one device.
    struct CapturedDevice {
        var path: String
        var description: DeviceDescription
        var frames: [EventFrame] = []
    }

    func run() throws {
        var errors = FileStream.standardError
        let attached = try DeviceDiscovery.attachedDevices()
        let nodes =
            devicePaths.isEmpty
            ? attached
            : devicePaths.map { path in attached.first { $0.path == path } ?? DeviceNode(path: path) }
        guard !nodes.isEmpty else {
            throw CommandFailure("no input devices to record (no /dev/input/event* nodes); see 'wayfinder devices'")
        }

        let session = try InputSession(nodes: nodes)
        var captured: [CapturedDevice] = []
        var failures: [DeviceError] = []
        var isFirstPoll = true
        while true {
            let keepsRunning = try session.poll(timeout: nil) { event in
                switch event {
                case .added(let path, let description):
                    captured.append(CapturedDevice(path: path, description: description))
                    print("Recording \(path): \(description.name)", to: &errors)
                case .failed(let error):
                    failures.append(error)
                    print("Warning: \(error)", to: &errors)
                case .removed(let path):
                    print("\(path) was removed; its recording ends here", to: &errors)
                case .frame(let path, let frame), .synchronized(let path, let frame):
                    if let index = captured.firstIndex(where: { $0.path == path }) {
                        captured[index].frames.append(frame)
                    }
                }
            }
            if isFirstPoll {
                isFirstPoll = false
                if captured.isEmpty {
                    throw CommandFailure(failures.first.map { String(describing: $0) } ?? "no device could be opened")
                }
                print("Press Ctrl-C to stop.", to: &errors)
            }
            if !keepsRunning || session.devicePaths.isEmpty { break }
        }
        try write(captured)
    }

    /// Writes what was captured, times counted from the first event and keys obfuscated unless
    /// `--show-keycodes`, to the output.
    func write(_ captured: [CapturedDevice]) throws {
        let origin = captured.compactMap { $0.frames.first?.events.first?.time }.min() ?? .zero
        var recording = Recording(
            devices: captured.map { device in
                RecordedDevice(
                    description: device.description,
                    frames: device.frames.map { frame in
                        EventFrame(
                            events: frame.events.map { event in
                                var event = event
                                event.time = Timestamp(microseconds: event.time.microseconds - origin.microseconds)
                                return event
                            }
                        )
                    },
                    node: device.path
                )
            }
        )
        if !showsKeyCodes { recording = recording.obfuscatingKeys() }
        let frameCount = recording.devices.reduce(0) { $0 + $1.frames.count }
        var errors = FileStream.standardError
        if let outputPath {
            do throws(RecordingError) {
                try recording.write(to: URL(fileURLWithPath: outputPath), format: format)
            } catch {
                throw CommandFailure(String(describing: error))
            }
            print("Wrote \(frameCount) frames from \(recording.devices.count) device(s) to \(outputPath)", to: &errors)
        } else {
            var output = FileStream.standardOutput
            let text = format == .evemu ? recording.evemuText() : recording.libinputRecordText()
            print(text, terminator: text.hasSuffix("\n") ? "" : "\n", to: &output)
        }
    }
}
