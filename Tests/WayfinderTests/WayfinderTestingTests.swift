import EventModel
import Foundation
import Geometry
import InputEvents
import Interactions
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

/// The public testing library: its noise switch, its transcripts and their comparisons.
@Suite struct WayfinderTestingTests {
    private static var demoScene: String {
        Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-scene.json").path
    }

    /// The tracking-id events of a script's frames, as (frame time, slot's new id) in order.
    private static func landings(_ frames: [EventFrame]) -> [Timestamp] {
        frames.filter { frame in
            frame.events.contains {
                $0.type == .absolute && $0.code == AbsoluteAxis.multitouchTrackingID.rawValue && $0.value >= 0
            }
        }.map(\.time)
    }

    /// Every reported multitouch x position, in order.
    private static func positions(_ frames: [EventFrame]) -> [Int32] {
        frames.flatMap(\.events).filter {
            $0.type == .absolute && $0.code == AbsoluteAxis.multitouchPositionX.rawValue
        }.map(\.value)
    }

    @Test func theNoiseSwitchChangesTheFramesReproducibly() {
        func scroll(_ noise: SensorNoise) -> [EventFrame] {
            var touchpad = ScriptedTouchpad(noise: noise)
            touchpad.twoFingerScroll(by: .millimetres(0, 20), over: .milliseconds(300))
            return touchpad.script.frames
        }
        let exact = scroll(.none)
        let noisy = scroll(.realistic(seed: 1))
        #expect(exact != noisy)
        #expect(noisy == scroll(.realistic(seed: 1)))
        #expect(noisy != scroll(.realistic(seed: 2)))
        // Exact: both fingers land in the first frame. Noisy: the second 10–40 ms later.
        #expect(Self.landings(exact) == [exact[0].time])
        let landed = Self.landings(noisy)
        #expect(landed.count == 2)
        let gap = landed[1] - landed[0]
        #expect(gap >= .milliseconds(10) && gap <= .milliseconds(40))
        // Exact positions sit on the 18 mm spacing around the middle (40 units a millimetre);
        // noisy ones wobble, never further than half a millimetre (20 units) from where the
        // exact script puts them in the same frame.
        #expect(Set(Self.positions(exact)).sorted() == [2000 - 360, 2000 + 360])
        let wobble = Self.positions(noisy).map { min(abs($0 - 1640), abs($0 - 2360)) }
        #expect(wobble.allSatisfy { $0 <= 20 })
        #expect(wobble.contains { $0 != 0 })
    }

