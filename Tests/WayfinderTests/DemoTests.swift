import Classification
import EventModel
import Foundation
import InputEvents
import Testing

@testable import Wayfinder

/// The bundled demo through the real pipeline: real recordings, the real classifier, the
/// interactions and the focus engine.
@Suite struct DemoTests {
    /// The demo's events, computed once per test.
    static func run() throws -> (demo: Demo, events: [WayfinderEvent]) {
        let demo = try Demo.load()
        let runtime = try demo.makeRuntime()
        return (demo, try demo.replay.events(through: runtime))
    }

    static func focusTargets(_ events: [WayfinderEvent]) -> [String] {
        events.compactMap { if case .focus(_, let to?, _) = $0.payload { to } else { nil } }
    }

    static func actions(_ events: [WayfinderEvent], named name: String) -> [ActionEvent] {
        events.compactMap { if case .action(let action) = $0.payload, action.name == name { action } else { nil } }
    }

    @Test func focusVisitsAllThreeGroupsAndSelects() throws {
        let (_, events) = try Self.run()
        let targets = Self.focusTargets(events)
        // Tab, Tab, Down, Down, Tab, Right, Down, (Return), Shift-Tab, Shift-Tab.
        #expect(
            targets == [
                "search", "recents", "favorites", "shared", "photo-1", "photo-2", "photo-6", "shared", "search",
            ])
        let sidebar: Set = ["recents", "favorites", "shared", "albums", "new-album"]
        #expect(targets.contains("search"))
        #expect(targets.contains { sidebar.contains($0) })
        #expect(targets.contains { $0.hasPrefix("photo-") })
        let selected = events.compactMap { if case .select(let item) = $0.payload { item } else { nil } }
        // Selection follows focus in the sidebar; Return selects in the grid.
        #expect(selected == ["favorites", "shared", "photo-6"])
    }

    @Test func theTouchpadScrollsTheGridContinuously() throws {
        let (_, events) = try Self.run()
        var phases: [ScrollPhase] = []
        var offsets: [Double] = []
        for event in events {
            if case .input(.scroll(.continuous, _, _, let phase?, _), let target) = event.payload {
                #expect(target == "grid")
                phases.append(phase)
            }
            if case .contentOffset("grid", let offset) = event.payload, event.device.name.contains("Synaptics") {
                offsets.append(offset.y)
            }
        }
        #expect(phases.first == .began)
        #expect(phases.last == .ended)
        #expect(phases.filter { $0 == .began }.count == 1)
        #expect(phases.count > 10)
        // Fingers moving down scroll the content down: the offset only grows, well past a line.
        #expect(offsets.count > 10)
        #expect(zip(offsets, offsets.dropFirst()).allSatisfy { $0 <= $1 })
        #expect((offsets.last ?? 0) > 80)
    }

    @Test func theClickpadsSecondaryClickOpensAPhotosContextMenuOnce() throws {
        let (demo, events) = try Self.run()
        let clickChapter = try #require(demo.chapters.dropFirst(2).first)
        let mouseChapter = try #require(demo.chapters.last)
        let menus = events.filter { event in
            guard case .action(let action) = event.payload else { return false }
            return action.name == "contextMenu" && event.time >= clickChapter.start && event.time < mouseChapter.start
        }
        try #require(menus.count == 1)
        guard case .action(let menu) = menus[0].payload else { return }
        #expect(menu.trigger == .secondaryClick)
        #expect(menu.item.hasPrefix("photo-"))
        #expect(menu.actions == ["Share", "Favorite", "Delete"])
        let secondaryDown = events.contains { event in
            if case .input(.button(.secondary, .down, .buttonArea, _), let target) = event.payload {
                return target == menu.item
            }
            return false
        }
        #expect(secondaryDown)
    }

    @Test func theMouseDragsAtOnceAndEveryDragEnds() throws {
        let (_, events) = try Self.run()
        let drags = Self.actions(events, named: "drag")
        let began = drags.filter { $0.phase == .began }
        let ended = drags.filter { $0.phase == .ended || $0.phase == .cancelled }
        #expect(began.count >= 1)
        #expect(began.count == ended.count)
        // The first left press moves about 131 units while held: the drag carries it.
        let first = try #require(ended.first?.translation)
        #expect((first.x * first.x + first.y * first.y).squareRoot() > 100)
        // A pointer drag begins on the first movement: no lift delay.
        let press = try #require(
            events.first {
                if case .input(.button(.primary, .down, .button, _), _) = $0.payload { true } else { false }
            })
        let start = try #require(
            events.first {
                if case .action(let action) = $0.payload {
                    action.name == "drag" && action.phase == .began
                } else {
                    false
                }
            })
        #expect(start.time - press.time < .milliseconds(200))
    }

    @Test func everyJSONLineIsAnObjectWithTheCommonFields() throws {
        let (_, events) = try Self.run()
        var types: Set<String> = []
        var previous = -Double.infinity
        for event in events {
            guard let line = event.jsonLine() else { continue }
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let time = try #require(object["time"] as? Double)
            #expect(time >= previous)
            previous = time
            #expect(object["device"] is String)
            types.insert(try #require(object["type"] as? String))
        }
        #expect(types.isSuperset(of: ["device", "key", "button", "scroll", "focus", "select", "action"]))
        #expect(!types.contains("motion"))
    }
}
