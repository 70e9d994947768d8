import Classification
import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

@Suite struct DragInteractionTests {
    private func makeHarness() -> (InteractionHarness, Node, DragInteraction) {
        let card = Node(identifier: "card", frame: Rect(x: 100, y: 100, width: 200, height: 100))
        let drag = DragInteraction()
        card.addInteraction(drag)
        return (InteractionHarness(children: [card]), card, drag)
    }

    @Test(arguments: [ButtonTrigger.button, .fingers])
    func pointerDragBeginsOnTheFirstMovement(trigger: ButtonTrigger) throws {
        let (harness, card, _) = makeHarness()
        harness.movePointer(to: Point(x: 150, y: 150))
        harness.press(trigger: trigger)
        harness.wait(.milliseconds(50))
        #expect(harness.actions.isEmpty)
        let firstMove = harness.now
        harness.movePointer(by: Vector(x: 3, y: 1))
        let began = try #require(harness.actions.first)
        #expect(began.phase == .began)
        #expect(began.time == firstMove)
        #expect(began.translation == Vector(x: 3, y: 1))
        #expect(card.frame.origin == Point(x: 103, y: 101))
        harness.movePointer(by: Vector(x: 20, y: 10))
        harness.release(trigger: trigger)
        #expect(harness.actions.map(\.phase) == [.began, .changed, .ended])
        #expect(harness.actions.last?.translation == Vector(x: 23, y: 11))
        #expect(card.frame.origin == Point(x: 123, y: 111))
    }

    @Test func pointerClickWithoutMovementIsNoDrag() {
        let (harness, card, _) = makeHarness()
        harness.click(at: Point(x: 150, y: 150))
        harness.wait(.seconds(1))
        #expect(harness.actions.isEmpty)
        #expect(card.frame.origin == Point(x: 100, y: 100))
    }

    @Test func touchDragBeginsOnlyAfterTheLiftDelay() throws {
        let (harness, card, _) = makeHarness()
        let down = harness.now
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(100))
        harness.touchMove(to: Point(x: 153, y: 150))  // within the allowable movement
        harness.wait(.milliseconds(300))
        #expect(harness.actions.isEmpty)
        #expect(card.frame.origin == Point(x: 100, y: 100))
        harness.wait(.milliseconds(100))
        let began = try #require(harness.actions.first)
        #expect(began.phase == .began)
        #expect(began.time == down + .milliseconds(500))
        harness.touchMove(to: Point(x: 200, y: 250))
        harness.touchUp(at: Point(x: 200, y: 250))
        #expect(harness.actions.map(\.phase) == [.began, .changed, .ended])
        // The node follows the touch from where it was when the item lifted.
        #expect(card.frame.origin == Point(x: 147, y: 200))
    }

    @Test func touchMovingBeforeTheLiftDelayIsNoDrag() {
        let (harness, card, _) = makeHarness()
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(100))
        harness.touchMove(to: Point(x: 200, y: 150))
        harness.wait(.seconds(1))
        harness.touchUp(at: Point(x: 200, y: 150))
        #expect(harness.actions.isEmpty)
        #expect(card.frame.origin == Point(x: 100, y: 100))
    }

    @Test func pencilDragsWithoutDelay() {
        let (harness, card, _) = makeHarness()
        harness.touchDown(at: Point(x: 150, y: 150), touchType: .pencil)
        harness.touchMove(to: Point(x: 160, y: 150), touchType: .pencil)
        harness.touchUp(at: Point(x: 160, y: 150), touchType: .pencil)
        #expect(harness.actions.map(\.phase) == [.began, .ended])
        #expect(card.frame.origin == Point(x: 110, y: 100))
    }

    @Test func escapeCancelsAndPutsTheNodeBack() {
        let (harness, card, _) = makeHarness()
        harness.movePointer(to: Point(x: 150, y: 150))
        harness.press()
        harness.movePointer(by: Vector(x: 40, y: 30))
        #expect(card.frame.origin == Point(x: 140, y: 130))
        harness.send(.key(code: .escape, state: .down, modifiers: [], keysym: nil, text: nil))
        #expect(card.frame.origin == Point(x: 100, y: 100))
        #expect(harness.actions.map(\.phase) == [.began, .cancelled])
        #expect(harness.actions.last?.translation == Vector(x: 40, y: 30))
        // The rest of the gesture does nothing.
        harness.movePointer(by: Vector(x: 10, y: 0))
        harness.release()
        #expect(harness.actions.count == 2)
        #expect(card.frame.origin == Point(x: 100, y: 100))
        #expect(harness.traceLines.contains("card drag.immediate: changed → cancelled"))
    }

    @Test func classifierCancelPutsATouchDragBack() {
        let (harness, card, _) = makeHarness()
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(600))
        harness.touchMove(to: Point(x: 300, y: 300))
        #expect(card.frame.origin == Point(x: 250, y: 250))
        harness.send(.drag(phase: .cancelled, touchType: .direct, translation: .zero, position: nil))
        #expect(card.frame.origin == Point(x: 100, y: 100))
        #expect(harness.actions.map(\.phase) == [.began, .changed, .cancelled])
    }

    @Test func dragWinsOverAnAncestorPan() {
        let (harness, _, _) = makeHarness()
        let pan = PanInteraction()
        harness.root.addInteraction(pan)
        harness.movePointer(to: Point(x: 150, y: 150))
        harness.press()
        harness.movePointer(by: Vector(x: 15, y: 0))
        harness.movePointer(by: Vector(x: 15, y: 0))
        harness.release()
        #expect(harness.actions.map(\.name) == ["drag", "drag", "drag"])
        #expect(harness.traceLines.contains("window pan: possible → failed"))
    }

    @Test func aClickOnADraggableNodeIsStillAClickForAnAncestorsTap() {
        let (harness, card, _) = makeHarness()
        let select = TapGestureRecognizer(name: "select")
        var selections = 0
        select.addTarget { if $0.state == .ended { selections += 1 } }
        harness.root.addGestureRecognizer(select)
        harness.click(at: Point(x: 150, y: 150))
        #expect(selections == 1)
        #expect(harness.actions.isEmpty)
        // A drag is not a click.
        harness.wait(.seconds(1))
        harness.press()
        harness.movePointer(by: Vector(x: 4, y: 0))
        harness.release()
        #expect(selections == 1)
        #expect(harness.actions.map(\.phase) == [.began, .ended])
        #expect(card.frame.origin == Point(x: 104, y: 100))
    }
}
