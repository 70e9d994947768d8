import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

/// The hover recognizer: the pointer coming over a node, moving over it and leaving it.
@Suite struct HoverGestureRecognizerTests {
    /// A card at (100, 100, 400 × 300) holding a button at (150, 150, 100 × 50), each with a hover
    /// recognizer logging `node state (x, y)`.
    private func makeCard() -> (InteractionHarness, card: Node, button: Node, log: RecognizerLog) {
        let card = Node(identifier: "card", frame: Rect(x: 100, y: 100, width: 400, height: 300))
        let button = Node(identifier: "button", frame: Rect(x: 150, y: 150, width: 100, height: 50))
        card.addChild(button)
        let log = RecognizerLog()
        for node in [card, button] { attachHover(to: node, log: log) }
        return (InteractionHarness(children: [card]), card, button, log)
    }

    @discardableResult
    private func attachHover(to node: Node, log: RecognizerLog) -> HoverGestureRecognizer {
        let hover = HoverGestureRecognizer()
        hover.addTarget { recognizer in
            log.entries.append(
                "\(recognizer.node?.identifier ?? "?") \(recognizer.state) (\(Int(recognizer.location.x)), "
                    + "\(Int(recognizer.location.y)))")
        }
        node.addGestureRecognizer(hover)
        return hover
    }

