import Classification
import EventModel
import InputEvents
import Testing
import WayfinderTestSupport

@Suite struct KeyboardTranslatorTests {
    private static let keyA = KeyCode(rawValue: 30)
    private static let keyC = KeyCode(rawValue: 46)
    private static let keyY = KeyCode(rawValue: 21)
    private static let keyZ = KeyCode(rawValue: 44)

    private func us() -> DeviceSettings {
        DeviceSettings(keyboardLayout: KeyboardLayout(rules: "evdev", model: "pc105", layout: "us"))
    }

    @Test func keysGiveTextAndModifiers() throws {
        var script = InputScript(device: ScriptedDevice.keyboard())
        script.key(Self.keyA, 1)
        script.key(Self.keyA, 0)
        script.key(.leftShift, 1)
        script.key(Self.keyA, 1)
        script.key(Self.keyA, 0)
        script.key(.leftShift, 0)
        let output = try classify(script.device, script.frames, options: us())
        #expect(
            summaries(output) == [
                "key 30 down \"a\"", "key 30 up", "key 42 down shift", "key 30 down shift \"A\"", "key 30 up shift",
                "key 42 up",
            ]
        )
        #expect(output.map { keysymName($0) } == ["a", "a", "Shift_L", "A", "A", "Shift_L"])
    }

    @Test func aKeyMeansWhatTheCurrentModifiersMakeIt() throws {
        var script = InputScript(device: ScriptedDevice.keyboard())
        for _ in 0..<2 {
            script.key(Self.keyA, 1)
            script.key(Self.keyA, 0)
            script.key(.leftShift, 1)
            script.key(Self.keyA, 1)
            script.key(Self.keyA, 2)
            script.key(Self.keyA, 0)
            script.key(.leftShift, 0)
            script.key(.capsLock, 1)
            script.key(.capsLock, 0)
            script.key(Self.keyA, 1)
            script.key(Self.keyA, 0)
            script.key(.capsLock, 1)
            script.key(.capsLock, 0)
        }
        let output = try classify(script.device, script.frames, options: us())
        let once = [
            "key 30 down \"a\"", "key 30 up", "key 42 down shift", "key 30 down shift \"A\"",
            "key 30 repeat shift \"A\"", "key 30 up shift", "key 42 up", "key 58 down", "key 58 up",
            "key 30 down \"A\"", "key 30 up", "key 58 down", "key 58 up",
        ]
        #expect(summaries(output) == once + once)
        #expect(
            output.map { keysymName($0) }
                == Array(
                    repeating: [
                        "a", "a", "Shift_L", "A", "A", "A", "Shift_L", "Caps_Lock", "Caps_Lock", "A", "A",
                        "Caps_Lock", "Caps_Lock",
                    ], count: 2
                ).flatMap { $0 })
    }

    @Test func capsLockLocksUppercase() throws {
        var script = InputScript(device: ScriptedDevice.keyboard())
        script.key(.capsLock, 1)
        script.key(.capsLock, 0)
        script.key(Self.keyA, 1)
        script.key(Self.keyA, 0)
        let output = try classify(script.device, script.frames, options: us())
        #expect(summaries(output) == ["key 58 down", "key 58 up", "key 30 down \"A\"", "key 30 up"])
        guard case .key(_, _, let modifiers, _, _) = output[2].event else {
            Issue.record("expected a key")
            return
        }
        #expect(modifiers.contains(.capsLock))
    }

    @Test func germanLayoutSwapsYAndZ() throws {
        var script = InputScript(device: ScriptedDevice.keyboard())
        script.key(Self.keyY, 1)
        script.key(Self.keyY, 0)
        script.key(Self.keyZ, 1)
        script.key(Self.keyZ, 0)
        let options = DeviceSettings(keyboardLayout: KeyboardLayout(rules: "evdev", model: "pc105", layout: "de"))
        let output = try classify(script.device, script.frames, options: options)
        #expect(summaries(output) == ["key 21 down \"z\"", "key 21 up", "key 44 down \"y\"", "key 44 up"])
        #expect(output.map { keysymName($0) } == ["z", "z", "y", "y"])
    }

    @Test func repeatAndControlChordHaveModifiersAndNoControlText() throws {
        var script = InputScript(device: ScriptedDevice.keyboard())
        script.key(.leftControl, 1)
        script.wait(.milliseconds(250))
        script.key(.leftControl, 2)
        script.key(Self.keyC, 1)
        script.key(Self.keyC, 0)
        script.key(.leftControl, 0)
        let output = try classify(script.device, script.frames, options: us())
        #expect(
            summaries(output) == [
                "key 29 down ctrl", "key 29 repeat ctrl", "key 46 down ctrl", "key 46 up ctrl", "key 29 up",
            ]
        )
    }

    @Test func releaseWithoutPressIsIgnoredAndRemovalReleasesHeldKeys() throws {
        var script = InputScript(device: ScriptedDevice.keyboard())
        script.key(.enter, 0)
        script.key(.enter, 2)
        script.key(.leftShift, 1)
        script.key(Self.keyA, 1)
        let removal = script.now + .milliseconds(100)
        let output = try classify(script.device, script.frames, options: us(), removeAt: removal)
        #expect(
            summaries(output) == [
                "key 42 down shift", "key 30 down shift \"A\"", "key 30 up shift", "key 42 up",
            ]
        )
        #expect(output[2].time == removal)
    }

    @Test func unknownLayoutIsATypedError() {
        let options = DeviceSettings(keyboardLayout: KeyboardLayout(rules: "no-such-rules-file", layout: "xx"))
        #expect(throws: ClassificationError.self) {
            _ = try DeviceTranslator(device: ScriptedDevice.keyboard(), settings: options)
        }
    }
}

/// The keysym name of a classified key, or nil.
private func keysymName(_ input: ClassifiedInput) -> String? {
    guard case .key(_, _, _, let keysym, _) = input.event else { return nil }
    return keysym?.name
}
