import Classification
import EventModel
import FocusEngine
import Geometry
import InputEvents
import Scenes
import Testing
import WayfinderTestSupport

@testable import Wayfinder

/// Keys reach the focus engine typed, by what the device's layout says they mean.
@Suite struct KeyPathTests {
    private static func keysym(_ value: UInt32, _ name: String, _ character: Unicode.Scalar? = nil) -> KeySymbol {
        KeySymbol(rawValue: value, name: name, character: character)
    }

    @Test func keysymsBecomeTheFocusEnginesKeys() {
        func press(_ code: UInt16, _ keysym: KeySymbol?, _ modifiers: KeyModifiers = []) -> String? {
            KeyPress(code: KeyCode(rawValue: code), keysym: keysym, modifiers: modifiers)?.description
        }
        #expect(press(15, Self.keysym(0xFF09, "Tab")) == "Tab")
        // Shift+Tab gives ISO_Left_Tab in most layouts; Shift stays part of a named key's chord.
        #expect(press(15, Self.keysym(0xFE20, "ISO_Left_Tab"), .shift) == "Shift+Tab")
        #expect(press(28, Self.keysym(0xFF0D, "Return")) == "Return")
        #expect(press(96, Self.keysym(0xFF8D, "KP_Enter")) == "Return")
        #expect(press(25, Self.keysym(0x70, "p", "p"), .control) == "Ctrl+P")
        // Shift is already in a character: Shift+1 types "!", which is the key.
        #expect(press(2, Self.keysym(0x21, "exclam", "!"), .shift) == "!")
        #expect(press(59, Self.keysym(0xFFBE, "F1")) == "F1")
        #expect(press(72, Self.keysym(0xFF97, "KP_Up")) == "Up")
        // A keysym that is neither a named key nor a character names no key.
        #expect(press(164, Self.keysym(0x1008FF14, "XF86AudioPlay")) == nil)
        // Without a keymap, the keys no layout changes are still known by their code; text keys are not.
        #expect(press(15, nil, .shift) == "Shift+Tab")
        #expect(press(103, nil) == "Up")
        #expect(press(30, nil) == nil)
        #expect(KeyCode.leftShift.isModifier)
        #expect(!KeyCode.tab.isModifier)
    }

    /// A focused document with an Undo command on Ctrl+Z, typed on a real classifier.
    private func undoEvents(layout: String, key: KeyCode) throws -> [String] {
        let document = SceneNode(
            id: "doc", frame: Rect(x: 10, y: 10, width: 200, height: 100), role: .cell, focusable: true,
            actions: [SceneCustomAction(name: "Undo", key: "Ctrl+Z")])
        let window = SceneNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 300), children: [document])
        let options = DeviceSettings(keyboardLayout: KeyboardLayout(rules: "evdev", model: "pc105", layout: layout))
        let runtime = try Runtime(scene: Scene(root: window), settings: options)
        var script = InputScript(device: ScriptedDevice.keyboard(name: "Keys"))
        script.key(.tab, 1)
        script.key(.tab, 0)
        script.key(.leftControl, 1)
        script.key(key, 1)
        script.key(key, 0)
        script.key(.leftControl, 0)
        let events = try Replay(sources: [ReplaySource(description: script.device, frames: script.frames)])
            .events(through: runtime)
        return events.compactMap { event in
            switch event.payload {
            case .focus(_, let to, _): "focus \(to ?? "nothing")"
            case .action(let action): "\(action.name) on \(action.item) by \(action.trigger?.rawValue ?? "")"
            default: nil
            }
        }
    }

    @Test func keyCommandsFollowTheLayout() throws {
        // KEY_Y (21) types z in German, KEY_Z (44) types y.
        #expect(try undoEvents(layout: "de", key: KeyCode(rawValue: 21)) == ["focus doc", "Undo on doc by key"])
        #expect(try undoEvents(layout: "de", key: KeyCode(rawValue: 44)) == ["focus doc"])
        #expect(try undoEvents(layout: "us", key: KeyCode(rawValue: 44)) == ["focus doc", "Undo on doc by key"])
        #expect(try undoEvents(layout: "us", key: KeyCode(rawValue: 21)) == ["focus doc"])
    }

    @Test func aKeyThatNamesNothingIsReportedOncePerDevice() throws {
        let window = SceneNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let runtime = try Runtime(scene: Scene(root: window))
        var diagnostics: [String] = []
        runtime.onDiagnostic = { diagnostics.append($0) }
        var script = InputScript(device: ScriptedDevice.keyboard(name: "Keys"))
        // KEY_PLAYPAUSE (164) gives XF86AudioPlay: no key of the focus engine's.
        for _ in 0..<2 {
            script.key(KeyCode(rawValue: 164), 1)
            script.key(KeyCode(rawValue: 164), 0)
        }
        _ = try Replay(sources: [ReplaySource(description: script.device, frames: script.frames)])
            .events(through: runtime)
        #expect(
            diagnostics == [
                "KEY_PLAYPAUSE on Keys (0:0) gives the keysym XF86AudioPlay, which names no key the focus engine knows; it does not move focus"
            ])
    }

    @Test func terminalBytesBecomeKeys() {
        var decoder = TerminalKeyDecoder()
        #expect(
            decoder.decode([0x09, 0x1B, 0x5B, 0x5A, 0x0D, 0x20]) == [
                .named("Tab"), .named("Shift+Tab"), .named("Return"), .named("Space"),
            ])
        #expect(
            decoder.decode(Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[Dq".utf8)) == [
                .named("Up"), .named("Down"), .named("Right"), .named("Left"), .character("q"),
            ])
        // A sequence split across reads, and a lone ESC that only the flush decides.
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.decode([0x5A]) == [.named("Shift+Tab")])
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.named("Escape")])
        #expect(decoder.flush() == [])
    }
}

