import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@testable import wayfinder

/// What `wayfinder record` writes, fed with the frames of a real keyboard recording moved to
/// kernel-like times.
@Suite struct RecordingOutputTests {
    /// A bundled keyboard session as if it had just been captured live, 5000 s after boot.
    static func capturedKeyboard() throws -> (RecordedDevice, RecordCommand.CapturedDevice) {
        let recording = try Recording.load(
            contentsOf: Fixtures.recording("keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard.evemu")
        )
        let device = try #require(recording.devices.first)
        let shifted = device.frames.map { frame in
            EventFrame(
                events: frame.events.map { event in
                    var event = event
                    event.time = event.time + .seconds(5000)
                    return event
                }
            )
        }
        return (
            device,
            RecordCommand.CapturedDevice(path: "/dev/input/event3", description: device.description, frames: shifted)
        )
    }

    static func record(_ arguments: [String], _ captured: RecordCommand.CapturedDevice) throws -> Recording {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let command = RecordCommand(
            parsing: try ParsedArguments(
                ["-o", url.path] + arguments + ["/dev/input/event3"], table: RecordCommand.self))
        try command.validate()
        try command.write([captured])
        return try Recording.load(contentsOf: url)
    }

    @Test(arguments: ["evemu", "libinput"])
    func keysAreObfuscatedByDefault(format: String) throws {
        let (original, captured) = try Self.capturedKeyboard()
        let written = try Self.record(["--format", format], captured)
        let device = try #require(written.devices.first)
        #expect(device.frames.count == original.frames.count)
        #expect(device.frames.first?.events.first?.time == .zero, "times start at the first event")
        let writtenKeys = device.frames.flatMap(\.events).compactMap(\.keyCode)
        let originalKeys = original.frames.flatMap(\.events).compactMap(\.keyCode)
        #expect(writtenKeys.count == originalKeys.count)
        #expect(originalKeys.contains { Obfuscation.hides($0) }, "the session types text")
        #expect(!writtenKeys.contains { Obfuscation.hides($0) && $0 != Obfuscation.replacementKey })
        for (written, original) in zip(writtenKeys, originalKeys) where !Obfuscation.hides(original) {
            #expect(written == original, "keys outside the hidden ranges stay")
        }
    }

    @Test(arguments: ["evemu", "libinput"])
    func showKeycodesKeepsEveryEvent(format: String) throws {
        let (original, captured) = try Self.capturedKeyboard()
        let written = try Self.record(["--format", format, "--show-keycodes"], captured)
        let device = try #require(written.devices.first)
        #expect(device.frames == original.frames, "the same frames, back at the original times")
        #expect(device.description.name == original.description.name)
    }

    /// The session goes through spill files (memory stays flat however long it runs), yet the
    /// file is exactly what the in-memory writer makes of the same devices: two devices whose
    /// events interleave, the second's first event earlier than the first's, keys obfuscated.
    @Test(arguments: [RecordingFormat.libinputRecord, .evemu])
    func spooledSessionEqualsTheInMemoryWriter(format: RecordingFormat) throws {
        let (_, keyboard) = try Self.capturedKeyboard()
        let mouse = try Recording.load(
            contentsOf: Fixtures.recording("mouse/evemu-devices_saitek-rat5.events"),
            descriptionURL: Fixtures.recording("mouse/evemu-devices_saitek-rat5.desc"))
        let mouseDevice = try #require(mouse.devices.first)
        let start = try #require(keyboard.frames.first?.events.first?.time) - .milliseconds(5)
        let mouseFrames = mouseDevice.frames.prefix(40).map { frame in
            EventFrame(
                events: frame.events.map { event in
                    var event = event
                    event.time = Timestamp(
                        microseconds: event.time.microseconds - mouseDevice.frames[0].events[0].time.microseconds
                            + start.microseconds)
                    return event
                })
        }
        let captured =
            format == .evemu
            ? [keyboard]
            : [
                keyboard,
                RecordCommand.CapturedDevice(
                    path: "/dev/input/event4", description: mouseDevice.description, frames: Array(mouseFrames)),
            ]
        let origin = captured.compactMap { $0.frames.first?.events.first?.time }.min() ?? .zero
        let expected = Recording(
            devices: captured.map { device in
                RecordedDevice(
                    description: device.description,
                    frames: device.frames.map { frame in
                        EventFrame(
                            events: frame.events.map { event in
                                var event = event
                                event.time = Timestamp(microseconds: event.time.microseconds - origin.microseconds)
                                return event
                            })
                    },
                    node: device.path)
            }
        ).obfuscatingKeys()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let command = RecordCommand(
            parsing: try ParsedArguments(
                ["-o", url.path, "--format", format == .evemu ? "evemu" : "libinput", "/dev/input/event3"],
                table: RecordCommand.self))
        try command.write(captured)
        let written = try String(contentsOf: url, encoding: .utf8)
        #expect(written == (format == .evemu ? expected.evemuText() : expected.libinputRecordText()))
    }
}
