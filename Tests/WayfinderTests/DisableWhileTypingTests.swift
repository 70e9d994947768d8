import Classification
import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Wayfinder

/// Disable-while-typing through the runtime: a built-in keyboard's keys reach the touchpad's
/// classifier, which ignores the touches that land while it is typed on.
@Suite struct DisableWhileTypingTests {
    /// A laptop's built-in keyboard: on the PS/2 bus, which pairs with the built-in touchpad.
    private static let builtInKeyboard: DeviceDescription = {
        var keyboard = ScriptedDevice.keyboard(name: "AT Translated Set 2 keyboard")
        keyboard.identity.busType = 0x11
        return keyboard
    }()

    private static let start = Timestamp(microseconds: 1_000_000)

    /// Both devices report an empty frame at the start (so both are there from then on); the
    /// keyboard presses `code` at the start and releases it 50 ms later; the pad is tapped from
    /// `tapAt` to 50 ms later. Each reports once more later, so that it stays.
    private func replay(
        key code: KeyCode, keyboard: DeviceDescription = builtInKeyboard, tapAt tap: Duration,
        settings: DeviceSettings = DeviceSettings(tapToClick: true)
    ) throws -> [String] {
        var keys = InputScript(device: keyboard, start: Self.start)
        keys.key(code, 1)
        keys.wait(.milliseconds(50))
        keys.key(code, 0)
        keys.wait(.milliseconds(1200))
        keys.sync()
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
        // The pad first: at the same time, sources are added in order, so it is there for the key.
        let replay = Replay(sources: [
            ReplaySource(description: pad.device, frames: pad.frames, recording: 0),
            ReplaySource(description: keyboard, frames: keys.frames, recording: 1),
        ])
        try replay.run(through: runtime)
        return lines
    }

