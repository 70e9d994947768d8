import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

/// The crashes and the hang an outside fuzzing run found in `wayfinder replay`, through the command
/// itself: each file ends in exit 1 and one error naming the file, line and limit, or, for a
/// device's absurd slot range, in the same replay as with a sane one. (`HostileRecordingTests`
/// and `DeviceKindTests` hold the same inputs against the readers and the device description.)
@Suite struct HostileRecordingCommandTests {
    private static let evemuHeader = "# EVEMU 1.3\nN: Hostile\nI: 0003 0001 0002 0003\n"

    /// Writes `text` to a fresh file named `name` and returns its path, with a cleanup.
    private static func write(_ text: String, named name: String) throws -> (path: String, remove: () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return (url.path, { try? FileManager.default.removeItem(at: directory) })
    }

    @Test(arguments: [
        (
            "properties.evemu", evemuHeader + String(repeating: "P: 00 00 00 00 00 00 00 01\n", count: 1_100),
            ":1028: more than 8192 bytes of P: lines (the property bits); that many bytes hold every 16-bit code"
        ),
        (
            "codes.evemu", evemuHeader + String(repeating: "B: 01 00 00 00 00 00 00 00 01\n", count: 1_100),
            ":1028: more than 8192 bytes of B: lines for event type 01; that many bytes hold every 16-bit code"
        ),
        (
            "block.yml", "version: 1\nndevices: 1\nunknown:\n" + String(repeating: "- ", count: 40_000) + "x\n",
            ":4:127: lists and mappings nested more than 64 deep"
        ),
        (
            "flow.yml", "version: 1\nndevices: 1\nunknown: " + String(repeating: "[", count: 100_000) + "\n",
            ":3:73: lists and mappings nested more than 64 deep"
        ),
    ])
    func aFileBeyondALimitIsRefusedWhereItGoesBeyond(name: String, text: String, error: String) throws {
        let file = try Self.write(text, named: name)
        defer { file.remove() }
        for mode in [["--raw", "--json"], ["--json"]] {
            let outcome = try WayfinderProcess.run(["replay"] + mode + [file.path])
            #expect(outcome.exitCode == 1, "\(mode)")
            #expect(outcome.standardOutput == "", "\(mode)")
            #expect(outcome.errorLines == ["Error: " + file.path + error], "\(mode)")
        }
    }

    /// A touchscreen whose `ABS_MT_SLOT` range is `-1 … 2147483647` (its span overflowed `Int32`)
    /// replays exactly as with its real range of ten slots, by itself and on a scene.
    @Test func anAbsurdSlotRangeReplaysAsASaneOne() throws {
        let recording = try #require(
            BundledRecording.all.first { $0.path.hasSuffix("atmel-maxtouch.1-finger-fast-taps.evemu") })
        let original = try String(contentsOf: recording.url, encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.hasPrefix("A: 2f ") } == ["A: 2f 0 9 0 0 0"])
        let absurd = lines.map { $0.hasPrefix("A: 2f ") ? "A: 2f -1 2147483647 0 0 0" : $0 }.joined(separator: "\n")
        let file = try Self.write(absurd, named: "slots.evemu")
        defer { file.remove() }
        let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json").path
        for mode in [["--json"], ["--json", "--scene", scene]] {
            let sane = try WayfinderProcess.run(["replay"] + mode + [recording.url.path])
            let outcome = try WayfinderProcess.run(["replay"] + mode + [file.path])
            #expect(outcome.exitCode == 0, "\(mode)")
            #expect(outcome.standardError == "", "\(mode)")
            #expect(outcome.outputLines == sane.outputLines, "\(mode)")
        }
    }

    /// Issue 23, case 1: a protocol A touchscreen (no slots; each contact ended by
    /// `SYN_MT_REPORT`) whose one contact jumps from (2,000,000,000, 2,000,000,000) to
    /// (−2,000,000,000, −2,000,000,000) trapped with an arithmetic overflow in `replay` and
    /// `demo`. Both now play it to the end, as the same contact at positions they can show.
    @Test func aProtocolAContactAtTheEndsOfInt32Replays() throws {
        var device = ScriptedDevice.touchscreen(name: "Protocol A Screen")
        for axis in [AbsoluteAxis.multitouchSlot, .multitouchTrackingID] {
            device.absoluteAxes[axis] = nil
            device.supportedCodes[.absolute]?.remove(axis.rawValue)
        }
        let report = SynchronizationCode.multitouchReport.rawValue
        var frames: [EventFrame] = []
        var time = Timestamp(microseconds: 0)
        for value: Int32 in [2_000_000_000, -2_000_000_000] {
            frames.append(
                EventFrame(events: [
                    InputEvent(
                        time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionX.rawValue, value: value),
                    InputEvent(
                        time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionY.rawValue, value: value),
                    InputEvent(time: time, type: .synchronization, code: report, value: 0), .report(at: time),
                ]))
            time += .milliseconds(10)
        }
        frames.append(
            EventFrame(events: [
                InputEvent(time: time, type: .synchronization, code: report, value: 0), .report(at: time),
            ]))
        let file = try Self.write("", named: "protocol-a.evemu")
        defer { file.remove() }
        try Recording(devices: [RecordedDevice(description: device, frames: frames)])
            .write(toPath: file.path, format: .evemu, replacing: true)
        let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json").path
        let source = #""device":"Protocol A Screen","deviceID":"0:0","version":2"#
        let added =
            #"{"time":0,\#(source),"type":"device","state":"added","kind":"touchscreen","bus":24,"vendor":0,"product":0,"#
            + #""productVersion":0,"physicalPath":null,"stableID":"0000:0000","clock":"replay","width":200,"height":120,"#
            + #""resolutionX":10,"resolutionY":10}"#
        let removed = #"{"time":0.02,\#(source),"type":"device","state":"removed","kind":"touchscreen"}"#
        let replay = try WayfinderProcess.run(["replay", "--json", file.path])
        #expect(replay.exitCode == 0)
        #expect(replay.standardError == "")
        // The contact's positions, as far out as the axes go, on touch lines.
        let down = #""type":"touch","phase":"down","x":1000000,"y":1666666.666667,"contact":0"#
        let move = #""type":"touch","phase":"move","x":-1000000,"y":-1666666.666667,"contact":0"#
        let up = #""type":"touch","phase":"up","x":-1000000,"y":-1666666.666667,"contact":0"#
        #expect(
            replay.outputLines == [
                added, #"{"time":0,\#(source),\#(down)}"#, #"{"time":0.01,\#(source),\#(move)}"#,
                #"{"time":0.02,\#(source),\#(up)}"#, removed,
            ])
        // On the demo scene the contact pans the grid under it, the whole way to its edge (the
        // finger moving up and left scrolls right and down).
        let demo = try WayfinderProcess.run(["demo", "--json", "--scene", scene, file.path])
        #expect(demo.exitCode == 0)
        #expect(demo.standardError == "")
        #expect(
            demo.outputLines == [
                added, #"{"time":0,\#(source),\#(down),"target":"grid"}"#,
                #"{"time":0.01,\#(source),\#(move),"target":"window"}"#,
                #"{"time":0.01,\#(source),"type":"action","item":"grid","name":"pan","phase":"began","totalDx":1024,"totalDy":768}"#,
                #"{"time":0.02,\#(source),\#(up),"target":"window"}"#,
                #"{"time":0.02,\#(source),"type":"action","item":"grid","name":"pan","phase":"ended","totalDx":1024,"totalDy":768}"#,
                removed,
            ])
    }
}