    /// A resting finger on a noisy sensor is reported every 10 ms with its wobble; an exact
    /// script writes no frame while it rests.
    @Test func aRestingFingerIsReportedEveryIntervalWithNoise() {
        func press(_ noise: SensorNoise) -> [EventFrame] {
            var screen = ScriptedTouchscreen(covering: Size(width: 1000, height: 600), noise: noise)
            screen.longPress(at: Point(x: 500, y: 300), holding: .milliseconds(100))
            return screen.script.frames
        }
        let start = Timestamp(microseconds: 1_000_000)
        #expect(press(.none).map(\.time) == [start, start + .milliseconds(100)])
        #expect(
            press(.realistic(seed: 3)).map(\.time) == (0...9).map { start + .milliseconds(10 * $0) } + [
                start + .milliseconds(100)
            ])
    }

    @Test func aDifferenceFromExpectedLinesNamesTheLineAndField() throws {
        let test = try InteractionTest(sceneFile: Self.demoScene)
        var keyboard = ScriptedKeyboard()
        keyboard.press([.tab, .tab])
        let transcript = try test.play(keyboard)
        let lines = transcript.jsonLines()
        #expect(try transcript.difference(fromExpectedLines: lines) == nil)

        let index = try #require(lines.lastIndex { $0.contains("\"type\":\"focus\"") })
        var expected = lines
        expected[index] = lines[index].replacingOccurrences(of: "\"heading\":\"next\"", with: "\"heading\":\"down\"")
        let difference = try #require(try transcript.difference(fromExpectedLines: expected))
        #expect(difference.line == index + 1)
        #expect(difference.field == FieldDifference(field: "heading", expected: "\"down\"", actual: "\"next\""))
        #expect(
            difference.description
                == [
                    "expected lines:\(index + 1): the stream differs in \"heading\": expected \"down\", got \"next\"",
                    "    \(index - 1)  \(lines[index - 2])", "    \(index)  \(lines[index - 1])",
                    "  - \(index + 1)  \(expected[index])", "  + \(index + 1)  \(lines[index])",
                ].joined(separator: "\n"))
        // Left out, the field no longer differs.
        #expect(
            try transcript.difference(fromExpectedLines: expected, comparison: StreamComparison(ignoring: ["heading"]))
                == nil)
    }

    @Test func aGoldenFileIsWrittenOnRequestAndCheckedOtherwise() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-golden-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: directory) }
        let golden = directory.appendingPathComponent("tabs.jsonl").path
        let test = try InteractionTest(sceneFile: Self.demoScene)
        var keyboard = ScriptedKeyboard()
        keyboard.press([.tab, .tab])
        let transcript = try test.play(keyboard)

        try transcript.expect(matchingGolden: golden, updating: true)
        #expect(
            try String(contentsOfFile: golden, encoding: .utf8) == transcript.jsonLines().map { $0 + "\n" }.joined())
        try transcript.expect(matchingGolden: golden, updating: false)

        try Data(transcript.jsonLines().dropLast().map { $0 + "\n" }.joined().utf8).write(
            to: URL(fileURLWithPath: golden))
        let lines = transcript.jsonLines()
        let difference = #expect(throws: StreamDifference.self) {
            try transcript.expect(matchingGolden: golden, updating: false)
        }
        #expect(difference?.kind == .streamGoesOn(actual: lines[lines.count - 1]))
        #expect(difference?.line == lines.count)
        #expect(difference?.name == golden)
    }

    /// A toolkit's own node tree, not a scene: its context menu opens on a right click at the
    /// node, and only there.
    @Test func anOwnNodeTreeGetsTheScriptedInput() throws {
        let size = Size(width: 400, height: 300)
        let root = Node(identifier: "window", frame: Rect(origin: .zero, size: size))
        let button = Node(identifier: "button", frame: Rect(x: 20, y: 20, width: 100, height: 40))
        root.addChild(button)
        button.addInteraction(ContextMenuInteraction(actions: ["Rename"]))
        let test = try InteractionTest(interactions: InteractionSystem(root: root, sceneSize: size))
        var mouse = ScriptedMouse(in: size)
        mouse.click(.secondary, at: Point(x: 300, y: 250))
        mouse.click(.secondary, at: Point(x: 70, y: 40))
        let transcript = try test.play(mouse)
        #expect(
            transcript.outline() == [
                "device added (mouse)", "secondary button down (button) on window",
                "secondary button up (button) on window",
                "secondary button down (button) on button", "secondary button up (button) on button",
                "action contextMenu on button: Rename [secondaryClick]", "device removed (mouse)",
            ])
    }

    /// A finger on a touchscreen targets the node it touches, not the node under the pointer (left
    /// in the middle of the scene): the tap and the long press name the button, like the action.
    @Test func aTouchTargetsTheNodeItTouches() throws {
        let size = Size(width: 400, height: 300)
        let root = Node(identifier: "window", frame: Rect(origin: .zero, size: size))
        let button = Node(identifier: "button", frame: Rect(x: 20, y: 20, width: 100, height: 40))
        let middle = Node(identifier: "middle", frame: Rect(x: 150, y: 100, width: 100, height: 100))
        root.addChild(button)
        root.addChild(middle)
        button.addInteraction(ContextMenuInteraction(actions: ["Rename"]))
        let test = try InteractionTest(interactions: InteractionSystem(root: root, sceneSize: size))
        var screen = ScriptedTouchscreen(covering: size)
        screen.tap(at: Point(x: 70, y: 40))
        screen.longPress(at: Point(x: 70, y: 40))
        let transcript = try test.play(screen)
        #expect(
            transcript.outline() == [
                "device added (touchscreen)", "1-finger tap (direct) on button", "long press began (direct) on button",
                "action contextMenu on button: Rename [longPress]", "long press ended (direct) on button",
                "device removed (touchscreen)",
            ])
    }

    /// Two scrolls in a row: each keeps its began and ended; the changes of each show once.
    @Test func anOutlineKeepsEveryBeganAndEndedAndEachRunOfChangesOnce() throws {
        let test = try InteractionTest(sceneFile: Self.demoScene)
        var touchpad = ScriptedTouchpad()
        touchpad.twoFingerScroll(by: .millimetres(0, 10), over: .milliseconds(200))
        touchpad.wait(.milliseconds(400))
        touchpad.twoFingerScroll(by: .millimetres(0, 10), over: .milliseconds(200))
        let transcript = try test.play(touchpad)
        let scroll = [
            "continuous scroll began on grid", "continuous scroll changed on grid", "continuous scroll ended on grid",
        ]
        #expect(transcript.outline(of: [.input]) == scroll + scroll)
    }
}
