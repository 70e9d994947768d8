import Classification
import Geometry
import InputEvents
import Interactions
import Testing

@Suite struct InteractionLifecycleTests {
    @Test func addingAndRemovingInteractionsAttachesAndDetachesTheirRecognizers() {
        let node = Node(identifier: "cell", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let menu = ContextMenuInteraction(actions: ["Open"])
        let drag = DragInteraction()
        node.addInteraction(menu)
        node.addInteraction(drag)
        #expect(node.interactions.count == 2)
        #expect(node.gestureRecognizers.count == 4)
        #expect(menu.node === node)
        #expect(menu.longPress.node === node)

        node.removeInteraction(menu)
        #expect(node.interactions.count == 1)
        #expect(node.gestureRecognizers.count == 2)
        #expect(node.gestureRecognizers.allSatisfy { $0 === drag.delayedRecognizer || $0 === drag.immediateRecognizer })
        #expect(menu.node == nil)
        #expect(menu.longPress.node == nil)
        #expect(menu.secondaryClick.node == nil)

        node.removeInteraction(drag)
        #expect(node.interactions.isEmpty)
        #expect(node.gestureRecognizers.isEmpty)
    }

    @Test func aNodeKeepsItsInteractionsAliveAndInteractionsKeepTheirNodeWeakly() {
        weak var weakInteraction: ContextMenuInteraction?
        var node: Node? = Node(identifier: "cell", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        do {
            let menu = ContextMenuInteraction()
            weakInteraction = menu
            node?.addInteraction(menu)
        }
        #expect(weakInteraction != nil)
        node = nil
        #expect(weakInteraction == nil)
    }

    @Test func movingAnInteractionToAnotherNodeTakesItsRecognizersAlong() {
        let first = Node(identifier: "a", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let second = Node(identifier: "b", frame: Rect(x: 100, y: 0, width: 100, height: 100))
        let pan = PanInteraction()
        first.addInteraction(pan)
        second.addInteraction(pan)
        #expect(first.interactions.isEmpty)
        #expect(first.gestureRecognizers.isEmpty)
        #expect(second.gestureRecognizers.count == 1)
        #expect(pan.node === second)
    }

    @Test func interactionsAddedAtRunTimeWork() {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let harness = InteractionHarness(children: [cell])
        harness.click(.secondary, at: Point(x: 150, y: 150))
        #expect(harness.actions.isEmpty)
        cell.addInteraction(ContextMenuInteraction(actions: ["Open"]))
        harness.click(.secondary, at: Point(x: 150, y: 150))
        #expect(harness.actions.map(\.name) == ["contextMenu"])
    }

    @Test func removingAnInteractionMidGestureDeliversNothingMore() {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let menu = ContextMenuInteraction(actions: ["Open"])
        cell.addInteraction(menu)
        let harness = InteractionHarness(children: [cell])
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(200))
        cell.removeInteraction(menu)
        harness.wait(.seconds(1))
        harness.touchUp(at: Point(x: 150, y: 150))
        #expect(harness.actions.isEmpty)
        #expect(harness.system.nextDeadline == nil)
        #expect(menu.longPress.state == .possible)
    }

    @Test func removingARecognizerTakesItsDeadlineAwayAtOnce() {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        cell.addGestureRecognizer(double)
        let harness = InteractionHarness(children: [cell])
        harness.click(at: Point(x: 150, y: 150))
        let up = harness.now
        // After the first tap, it waits 300 ms for the second; asking again changes nothing.
        #expect(harness.system.nextDeadline == up + .milliseconds(300))
        #expect(harness.system.nextDeadline == up + .milliseconds(300))
        cell.removeGestureRecognizer(double)
        // Before any more input or time: the system no longer waits for it.
        #expect(harness.system.nextDeadline == nil)
    }

    @Test func removingADragMidDragPutsTheNodeBackSilently() {
        let card = Node(identifier: "card", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let drag = DragInteraction()
        card.addInteraction(drag)
        let harness = InteractionHarness(children: [card])
        harness.movePointer(to: Point(x: 150, y: 150))
        harness.press()
        harness.movePointer(by: Vector(x: 20, y: 0))
        #expect(harness.actions.map(\.phase) == [.began])
        card.removeInteraction(drag)
        #expect(card.frame.origin == Point(x: 100, y: 100))
        harness.movePointer(by: Vector(x: 20, y: 0))
        harness.release()
        #expect(harness.actions.map(\.phase) == [.began])
        #expect(card.frame.origin == Point(x: 100, y: 100))
        #expect(card.gestureRecognizers.isEmpty)
    }

    @Test func aNodeRemovedFromTheTreeGetsNoMoreEvents() {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let pan = PanInteraction()
        cell.addInteraction(pan)
        let harness = InteractionHarness(children: [cell])
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.touchMove(to: Point(x: 150, y: 170))
        #expect(harness.actions.map(\.phase) == [.began])
        cell.removeFromParent()
        harness.touchMove(to: Point(x: 150, y: 190))
        harness.touchUp(at: Point(x: 150, y: 190))
        #expect(harness.actions.map(\.phase) == [.began])
        #expect(pan.pan.state == .possible)
        // The removed node's recognizers take no part in later gestures either.
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.touchMove(to: Point(x: 150, y: 190))
        harness.touchUp(at: Point(x: 150, y: 190))
        #expect(harness.actions.count == 1)
    }

    @Test func removingAScrollViewStopsItsMotion() {
        let list = Node(identifier: "list", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let scrolling = ScrollViewInteraction(contentSize: Size(width: 400, height: 3000))
        list.addInteraction(scrolling)
        let harness = InteractionHarness(children: [list])
        harness.movePointer(to: Point(x: 200, y: 150))
        harness.touchpadScroll([Vector(x: 0, y: 10)], endVelocity: Vector(x: 0, y: 1500))
        #expect(harness.system.nextDeadline != nil)
        list.removeInteraction(scrolling)
        #expect(harness.system.nextDeadline == nil)
        harness.clearEvents()
        harness.wait(.seconds(1))
        #expect(harness.events.isEmpty)
    }
}
