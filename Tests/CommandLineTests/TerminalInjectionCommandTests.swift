import Foundation
import Testing
import WayfinderTestSupport

/// Issue 23, case 3: names from recordings and scenes (a device's `N:` line, scene ids, labels,
/// action names) reached the terminal raw, so a file could set the terminal's title (OSC 0), clear
/// it (CSI 2J) or write the clipboard (OSC 52). Every command that shows them now shows them
/// escaped: no control character but line feed and tab reaches standard output or standard error.
@Suite struct TerminalInjectionCommandTests {
    /// OSC 0 (title), CSI 2J (clear), OSC 52 (clipboard), a C1 CSI and DEL.
    static let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}]52;c;b3duZWQ=\u{07}\u{9B}2J\u{7F}"
    /// The same as every command shows it.
    static let escaped = #"\u{1B}]0;owned\u{07}\u{1B}[2J\u{1B}]52;c;b3duZWQ=\u{07}\u{9B}2J\u{7F}"#

    /// The same in a JSON string.
    static var hostileJSON: String {
        hostile.unicodeScalars.map {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? String(format: "\\u%04x", $0.value) : String($0)
        }
        .joined()
    }

    /// A directory with a keyboard recording whose device is named with the hostile text, and a
    /// scene whose ids, labels and action names hold it.
    struct Files {
        let directory: URL
        var recording: String { directory.appendingPathComponent("keyboard.evemu").path }
        var scene: String { directory.appendingPathComponent("hostile.scene.json").path }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            // The accessibility keyboard's Tab, Tab, Tab, Down, Down … without its 120 s pause.
            let keyboard = try String(
                contentsOf: Fixtures.testFixture("recordings/accessibility-keyboard.evemu"), encoding: .utf8)
            let lines = keyboard.split(separator: "\n").filter { !$0.hasPrefix("E: 120.") }.map {
                $0.hasPrefix("N: ") ? "N: Keyboard " + TerminalInjectionCommandTests.hostile : String($0)
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: recording))
            let name = TerminalInjectionCommandTests.hostileJSON
            let scene = """
                {"size": [400, 300], "root": {"id": "window \(name)", "frame": [0, 0, 400, 300], "children": [
                  {"id": "first \(name)", "role": "button", "frame": [10, 10, 180, 40], "focusable": true,
                   "label": "First \(name)", "actions": [{"name": "act \(name)", "key": "Ctrl+O"}],
                   "interactions": [{"kind": "contextMenu", "actions": ["menu \(name)"]}]},
                  {"id": "second \(name)", "role": "button", "frame": [10, 60, 180, 40], "focusable": true,
                   "label": "Second \(name)", "focusGroup": "group \(name)"}
                ]}}
                """
            try Data(scene.utf8).write(to: URL(fileURLWithPath: self.scene))
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    /// The control characters in text, as code points, other than line feed and tab.
    static func controls(in text: String) -> [UInt32] {
        text.unicodeScalars.map(\.value).filter {
            ($0 < 0x20 && $0 != 0x0A && $0 != 0x09) || (0x7F...0x9F).contains($0)
        }
    }

    @Test func noCommandWritesAControlCharacterFromAFile() throws {
        let files = try Files()
        defer { files.remove() }
        let firstID = "first " + Self.hostile
        let runs: [[String]] = [
            ["replay", files.recording],
            ["replay", "--raw", files.recording],
            ["replay", "--why", files.recording],
            ["replay", "--scene", files.scene, files.recording],
            ["replay", "--scene", files.scene, "--why", files.recording],
            ["replay", "--device", "nope", files.recording],
            ["navigate", "--scene", files.scene, "--keys", "Tab Tab Down Return"],
            ["navigate", "--scene", files.scene, "--debug", "groups"],
            ["navigate", "--scene", files.scene, "--debug", "loop"],
            ["navigate", "--scene", files.scene, "--focus", firstID, "--debug", "status"],
            ["navigate", "--scene", files.scene, "--focus", "nope " + Self.hostile, "--keys", "Tab"],
            ["navigate", "--scene", files.scene, "--fka", "--keys", "Tab Tab+Z Ctrl+O"],
            ["demo", "--plain", "--scene", files.scene, files.recording],
        ]
        for arguments in runs {
            let outcome = try WayfinderProcess.run(arguments)
            #expect(Self.controls(in: outcome.standardOutput) == [], "\(arguments): \(outcome.standardOutput)")
            #expect(Self.controls(in: outcome.standardError) == [], "\(arguments): \(outcome.standardError)")
            // The names are there, escaped.
            #expect(
                (outcome.standardOutput + outcome.standardError).contains(Self.escaped),
                "\(arguments): \(outcome.standardOutput) \(outcome.standardError)")
        }
    }

    /// `convert` to evemu names the keys it drops (issue 23, case 5): a key named with the hostile
    /// text (YAML's double-quoted escapes are JSON's) is named escaped, exactly.
    @Test func convertNamesADroppedKeyEscaped() throws {
        let files = try Files()
        defer { files.remove() }
        let input = files.directory.appendingPathComponent("hostile.yml")
        let text = """
            version: 1
            ndevices: 1
            "\(Self.hostileJSON)": 1
            devices:
            - evdev:
                name: "A"
                id: [3, 1, 2, 3]
                codes: {0: [0]}
              events: []

            """
        try Data(text.utf8).write(to: input)
        let output = files.directory.appendingPathComponent("hostile.evemu")
        let outcome = try WayfinderProcess.run(["convert", input.path, output.path])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == [
                "Warning: \(input.path): evemu has no place for \(Self.escaped); they are not written"
            ])
    }

    /// The device list after an unknown `--device`, exactly.
    @Test func theDeviceListNamesTheDeviceEscaped() throws {
        let files = try Files()
        defer { files.remove() }
        let outcome = try WayfinderProcess.run(["replay", "--device", "nope", files.recording])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(
            outcome.errorLines == [
                "Error: no device of the recordings matches --device 'nope'; they hold 'Keyboard \(Self.escaped)' (0:0)"
            ])
    }

    /// `explore` on a terminal: what it draws holds no OSC, BEL, C1 or DEL, and clears the screen
    /// only once, when it starts.
    /// A recording written to standard output is data in a pipe, kept byte for byte, but text
    /// shown on a terminal: there its device name's control characters are escaped, so
    /// `convert … -` and `record` without `-o` cannot set the title or write the clipboard.
    /// The `N:` lines of an evemu text, as code points (control characters compared one by one).
    static func nameLines(_ text: String) -> [[Unicode.Scalar]] {
        text.unicodeScalars.split(separator: "\n").map(Array.init).filter { $0.starts(with: "N: ".unicodeScalars) }
    }

    @Test func aRecordingOnATerminalIsShownEscapedAndInAPipeKept() throws {
        let files = try Files()
        defer { files.remove() }
        let arguments = ["convert", files.recording, "-", "--format", "evemu"]
        let piped = try WayfinderProcess.run(arguments)
        #expect(piped.exitCode == 0)
        #expect(Self.nameLines(piped.standardOutput) == [Array(("N: Keyboard " + Self.hostile).unicodeScalars)])
        let terminal = try PseudoTerminal(WayfinderProcess.executableURL(), arguments, columns: 100, rows: 20)
        #expect(terminal.waitForExit() == 0)
        // The terminal turns each line feed into CR LF; nothing else is a control character.
        let shown = String(decoding: terminal.output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(Self.controls(in: shown) == [])
        #expect(Self.nameLines(shown) == [Array(("N: Keyboard " + Self.escaped).unicodeScalars)])
    }

    @Test func exploreDrawsTheHostileSceneEscaped() throws {
        let files = try Files()
        defer { files.remove() }
        let terminal = try PseudoTerminal(
            WayfinderProcess.executableURL(), ["explore", "--scene", files.scene], columns: 100, rows: 20)
        #expect(terminal.read { $0.lines.contains { $0.contains("press Tab") } }, "\(terminal.screen.lines)")
        terminal.type("\t")
        #expect(terminal.read { $0.lines.contains { $0.contains("Tab: ") } }, "\(terminal.screen.lines)")
        terminal.type("q")
        #expect(terminal.waitForExit() == 0)
        let output = terminal.output
        #expect(!output.contains(0x07) && !output.contains(0x7F))
        #expect(!String(decoding: output, as: UTF8.self).unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
        let text = String(decoding: output, as: UTF8.self)
        #expect(!text.contains("\u{1B}]"), "no OSC")
        #expect(text.components(separatedBy: "\u{1B}[2J").count == 2, "the screen cleared once, on entry")
    }
}
