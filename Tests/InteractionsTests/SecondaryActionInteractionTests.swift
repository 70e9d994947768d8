import Classification
import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

@Suite struct SecondaryActionInteractionTests {
    private func makeHarness() -> (InteractionHarness, Box) {
        let swatch = Node(identifier: "swatch", frame: Rect(x: 100, y: 100, width: 50, height: 50))
        let box = Box()
        swatch.addInteraction(
            SecondaryActionInteraction(name: "resetColor") { _, trigger in box.triggers.append(trigger) })
        return (InteractionHarness(children: [swatch]), box)
    }

    private final class Box {
        var triggers: [ActionTrigger] = []
    }

    @Test func secondaryClickSendsTheActionOnce() {
        let (harness, box) = makeHarness()
        harness.click(.secondary, at: Point(x: 120, y: 120))
        harness.wait(.seconds(1))
        #expect(box.triggers == [.secondaryClick])
        #expect(harness.actions.map(\.name) == ["resetColor"])
        #expect(harness.actions.first?.item == "swatch")
        #expect(harness.actions.first?.trigger == .secondaryClick)
    }

    @Test func longPressSendsTheActionOnceWhenItBegins() {
        let (harness, box) = makeHarness()
        let down = harness.now
        harness.touchDown(at: Point(x: 120, y: 120))
        harness.wait(.seconds(2))
        harness.touchMove(to: Point(x: 140, y: 140))
        harness.touchUp(at: Point(x: 140, y: 140))
        #expect(box.triggers == [.longPress])
        #expect(harness.actions.first?.time == down + .milliseconds(500))
    }

    @Test func longClickDoesWhatALongPressDoes() {
        let (harness, box) = makeHarness()
        harness.movePointer(to: Point(x: 120, y: 120))
        harness.press()
        harness.wait(.seconds(1))
        harness.release()
        #expect(box.triggers == [.longPress])
    }

    @Test func aShortPrimaryClickSendsNothing() {
        let (harness, box) = makeHarness()
        harness.click(at: Point(x: 120, y: 120))
        harness.wait(.seconds(1))
        #expect(box.triggers.isEmpty)
        #expect(harness.actions.isEmpty)
    }
}
