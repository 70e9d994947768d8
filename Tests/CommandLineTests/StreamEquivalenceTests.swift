import Foundation
import Testing
import WayfinderTestSupport

/// One encoder for every stream: `replay --json` and `replay --scene --json` print the same line for
/// the same input, apart from the `target` a scene adds.
@Suite struct StreamEquivalenceTests {
    private static let scene = Fixtures.packageRoot.appendingPathComponent(
        "Sources/Wayfinder/Resources/Demo/demo-scene.json"
    ).path

    /// Each line as canonical JSON (keys sorted), without the fields named.
    private static func canonical(_ line: String, removing removed: Set<String> = []) throws -> String {
        var object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        for key in removed { object.removeValue(forKey: key) }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test(arguments: BundledRecording.all)
    func aSceneAddsTargetsAndItsOwnEventsToTheSameLines(recording: BundledRecording) throws {
        let arguments = ReplayCommandTests.arguments(for: recording)
        let plain = try WayfinderProcess.run(["replay", "--json", "--motion"] + arguments)
        let scened = try WayfinderProcess.run(["replay", "--json", "--motion", "--scene", Self.scene] + arguments)
        #expect(plain.exitCode == 0, "\(plain.standardError)")
        #expect(scened.exitCode == 0, "\(scened.standardError)")
        let sceneOwn: Set = ["focus", "select", "action", "contentOffset"]
        let inputs = try scened.outputLines.compactMap { line -> String? in
            let type =
                try #require(
                    try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["type"] as? String
            return sceneOwn.contains(type ?? "") ? nil : try Self.canonical(line, removing: ["target"])
        }
        #expect(inputs == (try plain.outputLines.map { try Self.canonical($0) }))
    }

    @Test func twoIdenticalMiceReplayedTogetherStayTwoDevices() throws {
        let recording = try #require(BundledRecording.named("logitech-ultrathin-touch-mouse.wheel-buttons.evemu"))
        let path = recording.url.path
        let outcome = try WayfinderProcess.run(["replay", "--json", path, path])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let objects = try ReplayCommandTests.objects(outcome)
        // Every line of the first copy has a twin from the second, the same but for deviceID.
        let first = objects.filter { $0["deviceID"] as? String == "0:0" }
        let second = objects.filter { $0["deviceID"] as? String == "1:0" }
        #expect(first.count + second.count == objects.count)
        func withoutIdentity(_ objects: [[String: Any]]) throws -> [String] {
            try objects.map { object in
                var object = object
                object.removeValue(forKey: "deviceID")
                return String(
                    decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
            }
        }
        #expect(try withoutIdentity(first) == (try withoutIdentity(second)))
        #expect(first.filter { $0["type"] as? String == "button" }.count == 12)
    }

    @Test func eachDescriptionPairsWithTheLogBeforeIt() throws {
        let pad = try #require(BundledRecording.named("xit_synaptics-clickpad.right-phys-click.events"))
        let hp = try #require(
            BundledRecording.named("evemu-devices_synaptics-hp8470p.two-finger-scroll-vertical.events"))
        let paired = try WayfinderProcess.run([
            "replay", "--json", pad.url.path, "--desc", try #require(pad.descriptionURL).path, hp.url.path, "--desc",
            try #require(hp.descriptionURL).path,
        ])
        #expect(paired.exitCode == 0, "\(paired.standardError)")
        let names = try ReplayCommandTests.objects(paired).filter { $0["type"] as? String == "device" }.map {
            "\($0["deviceID"] ?? "") \($0["device"] ?? "") \($0["state"] ?? "")"
        }
        // Two pads with the same name, each with its own description, merged by time: the second
        // recording starts earlier and ends later.
        #expect(
            names == [
                "1:0 SynPS/2 Synaptics TouchPad added", "0:0 SynPS/2 Synaptics TouchPad added",
                "0:0 SynPS/2 Synaptics TouchPad removed", "1:0 SynPS/2 Synaptics TouchPad removed",
            ])
        // A log without its description is refused, naming the file; so is a description before any log.
        let missing = try WayfinderProcess.run(["replay", "--json", pad.url.path])
        #expect(missing.exitCode == 1)
        #expect(missing.standardOutput.isEmpty)
        #expect(missing.errorLines.first?.hasPrefix("Error: \(pad.url.path):") == true, "\(missing.standardError)")
        let misplaced = try WayfinderProcess.run([
            "replay", "--desc", try #require(pad.descriptionURL).path, pad.url.path,
        ])
        #expect(misplaced.exitCode == 64)
        #expect(misplaced.errorLines.first == "Error: '--desc' must follow the event log it describes")
    }
}
