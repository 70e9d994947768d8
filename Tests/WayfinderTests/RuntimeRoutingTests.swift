import Classification
import EventModel
import Foundation
import Geometry
import InputEvents
import InputRecording
import Scenes
import Testing
import WayfinderTestSupport

@testable import Wayfinder

/// Routing through the real parts: key commands reach the focus engine's custom actions, and a
/// device that goes away mid-gesture leaves nothing held.
@Suite struct RuntimeRoutingTests {
    static func keyFrame(_ milliseconds: Int64, _ code: UInt16, _ value: Int32) -> EventFrame {
        let time = Timestamp(microseconds: milliseconds * 1000)
        return EventFrame(events: [InputEvent(time: time, type: .key, code: code, value: value), .report(at: time)])
    }

    @Test func chordsFromAKeyboardFireTheFocusedItemsKeyCommands() throws {
        let document = SceneNode(
            id: "doc", frame: Rect(x: 10, y: 10, width: 200, height: 100), role: .cell, focusable: true,
            actions: [
                SceneCustomAction(name: "Print", key: "Ctrl+P"), SceneCustomAction(name: "Rename", key: "Ctrl+,"),
            ])
        let window = SceneNode(
            id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 300), children: [document])
        let runtime = try Runtime(scene: Scene(root: window))
        let keyboard = try #require(
            try Recording.load(
                contentsOf: Fixtures.recordingsDirectory.appendingPathComponent("../Demo/demo-keyboard.evemu")
            )
            .devices.first)
        // Tab; then Ctrl+P and Ctrl+, (KEY_LEFTCTRL 29, KEY_P 25, KEY_COMMA 51), the control key held.
        let frames = [
            Self.keyFrame(0, 15, 1), Self.keyFrame(20, 15, 0), Self.keyFrame(100, 29, 1), Self.keyFrame(120, 25, 1),
            Self.keyFrame(140, 25, 0), Self.keyFrame(160, 51, 1), Self.keyFrame(180, 51, 0), Self.keyFrame(200, 29, 0),
        ]
        let events = try Replay(sources: [ReplaySource(description: keyboard.description, frames: frames)]).events(
            through: runtime)
        let actions = events.compactMap { if case .action(let action) = $0.payload { action } else { nil } }
        #expect(actions.map(\.name) == ["Print", "Rename"])
        #expect(actions.allSatisfy { $0.item == "doc" && $0.trigger == .key })
        let actionTimes = events.compactMap { if case .action = $0.payload { $0.time.microseconds } else { nil } }
        #expect(actionTimes == [120_000, 160_000])
    }

    @Test func removingTheMouseMidDragCancelsTheDragAndReleasesTheButton() throws {
        let demo = try Demo.load()
        let mouse = try #require(
            try Recording.load(
                contentsOf: Fixtures.recordingsDirectory.appendingPathComponent(
                    "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu")
            ).devices.first)
        // Cut the recording in the middle of its first held press (after the drag began).
        let pressIndex = try #require(
            mouse.frames.firstIndex { $0.events.contains { $0.keyCode == .leftButton && $0.value == 1 } })
        let cut = Array(mouse.frames.prefix(pressIndex + 20))
        let runtime = try demo.makeRuntime()
        let device = DeviceID(rawValue: 0)
        runtime.addDevice(.numbered(device.rawValue), description: mouse.description, at: .zero)
        var events: [WayfinderEvent] = []
        for frame in cut { events += runtime.process(frame, from: device) }
        // The classifier's own drag (a pointer press that moves), whatever lies under the pointer.
        let dragBegan = events.contains {
            if case .input(.drag(.began, _, _, _), _) = $0.payload { true } else { false }
        }
        #expect(dragBegan)
        let end = try #require(cut.last?.time) + .milliseconds(1)
        let removal = runtime.removeDevice(device, at: end)
        let payloads = removal.map(\.payload)
        #expect(payloads.contains { if case .input(.drag(.cancelled, _, _, _), _) = $0 { true } else { false } })
        #expect(payloads.contains { if case .input(.button(.primary, .up, _, _), _) = $0 { true } else { false } })
        #expect(payloads.last == .device(.removed, kind: .mouse))
        #expect(runtime.nextDeadline == nil || runtime.nextDeadline! > end)
    }
}
