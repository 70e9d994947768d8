import Foundation
import Testing
import WayfinderTestSupport

/// `wayfinder replay … --expect GOLDEN`: golden streams for any CI. The golden file is written
/// by `--update-expectations`, equal streams exit 0, and a changed event exits 1 with a report
/// naming the first differing line and field.
@Suite struct ExpectCommandTests {
    private static let demo = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo")
    /// The demo's pinch on its scene: every kind of gesture line with a target.
    private static let replay = [
        demo.appendingPathComponent("demo-pinch.evemu").path, "--scene",
        demo.appendingPathComponent("demo-scene.json").path,
    ]

    private static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-expect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
        return url
    }

    /// The stream `replay --json` prints for the same recording and scene.
    private static func stream() throws -> [String] {
        let outcome = try WayfinderProcess.run(["replay", "--json"] + replay)
        #expect(outcome.exitCode == 0)
        return outcome.outputLines
    }

    private static func write(_ lines: [String], to url: URL) throws {
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: url)
    }

    @Test func theGoldenFileItWritesIsTheStreamAndMatchesIt() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("pinch.golden.jsonl").path
        let stream = try Self.stream()

        let update = try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", golden, "--update-expectations"])
        #expect(update.exitCode == 0)
        #expect(update.outputLines == ["\(golden): \(stream.count) lines written"])
        #expect(update.standardError == "")
        let written = try String(contentsOfFile: golden, encoding: .utf8)
        #expect(written == stream.map { $0 + "\n" }.joined())
        let attributes = try FileManager.default.attributesOfItem(atPath: golden)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let check = try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", golden])
        #expect(check.exitCode == 0)
        #expect(check.outputLines == ["\(golden): \(stream.count) lines, as expected"])
        #expect(check.standardError == "")
    }

    /// One field of one event changed in the golden file: the report names its line and field,
    /// shows the two lines before, and the expected and actual lines; nothing on standard output.
    @Test(arguments: [
        ("\"fingers\":2", "\"fingers\":3", "fingers", "2", "3"),
        ("\"phase\":\"began\"", "\"phase\":\"changed\"", "phase", "\"began\"", "\"changed\""),
        ("\"target\":\"photo-6\"", "\"target\":\"photo-7\"", "target", "\"photo-6\"", "\"photo-7\""),
    ])
    func aChangedEventIsReportedWithItsLineAndField(
        original: String, changed: String, field: String, actual: String, expected: String
    ) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("pinch.golden.jsonl")
        let stream = try Self.stream()
        // The last line with the field: so that the report has lines of context before it.
        let index = try #require(stream.lastIndex { $0.contains(original) })
        #expect(index >= 2)
        var edited = stream
        edited[index] = stream[index].replacingOccurrences(of: original, with: changed)
        try Self.write(edited, to: golden)

        let outcome = try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", golden.path])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        let line = index + 1
        #expect(
            outcome.errorLines == [
                "Error: \(golden.path):\(line): the stream differs in \"\(field)\": expected \(expected), got \(actual)",
                "    \(line - 2)  \(stream[index - 2])",
                "    \(line - 1)  \(stream[index - 1])",
                "  - \(line)  \(edited[index])",
                "  + \(line)  \(stream[index])",
            ])

        // Left out of the comparison, the same change passes.
        let ignoring = try WayfinderProcess.run(
            ["replay"] + Self.replay + ["--expect", golden.path, "--ignore", "deviceID,\(field)"])
        #expect(ignoring.exitCode == 0)
        #expect(ignoring.outputLines == ["\(golden.path): \(stream.count) lines, as expected"])
    }

    /// The testing library plays a recording through the same runtime: its lines are what
    /// `replay --json` prints.
    @Test func theTestingLibraryGivesTheLinesReplayPrints() throws {
        let test = try InteractionTest(sceneFile: Self.replay[2])
        let transcript = try test.play(recordings: [Self.replay[0]])
        #expect(transcript.jsonLines() == (try Self.stream()))
    }

    @Test func aShorterOrLongerGoldenFileIsReportedWhereItEnds() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("pinch.golden.jsonl")
        let stream = try Self.stream()

        try Self.write(Array(stream.dropLast()), to: golden)
        let shorter = try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", golden.path])
        let count = stream.count
        #expect(shorter.exitCode == 1)
        #expect(
            shorter.errorLines == [
                "Error: \(golden.path):\(count): the stream goes on after the file's \(count - 1) lines",
                "    \(count - 2)  \(stream[count - 3])",
                "    \(count - 1)  \(stream[count - 2])",
                "  + \(count)  \(stream[count - 1])",
            ])

        let extra = #"{"time":99,"device":"Wayfinder Demo Clickpad","type":"tap","fingers":1}"#
        try Self.write(stream + [extra], to: golden)
        let longer = try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", golden.path])
        #expect(longer.exitCode == 1)
        #expect(
            longer.errorLines == [
                "Error: \(golden.path):\(count + 1): the stream ended after \(count) lines; the file has more",
                "    \(count - 1)  \(stream[count - 2])",
                "    \(count)  \(stream[count - 1])",
                "  - \(count + 1)  \(extra)",
            ])
    }

    /// Times match within a millisecond by default, within `--time-tolerance` when given.
    @Test func timesMatchWithinTheTolerance() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("pinch.golden.jsonl")
        let stream = try Self.stream()
        let index = try #require(stream.firstIndex { $0.hasPrefix("{\"time\":0.3,") })

        func shifted(to time: String) throws -> ProcessOutcome {
            var edited = stream
            edited[index] = stream[index].replacingOccurrences(of: "{\"time\":0.3,", with: "{\"time\":\(time),")
            try Self.write(edited, to: golden)
            return try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", golden.path])
        }
        #expect(try shifted(to: "0.3009").exitCode == 0)
        #expect(try shifted(to: "0.299").exitCode == 0)
        let late = try shifted(to: "0.3015")
        #expect(late.exitCode == 1)
        #expect(
            late.errorLines.first
                == "Error: \(golden.path):\(index + 1): the stream differs in \"time\": expected 0.3015, got 0.3")
        let tolerant = try WayfinderProcess.run(
            ["replay"] + Self.replay + ["--expect", golden.path, "--time-tolerance", "2"])
        #expect(tolerant.exitCode == 0)
        let strict = try WayfinderProcess.run(
            ["replay"] + Self.replay + ["--expect", golden.path, "--time-tolerance", "1.4"])
        #expect(strict.exitCode == 1)
    }

    @Test func aGoldenFileThatIsNotJSONLinesIsRefusedByLine() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("broken.golden.jsonl")
        let stream = try Self.stream()
        for (text, message) in [
            ("[1, 2]", "an array, not a JSON object"),
            ("{\"time\": 0,", "not JSON: unexpected end of file, expected a quoted key"),
        ] {
            try Self.write([stream[0], stream[1], text], to: golden)
            let outcome = try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", golden.path])
            #expect(outcome.exitCode == 1)
            #expect(outcome.standardOutput == "")
            #expect(outcome.errorLines == ["Error: \(golden.path):3: \(message)"])
        }
        let missing = directory.appendingPathComponent("missing.jsonl").path
        let outcome = try WayfinderProcess.run(["replay"] + Self.replay + ["--expect", missing])
        #expect(outcome.exitCode == 1)
        #expect(outcome.errorLines == ["Error: \(missing): no such file"])
    }

    @Test(arguments: [
        (["--update-expectations"], "'--update-expectations' needs '--expect GOLDEN': the golden file it is about"),
        (["--ignore", "time"], "'--ignore' needs '--expect GOLDEN': the golden file it is about"),
        (
            ["--expect", "g.jsonl", "--time-tolerance", "soon"],
            "'--time-tolerance soon' is not a number of milliseconds from 0 to 60000"
        ),
        (
            ["--expect", "g.jsonl", "--ignore", "time,,type"],
            "'--ignore time,,type' names an empty field; give field names separated by commas"
        ),
    ])
    func misusedOptionsAreUsageErrors(arguments: [String], message: String) throws {
        let outcome = try WayfinderProcess.run(["replay"] + Self.replay + arguments)
        #expect(outcome.exitCode == 64)
        #expect(outcome.errorLines.first == "Error: \(message)")
    }
}
