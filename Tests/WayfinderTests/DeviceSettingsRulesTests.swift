import Classification
import DeviceProfiles
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Wayfinder

/// Settings files: one rule per line, matching devices by name, kind or id.
@Suite struct DeviceSettingsRulesTests {
    private static let text = """
        # Touchpads tap and scroll naturally; the scripted mouse is left-handed.
        {"match": {"kind": "touchpad"}, "settings": {"tapToClick": true, "naturalScrolling": true}}

        {"match": {"name": "Scripted Mouse"}, "settings": {"leftHanded": true, "scrollMethod": "on-button"}}
        {"match": {"id": "1234:5678"}, "settings": {"middleButtonEmulation": false, "dragLock": "sticky"}}
        {"match": {}, "settings": {"disableWhileTyping": false, "tapAndDrag": false, "clickMethod": "fingers"}}
        """

    /// Each rule keeps its line, and its changes in the order it names them.
    @Test func aFileIsReadRuleByRuleWithItsLines() throws {
        let rules = try DeviceSettingsRules(parsing: Self.text, file: "settings.jsonl")
        #expect(
            rules.rules == [
                .init(
                    match: .init(kind: .touchpad), changes: [.tapToClick(true), .naturalScrolling(true)], line: 2),
                .init(
                    match: .init(name: "Scripted Mouse"), changes: [.leftHanded(true), .scrollMethod(.onButton)],
                    line: 4),
                .init(
                    match: .init(vendorID: 0x1234, productID: 0x5678),
                    changes: [.middleButtonEmulation(false), .dragLock(.sticky)], line: 5),
                .init(
                    match: .init(), changes: [.disableWhileTyping(false), .tapAndDrag(false), .clickMethod(.fingers)],
                    line: 6),
            ])
    }

    /// Acceleration, resolution and scroll speed: the custom curves gather their points and
    /// steps from the whole rule; a step without points applies to the default points 0, 1.
    @Test func accelerationSettingsAreRead() throws {
        let text = """
            {"match": {"kind": "mouse"}, "settings": {"accelProfile": "custom", "accelPoints": [0, 1, 3], \
            "accelStep": 2, "accelScrollStep": 0.5, "dpi": 1600, "scrollFactor": 2.5, "accelSpeed": -0.25}}
            """
        let rules = try DeviceSettingsRules(parsing: text, file: "settings.jsonl")
        let curves = CustomAcceleration(
            fallback: try AccelerationCurve(step: 2, points: [0, 1, 3]), motion: nil,
            scroll: try AccelerationCurve(step: 0.5, points: [0, 1]))
        #expect(
            rules.rules == [
                .init(
                    match: .init(kind: .mouse),
                    changes: [
                        .accelerationProfile(.custom), .dotsPerInch(1600), .scrollFactor(2.5),
                        .accelerationSpeed(-0.25), .customAcceleration(curves),
                    ], line: 1)
            ])
        let settings = rules.settings(for: ScriptedDevice.mouse(), base: DeviceSettings())
        #expect(
            settings
                == DeviceSettings(
                    accelerationProfile: .custom, accelerationSpeed: -0.25, customAcceleration: curves,
                    dotsPerInch: 1600, scrollFactor: 2.5))
    }

    /// Three-finger drag takes "off" or the finger count, as a number or a string.
    @Test func threeFingerDragIsRead() throws {
        let text = """
            {"match": {"kind": "touchpad"}, "settings": {"threeFingerDrag": 3}}
            {"match": {"name": "Big Pad"}, "settings": {"threeFingerDrag": "4"}}
            {"match": {"id": "1234:5678"}, "settings": {"threeFingerDrag": "off"}}
            """
        let rules = try DeviceSettingsRules(parsing: text, file: "settings.jsonl")
        #expect(
            rules.rules == [
                .init(match: .init(kind: .touchpad), changes: [.threeFingerDrag(.threeFingers)], line: 1),
                .init(match: .init(name: "Big Pad"), changes: [.threeFingerDrag(.fourFingers)], line: 2),
                .init(
                    match: .init(vendorID: 0x1234, productID: 0x5678), changes: [.threeFingerDrag(.off)], line: 3),
            ])
        let settings = rules.settings(for: ScriptedDevice.touchpad(), base: DeviceSettings())
        #expect(settings == DeviceSettings(threeFingerDrag: .threeFingers))
    }

    /// Lines may end in CR LF, and may be indented.
    @Test func windowsLineEndsAndIndentationAreAccepted() throws {
        let text = "# rules\r\n  {\"match\": {}, \"settings\": {\"leftHanded\": true}}\r\n\r\n"
        #expect(
            try DeviceSettingsRules(parsing: text, file: "settings.jsonl").rules == [
                .init(match: .init(), changes: [.leftHanded(true)], line: 2)
            ])
    }

    /// Every matching rule changes what it names, in order; the rest keeps the base settings.
    @Test func eachDeviceGetsTheBaseChangedByTheRulesThatMatchIt() throws {
        let rules = try DeviceSettingsRules(parsing: Self.text, file: "settings.jsonl")
        let base = DeviceSettings(leftHanded: false, scrollMethod: .noScrolling)
        let everyone = DeviceSettings(
            tapAndDrag: false, clickMethod: .fingers, leftHanded: false, disableWhileTyping: false,
            scrollMethod: .noScrolling)
        var clickpad = everyone
        clickpad.tapToClick = true
        clickpad.naturalScrolling = true
        #expect(rules.settings(for: ScriptedDevice.touchpad(), base: base) == clickpad)
        var mouse = everyone
        mouse.leftHanded = true
        mouse.scrollMethod = .onButton
        mouse.middleButtonEmulation = false
        mouse.dragLock = .sticky
        #expect(rules.settings(for: ScriptedDevice.mouse(), base: base) == mouse)
        #expect(rules.settings(for: ScriptedDevice.keyboard(), base: base) == everyone)
    }

    @Test(arguments: [
        ("{\"match\": {}}", "\"settings\" is missing or not an object"),
        ("[1, 2]", "not a JSON object: write one rule per line, {\"match\": {…}, \"settings\": {…}}"),
        (
            "{\"match\": {\"kind\": \"trackball\"}, \"settings\": {}}",
            "\"kind\" must be one of keyboard, mouse, touchpad, clickpad, pointingStick, "
                + "touchscreen, tablet, other"
        ),
        (
            "{\"match\": {\"id\": \"46d:c52b\"}, \"settings\": {}}",
            "\"id\" must be \"vendor:product\" in hex, like \"046d:c52b\""
        ),
        (
            "{\"match\": {\"vendor\": \"046d\"}, \"settings\": {}}",
            "unknown match field \"vendor\" (name, kind, id)"
        ),
        (
            "{\"match\": {\"kind\": \"touchpads\"}, \"settings\": {}}",
            "\"kind\" must be one of keyboard, mouse, touchpad, clickpad, pointingStick, "
                + "touchscreen, tablet, other; did you mean \"touchpad\"?"
        ),
        ("{\"match\": {\"nam\": \"Mouse\"}, \"settings\": {}}", "unknown match field \"nam\"; did you mean \"name\"?"),
        (
            "{\"match\": {}, \"settings\": {\"tapToClik\": true}}",
            "unknown setting \"tapToClik\"; did you mean \"tapToClick\"?"
        ),
        (
            "{\"match\": {}, \"settings\": {\"speed\": 0.5}}",
            "unknown setting \"speed\" (tapToClick, tapAndDrag, dragLock, clickMethod, "
                + "naturalScrolling, leftHanded, middleButtonEmulation, disableWhileTyping, "
                + "disableWhileTrackpointing, scrollMethod, accelProfile, accelSpeed, accelPoints, accelStep, accelMotionPoints, accelMotionStep, "
                + "accelScrollPoints, accelScrollStep, dpi, scrollFactor, threeFingerDrag, keyboardLayout, keyboardVariant)"
        ),
        ("{\"match\": {}, \"settings\": {\"leftHanded\": 1}}", "\"leftHanded\" must be true or false"),
        ("{\"match\": {}, \"settings\": {\"tapToClick\": \"yes\"}}", "\"tapToClick\" must be true or false"),
        (
            "{\"match\": {}, \"settings\": {\"scrollMethod\": \"sideways\"}}",
            "\"scrollMethod\" must be one of two-finger, edge, on-button, none"
        ),
        (
            "{\"match\": {}, \"settings\": {\"scrollMethod\": \"two-fingers\"}}",
            "\"scrollMethod\" must be one of two-finger, edge, on-button, none; did you mean \"two-finger\"?"
        ),
        ("{\"match\": {}, \"settings\": {\"dragLock\": true}}", "\"dragLock\" must be one of off, timeout, sticky"),
        ("{\"match\": {}, \"settings\": {\"threeFingerDrag\": 5}}", "\"threeFingerDrag\" must be one of off, 3, 4"),
        ("{\"match\": {}, \"settings\": {\"threeFingerDrag\": true}}", "\"threeFingerDrag\" must be one of off, 3, 4"),
        (
            "{\"match\": {}, \"settings\": {\"threeFingerDrag\": \"of\"}}",
            "\"threeFingerDrag\" must be one of off, 3, 4; did you mean \"off\"?"
        ),
        ("{\"match\": {}, \"setting\": {}}", "unknown field \"setting\"; did you mean \"settings\"?"),
        ("{\"match\": {}, \"settings\": {}, \"when\": \"always\"}", "unknown field \"when\" (match, settings)"),
        ("{\"match\": {\"name\": 3}, \"settings\": {}}", "\"name\" must be a string"),
        ("{\"match\": \"all\", \"settings\": {}}", "\"match\" is missing or not an object"),
        // Issue 23, case 9: every syntax error said "not a JSON object".
        ("{\"match\": {}, \"settings\": {} ", "invalid JSON: unexpected end of file, expected ',' or '}'"),
        ("{\"match\": {}, \"settings\": {\"tapToClick\": tru}}", "invalid JSON: unexpected 't', expected a value"),
        ("{\"match\": {} \"settings\": {}}", "invalid JSON: unexpected '\"', expected ',' or '}'"),
        ("{\"match\": {}, \"settings\": {}}}", "invalid JSON: unexpected '}' after the top-level value"),
        // A repeated key would leave one of its values unused.
        (
            "{\"match\": {}, \"settings\": {\"tapToClick\": true, \"tapToClick\": false}}",
            "the key \"tapToClick\" appears twice in one object"
        ),
        (
            "{\"match\": {}, \"match\": {\"kind\": \"mouse\"}, \"settings\": {}}",
            "the key \"match\" appears twice in one object"
        ),
        ("{\"match\": {}, \"settings\": {\"leftHanded\": null}}", "\"leftHanded\" must be true or false"),
        ("{\"match\": {}, \"settings\": {\"accelSpeed\": 1.5}}", "\"accelSpeed\" must be a number from -1.0 to 1.0"),
        ("{\"match\": {}, \"settings\": {\"dpi\": 800.5}}", "\"dpi\" must be a whole number"),
        (
            "{\"match\": {}, \"settings\": {\"accelPoints\": [1]}}",
            "\"accelPoints\" and \"accelStep\": an acceleration curve takes 2 to 64 points, not 1"
        ),
        (
            "{\"match\": {}, \"settings\": {\"accelScrollPoints\": \"0 1\"}}",
            "\"accelScrollPoints\" must be an array of numbers, like [0, 1, 2.5]"
        ),
    ])
    func aBrokenRuleNamesTheFileAndLine(rule: String, message: String) {
        let text = "# a comment, then a blank line\n\n" + rule
        #expect(throws: DeviceSettingsFileError(file: "settings.jsonl", line: 3, message: message)) {
            try DeviceSettingsRules(parsing: text, file: "settings.jsonl")
        }
        #expect(
            DeviceSettingsFileError(file: "settings.jsonl", line: 3, message: message).description
                == "settings.jsonl:3: " + message)
    }

    /// The README's settings file reads as it says, and its error example is what a misspelt
    /// setting in it gives.
    @Test func theReadmesSettingsFileAndErrorAreWhatTheyClaim() throws {
        let readme = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try #require(lines.firstIndex(of: "```jsonl"))
        let end = try #require(lines[start...].firstIndex(of: "```"))
        let file = lines[(start + 1)..<end].joined(separator: "\n")
        #expect(
            try DeviceSettingsRules(parsing: file, file: "settings.jsonl").rules == [
                .init(match: .init(kind: .touchpad), changes: [.tapToClick(true), .naturalScrolling(true)], line: 2),
                .init(
                    match: .init(vendorID: 0x046d, productID: 0xc52b),
                    changes: [.leftHanded(true), .middleButtonEmulation(false)], line: 3),
            ])
        let misspelt = file.replacing("\"tapToClick\"", with: "\"tapToClik\"")
        let error = try #require(throws: DeviceSettingsFileError.self) {
            try DeviceSettingsRules(parsing: misspelt, file: "settings.jsonl")
        }
        let prose = lines[end...].joined(separator: " ")
        #expect(prose.contains("`Error: \(error)`"))
        #expect(error.description == "settings.jsonl:2: unknown setting \"tapToClik\"; did you mean \"tapToClick\"?")
    }

    @Test func aMissingFileIsNamed() {
        #expect(
            throws: DeviceSettingsFileError(
                file: "/nonexistent/settings.jsonl", line: nil,
                message: "/nonexistent/settings.jsonl: no such file")
        ) {
            try DeviceSettingsRules.load(path: "/nonexistent/settings.jsonl")
        }
    }
}
