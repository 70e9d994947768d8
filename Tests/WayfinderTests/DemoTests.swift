import Classification
import EventModel
import Foundation
import InputEvents
import Interactions
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

    /// The text lines of the chapter at `index` (from 0), as `wayfinder demo --plain` prints them
    /// under its heading: the events from its start to the next chapter's.
    static func lines(ofChapter index: Int, _ demo: Demo, _ events: [WayfinderEvent]) -> [String] {
        let start = demo.chapters[index].start
        let end = demo.chapters.indices.contains(index + 1) ? demo.chapters[index + 1].start : nil
        return events.filter { event in event.time >= start && end.map { event.time < $0 } ?? true }
            .compactMap { $0.textLine() }
    }

    @Test func theChaptersAreTheKeyboardThreeRecordingsAndTheThreeGestures() throws {
        let demo = try Demo.load()
        #expect(
            demo.chapters.map(\.title) == [
                "keyboard: Tab between groups, arrows inside them, Return selects",
                "clickpad: two-finger scroll down on the photo grid",
                "clickpad: click in the bottom-right corner, a secondary click",
                "mouse: the wheel scrolls in steps; press and move drags an album at once; right click opens its menu",
                "mouse: the pointer passes over the search field and the toolbar, which highlight under it",
                "touchpad: pinch out zooms the photo grid about the pointer; pinch in bounces back to its size",
                "touchscreen: a flick left on an album swipes to delete it",
            ])
    }

    /// The synthesized mouse: from the scene's corner along the top bar, each item's hover effect
    /// beginning as the pointer comes over it and ending as it leaves, then into the photo grid,
    /// whose photos have no hover effect.
    @Test func thePointerHoversOverTheSearchFieldAndTheToolbarButtons() throws {
        let (demo, events) = try Self.run()
        #expect(
            Self.lines(ofChapter: 4, demo, events) == [
                " 23.670208  Wayfinder Demo Mouse  device added (mouse)",
                " 24.110208  Wayfinder Demo Mouse  action hover on search began",
                " 24.590208  Wayfinder Demo Mouse  action hover on search ended",
                " 24.660208  Wayfinder Demo Mouse  action hover on slideshow began",
                " 25.110208  Wayfinder Demo Mouse  action hover on slideshow ended",
                " 25.120208  Wayfinder Demo Mouse  action hover on share began",
                " 25.610208  Wayfinder Demo Mouse  action hover on share ended",
                " 25.640208  Wayfinder Demo Mouse  action hover on settings began",
                " 26.070208  Wayfinder Demo Mouse  action hover on settings ended",
                " 26.260208  Wayfinder Demo Mouse  device removed (mouse)",
            ])
    }

    /// What the terminal view highlights, each time it changes over the whole demo: nothing
    /// before the hover chapter, then each item under the pointer with its effect.
    @Test func theSnapshotHighlightsEachHoveredItemWithItsEffect() throws {
        let demo = try Demo.load()
        let runtime = try demo.makeRuntime()
        var highlighted: [[String: PointerEffect]] = [[:]]
        try demo.replay.run(
            through: runtime,
            afterStep: { _ in
                let hovered = runtime.snapshot()?.hovered ?? [:]
                if hovered != highlighted.last { highlighted.append(hovered) }
            })
        #expect(
            highlighted == [
                [:], ["search": .highlight], [:], ["slideshow": .hover], [:], ["share": .lift], [:],
                ["settings": .highlight], [:],
            ])
    }

    /// The synthesized clickpad: a finger and the thumb rest (a hold, cancelled as they spread),
    /// spread to twice their distance (the grid zooms to ×2 about the pointer at (550, 360),
    /// 290 and 290 points into its content), lift, land again and close to a quarter: the zoom
    /// goes past the grid's smallest scale, 1, on a rubber band, and springs back to 1 after
    /// the fingers lift.
    @Test func aPinchZoomsTheGridAboutThePointerAndBouncesBackToItsSize() throws {
        let demo = try Demo.load()
        let runtime = try demo.makeRuntime()
        let events = try demo.replay.events(through: runtime)
        #expect(
            Self.lines(ofChapter: 5, demo, events) == [
                " 27.760208  Wayfinder Demo Clickpad  device added (clickpad)",
                " 27.800208  Wayfinder Demo Clickpad  hold began 2 fingers (indirectPointer) → photo-6",
                " 28.060208  Wayfinder Demo Clickpad  hold cancelled 2 fingers (indirectPointer) → photo-6",
                " 28.060208  Wayfinder Demo Clickpad  pinch began 2 fingers dx 0.00 dy 0.00 scale 1.000 rotation 0.0° (indirectPointer) → photo-6",
                " 28.060208  Wayfinder Demo Clickpad  action zoom on grid began ×1.00",
                " 28.070208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.091 rotation 0.0° (indirectPointer) → photo-6",
                " 28.070208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.09",
                " 28.070208  Wayfinder Demo Clickpad  grid scrolled to (26.4, 26.4)",
                " 28.080208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.182 rotation 0.0° (indirectPointer) → photo-6",
                " 28.080208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.18",
                " 28.080208  Wayfinder Demo Clickpad  grid scrolled to (52.7, 52.7)",
                " 28.090208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.273 rotation 0.0° (indirectPointer) → photo-6",
                " 28.090208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.27",
                " 28.090208  Wayfinder Demo Clickpad  grid scrolled to (79.1, 79.1)",
                " 28.100208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.364 rotation 0.0° (indirectPointer) → photo-6",
                " 28.100208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.36",
                " 28.100208  Wayfinder Demo Clickpad  grid scrolled to (105.5, 105.5)",
                " 28.110208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.455 rotation 0.0° (indirectPointer) → photo-6",
                " 28.110208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.45",
                " 28.110208  Wayfinder Demo Clickpad  grid scrolled to (131.8, 131.8)",
                " 28.120208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.545 rotation 0.0° (indirectPointer) → photo-6",
                " 28.120208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.55",
                " 28.120208  Wayfinder Demo Clickpad  grid scrolled to (158.2, 158.2)",
                " 28.130208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.636 rotation 0.0° (indirectPointer) → photo-6",
                " 28.130208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.64",
                " 28.130208  Wayfinder Demo Clickpad  grid scrolled to (184.5, 184.5)",
                " 28.140208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.727 rotation 0.0° (indirectPointer) → photo-6",
                " 28.140208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.73",
                " 28.140208  Wayfinder Demo Clickpad  grid scrolled to (210.9, 210.9)",
                " 28.150208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.818 rotation 0.0° (indirectPointer) → photo-6",
                " 28.150208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.82",
                " 28.150208  Wayfinder Demo Clickpad  grid scrolled to (237.3, 237.3)",
                " 28.160208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 1.909 rotation 0.0° (indirectPointer) → photo-6",
                " 28.160208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.91",
                " 28.160208  Wayfinder Demo Clickpad  grid scrolled to (263.6, 263.6)",
                " 28.170208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 2.000 rotation 0.0° (indirectPointer) → photo-6",
                " 28.170208  Wayfinder Demo Clickpad  action zoom on grid changed ×2.00",
                " 28.170208  Wayfinder Demo Clickpad  grid scrolled to (290, 290)",
                " 28.180208  Wayfinder Demo Clickpad  pinch ended 2 fingers dx 0.00 dy 0.00 scale 2.000 rotation 0.0° (indirectPointer) → photo-6",
                " 28.180208  Wayfinder Demo Clickpad  action zoom on grid ended ×2.00",
                " 28.820208  Wayfinder Demo Clickpad  hold began 2 fingers (indirectPointer) → photo-6",
                " 29.080208  Wayfinder Demo Clickpad  hold cancelled 2 fingers (indirectPointer) → photo-6",
                " 29.080208  Wayfinder Demo Clickpad  pinch began 2 fingers dx 0.00 dy 0.00 scale 1.000 rotation 0.0° (indirectPointer) → photo-6",
                " 29.080208  Wayfinder Demo Clickpad  action zoom on grid began ×2.00",
                " 29.090208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.919 rotation 0.0° (indirectPointer) → photo-6",
                " 29.090208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.84",
                " 29.090208  Wayfinder Demo Clickpad  grid scrolled to (243, 243)",
                " 29.100208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.838 rotation 0.0° (indirectPointer) → photo-6",
                " 29.100208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.68",
                " 29.100208  Wayfinder Demo Clickpad  grid scrolled to (195.9, 195.9)",
                " 29.110208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.757 rotation 0.0° (indirectPointer) → photo-6",
                " 29.110208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.51",
                " 29.110208  Wayfinder Demo Clickpad  grid scrolled to (148.9, 148.9)",
                " 29.120208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.676 rotation 0.0° (indirectPointer) → photo-6",
                " 29.120208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.35",
                " 29.120208  Wayfinder Demo Clickpad  grid scrolled to (101.9, 101.9)",
                " 29.130208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.595 rotation 0.0° (indirectPointer) → photo-6",
                " 29.130208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.19",
                " 29.130208  Wayfinder Demo Clickpad  grid scrolled to (54.9, 54.9)",
                " 29.140208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.514 rotation 0.0° (indirectPointer) → photo-6",
                " 29.140208  Wayfinder Demo Clickpad  action zoom on grid changed ×1.03",
                " 29.140208  Wayfinder Demo Clickpad  grid scrolled to (7.8, 7.8)",
                " 29.150208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.432 rotation 0.0° (indirectPointer) → photo-6",
                " 29.150208  Wayfinder Demo Clickpad  action zoom on grid changed ×0.93",
                " 29.150208  Wayfinder Demo Clickpad  grid scrolled to (0, 0)",
                " 29.160208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.351 rotation 0.0° (indirectPointer) → photo-6",
                " 29.160208  Wayfinder Demo Clickpad  action zoom on grid changed ×0.86",
                " 29.170208  Wayfinder Demo Clickpad  pinch changed 2 fingers dx 0.00 dy 0.00 scale 0.270 rotation 0.0° (indirectPointer) → photo-6",
                " 29.170208  Wayfinder Demo Clickpad  action zoom on grid changed ×0.80",
                " 29.180208  Wayfinder Demo Clickpad  pinch ended 2 fingers dx 0.00 dy 0.00 scale 0.270 rotation 0.0° (indirectPointer) → photo-6",
                " 29.180208  Wayfinder Demo Clickpad  device removed (clickpad)",
                " 29.196875  scene  action zoom on grid changed ×0.80",
                " 29.213542  scene  action zoom on grid changed ×0.81",
                " 29.230209  scene  action zoom on grid changed ×0.82",
                " 29.246876  scene  action zoom on grid changed ×0.84",
                " 29.263543  scene  action zoom on grid changed ×0.85",
                " 29.280210  scene  action zoom on grid changed ×0.87",
                " 29.296877  scene  action zoom on grid changed ×0.88",
                " 29.313544  scene  action zoom on grid changed ×0.89",
                " 29.330211  scene  action zoom on grid changed ×0.91",
                " 29.346878  scene  action zoom on grid changed ×0.92",
                " 29.363545  scene  action zoom on grid changed ×0.93",
                " 29.380212  scene  action zoom on grid changed ×0.94",
                " 29.396879  scene  action zoom on grid changed ×0.95",
                " 29.413546  scene  action zoom on grid changed ×0.95",
                " 29.430213  scene  action zoom on grid changed ×0.96",
                " 29.446880  scene  action zoom on grid changed ×0.97",
                " 29.463547  scene  action zoom on grid changed ×0.97",
                " 29.480214  scene  action zoom on grid changed ×0.97",
                " 29.496881  scene  action zoom on grid changed ×0.98",
                " 29.513548  scene  action zoom on grid changed ×0.98",
                " 29.530215  scene  action zoom on grid changed ×0.98",
                " 29.546882  scene  action zoom on grid changed ×0.99",
                " 29.563549  scene  action zoom on grid changed ×0.99",
                " 29.580216  scene  action zoom on grid changed ×0.99",
                " 29.596883  scene  action zoom on grid changed ×0.99",
                " 29.613550  scene  action zoom on grid changed ×0.99",
                " 29.630217  scene  action zoom on grid changed ×0.99",
                " 29.646884  scene  action zoom on grid changed ×1.00",
                " 29.663551  scene  action zoom on grid changed ×1.00",
                " 29.680218  scene  action zoom on grid changed ×1.00",
                " 29.696885  scene  action zoom on grid changed ×1.00",
                " 29.713552  scene  action zoom on grid changed ×1.00",
                " 29.730219  scene  action zoom on grid changed ×1.00",
                " 29.746886  scene  action zoom on grid changed ×1.00",
                " 29.763553  scene  action zoom on grid changed ×1.00",
                " 29.780220  scene  action zoom on grid changed ×1.00",
                " 29.796887  scene  action zoom on grid changed ×1.00",
                " 29.813554  scene  action zoom on grid changed ×1.00",
                " 29.830221  scene  action zoom on grid changed ×1.00",
                " 29.841208  scene  action zoom on grid ended ×1.00",
            ])
        #expect(
            runtime.snapshot()?.scrollViews["grid"]
                == TerminalSnapshot.ScrollState(contentWidth: 764, contentHeight: 1200, zoomScale: 1))
    }

    /// The synthesized touchscreen: a quick flick left across the album Holidays is its swipe to
    /// delete; nothing scrolls, drags or opens a menu.
    @Test func aFlickLeftOnAnAlbumSwipesToDeleteIt() throws {
        let (demo, events) = try Self.run()
        #expect(
            Self.lines(ofChapter: 6, demo, events) == [
                " 30.680208  Wayfinder Demo Touchscreen  device added (touchscreen)",
                " 30.790208  Wayfinder Demo Touchscreen  action delete on holidays [swipe]",
                " 30.790208  Wayfinder Demo Touchscreen  device removed (touchscreen)",
            ])
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
        let mouseChapter = try #require(demo.chapters.dropFirst(3).first)
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
