import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

/// `wayfinder replay` without `--raw`: the classified interaction stream of `events.md`.
@Suite struct ClassifiedReplayCommandTests {
    private static let types: Set<String> = [
        "device", "key", "button", "scroll", "tap", "longPress", "drag", "pinch", "swipe", "hold", "touch",
    ]

    @Test(arguments: BundledRecording.all)
    func everyLineFollowsTheEventStreamContract(recording: BundledRecording) throws {
        let outcome = try WayfinderProcess.run(["replay", "--json"] + ReplayCommandTests.arguments(for: recording))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        let objects = try ReplayCommandTests.objects(outcome)
        let first = try #require(objects.first)
        let last = try #require(objects.last)
        #expect(first["type"] as? String == "device" && first["state"] as? String == "added")
        #expect(first["kind"] as? String == recording.kind.rawValue)
        #expect(last["type"] as? String == "device" && last["state"] as? String == "removed")
        var previous = -Double.infinity
        for object in objects {
            let type = try #require(object["type"] as? String)
            #expect(Self.types.contains(type), "motion and positions only with --motion: \(type)")
            let time = try #require(object["time"] as? Double)
            #expect(time >= previous)
            previous = time
            #expect(object["device"] is String)
            switch type {
            case "key": #expect(object["key"] is String && object["state"] is String && object["modifiers"] is [String])
            case "button":
                #expect(object["button"] is String && object["state"] is String && object["trigger"] is String)
            case "scroll":
                #expect(object["dx"] is Double && object["dy"] is Double)
                if object["source"] as? String == "discrete" {
                    #expect(object["v120x"] is Double && object["v120y"] is Double)
                } else {
                    #expect(object["source"] as? String == "continuous" && object["phase"] is String)
                }
            case "tap": #expect(object["fingers"] is Int && object["touchType"] is String)
            case "longPress", "drag": #expect(object["phase"] is String && object["touchType"] is String)
            case "pinch", "swipe", "hold":
                #expect(object["phase"] is String && object["fingers"] is Int && object["touchType"] is String)
            case "touch":
                #expect(object["phase"] is String && object["x"] is Double && object["y"] is Double)
                #expect(object["contact"] is Int)
            default: break
            }
        }
    }

    @Test func rightCornerPressPrintsASecondaryClickForPeople() throws {
        let recording = try #require(BundledRecording.all.first { $0.path.hasSuffix("right-phys-click.events") })
        let outcome = try WayfinderProcess.run(["replay"] + ReplayCommandTests.arguments(for: recording))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let lines = outcome.outputLines.map {
            $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().joined(separator: " ")
        }
        #expect(
            lines == [
                "SynPS/2 Synaptics TouchPad device added (clickpad)",
                "SynPS/2 Synaptics TouchPad button secondary down by buttonArea (BTN_LEFT)",
                "SynPS/2 Synaptics TouchPad button secondary up by buttonArea (BTN_LEFT)",
                "SynPS/2 Synaptics TouchPad device removed (clickpad)",
            ]
        )
    }

    @Test func optionsReachTheClassifier() throws {
        let click = try #require(BundledRecording.all.first { $0.path.hasSuffix("right-phys-click.events") })
        let fingers = try WayfinderProcess.run(
            ["replay", "--json", "--click-method", "fingers"] + ReplayCommandTests.arguments(for: click)
        )
        let buttons = try ReplayCommandTests.objects(fingers).filter { $0["type"] as? String == "button" }
        #expect(buttons.map { $0["button"] as? String } == ["primary", "primary"])
        #expect(buttons.map { $0["trigger"] as? String } == ["fingers", "fingers"])

        let tap = try #require(BundledRecording.all.first { $0.path.hasSuffix("alps-glidepoint.single-tap.evemu") })
        let off = try ReplayCommandTests.objects(
            try WayfinderProcess.run(["replay", "--json"] + ReplayCommandTests.arguments(for: tap)))
        // The tap is reported either way; tap-to-click decides whether a click follows.
        #expect(off.compactMap { $0["type"] as? String } == ["device", "tap", "device"])
        let on = try ReplayCommandTests.objects(
            try WayfinderProcess.run(["replay", "--json", "--tap-to-click"] + ReplayCommandTests.arguments(for: tap))
        )
        #expect(on.compactMap { $0["type"] as? String } == ["device", "tap", "button", "button", "device"])
    }

    @Test func motionIsPrintedOnlyWhenAskedFor() throws {
        let mouse = try #require(BundledRecording.all.first { $0.path.hasSuffix("saitek-rat5.events") })
        let with = try ReplayCommandTests.objects(
            try WayfinderProcess.run(["replay", "--json", "--motion"] + ReplayCommandTests.arguments(for: mouse))
        )
        let motion = with.filter { $0["type"] as? String == "motion" }
        #expect(!motion.isEmpty)
        #expect(motion.allSatisfy { $0["dx"] is Double && $0["dy"] is Double })
    }

    @Test func severalDevicesAreMergedInTimeOrder() throws {
        let mouse = try #require(
            BundledRecording.all.first { $0.path.hasSuffix("ultrathin-touch-mouse.wheel-buttons.evemu") })
        let keyboard = try #require(BundledRecording.all.first { $0.path.hasSuffix("k400-plus.evemu") })
        let outcome = try WayfinderProcess.run(["replay", "--json", mouse.url.path, keyboard.url.path])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let objects = try ReplayCommandTests.objects(outcome)
        let times = objects.compactMap { $0["time"] as? Double }
        #expect(times == times.sorted())
        #expect(Set(objects.compactMap { $0["device"] as? String }) == ["Ultrathin Touch Mouse", "Logitech K400 Plus"])
        #expect(objects.filter { $0["type"] as? String == "scroll" }.count == 32)
    }
}

