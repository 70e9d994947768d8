import EventModel
import Geometry
import InputEvents
import Testing

@testable import Interactions

/// The gesture arbiter keeps its participants' earliest deadline between inputs that cannot
/// change it. Whatever the input, the deadline it keeps must be the one worked out again from
/// every participant.
@Suite struct ArbiterDeadlineTests {
    /// A list that scrolls and zooms, holding a cell with a double tap and a context menu, and a
    /// card with a pan and a swipe.
    private func makeScene() -> InteractionHarness {
        let list = Node(identifier: "list", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let scroll = ScrollViewInteraction(contentSize: Size(width: 400, height: 2000))
        scroll.setZoomLimits(minimum: 1, maximum: 3)
        list.addInteraction(scroll)
        let cell = Node(identifier: "cell", frame: Rect(x: 0, y: 0, width: 400, height: 100))
        cell.addGestureRecognizer(TapGestureRecognizer(name: "double", numberOfTapsRequired: 2))
        cell.addInteraction(ContextMenuInteraction(actions: ["Open"]))
        list.addChild(cell)
        let card = Node(identifier: "card", frame: Rect(x: 500, y: 0, width: 300, height: 300))
        card.addInteraction(PanInteraction(allowedScrollTypes: .all))
        card.addInteraction(SwipeActionInteraction(name: "archive", direction: .left))
        return InteractionHarness(children: [list, card])
    }

    @Test func theKeptDeadlineIsAlwaysTheOneWorkedOutAgain() {
        let harness = makeScene()
        let arbiter = harness.system.arbiter
        func check() {
            #expect(arbiter.nextDeadline == arbiter.earliestDeadlineWorkedOut())
        }
        // A first tap on the cell: the double tap waits for a second one.
        harness.click(at: Point(x: 100, y: 50))
        let secondTapDeadline = harness.now + InteractionThresholds().multipleTapInterval
        #expect(arbiter.nextDeadline == secondTapDeadline)
        check()
        // A touchpad scroll over the list while it waits (the pointer still where it clicked):
        // the pans take every frame.
        for step in 0..<5 {
            harness.touchpadScroll(
                [Vector(x: 0, y: 4), Vector(x: 0, y: 6)], interval: .milliseconds(8 + step),
                endVelocity: Vector(x: 0, y: 100))
            check()
        }
        // The list's pan recognizing failed the waiting double tap: nothing waits for time.
        #expect(arbiter.nextDeadline == nil)
        // The double tap gives up; the list decelerates.
        harness.wait(.milliseconds(400))
        check()
        // A finger held on the cell: the long press's timer, then it moves and lifts.
        harness.touchDown(at: Point(x: 200, y: 50))
        check()
        harness.wait(.milliseconds(100))
        check()
        harness.touchMove(to: Point(x: 202, y: 51))
        check()
        harness.touchUp(at: Point(x: 202, y: 51))
        check()
        // A pinch on the list and a swipe on the card, with fingers on a touchscreen.
        harness.gesture(.pinch, .began, fingers: 2, scale: 1, at: Point(x: 200, y: 200))
        check()
        harness.gesture(.pinch, .changed, fingers: 2, scale: 1.4, at: Point(x: 200, y: 200))
        check()
        harness.gesture(.pinch, .ended, fingers: 2, scale: 1.6, at: Point(x: 200, y: 200))
        check()
        harness.movePointer(to: Point(x: 600, y: 100))
        harness.click(at: Point(x: 600, y: 100))
        check()
        harness.touchpadScroll([Vector(x: 10, y: 0), Vector(x: 30, y: 0)], endVelocity: Vector(x: 900, y: 0))
        check()
        harness.wait(.seconds(2))
        check()
        #expect(arbiter.nextDeadline == nil)
    }
}
