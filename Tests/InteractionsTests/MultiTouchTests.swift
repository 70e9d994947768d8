import Classification
import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

/// Several touches at once: each its own, hit tested on its own, held by the recognizers of the
/// nodes it began in.
@Suite struct MultiTouchTests {
    /// Two 200 × 200 cards side by side, each with a pan.
    private func makeCards() -> (InteractionHarness, left: PanInteraction, right: PanInteraction) {
        let left = Node(identifier: "left", frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let right = Node(identifier: "right", frame: Rect(x: 500, y: 100, width: 200, height: 200))
        let leftPan = PanInteraction()
        let rightPan = PanInteraction()
        left.addInteraction(leftPan)
        right.addInteraction(rightPan)
        return (InteractionHarness(children: [left, right]), leftPan, rightPan)
    }

    private func summary(_ actions: [TimedAction]) -> [String] {
        actions.map { "\($0.item) \($0.name) \($0.phase?.rawValue ?? "-") \($0.translation.map(formatted) ?? "")" }
    }

    private func formatted(_ vector: Vector) -> String { "(\(Int(vector.x.rounded())), \(Int(vector.y.rounded())))" }

    @Test func twoFingersPanTwoCardsEachWithItsOwnTouch() {
        let (harness, _, _) = makeCards()
        harness.touchDown(at: Point(x: 200, y: 200), contact: 0)
        harness.touchDown(at: Point(x: 600, y: 200), contact: 1)
        harness.wait(.milliseconds(20))
        harness.touchMove(to: Point(x: 200, y: 230), contact: 0)
        harness.touchMove(to: Point(x: 640, y: 200), contact: 1)
        harness.wait(.milliseconds(20))
        harness.touchMove(to: Point(x: 200, y: 250), contact: 0)
        harness.touchUp(at: Point(x: 200, y: 250), contact: 0)
        harness.touchMove(to: Point(x: 660, y: 200), contact: 1)
        harness.touchUp(at: Point(x: 660, y: 200), contact: 1)
        #expect(
            summary(harness.actions) == [
                "left pan began (0, 30)",
                "right pan began (40, 0)",
                "left pan changed (0, 50)",
                "left pan ended (0, 50)",
                "right pan changed (60, 0)",
                "right pan ended (60, 0)",
            ])
    }

    @Test func aRecognizerOnACommonAncestorHoldsEveryTouchInIt() throws {
        let (harness, leftPan, rightPan) = makeCards()
        let windowTap = TapGestureRecognizer(name: "window-tap")
        harness.root.addGestureRecognizer(windowTap)
        harness.touchDown(at: Point(x: 200, y: 200), contact: 0)
        #expect(leftPan.pan.numberOfTouches == 1)
        #expect(windowTap.numberOfTouches == 1)
        harness.touchDown(at: Point(x: 600, y: 200), contact: 1)
        #expect(leftPan.pan.numberOfTouches == 1)
        #expect(rightPan.pan.numberOfTouches == 1)
        #expect(windowTap.numberOfTouches == 2)
        #expect(windowTap.location(ofTouch: 0) == Point(x: 200, y: 200))
        #expect(windowTap.location(ofTouch: 1) == Point(x: 600, y: 200))
        #expect(windowTap.location(ofTouch: 2) == nil)
        harness.touchUp(at: Point(x: 200, y: 200), contact: 0)
        #expect(windowTap.numberOfTouches == 1)
        #expect(leftPan.pan.numberOfTouches == 0)
        harness.touchUp(at: Point(x: 600, y: 200), contact: 1)
        #expect(windowTap.numberOfTouches == 0)
        // A tap wants one finger: the second one failed it, as in UIKit.
        #expect(
            harness.traceLines == [
                "window window-tap: possible → failed",
                "left pan: possible → failed",
                "right pan: possible → failed",
            ])
        #expect(harness.actions.isEmpty)
    }

    @Test func aPanFollowsTheTouchThatBeganItAndIgnoresOthers() {
        let sheet = Node(identifier: "sheet", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        sheet.addInteraction(PanInteraction())
        let harness = InteractionHarness(children: [sheet])
        harness.touchDown(at: Point(x: 100, y: 100), contact: 3)
        harness.touchDown(at: Point(x: 500, y: 500), contact: 7)
        harness.touchMove(to: Point(x: 900, y: 500), contact: 7)
        #expect(harness.actions.isEmpty)
        harness.touchMove(to: Point(x: 100, y: 120), contact: 3)
        harness.touchUp(at: Point(x: 900, y: 500), contact: 7)
        harness.touchMove(to: Point(x: 100, y: 140), contact: 3)
        harness.touchUp(at: Point(x: 100, y: 140), contact: 3)
        #expect(
            summary(harness.actions) == [
                "sheet pan began (0, 20)", "sheet pan changed (0, 40)", "sheet pan ended (0, 40)",
            ])
    }

    @Test func aSecondFingerFailsALongPressThatHasNotBegun() {
        let photo = Node(identifier: "photo", frame: Rect(x: 100, y: 100, width: 300, height: 300))
        photo.addInteraction(ContextMenuInteraction(actions: ["Share"]))
        let harness = InteractionHarness(children: [photo])
        harness.touchDown(at: Point(x: 200, y: 200), contact: 0)
        harness.wait(.milliseconds(100))
        harness.touchDown(at: Point(x: 300, y: 300), contact: 1)
        harness.wait(.seconds(1))
        harness.touchUp(at: Point(x: 200, y: 200), contact: 0)
        harness.touchUp(at: Point(x: 300, y: 300), contact: 1)
        #expect(harness.actions.isEmpty)
        #expect(harness.traceLines == ["photo context-menu.long-press: possible → failed"])
    }

    @Test func touchesBeyondTheLimitAreIgnored() {
        let harness = InteractionHarness(children: [])
        let tap = TapGestureRecognizer()
        harness.root.addGestureRecognizer(tap)
        for contact in 0..<40 { harness.touchDown(at: Point(x: 10 + Double(contact), y: 10), contact: contact) }
        #expect(tap.numberOfTouches == 32)
        for contact in 0..<40 { harness.touchUp(at: Point(x: 10 + Double(contact), y: 10), contact: contact) }
        #expect(tap.numberOfTouches == 0)
        #expect(!harness.system.isTouchDown)
    }

    @Test func escapeCancelsEveryTouch() {
        let (harness, leftPan, rightPan) = makeCards()
        harness.touchDown(at: Point(x: 200, y: 200), contact: 0)
        harness.touchDown(at: Point(x: 600, y: 200), contact: 1)
        harness.touchMove(to: Point(x: 200, y: 230), contact: 0)
        harness.touchMove(to: Point(x: 630, y: 200), contact: 1)
        harness.send(.key(code: .escape, state: .down, modifiers: [], keysym: nil, text: nil))
        #expect(
            summary(harness.actions) == [
                "left pan began (0, 30)", "right pan began (30, 0)", "left pan cancelled (0, 30)",
                "right pan cancelled (30, 0)",
            ])
        #expect(leftPan.pan.numberOfTouches == 0)
        #expect(rightPan.pan.numberOfTouches == 0)
        #expect(!harness.system.isTouchDown)
    }
}