/// Two identical devices stay two devices: each has its own classifier, its own buttons and its
/// own instance in the stream.
@Suite struct DeviceIdentityTests {
    @Test func twoIdenticalMiceKeepTheirOwnButtons() throws {
        // Mouse A holds its button from 0 to 300 ms; mouse B clicks inside that, at 100 and 200 ms.
        var first = InputScript(device: ScriptedDevice.mouse(name: "USB Mouse"))
        first.key(.leftButton, 1)
        first.wait(.milliseconds(300))
        first.key(.leftButton, 0)
        var second = InputScript(device: ScriptedDevice.mouse(name: "USB Mouse"))
        second.wait(.milliseconds(100))
        second.key(.leftButton, 1)
        second.wait(.milliseconds(100))
        second.key(.leftButton, 0)
        let events = try Replay(sources: [
            ReplaySource(description: first.device, frames: first.frames, recording: 0),
            ReplaySource(description: second.device, frames: second.frames, recording: 1),
        ]).events(through: try Runtime())
        let lines = events.compactMap { $0.jsonLine(origin: first.frames[0].time) }
        // Two mice of the same model, without a physical path in a recording: the same stable id.
        let identity =
            #""bus":3,"vendor":4660,"product":22136,"productVersion":273,"physicalPath":null,"stableID":"1234:5678","#
            + #""clock":"replay","settings":{"naturalScrolling":false,"leftHanded":false,"middleButtonEmulation":false,"#
            + #""scrollMethod":"none","accelProfile":"adaptive","accelSpeed":0,"dpi":1000,"scrollFactor":1}"#
        #expect(
            lines == [
                #"{"time":0,"device":"USB Mouse","deviceID":"0:0","version":2,"type":"device","state":"added","kind":"mouse",\#(identity)}"#,
                #"{"time":0,"device":"USB Mouse","deviceID":"0:0","version":2,"type":"button","button":"primary","state":"down","trigger":"button","code":"BTN_LEFT"}"#,
                #"{"time":0.1,"device":"USB Mouse","deviceID":"1:0","version":2,"type":"device","state":"added","kind":"mouse",\#(identity)}"#,
                #"{"time":0.1,"device":"USB Mouse","deviceID":"1:0","version":2,"type":"button","button":"primary","state":"down","trigger":"button","code":"BTN_LEFT"}"#,
                #"{"time":0.2,"device":"USB Mouse","deviceID":"1:0","version":2,"type":"button","button":"primary","state":"up","trigger":"button","code":"BTN_LEFT"}"#,
                #"{"time":0.2,"device":"USB Mouse","deviceID":"1:0","version":2,"type":"device","state":"removed","kind":"mouse"}"#,
                #"{"time":0.3,"device":"USB Mouse","deviceID":"0:0","version":2,"type":"button","button":"primary","state":"up","trigger":"button","code":"BTN_LEFT"}"#,
                #"{"time":0.3,"device":"USB Mouse","deviceID":"0:0","version":2,"type":"device","state":"removed","kind":"mouse"}"#,
            ])
    }
}

/// The one merge of recorded frames: devices and files in time order, read as they are needed.
@Suite struct ReplayMergeTests {
    @Test func devicesAndFilesMergeByTimeThenInTheOrderGiven() throws {
        let mouse = try #require(BundledRecording.named("k400-plus.evemu"))
        let replay = try Replay.load([
            ReplayInput(path: Fixtures.testFixture("recordings/two-devices.libinput.yml").path),
            ReplayInput(path: mouse.url.path),
        ])
        var order: [String] = []
        var steps = try replay.makeSteps()
        while let step = try steps.next() {
            let instance = replay.instance(of: step.source)
            switch step.action {
            case .add: order.append("\(instance.source) added@\(step.time)")
            case .frame(let frame): order.append("\(instance.source)@\(frame.time)")
            case .remove: order.append("\(instance.source) removed@\(step.time)")
            }
        }
        #expect(
            order == [
                "0:1 added@0.000000", "0:1@0.000000", "1:0 added@0.000000", "1:0@0.000000", "0:0 added@0.050000",
                "0:0@0.050000", "0:0@0.130000", "0:0 removed@0.130000", "0:1@0.150000", "0:1 removed@0.150000",
                "1:0@11.228232", "1:0@11.476441", "1:0@11.509775", "1:0@11.543109", "1:0@11.576221",
                "1:0 removed@11.576221",
            ])
    }
}
