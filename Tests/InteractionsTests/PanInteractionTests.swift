import Classification
import Geometry
import InputEvents
import Interactions
import Testing

@Suite struct PanInteractionTests {
    private func makeHarness(mask: ScrollTypeMask) -> InteractionHarness {
        let sheet = Node(identifier: "sheet", frame: Rect(x: 0, y: 400, width: 1000, height: 400))
        sheet.addInteraction(PanInteraction(allowedScrollTypes: mask))
        let harness = InteractionHarness(children: [sheet])
        harness.movePointer(to: Point(x: 500, y: 600))
        return harness
    }

    private func scrollBoth(_ harness: InteractionHarness) -> (wheel: [TimedAction], touchpad: [TimedAction]) {
        harness.clearEvents()
        harness.wheel(detents: 1)
        let wheel = harness.actions
        harness.clearEvents()
        harness.touchpadScroll([Vector(x: 0, y: 4), Vector(x: 0, y: 6)], endVelocity: Vector(x: 0, y: 300))
        return (wheel, harness.actions)
    }

    @Test func defaultMaskIgnoresWheelAndTouchpad() {
        let harness = makeHarness(mask: [])
        let (wheel, touchpad) = scrollBoth(harness)
        #expect(wheel.isEmpty)
        #expect(touchpad.isEmpty)
    }

    @Test func continuousMaskTakesTheTouchpadButNotTheWheel() {
        let harness = makeHarness(mask: .continuous)
        let (wheel, touchpad) = scrollBoth(harness)
        #expect(wheel.isEmpty)
        #expect(touchpad.map(\.phase) == [.began, .changed, .ended])
        #expect(touchpad.allSatisfy { $0.name == "pan" && $0.item == "sheet" })
        // Content follows the fingers: scrolling down 10 points pans up 10 points.
        #expect(touchpad.last?.translation == Vector(x: 0, y: -10))
    }

    @Test func discreteMaskTakesTheWheelButNotTheTouchpad() {
        let harness = makeHarness(mask: .discrete)
        let (wheel, touchpad) = scrollBoth(harness)
        #expect(wheel.map(\.phase) == [.began, .ended])
        #expect(touchpad.isEmpty)
    }

    @Test func allMaskTakesBoth() {
        let harness = makeHarness(mask: .all)
        let (wheel, touchpad) = scrollBoth(harness)
        #expect(wheel.map(\.phase) == [.began, .ended])
        // One detent is one line height, 40 points.
        #expect(wheel.last?.translation == Vector(x: 0, y: -40))
        #expect(touchpad.map(\.phase) == [.began, .changed, .ended])
    }

    @Test(arguments: [ScrollTypeMask(), .continuous, .discrete, .all])
    func touchPanningIsUnaffectedByTheMask(mask: ScrollTypeMask) {
        let harness = makeHarness(mask: mask)
        harness.clearEvents()
        harness.touchDown(at: Point(x: 500, y: 500))
        harness.wait(.milliseconds(20))
        harness.touchMove(to: Point(x: 500, y: 505))
        #expect(harness.actions.isEmpty)  // under the 10-point minimum movement
        harness.wait(.milliseconds(20))
        harness.touchMove(to: Point(x: 500, y: 530))
        harness.wait(.milliseconds(20))
        harness.touchMove(to: Point(x: 500, y: 560))
        harness.touchUp(at: Point(x: 500, y: 560))
        #expect(harness.actions.map(\.phase) == [.began, .changed, .ended])
        #expect(harness.actions.map(\.translation) == [Vector(x: 0, y: 30), Vector(x: 0, y: 60), Vector(x: 0, y: 60)])
    }

    @Test func clickAndDragPans() {
        let harness = makeHarness(mask: [])
        harness.clearEvents()
        harness.press()
        harness.movePointer(by: Vector(x: 12, y: 0))
        harness.movePointer(by: Vector(x: 8, y: 0))
        harness.release()
        #expect(harness.actions.map(\.phase) == [.began, .changed, .ended])
        #expect(harness.actions.last?.translation == Vector(x: 20, y: 0))
    }

    @Test func scrollOutsideThePannedNodeIsIgnored() {
        let harness = makeHarness(mask: .all)
        harness.movePointer(to: Point(x: 500, y: 100))
        harness.clearEvents()
        harness.wheel(detents: 1)
        #expect(harness.actions.isEmpty)
    }
}

@Suite struct PanSequenceTests {
    @Test func aScrollThatNeverEndedIsCancelledWhenAnotherBeginsElsewhere() {
        let left = Node(identifier: "left", frame: Rect(x: 0, y: 0, width: 500, height: 800))
        let right = Node(identifier: "right", frame: Rect(x: 500, y: 0, width: 500, height: 800))
        left.addInteraction(PanInteraction(allowedScrollTypes: .all))
        right.addInteraction(PanInteraction(allowedScrollTypes: .all))
        let harness = InteractionHarness(children: [left, right])
        harness.movePointer(to: Point(x: 100, y: 100))
        harness.send(.scroll(source: .continuous, delta: Vector(x: 0, y: 5), v120: nil, phase: .began, velocity: nil))
        harness.movePointer(to: Point(x: 700, y: 100))
        harness.send(.scroll(source: .continuous, delta: Vector(x: 0, y: 5), v120: nil, phase: .began, velocity: nil))
        harness.send(.scroll(source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: .zero))
        #expect(
            harness.actions.map { "\($0.item) \($0.phase?.rawValue ?? "-")" } == [
                "left began", "left cancelled", "right began", "right ended",
            ])
    }
}
