import Classification
import EventModel
import FocusEngine
import Geometry
import InputEvents
import Scenes
import Testing

@testable import Wayfinder

/// The scene as the runtime sees it: focus scrolling items into view and the terminal snapshot.
@Suite struct SceneSessionTests {
    @Test func focusMovingBelowTheVisibleRowsScrollsTheGrid() throws {
        let runtime = try Demo.load().makeRuntime()
        var time = Timestamp.zero
        func press(_ chord: String) -> [WayfinderEvent] {
            time += .milliseconds(100)
            return runtime.press(try! KeyPress(parsing: chord), at: time)
        }
        for chord in ["Tab", "Tab", "Tab"] { _ = press(chord) }
        var offsets: [Double] = []
        for _ in 0..<5 {
            for event in press("Down") {
                if case .contentOffset("grid", let offset) = event.payload { offsets.append(offset.y) }
            }
        }
        let snapshot = try #require(runtime.snapshot())
        #expect(snapshot.focusedID == "photo-21")
        // photo-21 spans y 1020…1200 in content coordinates; the grid shows 698 points from y 70,
        // so the smallest offset that shows it whole is 1200 − (70 + 698) = 432.
        #expect(offsets.last == 432)
        #expect(snapshot.scrollViews["grid"]?.offsetY == 432)
        // Rows end at y 260, 448, 636, 824, 1012 and 1200; the view ends at 768. Moving down scrolls
        // only for rows that end below it, each by just enough: photo-13, photo-17, photo-21.
        let viewBottom = 768.0
        let expected: [Double] = [824 - viewBottom, 1012 - viewBottom, 1200 - viewBottom]
        #expect(offsets == expected)
    }

    /// Found by the focus engine's fuzz target: a scroll view wider than its frame was scrolled
    /// only vertically, so that focus moved to cells out of sight on the right.
    @Test func focusMovingPastTheVisibleColumnsScrollsSideways() throws {
        let cells = ["a", "b", "c", "d"].enumerated().map { index, id in
            SceneNode(id: id, frame: Rect(x: Double(index) * 150, y: 0, width: 100, height: 100), focusable: true)
        }
        let strip = SceneNode(
            id: "strip", frame: Rect(x: 0, y: 0, width: 200, height: 100), children: cells,
            scroll: SceneScroll(contentSize: Size(width: 600, height: 100)))
        let window = SceneNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 200), children: [strip])
        let runtime = try Runtime(scene: Scene(root: window))
        var time = Timestamp.zero
        func press(_ chord: String) throws -> [EventPayload] {
            time += .milliseconds(100)
            return runtime.press(try KeyPress(parsing: chord), at: time).map(\.payload)
        }
        #expect(try press("Tab") == [.focus(from: nil, to: "a", heading: .next)])
        // b spans x 150…250 and the strip shows 200 points: 50 brings its right edge in.
        #expect(
            try press("Right") == [
                .focus(from: "a", to: "b", heading: .right), .contentOffset(item: "strip", offset: Vector(x: 50, y: 0)),
            ])
        #expect(
            try press("Right") == [
                .focus(from: "b", to: "c", heading: .right),
                .contentOffset(item: "strip", offset: Vector(x: 200, y: 0)),
            ])
        // d ends at 550; the content's end (600 − 200 = 400) is not reached.
        #expect(
            try press("Right") == [
                .focus(from: "c", to: "d", heading: .right),
                .contentOffset(item: "strip", offset: Vector(x: 350, y: 0)),
            ])
        // Back to the left: c's left edge at 300 comes into sight at the left of the strip.
        #expect(
            try press("Left") == [
                .focus(from: "d", to: "c", heading: .left), .contentOffset(item: "strip", offset: Vector(x: 300, y: 0)),
            ])
        // From there d (450…550) is 50 points past the right edge again.
        #expect(
            try press("Right") == [
                .focus(from: "c", to: "d", heading: .right),
                .contentOffset(item: "strip", offset: Vector(x: 350, y: 0)),
            ])
        #expect(try press("Right") == [])
    }

    @Test func theSnapshotShowsGroupsHaloAndSelection() throws {
        let runtime = try Demo.load().makeRuntime()
        runtime.press(KeyPress(.tab), at: Timestamp(microseconds: 1))
        runtime.press(KeyPress(.tab), at: Timestamp(microseconds: 2))
        runtime.press(KeyPress(.down), at: Timestamp(microseconds: 3))
        let snapshot = try #require(runtime.snapshot())
        #expect(snapshot.focusedID == "favorites")
        #expect(snapshot.selectedIDs == ["favorites"])
        // Three groups in the Tab loop: the search field, the sidebar, the grid.
        #expect(snapshot.groups.map(\.number) == [1, 2, 3])
        // The sidebar's group spans its cells, from Recents at y 70 to the album Pets, 422 + 44.
        #expect(snapshot.groups[1].frame == Rect(x: 0, y: 70, width: 240, height: 396))
        #expect(snapshot.groups[2].scrollViewID == "grid")
        // Photos have a rounded halo; sidebar cells the default (square) one.
        #expect(snapshot.haloCornerRadius == 0)
        runtime.press(KeyPress(.tab), at: Timestamp(microseconds: 4))
        #expect(runtime.snapshot()?.haloCornerRadius == 12)
        // The pointer starts at the centre of the scene.
        #expect(snapshot.pointer == Point(x: 512, y: 384))
    }
}
