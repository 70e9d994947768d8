import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Classification

@Suite struct XKBKeymapTests {
    private static let us = KeyboardLayout(rules: "evdev", model: "pc105", layout: "us")
    private static let keyA = KeyCode(rawValue: 30)

    @Test func keyboardsWithTheSameLayoutShareOneKeymap() throws {
        let first = try #require(XKBKeymap.shared(for: Self.us))
        let second = try #require(XKBKeymap.shared(for: Self.us))
        #expect(first === second)
        let german = try #require(XKBKeymap.shared(for: KeyboardLayout(rules: "evdev", model: "pc105", layout: "de")))
        #expect(german !== first)
    }

    @Test func keyboardsSharingAKeymapKeepTheirOwnModifiers() throws {
        let options = DeviceSettings(keyboardLayout: Self.us)
        var shifted = try DeviceTranslator(device: ScriptedDevice.keyboard(), settings: options)
        var plain = try DeviceTranslator(device: ScriptedDevice.keyboard(), settings: options)
        var script = InputScript(device: ScriptedDevice.keyboard())
        script.key(.leftShift, 1)
        script.key(Self.keyA, 1)
        var output: [ClassifiedInput] = []
        shifted.process(script.frames[0], at: script.frames[0].time, into: &output)
        plain.process(script.frames[1], at: script.frames[1].time, into: &output)
        shifted.process(script.frames[1], at: script.frames[1].time, into: &output)
        #expect(summaries(output) == ["key 42 down shift", "key 30 down \"a\"", "key 30 down shift \"A\""])
    }

    @Test func aLayoutThatDoesNotCompileIsRememberedAsSuch() {
        let missing = KeyboardLayout(rules: "evdev", model: "pc105", layout: "no-such-layout")
        #expect(XKBKeymap.shared(for: missing) == nil)
        #expect(XKBKeymap.shared(for: missing) == nil)
    }
}
