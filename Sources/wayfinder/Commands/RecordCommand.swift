import FileAccess
import InputDevices
import InputEvents
import InputRecording

/// `wayfinder record`: records events from attached devices until Ctrl-C or SIGTERM.
struct RecordCommand: Command {
    static let name = "record"
    static let examples = [
        Example("wayfinder record -o session.yml --format libinput", "every device until Ctrl-C, key values hidden"),
        Example("wayfinder record --show-keycodes /dev/input/event3", "one device, with its real key codes"),
    ]
    static let seeAlso = ["evemu-record(1)", "libinput-record(1)"]
    static let abstract = "Records events from attached devices until Ctrl-C."
    static let discussion = """
        With no DEVICE it records every attached device. Keyboard keys are written obfuscated (a
        recording of a keyboard is a recording of passwords) unless --show-keycodes is given:
        every key that types text becomes KEY_A, while Tab, Return, Escape, Ctrl, arrows and
        timing are kept. Ctrl-C or SIGTERM ends the recording and writes it. FILE is created
        readable by its owner only, never through a symbolic link, and an existing FILE is kept
        unless --force is given.
        """
    static let format = CommandOption.choice(
        "--format", of: RecordingFormat.self, help: "The file format (default: libinput; evemu takes one DEVICE).")
    static let output = CommandOption.value(
        "-o", "--output", placeholder: "FILE", completion: .file(extensions: []),
        help: "Writes the recording to FILE (mode 0600) instead of standard output.")
    static let force = CommandOption.flag(
        "--force", help: "Replaces FILE if it exists (a symbolic link is replaced, not followed).")
    static let showKeyCodes = CommandOption.flag("--show-keycodes", help: "Keeps the real key codes of keyboards.")
    static let devices = CommandOption.positional(
        "DEVICE", completion: .deviceNode, repeatable: true, help: "Event device nodes such as /dev/input/event3.")
    static let options = [format, output, force, showKeyCodes, devices]

    /// The file format.
    var format = RecordingFormat.libinputRecord
    /// The output file; standard output when nil.
    var outputPath: String?
    /// Whether an existing output file may be replaced.
    var replacesOutput = false
    /// Whether to keep real key codes.
    var showsKeyCodes = false
    /// The device nodes to record; all attached devices when empty.
    var devicePaths: [String] = []

    init(parsing arguments: ParsedArguments) {
        format = arguments.choice(of: Self.format, as: RecordingFormat.self) ?? .libinputRecord
        outputPath = arguments.value(of: Self.output)
        replacesOutput = arguments.contains(Self.force)
        showsKeyCodes = arguments.contains(Self.showKeyCodes)
        devicePaths = arguments.values(of: Self.devices)
    }

    func validate() throws(UsageError) {
        if format == .evemu && devicePaths.count != 1 {
            throw UsageError("An evemu recording holds one device: name exactly one DEVICE")
        }
        if replacesOutput && outputPath == nil {
            throw UsageError("'--force' replaces the file given with -o; give -o FILE")
        }
    }

    /// What has been captured from one device, given whole (tests write sessions made in
    /// memory through the same spool as a live session).
    struct CapturedDevice {
        var path: String
        var description: DeviceDescription
        var frames: [EventFrame] = []
    }

