import EventModel
import Foundation
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Classification

/// Keyboards on a system without keymap data: xkbcommon is pointed at an empty directory.
@Suite struct KeyboardWithoutKeymapTests {
    private static let keyA = KeyCode(rawValue: 30)
    private static let keyC = KeyCode(rawValue: 46)

    /// An empty directory for xkbcommon's data, removed when `body` returns.
    private func withEmptyDataDirectory<R>(_ body: ([String]) throws -> R) throws -> R {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wayfinder-empty-xkb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body([directory.path])
    }

    @Test func keysAreReportedByCodeWithModifiersFromTheModifierKeys() throws {
        var script = InputScript(device: ScriptedDevice.keyboard())
        script.key(.tab, 1)
        script.key(.tab, 0)
        script.key(.leftShift, 1)
        script.key(.tab, 1)
        script.key(.tab, 2)
        script.key(.tab, 0)
        script.key(.rightControl, 1)
        script.key(.leftShift, 0)
        script.key(Self.keyC, 1)
        script.key(Self.keyC, 0)
        script.key(.rightControl, 0)
        script.key(.leftAlt, 1)
        script.key(.rightMeta, 1)
        script.key(.down, 1)
        let removal = script.now + .milliseconds(10)
        let (output, diagnostic) = try withEmptyDataDirectory { paths in
            var translator = try DeviceTranslator(
                device: script.device, kind: nil, settings: DeviceSettings(), thresholds: .default,
                xkbIncludePaths: paths)
            var output: [ClassifiedInput] = []
            for frame in script.frames { translator.process(frame, at: frame.time, into: &output) }
            translator.removeDevice(at: removal, into: &output)
            return (output, translator.diagnostic)
        }
        #expect(diagnostic == .noKeymap(KeyboardLayout()))
        #expect(
            summaries(output) == [
                "key 15 down", "key 15 up", "key 42 down shift", "key 15 down shift", "key 15 repeat shift",
                "key 15 up shift", "key 97 down shift+ctrl", "key 42 up ctrl", "key 46 down ctrl", "key 46 up ctrl",
                "key 97 up", "key 56 down alt", "key 126 down alt+meta", "key 108 down alt+meta",
                // Removal releases what is held, in code order.
                "key 56 up meta", "key 108 up meta", "key 126 up",
            ]
        )
        for input in output {
            guard case .key(_, _, _, let keysym, let text) = input.event else {
                Issue.record("expected only keys")
                continue
            }
            #expect(keysym == nil && text == nil)
        }
    }

    @Test func validationReportsNoKeymapDataWithoutFailing() throws {
        let results = try withEmptyDataDirectory { paths in
            try [KeyboardLayout(), KeyboardLayout(layout: "de")].map { try $0.validate(includePaths: paths) }
        }
        #expect(results == [.noKeymap(KeyboardLayout()), .noKeymap(KeyboardLayout(layout: "de"))])
    }

    @Test func aLayoutThatDoesNotExistIsStillAnErrorWhereKeymapsCompile() {
        let layout = KeyboardLayout(rules: "evdev", model: "pc105", layout: "no-such-layout")
        #expect(throws: ClassificationError.layoutUnavailable(layout)) { try layout.validate() }
        #expect(throws: ClassificationError.keymapUnavailable(device: "Scripted Keyboard", layout: layout)) {
            _ = try DeviceTranslator(
                device: ScriptedDevice.keyboard(), settings: DeviceSettings(keyboardLayout: layout))
        }
    }

    @Test func keyboardsWithAKeymapHaveNoDiagnostic() throws {
        let translator = try DeviceTranslator(device: ScriptedDevice.keyboard())
        #expect(translator.diagnostic == nil)
    }
}
