import Classification
import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@testable import wayfinder

/// The device settings and `--why` on `replay` (and `run`, which shares the table).
@Suite struct DeviceSettingsOptionsTests {
    private static func recording(_ suffix: String) throws -> [String] {
        ReplayCommandTests.arguments(for: try #require(BundledRecording.named(suffix)))
    }

    /// The lines of a successful run, without the time column.
    private static func lines(_ arguments: [String]) throws -> [String] {
        let outcome = try WayfinderProcess.run(arguments)
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
        return outcome.outputLines
    }

    @Test func whyExplainsTheClickpadRecordingsTapsInOrderWithTheEvents() throws {
        let output = try Self.lines(["replay", "--tap-to-click", "--why"] + Self.recording("clickpad.tap.events"))
        #expect(
            output == [
                "  0.000017  SynPS/2 Synaptics TouchPad  device added (clickpad)",
                "  0.063835  SynPS/2 Synaptics TouchPad  why: tap holds primary down for 180 ms: touch again to drag "
                    + "(--no-tap-and-drag changes this)",
                "  0.063835  SynPS/2 Synaptics TouchPad  tap 1 finger (indirectPointer)",
                "  0.063835  SynPS/2 Synaptics TouchPad  button primary down by tap",
                "  0.243835  SynPS/2 Synaptics TouchPad  button primary up by tap",
                "  2.026671  SynPS/2 Synaptics TouchPad  why: 1-finger touch did not tap: moved 5.3 mm, more than 1.3 mm",
                "  2.026671  SynPS/2 Synaptics TouchPad  device removed (clickpad)",
            ])
    }