    func run() throws {
        var errors = FileStream.standardError
        // The output is claimed before recording, so that an existing file or a bad path is
        // reported at once rather than after the session; it is removed again if recording fails.
        let output = try openOutput()
        let attached = try DeviceDiscovery.attachedDevices()
        let nodes =
            devicePaths.isEmpty
            ? attached
            : devicePaths.map { path in attached.first { $0.path == path } ?? DeviceNode(path: path) }
        guard !nodes.isEmpty else {
            throw CommandFailure("no input devices to record (no /dev/input/event* nodes); see 'wayfinder devices'")
        }

        let session = try InputSession(nodes: nodes)
        // Frames go to disk as they come (RecordingSpool), never all into memory.
        var spool = RecordingSpool(showsKeyCodes: showsKeyCodes)
        var spillFailure: FileError?
        func spill(_ body: (inout RecordingSpool) throws(FileError) -> Void) {
            guard spillFailure == nil else { return }
            do throws(FileError) { try body(&spool) } catch { spillFailure = error }
        }
        var failures: [DeviceError] = []
        var isFirstPoll = true
        // The devices that lost input, said once each so that a flood does not flood the messages.
        var droppedPaths: Set<String> = []
        func warnOfDroppedEvents(_ path: String) {
            guard droppedPaths.insert(path).inserted else { return }
            print(
                "Warning: \(path): the kernel dropped events (SYN_DROPPED), so the recording misses some input",
                to: &errors)
        }
        while true {
            let keepsRunning = try session.poll(timeout: nil) { event in
                switch event {
                case .added(let path, let description):
                    spill { spool throws(FileError) in try spool.add(path: path, description: description) }
                    print("Recording \(path): \(description.name)", to: &errors)
                case .failed(let error):
                    failures.append(error)
                    print("Warning: \(error)", to: &errors)
                case .removed(let path):
                    print("\(path) was removed; its recording ends here", to: &errors)
                case .frame(let path, let frame):
                    spill { spool throws(FileError) in try spool.record(frame, from: path) }
                case .synchronized(let path, let frame):
                    warnOfDroppedEvents(path)
                    spill { spool throws(FileError) in try spool.record(frame, from: path) }
                case .dropped(let path):
                    warnOfDroppedEvents(path)
                }
            }
            if let spillFailure {
                // A full disk: the session cannot be kept, so it ends now rather than losing input.
                throw CommandFailure(spillFailure.description)
            }
            if isFirstPoll {
                isFirstPoll = false
                if spool.deviceCount == 0 {
                    throw CommandFailure(failures.first.map { String(describing: $0) } ?? "no device could be opened")
                }
                print("Press Ctrl-C to stop.", to: &errors)
            }
            if !keepsRunning || session.devicePaths.isEmpty { break }
        }
        try write(&spool, to: output)
    }

    /// The output file, created (or its replacement prepared) now, or standard output.
    private func openOutput() throws(CommandFailure) -> OutputFile {
        guard let outputPath else { return .standardOutput() }
        do throws(FileError) {
            return try OutputFile(creating: outputPath, replacing: replacesOutput)
        } catch {
            if error.reason == .alreadyExists {
                throw CommandFailure("\(error); give --force to replace it")
            }
            throw CommandFailure(error.description)
        }
    }

    /// Writes what was captured to the output the command line names; see
    /// ``write(_:to:)``.
    func write(_ captured: [CapturedDevice]) throws(CommandFailure) {
        try write(captured, to: openOutput())
    }

    /// Writes what was captured, times counted from the first event and keys obfuscated unless
    /// `--show-keycodes`, to the output.
    /// - Throws: ``CommandFailure`` when writing fails (a full disk); a reader closing a pipe
    ///   ends the command quietly, as it does other tools.
    func write(_ captured: [CapturedDevice], to output: consuming OutputFile) throws(CommandFailure) {
        var spool = RecordingSpool(showsKeyCodes: showsKeyCodes)
        do throws(FileError) {
            for device in captured {
                try spool.add(path: device.path, description: device.description)
                for frame in device.frames { try spool.record(frame, from: device.path) }
            }
        } catch {
            throw CommandFailure(error.description)
        }
        try write(&spool, to: output)
    }

    /// Writes the spooled session to the output.
    private func write(_ spool: inout RecordingSpool, to output: consuming OutputFile) throws(CommandFailure) {
        do throws(FileError) {
            try spool.write(to: &output, format: format)
            try output.finish()
        } catch {
            if error.reason == .closedPipe { return }
            throw CommandFailure(error.description)
        }
        if let outputPath {
            var errors = FileStream.standardError
            print(
                "Wrote \(spool.frameCount) frames from \(spool.deviceCount) device(s) to \(outputPath)", to: &errors)
        }
    }
}