    @Test func enterMoveAndExitInOrder() {
        let (harness, _, _, log) = makeCard()
        harness.movePointer(to: Point(x: 50, y: 50))
        #expect(log.entries.isEmpty)
        harness.movePointer(to: Point(x: 120, y: 120))
        harness.movePointer(to: Point(x: 130, y: 120))
        harness.movePointer(to: Point(x: 160, y: 160))
        harness.movePointer(to: Point(x: 170, y: 160))
        harness.movePointer(to: Point(x: 300, y: 300))
        harness.movePointer(to: Point(x: 600, y: 300))
        harness.movePointer(to: Point(x: 650, y: 300))
        #expect(
            log.entries == [
                "card began (120, 120)",
                "card changed (130, 120)",
                // Over the button: it begins, and the card (its ancestor) is still hovered.
                "button began (160, 160)", "card changed (160, 160)",
                "button changed (170, 160)", "card changed (170, 160)",
                // Back on the card alone: the button's hover ends first.
                "button ended (300, 300)", "card changed (300, 300)",
                "card ended (600, 300)",
            ])
        #expect(
            harness.traceLines == [
                "card hover: possible → began", "card hover: began → changed", "button hover: possible → began",
                "card hover: changed → changed", "button hover: began → changed", "card hover: changed → changed",
                "button hover: changed → ended", "card hover: changed → changed", "card hover: changed → ended",
            ])
    }

    @Test func hoveringGoesOnThroughAClickAndStopsNothing() {
        let (harness, _, button, log) = makeCard()
        let tap = TapGestureRecognizer()
        button.addGestureRecognizer(tap)
        harness.movePointer(to: Point(x: 160, y: 160))
        log.entries.removeAll()
        harness.click(at: Point(x: 161, y: 160))
        #expect(log.entries == ["button changed (161, 160)", "card changed (161, 160)"])
        #expect(
            harness.traceLines == [
                "button hover: possible → began", "card hover: possible → began", "button hover: began → changed",
                "card hover: began → changed", "button tap: possible → ended",
            ])
    }

    @Test func contentScrollingUnderAStillPointerMovesTheHover() {
        let list = Node(identifier: "list", frame: Rect(x: 100, y: 100, width: 400, height: 100))
        list.addInteraction(ScrollViewInteraction(contentSize: Size(width: 400, height: 300)))
        let first = Node(identifier: "first", frame: Rect(x: 100, y: 100, width: 400, height: 100))
        let second = Node(identifier: "second", frame: Rect(x: 100, y: 200, width: 400, height: 100))
        list.addChild(first)
        list.addChild(second)
        let log = RecognizerLog()
        attachHover(to: first, log: log)
        attachHover(to: second, log: log)
        let harness = InteractionHarness(children: [list])
        harness.movePointer(to: Point(x: 300, y: 150))
        // Three wheel detents scroll 120 points: the second row is under the pointer now.
        harness.wheel(detents: 3)
        #expect(log.entries == ["first began (300, 150)", "first ended (300, 150)", "second began (300, 150)"])
    }

    @Test func aTouchscreenFingerDoesNotHoverButAnAbsolutePointerDoes() {
        let (harness, _, _, log) = makeCard()
        harness.touchDown(at: Point(x: 160, y: 160))
        harness.touchUp(at: Point(x: 160, y: 160))
        #expect(log.entries.isEmpty)
        harness.send(.position(Vector(x: 0.16, y: 0.2), touchType: .indirectPointer, isDown: false, contact: 0))
        #expect(log.entries == ["button began (160, 160)", "card began (160, 160)"])
    }

    @Test func aRemovedNodeStopsHoveringSilentlyAndCostsNothingMore() {
        let (harness, card, _, log) = makeCard()
        harness.movePointer(to: Point(x: 160, y: 160))
        log.entries.removeAll()
        card.removeFromParent()
        #expect(harness.root.attachments.hoverRecognizerCount == 0)
        harness.movePointer(to: Point(x: 170, y: 160))
        #expect(log.entries.isEmpty)
        // No hover recognizer is left in the tree: motion looks at nothing.
        let before = harness.system.visits
        harness.movePointer(to: Point(x: 180, y: 160))
        #expect(harness.system.visits - before == .init(nodes: 0, recognizers: 0, interactions: 0))
        // Put back, it hovers again, costing the hit path and the hover recognizers on it.
        harness.root.addChild(card)
        #expect(harness.root.attachments.hoverRecognizerCount == 2)
        let again = harness.system.visits
        harness.movePointer(to: Point(x: 190, y: 160))
        #expect(harness.system.visits - again == .init(nodes: 3, recognizers: 2, interactions: 0))
        #expect(log.entries == ["button began (190, 160)", "card began (190, 160)"])
    }

    /// Motion within one node keeps the hover recognizers of the last update without collecting
    /// them again; a hover recognizer added, disabled, enabled or removed on the path changes
    /// what the next motion reaches, with the pointer still over the same node.
    @Test func hoverRecognizersChangedUnderAStillNodeAreSeenOnTheNextMotion() {
        let (harness, _, button, log) = makeCard()
        harness.movePointer(to: Point(x: 160, y: 160))
        harness.movePointer(to: Point(x: 161, y: 160))
        let extra = attachHover(to: button, log: log)
        harness.movePointer(to: Point(x: 162, y: 160))
        extra.isEnabled = false
        harness.movePointer(to: Point(x: 163, y: 160))
        extra.isEnabled = true
        harness.movePointer(to: Point(x: 164, y: 160))
        button.removeGestureRecognizer(extra)
        harness.movePointer(to: Point(x: 165, y: 160))
        #expect(
            log.entries == [
                "button began (160, 160)", "card began (160, 160)",
                "button changed (161, 160)", "card changed (161, 160)",
                // Added: it begins, after the button's first recognizer.
                "button changed (162, 160)", "button began (162, 160)", "card changed (162, 160)",
                // Disabled: it ends, as when the pointer leaves it.
                "button ended (163, 160)", "button changed (163, 160)", "card changed (163, 160)",
                "button changed (164, 160)", "button began (164, 160)", "card changed (164, 160)",
                // Removed: it is reset without its targets.
                "button changed (165, 160)", "card changed (165, 160)",
            ])
    }

    @Test func aDelegateCanRefuseAHover() {
        final class Refuse: GestureRecognizerDelegate {
            func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
        }
        let (harness, card, _, log) = makeCard()
        let refuse = Refuse()
        card.gestureRecognizers.first?.delegate = refuse
        harness.movePointer(to: Point(x: 120, y: 120))
        harness.movePointer(to: Point(x: 130, y: 120))
        harness.movePointer(to: Point(x: 700, y: 120))
        harness.movePointer(to: Point(x: 120, y: 120))
        #expect(log.entries.isEmpty)
        #expect(harness.traceLines == ["card hover: possible → failed", "card hover: possible → failed"])
    }
}
