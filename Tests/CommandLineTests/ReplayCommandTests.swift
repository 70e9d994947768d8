import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@Suite struct ReplayCommandTests {
    /// The arguments that replay a bundled recording.
    static func arguments(for recording: BundledRecording) -> [String] {
        [recording.url.path] + (recording.descriptionURL.map { ["--desc", $0.path] } ?? [])
    }

    /// Parses JSON lines into objects.
    static func objects(_ outcome: ProcessOutcome) throws -> [[String: Any]] {
        try outcome.outputLines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test(arguments: BundledRecording.all)
    func everyFrameOfABundledRecordingIsOneJSONLine(recording: BundledRecording) throws {
        let parsed = try recording.load()
        let frames = parsed.devices.flatMap(\.frames)
        let outcome = try WayfinderProcess.run(["replay", "--raw", "--json"] + Self.arguments(for: recording))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        let objects = try Self.objects(outcome)
        #expect(objects.count == frames.count)
        #expect(objects.count == recording.frameCount, "SOURCES.md's frame count")
        var previousTime = -Double.infinity
        for (object, frame) in zip(objects, frames.sorted { $0.time < $1.time }) {
            #expect(Set(object.keys) == ["time", "device", "deviceID", "version", "type", "events"])
            #expect(object["version"] as? Int == 2)
            #expect(object["type"] as? String == "frame")
            let time = try #require(object["time"] as? Double)
            #expect(time >= previousTime, "frames in time order")
            previousTime = time
            #expect(object["device"] as? String == parsed.devices[0].description.name)
            let events = try #require(object["events"] as? [[Int]])
            // A SYN_REPORT is type 0, code 0 (its value is 1 after an autorepeat).
            #expect(events.last?.prefix(2) == [0, 0], "the SYN_REPORT is last")
            #expect(events.dropLast().allSatisfy { $0.prefix(2) != [0, 0] }, "and only last")
            #expect(events.allSatisfy { $0.count == 3 })
            #expect(events.count == frame.events.count)
            #expect(abs(time - frame.time.seconds) < 1e-9)
        }
    }

    @Test func severalFilesAreMergedInTimeOrder() throws {
        let first = try #require(BundledRecording.all.first { $0.kind == .mouse })
        let second = try #require(BundledRecording.all.first { $0.kind == .keyboard })
        let outcome = try WayfinderProcess.run(
            ["replay", "--raw", "--json", first.url.path, second.url.path]
        )
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let objects = try Self.objects(outcome)
        let expectedCount = try [first, second].map { try $0.load().devices.flatMap(\.frames).count }.reduce(0, +)
        #expect(objects.count == expectedCount)
        let times = objects.compactMap { $0["time"] as? Double }
        #expect(times == times.sorted())
        let devices = Set(objects.compactMap { $0["device"] as? String })
        #expect(devices.count == 2)
    }

    @Test func textOutputIsOneLinePerFrame() throws {
        let recording = try #require(BundledRecording.all.first { $0.kind == .mouse })
        let frames = try recording.load().devices.flatMap(\.frames)
        let outcome = try WayfinderProcess.run(["replay", "--raw"] + Self.arguments(for: recording))
        #expect(outcome.exitCode == 0)
        #expect(outcome.outputLines.count == frames.count)
        // Value 1 marks the report after an autorepeat (the button held in this recording).
        #expect(
            outcome.outputLines.allSatisfy {
                $0.hasSuffix("EV_SYN SYN_REPORT 0") || $0.hasSuffix("EV_SYN SYN_REPORT 1")
            })
        #expect(outcome.outputLines.contains { $0.hasSuffix("EV_REL REL_WHEEL -1, EV_SYN SYN_REPORT 0") })
        #expect(outcome.outputLines.first?.hasPrefix("    0.") == true)
    }

    @Test func aMissingFileFailsNamingIt() throws {
        let outcome = try WayfinderProcess.run(["replay", "--raw", "/nonexistent/session.evemu"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.errorLines.count == 1)
        #expect(outcome.errorLines.first?.hasPrefix("Error: /nonexistent/session.evemu") == true)
    }

    @Test func aMalformedRecordingFailsNamingFileAndLine() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString).evemu")
        defer { try? FileManager.default.removeItem(at: url) }
        let text = """
            # EVEMU 1.3
            N: Broken Mouse
            I: 0003 046d c077 0111
            P: 00 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            E: 0.000000 0002 0000 0001
            E: 0.000000 0000 0000 0000
            E: not-a-time 0002 0000 0001

            """
        try Data(text.utf8).write(to: url)
        let outcome = try WayfinderProcess.run(["replay", "--raw", "--json", url.path])
        #expect(outcome.exitCode == 1)
        // The replay streams: the frame before the bad line is printed, then the error.
        #expect(
            outcome.outputLines == [
                #"{"time":0,"device":"Broken Mouse","deviceID":"0:0","version":2,"type":"frame","events":[[2,0,1],[0,0,0]]}"#
            ])
        #expect(outcome.errorLines.first?.hasPrefix("Error: \(url.path):8:") == true, "\(outcome.standardError)")
    }
}