/// The keyboard layout comes from `XKB_DEFAULT_*`, US when unset.
@Suite struct KeyboardLayoutReplayTests {
    /// KEY_Y, then Shift+KEY_Z.
    private static let recording = """
        # EVEMU 1.3
        N: Layout Keyboard
        I: 0003 046d c31c 0110
        P: 00 00 00 00 00 00 00 00
        B: 00 0b 00 00 00 00 00 00 00
        B: 01 00 00 20 00 00 14 00 00
        E: 0.000001 0001 0015 0001
        E: 0.000001 0000 0000 0000
        E: 0.100000 0001 0015 0000
        E: 0.100000 0000 0000 0000
        E: 0.200000 0001 002a 0001
        E: 0.200000 0000 0000 0000
        E: 0.300000 0001 002c 0001
        E: 0.300000 0000 0000 0000
        E: 0.400000 0001 002c 0000
        E: 0.400000 0000 0000 0000
        E: 0.500000 0001 002a 0000
        E: 0.500000 0000 0000 0000

        """

    private func replay(layout: String) throws -> ProcessOutcome {
        try replay(environment: ["XKB_DEFAULT_LAYOUT": layout])
    }

    private func replay(environment: [String: String], options: [String] = []) throws -> ProcessOutcome {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString).evemu")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(Self.recording.utf8).write(to: url)
        return try WayfinderProcess.run(["replay", "--json", url.path] + options, environment: environment)
    }

    /// Issue 26: --layout and --variant choose the layout as the variables do, and win over them.
    @Test func layoutAndVariantOptionsChooseTheLayout() throws {
        let german = try replay(environment: [:], options: ["--layout", "de"])
        #expect(german.exitCode == 0, "\(german.standardError)")
        #expect(try texts(german) == ["z", "Y"])
        let dvorak = try replay(
            environment: ["XKB_DEFAULT_LAYOUT": "de"], options: ["--layout", "us", "--variant", "dvorak"])
        #expect(dvorak.exitCode == 0, "\(dvorak.standardError)")
        #expect(try texts(dvorak) == ["f", ":"])
        let alone = try replay(environment: [:], options: ["--variant", "dvorak"])
        #expect(alone.exitCode == 1)
        #expect(
            alone.errorLines == [
                "Error: the keyboard variant 'dvorak' (from --variant, a settings file, or XKB_DEFAULT_VARIANT) has no "
                    + "layout, and xkbcommon ignores a variant without one: give --layout too (for example --layout us)"
            ])
    }

    /// Issue 26: a settings file's keyboardLayout and keyboardVariant choose the layout too.
    @Test func aSettingsFileChoosesTheLayout() throws {
        let settings = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wayfinder-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: settings) }
        try Data(
            #"{"match": {}, "settings": {"keyboardLayout": "us", "keyboardVariant": "dvorak"}}"#.utf8
        )
        .write(to: settings)
        let outcome = try replay(environment: [:], options: ["--settings", settings.path])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(try texts(outcome) == ["f", ":"])
    }

    private func texts(_ outcome: ProcessOutcome) throws -> [String] {
        try ReplayCommandTests.objects(outcome).compactMap { $0["text"] as? String }
    }

    @Test func germanLayoutTypesZOnKeyY() throws {
        let outcome = try replay(layout: "de")
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(try texts(outcome) == ["z", "Y"])
    }

    @Test func usLayoutTypesY() throws {
        let outcome = try replay(layout: "us")
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(try texts(outcome) == ["y", "Z"])
    }

    @Test func unknownLayoutFailsNamingTheLayout() throws {
        let outcome = try replay(layout: "no-such-layout")
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.errorLines == [
                "Error: xkbcommon cannot compile a keymap for rules/model/layout/variant/options "
                    + "default/default/no-such-layout/default/default (from --layout and --variant, a settings file, "
                    + "or XKB_DEFAULT_*), though it compiles the default one"
            ],
            "\(outcome.standardError)")
    }

    /// Issue 23 case 11: xkbcommon drops a variant that comes without a layout and compiles its
    /// default; the person asked for a variant, so this is an error, not a silent US keymap.
    @Test func aVariantWithoutALayoutIsAnError() throws {
        let outcome = try replay(environment: ["XKB_DEFAULT_VARIANT": "dvorak"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.errorLines == [
                "Error: the keyboard variant 'dvorak' (from --variant, a settings file, or XKB_DEFAULT_VARIANT) has no "
                    + "layout, and xkbcommon ignores a variant without one: give --layout too (for example --layout us)"
            ])
        let withLayout = try replay(environment: ["XKB_DEFAULT_VARIANT": "dvorak", "XKB_DEFAULT_LAYOUT": "us"])
        #expect(withLayout.exitCode == 0, "\(withLayout.standardError)")
        // Dvorak puts f on KEY_Y and the semicolon key (shifted: a colon) on KEY_Z: the variant
        // is in force.
        #expect(try texts(withLayout) == ["f", ":"])
    }

    /// A 10 KB layout name is not echoed whole: the message shows its first 64 characters and
    /// its size.
    @Test func aLongLayoutNameIsCutInTheError() throws {
        let layout = String(repeating: "x", count: 10_000)
        let outcome = try replay(layout: layout)
        #expect(outcome.exitCode == 1)
        #expect(
            outcome.errorLines == [
                "Error: xkbcommon cannot compile a keymap for rules/model/layout/variant/options "
                    + "default/default/\(String(repeating: "x", count: 64))… (10000 bytes)/default/default (from "
                    + "--layout and --variant, a settings file, or XKB_DEFAULT_*), though it compiles the default one"
            ])
    }
}
