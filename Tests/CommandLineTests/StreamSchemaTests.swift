import Foundation
import Testing
import Wayfinder
import WayfinderTestSupport

/// The JSON lines stream checked against the JSON Schema that ships with the package
/// (`Sources/Wayfinder/Resources/event-stream.schema.json`), with Debian's python3-jsonschema.
@Suite struct StreamSchemaTests {
    static let schema = Fixtures.packageRoot.appendingPathComponent(
        "Sources/Wayfinder/Resources/event-stream.schema.json")
    static let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json")

    /// Validates every line of each file against the schema, and checks that every number is
    /// written compactly (no exponent, at most six decimals); prints one line per problem.
    static let validator = #"""
        import json, re, sys
        from jsonschema import Draft202012Validator
        validator = Draft202012Validator(json.load(open(sys.argv[1])))
        compact = re.compile(r"-?(0|[1-9][0-9]*)(\.[0-9]{0,5}[1-9])?")
        def number(text):
            if not compact.fullmatch(text):
                raise ValueError("not compact: " + text)
            return float(text)
        for path in sys.argv[2:]:
            for number_of_line, line in enumerate(open(path), 1):
                try:
                    instance = json.loads(line, parse_float=number)
                except ValueError as error:
                    print(f"{path}:{number_of_line}: {error}")
                    continue
                for error in validator.iter_errors(instance):
                    print(f"{path}:{number_of_line}: {error.message}")
        """#

    @Test func everyBundledRecordingsStreamFollowsTheSchemaWithAndWithoutAScene() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var streams: [String] = []
        var types: Set<String> = []
        // Every bundled recording, and the demo's keyboard session, which moves focus on the scene.
        let keyboard = Fixtures.packageRoot.appendingPathComponent(
            "Sources/Wayfinder/Resources/Demo/demo-keyboard.evemu")
        let inputs = BundledRecording.all.map(ReplayCommandTests.arguments(for:)) + [[keyboard.path]]
        for (index, input) in inputs.enumerated() {
            for scene in [[], ["--scene", Self.scene.path]] {
                let outcome = try WayfinderProcess.run(["replay", "--json", "--motion"] + scene + input)
                #expect(outcome.exitCode == 0, "\(input): \(outcome.standardError)")
                let file = directory.appendingPathComponent("\(index)-\(scene.isEmpty ? "plain" : "scene").jsonl")
                try Data(outcome.standardOutput.utf8).write(to: file)
                streams.append(file.path)
                for object in try ReplayCommandTests.objects(outcome) {
                    if let type = object["type"] as? String { types.insert(type) }
                }
            }
        }
        let outcome = try WayfinderProcess.execute(
            URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.validator, Self.schema.path] + streams)
        #expect(outcome.standardError == "")
        #expect(outcome.outputLines == [])
        #expect(outcome.exitCode == 0)
        // Between them they show every type but a long press (no recording holds one still), a
        // swipe (no recording has three fingers moving together) and a position (touchscreen
        // fingers are touches; no recording has a tablet).
        #expect(
            types == [
                "device", "key", "button", "scroll", "tap", "drag", "motion", "touch", "focus", "select", "action",
                "contentOffset", "pinch", "hold",
            ])
    }

    @Test func theSchemaCatchesWhatTheContractForbidsAndAcceptsAdditions() throws {
        let lines = [
            // A field and a type added by a later release, without a version change: valid.
            #"{"time":0.5,"device":"m","deviceID":"0:0","version":2,"type":"motion","dx":1,"dy":2,"dxUnaccelerated":1,"dyUnaccelerated":2,"speed":3}"#,
            #"{"time":0.5,"device":"m","deviceID":"0:0","version":2,"type":"gaze","x":0.5,"y":0.5}"#,
            #"{"time":0.5,"device":"m","deviceID":"0:0","type":"motion","dx":1,"dy":2,"dxUnaccelerated":1,"dyUnaccelerated":2}"#,
            #"{"time":1e-05,"device":"m","deviceID":"0:0","version":2,"type":"select","item":"a"}"#,
            #"{"time":0.5,"device":"m","deviceID":"0:0","version":2,"type":"scroll","source":"discrete","dx":0,"dy":1}"#,
            // Version 1's drag: the fields since began were renamed.
            #"{"time":0.5,"device":"m","deviceID":"0:0","version":1,"type":"drag","phase":"began","touchType":"direct","dx":1,"dy":2}"#,
            #"{"time":0,"device":"m","deviceID":"0:0","version":2,"type":"device","state":"added","kind":"mouse"}"#,
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let outcome = try WayfinderProcess.execute(
            URL(fileURLWithPath: "/usr/bin/python3"), ["-c", Self.validator, Self.schema.path, file.path])
        #expect(
            outcome.outputLines == [
                "\(file.path):3: 'version' is a required property",
                "\(file.path):4: not compact: 1e-05",
                "\(file.path):5: 'v120x' is a required property",
                "\(file.path):5: 'v120y' is a required property",
                "\(file.path):6: 2 was expected",
                "\(file.path):6: 'totalDx' is a required property",
                "\(file.path):6: 'totalDy' is a required property",
                "\(file.path):7: 'bus' is a required property",
                "\(file.path):7: 'vendor' is a required property",
                "\(file.path):7: 'product' is a required property",
                "\(file.path):7: 'productVersion' is a required property",
                "\(file.path):7: 'physicalPath' is a required property",
                "\(file.path):7: 'stableID' is a required property",
                "\(file.path):7: 'clock' is a required property",
            ])
    }

    @Test func motionIsPrintedWithAndWithoutAScene() throws {
        let mouse = try #require(BundledRecording.all.first { $0.path.hasSuffix("saitek-rat5.events") })
        func motion(_ scene: [String]) throws -> [String] {
            let outcome = try WayfinderProcess.run(
                ["replay", "--json", "--motion"] + scene + ReplayCommandTests.arguments(for: mouse))
            #expect(outcome.exitCode == 0, "\(outcome.standardError)")
            return outcome.outputLines.filter { $0.contains(#""type":"motion""#) }
        }
        let withoutScene = try motion([])
        let withScene = try motion(["--scene", Self.scene.path])
        #expect(withoutScene.count == 796)
        #expect(withScene == withoutScene, "motion has no target, so the lines are the same")
        let text = try WayfinderProcess.run(
            ["replay", "--motion", "--scene", Self.scene.path] + ReplayCommandTests.arguments(for: mouse))
        #expect(text.outputLines.filter { $0.contains("  motion dx ") }.count == 796)
    }

    /// The README repeats the contract's two tables; they must not drift apart.
    @Test func theReadmeListsTheContractsFields() throws {
        func tableRows(_ path: String) throws -> [String] {
            let text = try String(contentsOf: Fixtures.packageRoot.appendingPathComponent(path), encoding: .utf8)
            return text.split(separator: "\n").filter { $0.hasPrefix("| ") }.map(String.init)
        }
        let contract = try tableRows("Sources/Wayfinder/Wayfinder.docc/EventStream.md")
        let readme = try tableRows("README.md")
        #expect(contract.first == "| field | value |")
        #expect(readme.firstRange(of: contract) != nil)
    }

    @Test func theSchemaShipsInTheModulesResources() throws {
        let shipped = try #require(WayfinderModule.eventStreamSchemaURL)
        #expect(try Data(contentsOf: shipped) == Data(contentsOf: Self.schema))
    }
}
