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

    /// A recognizer or an interaction that outlives its built-in node loses it, as a weak
    /// reference would: the node lets them go when it goes.
    @Test func recognizersAndInteractionsThatOutliveTheirNodeLoseIt() {
        let scroll = ScrollViewInteraction(contentSize: Size(width: 100, height: 400))
        scroll.setZoomLimits(minimum: 1, maximum: 2)
        let tap = TapGestureRecognizer()
        let menu = ContextMenuInteraction(actions: ["Open"])
        weak var weakNode: Node?
        do {
            let node = Node(identifier: "list", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            weakNode = node
            node.addInteraction(scroll)
            node.addInteraction(menu)
            node.addGestureRecognizer(tap)
            #expect(scroll.node === node)
            #expect(scroll.pan.node === node)
            #expect(scroll.pinch?.node === node)
            #expect(menu.longPress.node === node)
            #expect(tap.node === node)
        }
        #expect(weakNode == nil)
        #expect(scroll.node == nil)
        #expect(scroll.pan.node == nil)
        #expect(scroll.pinch?.node == nil)
        #expect(menu.node == nil)
        #expect(menu.longPress.node == nil)
        #expect(menu.secondaryClick.node == nil)
        #expect(tap.node == nil)
        // Attached again, they work as before.
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        cell.addInteraction(menu)
        let harness = InteractionHarness(children: [cell])
        harness.click(.secondary, at: Point(x: 150, y: 150))
        #expect(harness.actions.map(\.name) == ["contextMenu"])
        #expect(menu.secondaryClick.node === cell)
    }

    /// An interaction told it moved to a node that does not hold it (called by hand, not by
    /// `addInteraction`) keeps the node weakly: the node cannot clear a reference it does not know.
    @Test func anInteractionMovedByHandKeepsItsNodeWeakly() {
        let pan = PanInteraction()
        weak var weakNode: Node?
        do {
            let node = Node(identifier: "cell", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            weakNode = node
            pan.didMove(to: node)
            #expect(pan.node === node)
            #expect(pan.pan.node === node)
            #expect(node.interactions.isEmpty)
        }
        #expect(weakNode == nil)
        #expect(pan.node == nil)
    }

    /// An interaction is not kept alive by its recognizers, which it is the delegate and the first
    /// target of; once it goes, a recognizer that lives on has neither, and a delegate set by hand
    /// replaces the interaction as before.
    @Test func recognizersDoNotKeepTheirInteractionAlive() {
        final class Delegate: GestureRecognizerDelegate {}
        weak var weakScroll: ScrollViewInteraction?
        weak var weakDrag: DragInteraction?
        let pan: PanGestureRecognizer
        let delayed: GestureRecognizer
        do {
            let scroll = ScrollViewInteraction(contentSize: Size(width: 100, height: 400))
            let drag = DragInteraction()
            weakScroll = scroll
            weakDrag = drag
            pan = scroll.pan
            delayed = drag.delayedRecognizer
            #expect(pan.delegate === scroll)
            #expect(delayed.delegate === drag)
        }
        #expect(weakScroll == nil)
        #expect(weakDrag == nil)
        #expect(pan.delegate == nil)
        #expect(delayed.delegate == nil)
        let delegate = Delegate()
        let scroll = ScrollViewInteraction(contentSize: Size(width: 100, height: 400))
        scroll.pan.delegate = delegate
        #expect(scroll.pan.delegate === delegate)
    }

    /// A recognizer does not keep the system that delivered input to it alive, and sees nil once
    /// the system goes, as with a weak reference.
    @Test func aRecognizerThatOutlivesItsSystemLosesIt() {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        let tap = TapGestureRecognizer()
        cell.addGestureRecognizer(tap)
        weak var weakSystem: InteractionSystem?
        do {
            let harness = InteractionHarness(children: [cell])
            weakSystem = harness.system
            harness.click(at: Point(x: 150, y: 150))
            #expect(tap.system === harness.system)
        }
        #expect(weakSystem == nil)
        #expect(tap.system == nil)
        // A new system takes it over.
        let harness = InteractionHarness(children: [cell])
        harness.click(at: Point(x: 150, y: 150))
        #expect(tap.system === harness.system)
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
