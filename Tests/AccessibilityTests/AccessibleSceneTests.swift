import Accessibility
import EventModel
import FocusEngine
import Foundation
import Geometry
import InputDevices
import InputEvents
import Scenes
import Testing
import WayfinderTestSupport

@testable import Wayfinder

/// An application's scene, built in code and changed while it runs, on a real accessibility bus
/// served from the test's process.
@Suite(.serialized) struct AccessibleSceneTests {
    /// A window with a text field, a list whose selection follows focus, and a container that
    /// gains and loses children; names in several scripts, one with a NUL.
    static func scene() -> Scene {
        Scene(
            root: SceneNode(
                id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 300),
                children: [
                    SceneNode(
                        id: "name", frame: Rect(x: 10, y: 10, width: 200, height: 30), role: .textField,
                        focusable: true, label: "Name", value: "Zoë 🎉"),
                    SceneNode(
                        id: "list", frame: Rect(x: 10, y: 50, width: 200, height: 80),
                        children: [
                            SceneNode(
                                id: "first", frame: Rect(x: 10, y: 50, width: 200, height: 40), role: .cell,
                                focusable: true, label: "Tab\u{0}Stop"),
                            SceneNode(
                                id: "second", frame: Rect(x: 10, y: 90, width: 200, height: 40), role: .cell,
                                focusable: true, label: "مشترك"),
                        ], role: .list, selectionFollowsFocus: true),
                    SceneNode(id: "tray", frame: Rect(x: 220, y: 10, width: 170, height: 280), role: .container),
                ]))
    }

    @Test func focusSelectionCaretAndChildrenAreToldAsTheyChange() throws {
        let reader = try ScreenReaderClient(
            listening: ScreenReaderClient.focusEvents + [
                "object:state-changed:selected", "object:children-changed", "object:text-caret-moved",
            ])
        defer { reader.close() }
        let runtime = try Runtime(scene: Self.scene())
        var time = Timestamp.zero
        let accessible = try AccessibleScene(
            runtime: runtime, name: "library", windowName: "Form",
            clock: {
                time += .milliseconds(1)
                return time
            }, environment: reader.environment)
        defer { accessible.close() }
        var requested: [WayfinderEvent] = []
        accessible.onEvents = { requested += $0 }
        reader.output.wait = { descriptor, limit in
            _ = try? Readiness.waitForReadable(
                [FileDescriptor(rawValue: descriptor)], timeout: limit, participants: [accessible])
        }
        #expect(try reader.waitForApplication("library"))
        let tree = try reader.tree(of: "library")
        #expect(tree.children.map(\.name) == ["Form"], "the window is named for the application's window")
        let all = try #require(tree.children.first).all
        #expect(all.map(\.name) == ["Form", "Name", "", "Tab\u{FFFD}Stop", "مشترك", ""])
        #expect(all.map(\.role) == ["frame", "entry", "list", "list item", "list item", "panel"])
        let field = try #require(tree.element(withID: "name"))
        #expect(field.text == "Zoë 🎉" && field.caret == 5)

        // Keys through the runtime: focus, then the selection that follows it, in that order.
        time += .milliseconds(1)
        runtime.press(try KeyPress(parsing: "Tab"), at: time)
        time += .milliseconds(1)
        runtime.press(try KeyPress(parsing: "Tab"), at: time)
        time += .milliseconds(1)
        runtime.press(try KeyPress(parsing: "Down"), at: time)
        // A caret moved by the screen reader.
        #expect(try reader.setCaret(2, on: "name", in: "library"))
        #expect(try reader.tree(of: "library").element(withID: "name")?.caret == 2)

        // The application adds two nodes to the tray and removes the list's first cell.
        let focus = try #require(runtime.sceneSession?.focus)
        let root = try #require(focus.root as? FocusNode)
        let tray = try #require(root.children.last as? FocusNode)
        tray.addChild(FocusNode(id: "new-a", frame: Rect(x: 220, y: 10, width: 170, height: 40), role: .button))
        tray.addChild(FocusNode(id: "new-b", frame: Rect(x: 220, y: 60, width: 170, height: 40), role: .button))
        let list = try #require(root.children[1] as? FocusNode)
        let second = try #require(list.children.last as? FocusNode)
        list.removeAllChildren()
        list.addChild(second)
        // What the focus engine asks after a change is enough for the bus.
        focus.invalidateLayout()

        // The registry's children-changed on its desktop (the application arriving), then these.
        let events = try reader.events(waitingFor: 14).filter { $0.id != nil }
        #expect(
            events == [
                .init(type: "window:activate", id: "window", detail1: 0),
                .init(type: "object:state-changed:focused", id: "name", detail1: 1),
                .init(type: "object:state-changed:focused", id: "name", detail1: 0),
                .init(type: "object:state-changed:focused", id: "first", detail1: 1),
                .init(type: "object:state-changed:selected", id: "first", detail1: 1),
                .init(type: "object:state-changed:focused", id: "first", detail1: 0),
                .init(type: "object:state-changed:focused", id: "second", detail1: 1),
                .init(type: "object:state-changed:selected", id: "first", detail1: 0),
                .init(type: "object:state-changed:selected", id: "second", detail1: 1),
                .init(type: "object:text-caret-moved", id: "name", detail1: 2),
                .init(type: "object:children-changed:remove", id: "list", detail1: 0, child: nil),
                .init(type: "object:children-changed:add", id: "tray", detail1: 0, child: "new-a"),
                .init(type: "object:children-changed:add", id: "tray", detail1: 1, child: "new-b"),
            ], "\(events)")
        #expect(
            try reader.tree(of: "library").children.first?.all.map(\.id) == [
                "window", "name", "list", "second", "tray", "new-a", "new-b",
            ])

        // GrabFocus and DoAction through the runtime, as input from the device "accessibility".
        #expect(try reader.grabFocus("name", in: "library"))
        #expect(try reader.doAction("select", on: "second", in: "library"))
        #expect(
            requested.map(\.payload) == [
                .focus(from: "second", to: "name", heading: .none), .select(item: "second"),
            ])
        #expect(requested.allSatisfy { $0.device == .synthetic("accessibility") })

        accessible.close()
        #expect(accessible.bus.status == .closed)
        #expect(try reader.waitUntilGone("library"))
    }

    @Test func aReplacedRootIsAWindowReplacedAndItsRestoredFocusIsTold() throws {
        let reader = try ScreenReaderClient(listening: ScreenReaderClient.focusEvents + ["object:children-changed"])
        defer { reader.close() }
        let runtime = try Runtime(scene: Self.scene())
        let accessible = try AccessibleScene(
            runtime: runtime, name: "replaced", clock: { .zero }, environment: reader.environment)
        defer { accessible.close() }
        reader.output.wait = { descriptor, limit in
            _ = try? Readiness.waitForReadable(
                [FileDescriptor(rawValue: descriptor)], timeout: limit, participants: [accessible])
        }
        #expect(try reader.waitForApplication("replaced"))
        runtime.press(try KeyPress(parsing: "Tab"), at: .zero + .milliseconds(1))
        // The registry's children-changed on its desktop first (the application arriving).
        let before = try reader.events(waitingFor: 3).dropFirst()
        #expect(
            Array(before) == [
                .init(type: "window:activate", id: "window", detail1: 0),
                .init(type: "object:state-changed:focused", id: "name", detail1: 1),
            ])
        let focus = try #require(runtime.sceneSession?.focus)
        // The application rebuilds its tree: the same ids, new objects.
        let rebuilt = try SceneFocusTree(scene: Self.scene())
        #expect(focus.replaceRoot(rebuilt.root), "focus is restored by identifier")
        // The old window goes (who it was can no longer be asked), the new one comes, and the
        // restored focus is told on the new object.
        let events = try reader.events(waitingFor: 6).dropFirst()
        #expect(
            Array(events) == Array(before) + [
                .init(type: "object:children-changed:remove", id: "", detail1: 0, child: nil),
                .init(type: "object:children-changed:add", id: "", detail1: 0, child: "window"),
                .init(type: "object:state-changed:focused", id: "name", detail1: 1),
            ], "\(events)")
        #expect(
            try reader.tree(of: "replaced").children.first?.element(withID: "name")?.states.contains("focused") == true)
    }
}
