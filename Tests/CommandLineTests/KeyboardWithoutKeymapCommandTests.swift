import Foundation
import Testing
import WayfinderTestSupport

/// The commands on a system without xkb data (xkbcommon pointed at an empty directory): one
/// warning, keys by code, and focus that moves as with a keymap.
@Suite struct KeyboardWithoutKeymapCommandTests {
    /// Runs wayfinder with `XKB_CONFIG_ROOT` pointing at an empty directory.
    private static func runWithoutKeymapData(_ arguments: [String]) throws -> ProcessOutcome {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("wayfinder-no-xkb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try WayfinderProcess.run(arguments, environment: ["XKB_CONFIG_ROOT": directory.path])
    }

    private static let warning =
        "Warning: xkbcommon cannot compile any keymap (rules/model/layout/variant/options "
        + "default/default/default/default/default): no keymap data in XKB_CONFIG_ROOT or /usr/share/X11/xkb; "
        + "keys are reported by code, without keysyms or text"

    /// A line of the JSON stream without what only a keymap gives (`keysym` and `text` are the
    /// last fields of a key line, and their values are quoted strings without quotes inside in
    /// this recording).
    private static func withoutKeymapFields(_ line: String) -> String {
        line.replacing(#/,"(keysym|text)":"[^"]*"/#, with: "")
    }

    @Test func twoKeyboardsWarnOnceAndKeepTheirKeys() throws {
        let keyboard = try #require(BundledRecording.all.first { $0.path.hasSuffix("logitech-k400-plus.evemu") })
        let arguments = ["replay", "--json", keyboard.url.path, keyboard.url.path]
        let withKeymap = try WayfinderProcess.run(arguments)
        let without = try Self.runWithoutKeymapData(arguments)
        #expect(without.exitCode == 0)
        #expect(without.standardError == Self.warning + "\n")
        #expect(withKeymap.standardError == "")
        #expect(
            without.outputLines.map(Self.withoutKeymapFields)
                == withKeymap.outputLines.map(Self.withoutKeymapFields))
        #expect(without.outputLines.filter { $0.contains(#""keysym""#) || $0.contains(#""text""#) } == [])
        // What is compared is not trivial: with a keymap, each of the two keyboards' seven key
        // events (Ctrl held and repeated, C) has a keysym.
        #expect(withKeymap.outputLines.filter { $0.contains(#""keysym""#) }.count == 2 * 7)
    }

    /// Found by the hardware suite's `live-no-xkb`: on a scene, every letter pressed added a
    /// warning that it names no key the focus engine knows, although the one warning already
    /// says that keys come by code. The K400 recording holds Ctrl and C.
    @Test func aSceneAddsNoWarningPerKey() throws {
        let keyboard = try #require(BundledRecording.all.first { $0.path.hasSuffix("logitech-k400-plus.evemu") })
        let scene = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json")
        let onScene = try Self.runWithoutKeymapData(["replay", "--json", "--scene", scene.path, keyboard.url.path])
        let alone = try Self.runWithoutKeymapData(["replay", "--json", keyboard.url.path])
        #expect(onScene.exitCode == 0)
        #expect(onScene.standardError == Self.warning + "\n")
        // The keys are reported all the same, by code.
        func keys(_ outcome: ProcessOutcome) -> [String] {
            outcome.outputLines.filter { $0.contains(#""type":"key""#) }
        }
        #expect(keys(onScene) == keys(alone))
        let transitions = keys(alone).map { line in
            line.firstMatch(of: #/"key":"(\w+)","state":"(\w+)"/#).map { "\($0.1) \($0.2)" } ?? line
        }
        #expect(
            transitions == [
                "KEY_LEFTCTRL down", "KEY_LEFTCTRL repeat", "KEY_LEFTCTRL repeat", "KEY_LEFTCTRL repeat",
                "KEY_C down", "KEY_LEFTCTRL up", "KEY_C up",
            ])
    }

    @Test func focusMovesAsWithAKeymap() throws {
        let withKeymap = try WayfinderProcess.run(["demo", "--json"])
        let without = try Self.runWithoutKeymapData(["demo", "--json"])
        #expect(without.exitCode == 0)
        #expect(without.standardError == Self.warning + "\n")
        func notKeys(_ outcome: ProcessOutcome) -> [String] {
            outcome.outputLines.filter { !$0.contains(#""type":"key""#) }
        }
        #expect(notKeys(without) == notKeys(withKeymap))
        #expect(notKeys(without).filter { $0.contains(#""type":"focus""#) }.count == 9)
    }
}