    @Test func aTapWhileTypingIsIgnored() throws {
        #expect(
            try replay(key: KeyCode(rawValue: 30), tapAt: .milliseconds(100)) == [
                "  0.000000  Scripted Touchpad  device added (clickpad)",
                "  0.000000  AT Translated Set 2 keyboard  device added (keyboard)",
                "  0.000000  AT Translated Set 2 keyboard  key KEY_A down \"a\"",
                "  0.050000  AT Translated Set 2 keyboard  key KEY_A up",
                "  0.100000  Scripted Touchpad  why: touch ignored while typing (key 100 ms ago)",
                "  1.150000  Scripted Touchpad  device removed (clickpad)",
                "  1.250000  AT Translated Set 2 keyboard  device removed (keyboard)",
            ])
    }

    /// The first key disables the pad for 200 ms: a tap landing 250 ms after it clicks.
    @Test func aTapAfterTheTimeoutClicks() throws {
        #expect(
            try replay(key: KeyCode(rawValue: 30), tapAt: .milliseconds(250)) == [
                "  0.000000  Scripted Touchpad  device added (clickpad)",
                "  0.000000  AT Translated Set 2 keyboard  device added (keyboard)",
                "  0.000000  AT Translated Set 2 keyboard  key KEY_A down \"a\"",
                "  0.050000  AT Translated Set 2 keyboard  key KEY_A up",
                "  0.300000  Scripted Touchpad  why: tap holds primary down for 180 ms: touch again to drag",
                "  0.300000  Scripted Touchpad  tap 1 finger (indirectPointer)",
                "  0.300000  Scripted Touchpad  button primary down by tap",
                "  0.480000  Scripted Touchpad  button primary up by tap",
                "  1.250000  AT Translated Set 2 keyboard  device removed (keyboard)",
                "  1.300000  Scripted Touchpad  device removed (clickpad)",
            ])
    }

    @Test func modifiersDoNotDisableThePad() throws {
        #expect(
            try replay(key: .leftShift, tapAt: .milliseconds(100)) == [
                "  0.000000  Scripted Touchpad  device added (clickpad)",
                "  0.000000  AT Translated Set 2 keyboard  device added (keyboard)",
                "  0.000000  AT Translated Set 2 keyboard  key KEY_LEFTSHIFT down [shift]",
                "  0.050000  AT Translated Set 2 keyboard  key KEY_LEFTSHIFT up",
                "  0.150000  Scripted Touchpad  why: tap holds primary down for 180 ms: touch again to drag",
                "  0.150000  Scripted Touchpad  tap 1 finger (indirectPointer)",
                "  0.150000  Scripted Touchpad  button primary down by tap",
                "  0.330000  Scripted Touchpad  button primary up by tap",
                "  1.150000  Scripted Touchpad  device removed (clickpad)",
                "  1.250000  AT Translated Set 2 keyboard  device removed (keyboard)",
            ])
    }

    /// A touch that lands while typing is ignored; when typing ends it counts (it landed after the
    /// last key), but its lift is no tap.
    @Test func aTouchThatLandedWhileTypingNeverTaps() throws {
        var keys = InputScript(device: Self.builtInKeyboard, start: Self.start)
        keys.key(KeyCode(rawValue: 30), 1)
        keys.wait(.milliseconds(50))
        keys.key(KeyCode(rawValue: 30), 0)
        keys.wait(.seconds(1))
        keys.sync()
        var pad = InputScript(device: ScriptedDevice.touchpad(), start: Self.start)
        pad.sync()
        pad.wait(.milliseconds(100))
        pad.put(finger: 0, atPercent: 50, 50)
        pad.sync()
        pad.wait(.milliseconds(200))
        pad.lift(fingers: [0])
        let runtime = try Runtime(settings: DeviceSettings(tapToClick: true))
        var lines: [String] = []
        runtime.onEvent = { event in if let line = event.textLine(origin: Self.start) { lines.append(line) } }
        runtime.onDecision = { lines.append($0.textLine(origin: Self.start)) }
        try Replay(sources: [
            ReplaySource(description: pad.device, frames: pad.frames, recording: 0),
            ReplaySource(description: Self.builtInKeyboard, frames: keys.frames, recording: 1),
        ]).run(through: runtime)
        #expect(
            lines == [
                "  0.000000  Scripted Touchpad  device added (clickpad)",
                "  0.000000  AT Translated Set 2 keyboard  device added (keyboard)",
                "  0.000000  AT Translated Set 2 keyboard  key KEY_A down \"a\"",
                "  0.050000  AT Translated Set 2 keyboard  key KEY_A up",
                "  0.100000  Scripted Touchpad  why: touch ignored while typing (key 100 ms ago)",
                "  0.300000  Scripted Touchpad  why: 1-finger tap ignored while typing (key 300 ms ago)",
                "  0.300000  Scripted Touchpad  device removed (clickpad)",
                "  1.050000  AT Translated Set 2 keyboard  device removed (keyboard)",
            ])
    }

    /// An external USB keyboard does not pair with a built-in touchpad (libinput's rule), and the
    /// setting turned off pairs none.
    @Test func externalKeyboardsAndTheSettingOffLeaveThePadAlone() throws {
        let external = try replay(
            key: KeyCode(rawValue: 30), keyboard: ScriptedDevice.keyboard(), tapAt: .milliseconds(100))
        let off = try replay(
            key: KeyCode(rawValue: 30), tapAt: .milliseconds(100),
            settings: DeviceSettings(tapToClick: true, disableWhileTyping: false))
        for (lines, keyboard) in [(external, "Scripted Keyboard"), (off, "AT Translated Set 2 keyboard")] {
            #expect(
                lines == [
                    "  0.000000  Scripted Touchpad  device added (clickpad)",
                    "  0.000000  \(keyboard)  device added (keyboard)", "  0.000000  \(keyboard)  key KEY_A down \"a\"",
                    "  0.050000  \(keyboard)  key KEY_A up",
                    "  0.150000  Scripted Touchpad  why: tap holds primary down for 180 ms: touch again to drag",
                    "  0.150000  Scripted Touchpad  tap 1 finger (indirectPointer)",
                    "  0.150000  Scripted Touchpad  button primary down by tap",
                    "  0.330000  Scripted Touchpad  button primary up by tap",
                    "  1.150000  Scripted Touchpad  device removed (clickpad)",
                    "  1.250000  \(keyboard)  device removed (keyboard)",
                ])
        }
    }
}