    /// Issue 26: a `why` line that depends on a setting names the option that changes it.
    @Test func whyNamesTheOptionThatChangesTheSetting() throws {
        let output = try Self.lines(["replay", "--why"] + Self.recording("clickpad.tap.events"))
        #expect(
            output == [
                "  0.000017  SynPS/2 Synaptics TouchPad  device added (clickpad)",
                "  0.063835  SynPS/2 Synaptics TouchPad  why: 1-finger tap did not click: tap-to-click is off "
                    + "(the default on a pad with a physical button) (--tap-to-click changes this)",
                "  0.063835  SynPS/2 Synaptics TouchPad  tap 1 finger (indirectPointer)",
                "  2.026671  SynPS/2 Synaptics TouchPad  why: 1-finger touch did not tap: moved 5.3 mm, more than 1.3 mm",
                "  2.026671  SynPS/2 Synaptics TouchPad  device removed (clickpad)",
            ])
    }

    /// Every option a `why` line names is one of the settings' options, and each reason that a
    /// setting decides names the option of that setting.
    @Test func theOptionsWhyLinesNameAreTheSettings() {
        let cases: [(ClassificationDecision.Reason, CommandOption?)] = [
            (.tappingOff(fingers: 1), DeviceSettingsOptions.tapToClick),
            (.tapIgnoredWhileTyping(fingers: 1, sinceKey: 100), DeviceSettingsOptions.noDisableWhileTyping),
            (.touchIgnoredWhileTyping(sinceKey: 100), DeviceSettingsOptions.noDisableWhileTyping),
            (.touchIgnoredWhileTrackpointing(sinceEvent: 100), DeviceSettingsOptions.noDisableWhileTrackpointing),
            (.tapHeldForDrag(button: .primary, milliseconds: 180), DeviceSettingsOptions.noTapAndDrag),
            (.dragLocked(button: .primary, milliseconds: nil), DeviceSettingsOptions.dragLock),
            (.threeFingerDragBegan(fingers: 3), DeviceSettingsOptions.threeFingerDrag),
            (.middleButtonEmulated(milliseconds: 10, limit: 50), DeviceSettingsOptions.noMiddleEmulation),
            (.buttonScrollArmed(milliseconds: 200), DeviceSettingsOptions.scrollMethod),
            (.edgeScrollBegan(vertical: true), DeviceSettingsOptions.scrollMethod),
            (.pointerMoved(raw: 1, moved: 1, smallestFactor: 1, largestFactor: 1), DeviceSettingsOptions.accelProfile),
            (.touchMovedTooFar(fingers: 1, millimetres: 5, limit: 1.3), nil),
            (.scrollDirectionsApart(degrees: 180, limit: 45), nil),
        ]
        for (reason, option) in cases {
            #expect(DeviceSettingsOptions.option(changing: reason) == option, "\(reason)")
            if let option { #expect(DeviceSettingsOptions.options.contains(option)) }
        }
    }

    /// The example: a two-finger tap on a semi-multitouch pad prints nothing but the
    /// device; `--why` says why.
    @Test func whyExplainsTheSemiMultitouchTwoFingerTap() throws {
        let output = try Self.lines(["replay", "--why"] + Self.recording("alps-glidepoint.2-finger-tap.evemu"))
        #expect(
            output == [
                "  0.000000  AlpsPS/2 ALPS GlidePoint  device added (touchpad)",
                "  0.071578  AlpsPS/2 ALPS GlidePoint  why: no scroll: the fingers moved 180° apart, more than 45°",
                "  0.224519  AlpsPS/2 ALPS GlidePoint  why: 2-finger touch did not tap: held 194 ms, longer than 180 ms "
                    + "(semi-multitouch pad: two fingers are a bounding box, judged on time alone)",
                "  0.224519  AlpsPS/2 ALPS GlidePoint  device removed (touchpad)",
            ])
    }

    /// A touch may wander 3 mm (18.9 pt) and still tap, more than a noisy panel wobbles a resting
    /// finger (UIKit's 10 pt before issue 20).
    @Test func whyExplainsATouchscreenPan() throws {
        let output = try Self.lines(["replay", "--why"] + Self.recording("atmel-maxtouch.1-finger-drag-up-down.evemu"))
        #expect(
            output == [
                "  0.000000  Atmel maXTouch Touchscreen  device added (touchscreen)",
                "  2.199869  Atmel maXTouch Touchscreen  why: touch did not tap: moved 290.2 pt, more than 18.9 pt "
                    + "(a pan: only its positions report it)",
                "  2.199869  Atmel maXTouch Touchscreen  device removed (touchscreen)",
            ])
    }

    /// The README's `--why` example is what the command prints.
    @Test func theReadmesWhyExampleIsTheCommandsOutput() throws {
        let readme = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let prompt = "$ wayfinder replay --why "
        let start = try #require(lines.firstIndex { $0.hasPrefix(prompt) })
        let end = try #require(lines[start...].firstIndex { $0 == "```" })
        let path = Fixtures.packageRoot.appendingPathComponent(String(lines[start].dropFirst(prompt.count))).path
        #expect(try Self.lines(["replay", "--why", path]) == Array(lines[(start + 1)..<end]))
    }

    @Test func settingsReachTheClassifier() throws {
        let click = try Self.recording("right-phys-click.events")
        #expect(
            try Self.lines(["replay", "--left-handed"] + click) == [
                "  0.000016  SynPS/2 Synaptics TouchPad  device added (clickpad)",
                "  0.124282  SynPS/2 Synaptics TouchPad  button primary down by buttonArea (BTN_LEFT)",
                "  0.421351  SynPS/2 Synaptics TouchPad  button primary up by buttonArea (BTN_LEFT)",
                "  0.446117  SynPS/2 Synaptics TouchPad  device removed (clickpad)",
            ])
        let tap = try Self.recording("clickpad.tap.events")
        #expect(
            try Self.lines(["replay", "--tap-to-click", "--no-tap-and-drag"] + tap) == [
                "  0.000017  SynPS/2 Synaptics TouchPad  device added (clickpad)",
                "  0.063835  SynPS/2 Synaptics TouchPad  tap 1 finger (indirectPointer)",
                "  0.063835  SynPS/2 Synaptics TouchPad  button primary down by tap",
                "  0.063835  SynPS/2 Synaptics TouchPad  button primary up by tap",
                "  2.026671  SynPS/2 Synaptics TouchPad  device removed (clickpad)",
            ])
        let scroll = try Self.recording("clickpad.two-finger-scroll-down.events")
        let traditional = try Self.lines(["replay"] + scroll)
        // The fingers rest 40 ms first: a hold, cancelled once one of them has moved 1 mm (side
        // by side, they are a scroll); the scroll begins when their average has moved 1.5 mm.
        #expect(
            traditional[1...3] == [
                "  0.040020  SynPS/2 Synaptics TouchPad  hold began 2 fingers (indirectPointer)",
                "  0.395098  SynPS/2 Synaptics TouchPad  hold cancelled 2 fingers (indirectPointer)",
                "  0.428340  SynPS/2 Synaptics TouchPad  scroll continuous began dx 0.00 dy 8.91",
            ])
        #expect(
            try Self.lines(["replay", "--natural-scrolling"] + scroll) == traditional.map(Self.verticallyReversed))
    }

    /// A line with its scroll's `dy` and release velocity's vertical part negated (the recording
    /// scrolls vertically only); other lines as they are.
    private static func verticallyReversed(_ line: String) -> String {
        guard line.contains(" scroll ") else { return line }
        var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        for index in words.indices.dropFirst(2)
        where words[index - 1] == "dy" || words[index - 2] == "velocity" {
            let word = words[index]
            if word.allSatisfy({ $0 == "0" || $0 == "." }) { continue }
            words[index] = word.hasPrefix("-") ? String(word.dropFirst()) : "-" + word
        }
        return words.joined(separator: " ")
    }

    @Test func replayChoosesDevicesByNameOrRecordingAndDevice() throws {
        let mouse = try Self.recording("saitek-rat5.events")
        let tap = try Self.recording("clickpad.tap.events")
        let byName = try Self.lines(["replay", "--device", "SynPS/2 Synaptics TouchPad"] + mouse + tap)
        let bySource = try Self.lines(["replay", "--device", "1:0"] + mouse + tap)
        #expect(byName == bySource)
        #expect(
            byName == [
                "  0.000017  SynPS/2 Synaptics TouchPad  device added (clickpad)",
                "  0.063835  SynPS/2 Synaptics TouchPad  tap 1 finger (indirectPointer)",
                "  2.026671  SynPS/2 Synaptics TouchPad  device removed (clickpad)",
            ])
        let none = try WayfinderProcess.run(["replay", "--device", "Nothing"] + tap)
        #expect(none.exitCode == 1)
        #expect(
            none.errorLines == [
                "Error: no device of the recordings matches --device 'Nothing'; they hold "
                    + "'SynPS/2 Synaptics TouchPad' (0:0)"
            ])
    }

    /// A settings file changes the devices its rules match, later rules winning; a misspelt
    /// setting is an error naming the file and line, with the closest name.
    @Test func aSettingsFileChangesOnlyTheDevicesItMatches() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-settings-\(UUID()).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let recordings = try Self.recording("right-phys-click.events") + Self.recording("saitek-rat5.events")
        let rules = """
            # The touchpad and the Saitek mouse are left-handed.
            {"match": {"kind": "touchpad"}, "settings": {"leftHanded": true}}
            {"match": {"id": "06a3:0cc3"}, "settings": {"leftHanded": true}}

            """
        try Data(rules.utf8).write(to: file)
        let pad = [
            "  0.000016  SynPS/2 Synaptics TouchPad  device added (clickpad)",
            "  0.124282  SynPS/2 Synaptics TouchPad  button primary down by buttonArea (BTN_LEFT)",
            "  0.421351  SynPS/2 Synaptics TouchPad  button primary up by buttonArea (BTN_LEFT)",
            "  0.446117  SynPS/2 Synaptics TouchPad  device removed (clickpad)",
        ]
        let mouse = "Saitek Cyborg R.A.T.5 Mouse"
        #expect(
            try Self.lines(["replay", "--settings", file.path] + recordings) == [
                "  0.000006  \(mouse)  device added (mouse)"
            ] + pad + [
                "  1.286043  \(mouse)  button secondary down by button (BTN_LEFT)",
                "  1.422048  \(mouse)  button secondary up by button (BTN_LEFT)",
                "  2.322080  \(mouse)  button primary down by button (BTN_RIGHT)",
                "  2.426084  \(mouse)  button primary up by button (BTN_RIGHT)",
                "  3.523117  \(mouse)  button secondary down by button (BTN_LEFT)",
                "  3.646123  \(mouse)  button secondary up by button (BTN_LEFT)",
                " 14.666508  \(mouse)  device removed (mouse)",
            ])

        try Data((rules + "{\"match\": {\"name\": \"\(mouse)\"}, \"settings\": {\"leftHanded\": false}}\n").utf8)
            .write(to: file)
        #expect(
            try Self.lines(["replay", "--settings", file.path] + recordings) == [
                "  0.000006  \(mouse)  device added (mouse)"
            ] + pad + [
                "  1.286043  \(mouse)  button primary down by button (BTN_LEFT)",
                "  1.422048  \(mouse)  button primary up by button (BTN_LEFT)",
                "  2.322080  \(mouse)  button secondary down by button (BTN_RIGHT)",
                "  2.426084  \(mouse)  button secondary up by button (BTN_RIGHT)",
                "  3.523117  \(mouse)  button primary down by button (BTN_LEFT)",
                "  3.646123  \(mouse)  button primary up by button (BTN_LEFT)",
                " 14.666508  \(mouse)  device removed (mouse)",
            ])

        try Data("# rules\n{\"match\": {}, \"settings\": {\"leftHand\": true}}\n".utf8).write(to: file)
        let broken = try WayfinderProcess.run(["replay", "--settings", file.path] + recordings)
        #expect(broken.exitCode == 1)
        #expect(broken.outputLines == [])
        #expect(
            broken.errorLines == [
                "Error: \(file.path):2: unknown setting \"leftHand\"; did you mean \"leftHanded\"?"
            ])

        let missing = try WayfinderProcess.run(["run", "--settings", file.path + ".missing"])
        #expect(missing.exitCode == 1)
        #expect(missing.outputLines == [])
        #expect(missing.errorLines == ["Error: \(file.path).missing: no such file"])
    }

    @Test func contradictorySettingsAndWhyWithRawAreUsageErrors() throws {
        let tap = try Self.recording("clickpad.tap.events")
        for (arguments, message) in [
            (
                ["--tap-to-click", "--no-tap-to-click"],
                "'--tap-to-click' and '--no-tap-to-click' cannot be used together"
            ),
            (["--raw", "--why"], "'--raw' and '--why' cannot be used together"),
            (
                ["--scroll-method", "sideways"],
                "The value 'sideways' is invalid for '--scroll-method <two-finger|edge|on-button|none>'"
            ),
        ] {
            let outcome = try WayfinderProcess.run(["replay"] + arguments + tap)
            #expect(outcome.exitCode == 64)
            #expect(outcome.errorLines.first == "Error: \(message)", "\(outcome.standardError)")
        }
    }

    /// The check: flat at speed 0, a 1,600-dpi mouse (its `dpi` set, as a recording
    /// carries no udev properties) moves the pointer 1000/1600 of each frame's counts.
    @Test func flatReplayOfA1600DpiMouseMovesTheRawCountsTimes1000Over1600() throws {
        let recording = try #require(BundledRecording.named("wheel-buttons.evemu"))
        let frames = try #require(try recording.load().devices.first).frames
        var expected: [[Double]] = []
        for frame in frames {
            var x = 0.0
            var y = 0.0
            for event in frame.events where event.type == .relative {
                if event.code == RelativeAxis.x.rawValue { x += Double(event.value) }
                if event.code == RelativeAxis.y.rawValue { y += Double(event.value) }
            }
            if x != 0 || y != 0 { expected.append([x * 1000 / 1600, y * 1000 / 1600]) }
        }
        let outcome = try WayfinderProcess.run(
            ["replay", "--json", "--motion", "--accel-profile", "flat", "--accel-speed", "0", "--dpi", "1600"]
                + ReplayCommandTests.arguments(for: recording))
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        let motions = try ReplayCommandTests.objects(outcome).filter { $0["type"] as? String == "motion" }.map {
            [try #require($0["dx"] as? Double), try #require($0["dy"] as? Double)]
        }
        #expect(!expected.isEmpty)
        #expect(motions == expected)
    }

    /// The same recording with `--scroll-factor 2` scrolls exactly twice as far (its wheel's
    /// 10-point detents print exactly), with the same v120 counts and every other line the same.
    @Test func scrollFactorTwoScrollsTwiceAsFar() throws {
        let recording = try #require(BundledRecording.named("wheel-buttons.evemu"))
        let base = ["replay", "--json", "--motion", "--accel-profile", "flat", "--dpi", "1600"]
        let plain = try ReplayCommandTests.objects(
            try WayfinderProcess.run(base + ReplayCommandTests.arguments(for: recording)))
        let doubled = try ReplayCommandTests.objects(
            try WayfinderProcess.run(base + ["--scroll-factor", "2"] + ReplayCommandTests.arguments(for: recording)))
        #expect(plain.count == doubled.count)
        var scrolls = 0
        for (before, after) in zip(plain, doubled) {
            #expect(before["type"] as? String == after["type"] as? String)
            #expect(before["time"] as? Double == after["time"] as? Double)
            guard before["type"] as? String == "scroll" else { continue }
            scrolls += 1
            for key in ["dx", "dy"] {
                let value = try #require(before[key] as? Double)
                #expect(after[key] as? Double == value * 2)
            }
            for key in ["v120x", "v120y"] { #expect(after[key] as? Double == before[key] as? Double) }
        }
        #expect(scrolls > 0)
    }

    /// Three fingers moving together on the scripted touchpad, as an evemu recording: with
    /// `--three-finger-drag 3`, or a settings file's `"threeFingerDrag": 3`, they drag with the
    /// primary button held until 700 ms after they lift; without, they swipe.
    @Test func threeFingerDragComesFromTheOptionOrTheSettingsFile() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        for finger in 0..<3 { script.put(finger: finger, atPercent: 30 + 10 * Double(finger), 50) }
        script.sync()
        script.swipe(fingers: [0, 1, 2], byMillimetres: 10, 0, over: .milliseconds(50), steps: 5)
        script.lift(fingers: [0, 1, 2])
        var writer = EvemuStreamWriter(description: script.device)
        var text = writer.header()
        for frame in script.frames { writer.write(frame, into: &text) }
        let directory = FileManager.default.temporaryDirectory
        let recording = directory.appendingPathComponent("wayfinder-three-finger-drag-\(UUID()).evemu")
        let settings = directory.appendingPathComponent("wayfinder-three-finger-drag-\(UUID()).jsonl")
        defer {
            try? FileManager.default.removeItem(at: recording)
            try? FileManager.default.removeItem(at: settings)
        }
        try Data(text.utf8).write(to: recording)
        try Data("{\"match\": {\"kind\": \"touchpad\"}, \"settings\": {\"threeFingerDrag\": 3}}\n".utf8)
            .write(to: settings)
        let pad = "Scripted Touchpad"
        // The recording ends as the fingers lift: the device goes, and the drag with it.
        let drag = [
            "  0.000000  \(pad)  device added (clickpad)",
            "  0.010000  \(pad)  button primary down by threeFingerDrag",
            "  0.020000  \(pad)  drag began (indirectPointer) dx 78.74 dy 0.00",
            "  0.030000  \(pad)  drag changed (indirectPointer) dx 157.48 dy 0.00",
            "  0.040000  \(pad)  drag changed (indirectPointer) dx 236.22 dy 0.00",
            "  0.050000  \(pad)  drag changed (indirectPointer) dx 314.96 dy 0.00",
            "  0.050000  \(pad)  drag cancelled (indirectPointer) dx 314.96 dy 0.00",
            "  0.050000  \(pad)  button primary up by threeFingerDrag",
            "  0.050000  \(pad)  device removed (clickpad)",
        ]
        #expect(try Self.lines(["replay", "--three-finger-drag", "3", recording.path]) == drag)
        #expect(try Self.lines(["replay", "--settings", settings.path, recording.path]) == drag)
        let swipe = (1...4).map {
            "  0.0\($0 + 1)0000  \(pad)  swipe changed 3 fingers dx 78.74 dy 0.00 (indirectPointer)"
        }
        #expect(
            try Self.lines(["replay", "--three-finger-drag", "off", recording.path]) == [
                "  0.000000  \(pad)  device added (clickpad)",
                "  0.010000  \(pad)  swipe began 3 fingers dx 0.00 dy 0.00 (indirectPointer)",
            ] + swipe + [
                "  0.050000  \(pad)  swipe ended 3 fingers dx 0.00 dy 0.00 (indirectPointer)",
                "  0.050000  \(pad)  device removed (clickpad)",
            ])
    }

    @Test func badAccelerationValuesAreUsageErrors() throws {
        let tap = try Self.recording("clickpad.tap.events")
        for (arguments, message) in [
            (["--accel-speed", "2"], "'--accel-speed' must be from -1 to 1, not '2'"),
            (["--accel-speed", "fast"], "'--accel-speed' takes a number, not 'fast'"),
            (["--accel-points", "0 x"], "'--accel-points' takes numbers separated by spaces, not 'x'"),
            (
                ["--accel-points", "1"],
                "'--accel-points' and '--accel-step': an acceleration curve takes 2 to 64 points, not 1"
            ),
            (
                ["--accel-step", "0"],
                "'--accel-points' and '--accel-step': the acceleration step must be above 0 and at most 10000, not 0.0"
            ),
            (["--dpi", "0"], "'--dpi' must be a whole number from 1 to 100000, not '0'"),
            (["--scroll-factor", "-1"], "'--scroll-factor' must be from 0 to 100, not '-1'"),
            (["--three-finger-drag", "5"], "The value '5' is invalid for '--three-finger-drag <off|3|4>'"),
        ] {
            let outcome = try WayfinderProcess.run(["replay"] + arguments + tap)
            #expect(outcome.exitCode == 64, "\(arguments)")
            #expect(outcome.errorLines.first == "Error: \(message)", "\(outcome.standardError)")
        }
    }
}
