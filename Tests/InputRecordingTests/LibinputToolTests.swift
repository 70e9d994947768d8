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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = [Self.tool, url.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(text.suffix(2000))")
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
