import EventModel
import Foundation
import Geometry
import InputEvents
import Interactions
import Testing

/// A scroll view that zooms: a pinch scales its content about the pinch, with a rubber band past
/// the zoom limits and a bounce back inside them, checked against the documented formulas.
@Suite struct ZoomingScrollViewTests: DocumentedScrollMotion {
    /// A 400 × 300 map at (100, 100) over content of the same size, zooming between `minimum` and
    /// `maximum`; the pointer at (300, 250), the content point (200, 150).
    private func makeMap(minimum: Double = 1, maximum: Double = 2) -> (
        InteractionHarness, Node, ScrollViewInteraction
    ) {
        let map = Node(identifier: "map", frame: Rect(x: 100, y: 100, width: 400, height: 300))
        let pin = Node(identifier: "pin", frame: Rect(x: 290, y: 240, width: 20, height: 20))
        map.addChild(pin)
        let scrolling = ScrollViewInteraction(contentSize: Size(width: 400, height: 300))
        scrolling.setZoomLimits(minimum: minimum, maximum: maximum)
        map.addInteraction(scrolling)
        let harness = InteractionHarness(children: [map])
        harness.movePointer(to: Point(x: 300, y: 250))
        harness.clearEvents()
        return (harness, map, scrolling)
    }

    /// The zoom actions and content offsets, as `zoom phase ×scale` and `offset (x, y)`.
    private func lines(_ events: [TimedPayload]) -> [String] {
        events.compactMap { event in
            switch event.payload {
            case .action(let action):
                "\(action.name) \(action.item) \(action.phase.map(\.rawValue) ?? "") ×\(action.scale.map { "\(rounded($0))" } ?? "-")"
            case .contentOffset(let item, let offset):
                "offset \(item) (\(rounded(offset.x)), \(rounded(offset.y)))"
            default:
                nil
            }
        }
    }

