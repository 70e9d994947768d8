import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

/// What we write must be readable by libinput's own tools. These run `libinput analyze
/// recording`, which parses a recording without needing a device, on every bundled recording
/// converted to libinput record YAML. Skipped where the libinput tools are not installed.
@Suite struct LibinputToolTests {
    static let tool = "/usr/libexec/libinput/libinput-analyze-recording"
    static let python = "/usr/bin/python3"
    /// The tool is Python; it needs the system Python with python3-libevdev and python3-yaml.
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: tool) && FileManager.default.isExecutableFile(atPath: python)
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/libevdev")
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/yaml")
    }

    static let replayTool = "/usr/libexec/libinput/libinput-replay"
    static var replayAvailable: Bool {
        available && FileManager.default.isExecutableFile(atPath: replayTool)
            && FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/pyudev")
    }

    /// Runs libinput replay's own loader on a file, everything but creating the uinput device
    /// (which needs root): the file check, the device description and every frame.
    static let replayLoader = """
        import sys, importlib.machinery, importlib.util, yaml
        loader = importlib.machinery.SourceFileLoader("replay", sys.argv[1])
        spec = importlib.util.spec_from_loader("replay", loader)
        replay = importlib.util.module_from_spec(spec)
        loader.exec_module(replay)
        replay.libevdev.Device.create_uinput_device = lambda self: self
        replay.check_udev_properties = lambda device, uinput: None
        recording = yaml.safe_load(open(sys.argv[2]))
        replay.check_file(recording)
        frames = 0
        for device in recording["devices"]:
            replay.create(device)
            replay.first_timestamp(device)
            for entry in device["events"] or []:
                if "evdev" in entry:
                    replay.collect_events(entry["evdev"])
                    frames += 1
        print(frames)
        """

    @Test(.enabled(if: replayAvailable), arguments: samples)
    func libinputReplayLoadsWhatWeWrite(_ bundled: BundledRecording) throws {
        let recording = try bundled.load()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString).yml")
        try recording.write(to: url, format: .libinputRecord)
        defer { try? FileManager.default.removeItem(at: url) }
        let (status, text) = try runToCompletion(Self.python, ["-c", Self.replayLoader, Self.replayTool, url.path])
        #expect(status == 0, "\(text.suffix(2000))")
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == String(bundled.frameCount))
    }

    /// One recording per kind of device and per evemu variant.
    static let samples = [
        "xit_synaptics-clickpad.tap.events", "bcm5974-apple.three-finger-click.evemu",
        "saitek-rat5.events", "k400-plus.evemu", "1-finger-drag-up-down.evemu",
    ].compactMap(BundledRecording.named)

    @Test(.enabled(if: available), arguments: samples)
    func libinputAnalyzeReadsWhatWeWrite(_ bundled: BundledRecording) throws {
        let recording = try bundled.load()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString).yml")
        try recording.write(to: url, format: .libinputRecord)
        defer { try? FileManager.default.removeItem(at: url) }
        let (status, text) = try runToCompletion(Self.python, [Self.tool, url.path])
        #expect(status == 0, "\(text.suffix(2000))")
        // Each table row starts with the frame's time in seconds, three decimals: every one must
        // be the time of one of our frames, so the tool read our timestamps and frames.
        let frameTimes = recording.devices[0].frames.map(\.time.seconds)
        let rowTimes = text.split(separator: "\n").compactMap { line -> Double? in
            guard let bar = line.firstIndex(of: "|") else { return nil }
            return Double(line[..<bar].trimmingCharacters(in: .whitespaces))
        }
        #expect(!rowTimes.isEmpty)
        #expect(rowTimes.first == 0)
        for time in rowTimes {
            #expect(frameTimes.contains { abs($0 - time) < 0.0011 }, "row at \(time) s")
        }
    }
}
