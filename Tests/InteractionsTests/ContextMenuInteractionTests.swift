import Classification
import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

@Suite struct ContextMenuInteractionTests {
    private func makeHarness() -> (InteractionHarness, Node, ContextMenuInteraction) {
        let photo = Node(identifier: "photo-1", frame: Rect(x: 100, y: 100, width: 200, height: 200))
        let menu = ContextMenuInteraction(actions: ["Share", "Delete"])
        photo.addInteraction(menu)
        return (InteractionHarness(children: [photo]), photo, menu)
    }

    @Test func secondaryClickPresentsOnce() {
        let (harness, _, menu) = makeHarness()
        var presented: [ActionTrigger] = []
        menu.onPresent = { _, trigger in presented.append(trigger) }
        harness.click(.secondary, at: Point(x: 150, y: 150))
        harness.wait(.seconds(2))
        #expect(presented == [.secondaryClick])
        let actions = harness.actions
        #expect(actions.count == 1)
        #expect(actions.first?.item == "photo-1")
        #expect(actions.first?.name == "contextMenu")
        #expect(actions.first?.trigger == .secondaryClick)
        #expect(actions.first?.actions == ["Share", "Delete"])
        #expect(actions.first?.phase == nil)
    }

    @Test func touchLongPressPresentsOnceAtTheMinimumDuration() throws {
        let (harness, _, _) = makeHarness()
        let start = harness.now
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(499))
        #expect(harness.actions.isEmpty)
        harness.wait(.milliseconds(301))
        // Moving and lifting after the menu appeared present nothing more.
        harness.touchMove(to: Point(x: 180, y: 190))
        harness.touchUp(at: Point(x: 180, y: 190))
        harness.wait(.seconds(1))
        let action = try #require(harness.actions.first)
        #expect(harness.actions.count == 1)
        #expect(action.trigger == .longPress)
        #expect(action.time == start + .milliseconds(500))
    }

    @Test func secondaryClickAndLongPressOnTheSameNodeEachPresentOnce() {
        let (harness, _, _) = makeHarness()
        harness.click(.secondary, at: Point(x: 150, y: 150))
        harness.wait(.seconds(1))
        harness.touchDown(at: Point(x: 160, y: 160))
        harness.wait(.seconds(1))
        harness.touchUp(at: Point(x: 160, y: 160))
        harness.wait(.seconds(1))
        #expect(harness.actions.map(\.trigger) == [.secondaryClick, .longPress])
    }

    @Test func longClickWithThePrimaryButtonCountsAsLongPress() {
        let (harness, _, _) = makeHarness()
        harness.movePointer(to: Point(x: 150, y: 150))
        harness.press(.primary)
        harness.wait(.milliseconds(700))
        harness.release(.primary)
        #expect(harness.actions.map(\.trigger) == [.longPress])
    }

    @Test(arguments: [ButtonTrigger.button, .buttonArea, .fingers, .tap])
    func everySecondaryTriggerPresentsOnce(trigger: ButtonTrigger) {
        let (harness, _, _) = makeHarness()
        harness.click(.secondary, trigger: trigger, at: Point(x: 150, y: 150))
        harness.wait(.seconds(1))
        #expect(harness.actions.map(\.trigger) == [.secondaryClick])
    }

    @Test func shortPrimaryClickAndTapPresentNothing() {
        let (harness, _, _) = makeHarness()
        harness.click(.primary, at: Point(x: 150, y: 150))
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(100))
        harness.touchUp(at: Point(x: 150, y: 150))
        harness.wait(.seconds(1))
        #expect(harness.actions.isEmpty)
    }

    @Test func movingTooFarBeforeTheDurationPresentsNothing() {
        let (harness, _, _) = makeHarness()
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(200))
        harness.touchMove(to: Point(x: 150, y: 161))
        harness.wait(.seconds(1))
        harness.touchUp(at: Point(x: 150, y: 161))
        #expect(harness.actions.isEmpty)
        #expect(harness.traceLines.contains("photo-1 context-menu.long-press: possible → failed"))
    }

    @Test func secondaryClickOutsideTheNodePresentsNothing() {
        let (harness, _, _) = makeHarness()
        harness.click(.secondary, at: Point(x: 50, y: 50))
        harness.wait(.seconds(1))
        #expect(harness.actions.isEmpty)
    }

    @Test func delegateSuppliesTheActions() {
        final class Provider: ContextMenuInteractionDelegate {
            var calls = 0
            func actions(for interaction: ContextMenuInteraction) -> [ContextMenuAction] {
                calls += 1
                return [ContextMenuAction(title: "Copy \(calls)")]
            }
        }
        let (harness, _, menu) = makeHarness()
        let provider = Provider()
        menu.delegate = provider
        harness.click(.secondary, at: Point(x: 150, y: 150))
        harness.click(.secondary, at: Point(x: 150, y: 150))
        #expect(harness.actions.map(\.actions) == [["Copy 1"], ["Copy 2"]])
    }

    @Test func transitionsAreTraced() {
        let (harness, _, _) = makeHarness()
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.wait(.milliseconds(600))
        harness.touchUp(at: Point(x: 150, y: 150))
        #expect(
            harness.traceLines == [
                "photo-1 context-menu.long-press: possible → began",
                "photo-1 context-menu.long-press: began → ended",
            ]
        )
    }

    @Test func choosingAnItemCallsItsHandler() {
        let (harness, _, menu) = makeHarness()
        var chosen: [String] = []
        menu.actions = [
            ContextMenuAction(title: "Share") { chosen.append("share " + $0.title) },
            ContextMenuAction(title: "Delete") { chosen.append("delete " + $0.title) },
        ]
        #expect(!menu.performAction(titled: "Delete"))  // nothing presented yet
        harness.click(.secondary, at: Point(x: 150, y: 150))
        #expect(menu.presentedActions.map(\.title) == ["Share", "Delete"])
        #expect(menu.performAction(titled: "Delete"))
        #expect(!menu.performAction(titled: "Rename"))
        #expect(chosen == ["delete Delete"])
    }

    @Test func aSecondaryClickThatMovesIsStillOneSecondaryClick() {
        let (harness, _, _) = makeHarness()
        harness.movePointer(to: Point(x: 150, y: 150))
        harness.press(.secondary, trigger: .buttonArea)
        harness.movePointer(by: Vector(x: -8, y: 6))
        harness.movePointer(by: Vector(x: 30, y: 30))
        harness.release(.secondary, trigger: .buttonArea)
        #expect(harness.actions.map(\.trigger) == [.secondaryClick])
    }
}
