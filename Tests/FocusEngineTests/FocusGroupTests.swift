import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

@Suite struct FocusGroupTests {
    @Test func photosSceneHasThreeGroupsInReadingOrder() throws {
        let (_, system) = try TestScenes.photosSystem()
        #expect(system.tabLoopGroups == ["automatic:search", "com.example.sidebar", "automatic:grid"])
        #expect(system.tabLoop.map { FocusSystem.name(of: $0) } == ["search", "recents", "photo-1"])
        // The settings button is a control: not focusable without Full Keyboard Access.
        #expect(system.focusableItems(inGroup: nil).isEmpty)
        #expect(system.focusableItems(inGroup: "automatic:grid").count == 11)
    }

    @Test func tabCyclesThroughGroupsAndWraps() throws {
        let (_, system) = try TestScenes.photosSystem()
        #expect(system.focusedItem == nil)
        let results = try system.press("Tab Tab Tab Tab")
        #expect(results.map(\.moved) == [true, true, true, true])
        #expect(
            results.flatMap(\.events) == [
                .focus(from: nil, to: "search", heading: .next),
                .focus(from: "search", to: "recents", heading: .next),
                .focus(from: "recents", to: "photo-1", heading: .next),
                .focus(from: "photo-1", to: "search", heading: .next),
            ]
        )
    }

    @Test func shiftTabGoesBackwardsAndStartsAtTheLastGroup() throws {
        let (_, system) = try TestScenes.photosSystem()
        try system.press("Shift+Tab")
        #expect(system.focusedName == "photo-1")
        try system.press("Shift+Tab")
        #expect(system.focusedName == "recents")
        try system.press("Shift+Tab Shift+Tab")
        #expect(system.focusedName == "photo-1")
    }

    @Test func tabReturnsToTheLastFocusedItemOfAGroup() throws {
        let (_, system) = try TestScenes.photosSystem()
        try system.press("Tab Tab Tab Right Down")
        #expect(system.focusedName == "photo-6")
        try system.press("Tab Tab Tab")
        #expect(system.focusedName == "photo-6")
        #expect(system.lastFocusedItem(inGroup: "automatic:grid").map { FocusSystem.name(of: $0) } == "photo-6")
    }

    @Test func rightToLeftMirrorsTabOrder() throws {
        let (_, system) = try TestScenes.photosSystem(layoutDirection: .rightToLeft)
        #expect(system.tabLoopGroups == ["automatic:search", "automatic:grid", "com.example.sidebar"])
        // The grid's first item in reading order is now its top-right cell.
        #expect(system.tabLoop.map { FocusSystem.name(of: $0) } == ["search", "photo-3", "recents"])
        // Arrows stay physical.
        try system.press("Tab Tab Left")
        #expect(system.focusedName == "photo-2")
    }

    @Test func rightToLeftWithFullKeyboardAccessPutsSettingsFirst() throws {
        let (_, system) = try TestScenes.photosSystem(fullKeyboardAccess: true, layoutDirection: .rightToLeft)
        #expect(system.tabLoopGroups == [nil, "automatic:search", "automatic:grid", "com.example.sidebar"])
        let (_, leftToRight) = try TestScenes.photosSystem(fullKeyboardAccess: true)
        #expect(leftToRight.tabLoopGroups == ["automatic:search", nil, "com.example.sidebar", "automatic:grid"])
    }

    /// Apple's example: a call-to-action at `.previouslyFocused + 10` beats the last focused cell
    /// but not a selected one.
    @Test func callToActionPriority() throws {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 600, height: 200))
        let list = FocusNode(id: "list", frame: Rect(x: 0, y: 0, width: 600, height: 100))
        list.declaredFocusGroup = "list"
        root.addChild(list)
        let first = list.add("first", 0, 0, 100, 100)
        let second = list.add("second", 100, 0, 100, 100)
        let callToAction = list.add("cta", 200, 0, 100, 100)
        callToAction.focusGroupPriority = .previouslyFocused + 10
        let selected = list.add("selected", 300, 0, 100, 100)
        let other = FocusNode(id: "other", frame: Rect(x: 0, y: 150, width: 100, height: 40), focusable: true)
        other.declaredFocusGroup = "other"
        root.addChild(other)
        let system = FocusSystem(root: root)

        #expect(system.effectivePriority(of: callToAction).rawValue == 1010)
        #expect(system.effectivePriority(of: first) == .ignored)
        // Nothing selected or remembered: the call to action is primary.
        #expect(system.primaryItem(ofGroup: "list") === callToAction)

        // Focus the second cell, then leave the group: it is remembered (1000) but loses to 1010.
        system.focus(second)
        #expect(system.effectivePriority(of: second) == .currentlyFocused)
        system.focus(other)
        #expect(system.effectivePriority(of: second) == .previouslyFocused)
        #expect(system.primaryItem(ofGroup: "list") === callToAction)
        try system.press("Tab")
        #expect(system.focusedItem === callToAction)

        // A selected cell (2000) beats the call to action.
        system.focus(other)
        system.select(selected)
        #expect(system.effectivePriority(of: selected) == .prioritized)
        #expect(system.primaryItem(ofGroup: "list") === selected)
        // A custom priority above prioritized raises the call to action again.
        callToAction.focusGroupPriority = .prioritized + 1
        #expect(system.primaryItem(ofGroup: "list") === callToAction)
    }

    @Test func equalPrioritiesGoToReadingOrderThenTreeOrder() {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        // Tree order: b before a; reading order: a (top) before b.
        root.add("b", 0, 200, 100, 100)
        let a = root.add("a", 0, 0, 100, 100)
        let system = FocusSystem(root: root)
        #expect(system.primaryItem(ofGroup: nil) === a)

        // Same position: tree order decides.
        let twins = FocusNode(id: "twins", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let first = twins.add("first", 0, 0, 100, 100)
        twins.add("second", 0, 0, 100, 100)
        #expect(FocusSystem(root: twins).primaryItem(ofGroup: nil) === first)
    }

    @Test func negativeCustomPriorityIsIgnored() {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let item = root.add("item", 0, 0, 10, 10)
        item.focusGroupPriority = FocusGroupPriority(rawValue: -5)
        #expect(FocusSystem(root: root).effectivePriority(of: item) == .ignored)
    }

    @Test func groupsInheritAndTextFieldsAndScrollViewsFormTheirOwn() throws {
        let (tree, system) = try TestScenes.photosSystem()
        let recents = try #require(tree.node(withID: "recents"))
        let photo = try #require(tree.node(withID: "photo-5"))
        let search = try #require(tree.node(withID: "search"))
        #expect(recents.focusGroupIdentifier == nil)
        #expect(system.focusGroupIdentifier(of: recents) == "com.example.sidebar")
        #expect(system.focusGroupIdentifier(of: photo) == "automatic:grid")
        #expect(system.focusGroupIdentifier(of: search) == "automatic:search")
    }

    @Test func nestedGroupsSortAsAUnitInsideTheirParent() {
        // Two columns in a parent group; a lone button to the right of both.
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 600, height: 400))
        let columns = FocusNode(id: "columns", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        columns.declaredFocusGroup = "columns"
        root.addChild(columns)
        let left = FocusNode(id: "left", frame: Rect(x: 0, y: 0, width: 200, height: 400))
        left.declaredFocusGroup = "left"
        columns.addChild(left)
        left.add("l1", 0, 100, 200, 50)
        let right = FocusNode(id: "right", frame: Rect(x: 200, y: 0, width: 200, height: 400))
        right.declaredFocusGroup = "right"
        columns.addChild(right)
        right.add("r1", 200, 0, 200, 50)
        let side = FocusNode(id: "side", frame: Rect(x: 450, y: 0, width: 100, height: 40), focusable: true)
        side.declaredFocusGroup = "side"
        root.addChild(side)
        let system = FocusSystem(root: root)
        // Without nesting, r1 (top) would come before l1; as a unit, the columns keep their order.
        #expect(system.tabLoopGroups == ["left", "right", "side"])
        let tree = FocusDebugger.checkFocusGroupTree(for: system)
        #expect(
            tree == """
                root group
                  items: none
                  group "columns" (declared by "columns")
                    items: none
                    group "left" (declared by "left"), Tab stop 1, primary "l1" (ignored)
                      items: l1
                    group "right" (declared by "right"), Tab stop 2, primary "r1" (ignored)
                      items: r1
                  group "side" (declared by "side"), Tab stop 3, primary "side" (ignored)
                    items: side
                """
        )
    }

    @Test func readingOrderRows() {
        let frames = [
            Rect(x: 200, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 10, width: 100, height: 100),
            Rect(x: 0, y: 110, width: 100, height: 100),
            Rect(x: 100, y: 150, width: 100, height: 10),
        ]
        #expect(readingOrder(of: frames, direction: .leftToRight) == [1, 0, 2, 3])
        #expect(readingOrder(of: frames, direction: .rightToLeft) == [0, 1, 3, 2])
    }
}
