import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

/// The swipe-action and pointer interactions: what they report, and when.
@Suite struct SwipeActionAndPointerInteractionTests {
    /// The actions among the events, as `name item phase-or-trigger`.
    private func actions(_ harness: InteractionHarness) -> [String] {
        harness.actions.map { "\($0.name) \($0.item) \($0.phase?.rawValue ?? $0.trigger?.rawValue ?? "")" }
    }

    @Test func aThreeFingerSwipeUpOverTheNodeFiresItsAction() {
        let card = Node(identifier: "card", frame: Rect(x: 100, y: 100, width: 400, height: 300))
        var fired = 0
        card.addInteraction(
            SwipeActionInteraction(name: "next", direction: .up, numberOfTouchesRequired: 3) { _ in fired += 1 })
        let harness = InteractionHarness(children: [card])
        harness.movePointer(to: Point(x: 300, y: 250))
        // Four fingers: not this swipe.
        harness.gesture(.swipe, .began, fingers: 4, delta: Vector(x: 0, y: -20))
        harness.gesture(.swipe, .ended, fingers: 4, delta: Vector(x: 0, y: -40))
        // Three fingers down, then up.
        harness.gesture(.swipe, .began, fingers: 3, delta: Vector(x: 0, y: 20))
        harness.gesture(.swipe, .ended, fingers: 3, delta: Vector(x: 0, y: 30))
        // Three fingers up.
        harness.gesture(.swipe, .began, fingers: 3, delta: Vector(x: 2, y: -20))
        harness.wait(.milliseconds(30))
        harness.gesture(.swipe, .changed, fingers: 3, delta: Vector(x: 1, y: -30))
        harness.gesture(.swipe, .ended, fingers: 3, delta: .zero)
        #expect(actions(harness) == ["next card swipe"])
        #expect(harness.actions.map(\.time) == [harness.now])
        #expect(fired == 1)
    }

    @Test func thePointerInteractionReportsComingOverAndLeavingOnly() {
        let button = Node(identifier: "button", frame: Rect(x: 100, y: 100, width: 200, height: 100))
        let icon = Node(identifier: "icon", frame: Rect(x: 120, y: 120, width: 40, height: 40))
        button.addChild(icon)
        var changes: [Bool] = []
        let pointer = PointerInteraction(effect: .lift) { changes.append($0.isHovered) }
        button.addInteraction(pointer)
        let harness = InteractionHarness(children: [button])
        harness.movePointer(to: Point(x: 50, y: 50))
        harness.movePointer(to: Point(x: 250, y: 150))
        // Moving within the button, onto its icon and off it, changes nothing.
        harness.movePointer(to: Point(x: 140, y: 140))
        harness.movePointer(to: Point(x: 200, y: 180))
        #expect(pointer.isHovered)
        harness.movePointer(to: Point(x: 500, y: 500))
        #expect(actions(harness) == ["hover button began", "hover button ended"])
        #expect(changes == [true, false])
        #expect(pointer.effect == .lift)
        #expect(!pointer.isHovered)
    }
}
