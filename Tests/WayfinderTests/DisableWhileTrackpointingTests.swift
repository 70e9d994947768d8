import Classification
import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Wayfinder

/// Disable-while-trackpointing through the runtime: a built-in pointing stick's motion reaches
/// the built-in touchpad's classifier, which ignores the touches that land while the stick moves
/// (libinput's rule: from the stick's third event within 40 ms of the one before, until 300 ms
/// after its last).
@Suite struct DisableWhileTrackpointingTests {
    /// A laptop's pointing stick: on the PS/2 bus, with `INPUT_PROP_POINTING_STICK`.
    private static let stick: DeviceDescription = {
        var stick = ScriptedDevice.mouse(name: "TPPS/2 Elan TrackPoint")
        stick.identity.busType = 0x11
        stick.properties.insert(.pointingStick)
        return stick
    }()

    private static let start = Timestamp(microseconds: 1_000_000)

    /// The stick moves `events` times 10 ms apart from the start; the pad is tapped from `tapAt`
    /// to 50 ms later. Each reports once more a second later, so that it stays.
    private func replay(
        stickEvents events: Int, tapAt tap: Duration, settings: DeviceSettings = DeviceSettings(tapToClick: true)
    ) throws -> [String] {
        var stick = InputScript(device: Self.stick, start: Self.start)
        for _ in 0..<events {
            stick.move(dx: 1, dy: 0)
            stick.wait(.milliseconds(10))
        }
        stick.wait(.milliseconds(1200))
        stick.sync()
        var pad = InputScript(device: ScriptedDevice.touchpad(), start: Self.start)
        pad.sync()
        pad.wait(tap)
        pad.put(finger: 0, atPercent: 50, 50)
        pad.sync()
        pad.wait(.milliseconds(50))
        pad.lift(fingers: [0])
        pad.wait(.seconds(1))
        pad.sync()
        let runtime = try Runtime(settings: settings)
        var lines: [String] = []
        runtime.onEvent = { event in if let line = event.textLine(origin: Self.start) { lines.append(line) } }
        runtime.onDecision = { lines.append($0.textLine(origin: Self.start)) }
        let replay = Replay(sources: [
            ReplaySource(description: pad.device, frames: pad.frames, recording: 0),
            ReplaySource(description: Self.stick, frames: stick.frames, recording: 1),
        ])
        try replay.run(through: runtime)
        return lines.filter { !$0.contains("TrackPoint  device") }
    }

    /// Three stick events (0, 10, 20 ms): a touch landing at 100 ms is ignored.
    @Test func aTapWhileTheStickMovesIsIgnored() throws {
        #expect(
            try replay(stickEvents: 3, tapAt: .milliseconds(100)) == [
                "  0.000000  Scripted Touchpad  device added (clickpad)",
                "  0.100000  Scripted Touchpad  why: touch ignored while the pointing stick moves "
                    + "(stick event 80 ms ago)",
                "  1.150000  Scripted Touchpad  device removed (clickpad)",
            ])
    }

    /// 300 ms after the stick's last event (20 ms) the pad counts again: a tap at 330 ms clicks.
    @Test func aTapAfterTheTimeoutClicks() throws {
        #expect(
            try replay(stickEvents: 3, tapAt: .milliseconds(330)) == [
                "  0.000000  Scripted Touchpad  device added (clickpad)",
                "  0.380000  Scripted Touchpad  why: tap holds primary down for 180 ms: touch again to drag",
                "  0.380000  Scripted Touchpad  tap 1 finger (indirectPointer)",
                "  0.380000  Scripted Touchpad  button primary down by tap",
                "  0.560000  Scripted Touchpad  button primary up by tap",
                "  1.380000  Scripted Touchpad  device removed (clickpad)",
            ])
    }

    /// Two events are a brush, not trackpointing; with the setting off, nothing disables the pad.
    @Test(arguments: [
        (2, DeviceSettings(tapToClick: true)),
        (3, DeviceSettings(tapToClick: true, disableWhileTrackpointing: false)),
    ])
    func aBrushOrTheSettingOffLeavesThePadAlone(events: Int, settings: DeviceSettings) throws {
        #expect(
            try replay(stickEvents: events, tapAt: .milliseconds(100), settings: settings) == [
                "  0.000000  Scripted Touchpad  device added (clickpad)",
                "  0.150000  Scripted Touchpad  why: tap holds primary down for 180 ms: touch again to drag",
                "  0.150000  Scripted Touchpad  tap 1 finger (indirectPointer)",
                "  0.150000  Scripted Touchpad  button primary down by tap",
                "  0.330000  Scripted Touchpad  button primary up by tap",
                "  1.150000  Scripted Touchpad  device removed (clickpad)",
            ])
    }
}