    @Test func aPinchZoomsAboutThePointerAndKeepsTheContentUnderIt() {
        let (harness, map, scrolling) = makeMap()
        harness.gesture(.pinch, .began, fingers: 2)
        harness.wait(.milliseconds(10))
        harness.gesture(.pinch, .changed, fingers: 2, scale: 1.5)
        harness.wait(.milliseconds(10))
        harness.gesture(.pinch, .ended, fingers: 2, scale: 1.5)
        // (200, 150) of the content stays under the pointer: the offset is (200, 150)·1.5 − (200, 150).
        #expect(
            lines(harness.events) == [
                "zoom map began ×1.0", "zoom map changed ×1.5", "offset map (100.0, 75.0)", "zoom map ended ×1.5",
            ])
        #expect(scrolling.zoomScale == 1.5)
        #expect(map.attachments.zoomScale == 1.5)
        #expect(harness.system.nextDeadline == nil)
        // The pin, drawn 1.5 times larger, is still under the pointer, and reaches 15 points right
        // of it and below it; (110, 110) on the map is content (100 + 110 / 1.5, 100 + 85 / 1.5).
        #expect(harness.root.hitTest(Point(x: 300, y: 250))?.identifier == "pin")
        #expect(harness.root.hitTest(Point(x: 314, y: 264))?.identifier == "pin")
        #expect(harness.root.hitTest(Point(x: 316, y: 266))?.identifier == "map")
        #expect(map.convertFromWindow(Point(x: 300, y: 250)) == Point(x: 300, y: 250))
        let corner = map.pointInContent(Point(x: 110, y: 110))
        #expect(abs(corner.x - (100 + 110 / 1.5)) < 1e-9 && abs(corner.y - (100 + 85 / 1.5)) < 1e-9)
    }

    @Test func pinchingPastTheMaximumStretchesAndBouncesBack() throws {
        let (harness, _, scrolling) = makeMap()
        harness.gesture(.pinch, .began, fingers: 2)
        harness.wait(.milliseconds(10))
        harness.gesture(.pinch, .changed, fingers: 2, scale: 4)
        // Pinched to 4 with a maximum of 2: ln 2 past it on a rubber band ln 2 long shows
        // 2·e^((1 − 1/(c + 1))·ln 2).
        let band = log(2.0)
        let stretched = 2 * exp(rubberBand(band, dimension: band))
        #expect(abs(scrolling.zoomScale - stretched) < 1e-12)
        #expect(abs(stretched - 2.557_685) < 1e-6)
        harness.wait(.milliseconds(10))
        harness.gesture(.pinch, .ended, fingers: 2, scale: 4)
        let released = harness.now
        #expect(harness.system.nextDeadline == released + frameInterval)
        for seconds in [0.05, 0.1, 0.25] {
            harness.wait(released + .microseconds(Int64(seconds * 1_000_000)) - harness.now)
            let expected = 2 + spring(displacement: stretched - 2, velocity: 0, seconds: seconds)
            #expect(abs(scrolling.zoomScale - expected) < 1e-9, "at \(seconds) s")
        }
        harness.wait(.seconds(2))
        #expect(scrolling.zoomScale == 2)
        #expect(harness.system.nextDeadline == nil)
        // Still the same content point under the pointer: (200, 150)·2 − (200, 150).
        #expect(scrolling.contentOffset == Vector(x: 200, y: 150))
        // The scale only falls on the way back, and the zoom ends once, at rest: the spring is
        // under what a quarter point at the far side of the 400-point map would show.
        let zooms = TimedAction.actions(in: harness.events).filter { $0.name == "zoom" }
        let phases = zooms.map { $0.phase ?? .cancelled }
        #expect(phases.first == .began)
        #expect(phases.dropFirst().dropLast().allSatisfy { $0 == .changed })
        let last = try #require(zooms.last)
        #expect(last.phase == .ended)
        #expect(last.scale == 2)
        let rest = restTime(displacement: stretched - 2, restDistance: 0.5 / 400)
        #expect(last.time == released + .milliseconds(rest))
        let scales = zooms.compactMap(\.scale).drop { $0 < stretched }
        #expect(zip(scales, scales.dropFirst()).allSatisfy { $0 >= $1 })
    }

    @Test func pinchingBelowTheMinimumBouncesBackUp() {
        let (harness, _, scrolling) = makeMap(minimum: 1, maximum: 3)
        harness.gesture(.pinch, .began, fingers: 2)
        harness.gesture(.pinch, .changed, fingers: 2, scale: 0.5)
        let band = log(2.0)
        let shrunk = 1 / exp(rubberBand(band, dimension: band))
        #expect(abs(scrolling.zoomScale - shrunk) < 1e-12)
        // Smaller than the view, the content stays at its top-left corner.
        #expect(scrolling.contentOffset == .zero)
        harness.gesture(.pinch, .ended, fingers: 2, scale: 0.5)
        harness.wait(.seconds(2))
        #expect(scrolling.zoomScale == 1)
        #expect(harness.system.nextDeadline == nil)
        #expect(lines(harness.events).last == "zoom map ended ×1.0")
    }

    @Test func withoutZoomLimitsAPinchIsNotTheScrollViews() {
        let (harness, map, scrolling) = makeMap(minimum: 1, maximum: 1)
        #expect(scrolling.pinch == nil)
        #expect(map.gestureRecognizers.count == 1)
        harness.gesture(.pinch, .began, fingers: 2)
        harness.gesture(.pinch, .ended, fingers: 2, scale: 2)
        #expect(harness.events.isEmpty)
        #expect(scrolling.zoomScale == 1)
    }

    @Test func zoomLimitsThatAreNotPositiveAreIgnored() {
        let (_, _, scrolling) = makeMap(minimum: 1, maximum: 2)
        scrolling.setZoomLimits(minimum: 0, maximum: 2)
        scrolling.setZoomLimits(minimum: 1, maximum: .infinity)
        scrolling.setZoomLimits(minimum: 3, maximum: 2)
        #expect(scrolling.minimumZoomScale == 1)
        #expect(scrolling.maximumZoomScale == 2)
    }

    @Test func settingTheScaleKeepsTheTopLeftContentPoint() {
        let (_, map, scrolling) = makeMap(minimum: 1, maximum: 4)
        scrolling.setZoomScale(2)
        scrolling.setContentOffset(Vector(x: 100, y: 50))
        scrolling.setZoomScale(4)
        #expect(scrolling.contentOffset == Vector(x: 200, y: 100))
        #expect(map.contentOffset == Vector(x: 200, y: 100))
        scrolling.setZoomScale(9)
        #expect(scrolling.zoomScale == 4)
    }

    /// When the spring from `displacement` rests: the first whole millisecond at which both the
    /// displacement and the speed are under the rest distance (and its ω multiple).
    private func restTime(displacement: Double, restDistance: Double) -> Int64 {
        var milliseconds: Int64 = 0
        while true {
            let seconds = Double(milliseconds) / 1000
            let x = spring(displacement: displacement, velocity: 0, seconds: seconds)
            let v = -omega * omega * displacement * seconds * exp(-omega * seconds)
            if abs(x) < restDistance, abs(v) < restDistance * omega { return milliseconds }
            milliseconds += 1
        }
    }
}
