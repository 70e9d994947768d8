import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

@Suite struct FocusUpdateTests {
    /// window > sidebar > (a, b); window > content > c
    final class Fixture {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let sidebar = FocusNode(id: "sidebar", frame: Rect(x: 0, y: 0, width: 100, height: 300))
        let content = FocusNode(id: "content", frame: Rect(x: 100, y: 0, width: 300, height: 300))
        let a: FocusNode
        let b: FocusNode
        let c: FocusNode
        var log: [String] = []
        lazy var system = FocusSystem(root: window)

        init() {
            window.addChild(sidebar)
            window.addChild(content)
            a = sidebar.add("a", 0, 0, 100, 40)
            b = sidebar.add("b", 0, 50, 100, 40)
            c = content.add("c", 100, 0, 100, 40)
            for node in [window, sidebar, content, a, b, c] {
                node.shouldUpdateFocusHandler = { [unowned self] _ in
                    log.append("should \(node.id)")
                    return true
                }
                node.didUpdateFocusHandler = { [unowned self] context in
                    let from = context.previouslyFocusedItem.map { FocusSystem.name(of: $0) } ?? "nil"
                    let to = context.nextFocusedItem.map { FocusSystem.name(of: $0) } ?? "nil"
                    log.append("did \(node.id) \(from)→\(to) \(context.focusHeading)")
                }
            }
        }
    }

    /// Both callbacks reach every environment containing the previous or next item, in
    /// ascending order: the items first, then their containers, up to the root; each once.
    @Test func callbacksGoToAncestorsInAscendingOrder() {
        let fixture = Fixture()
        fixture.system.focus(fixture.a)
        fixture.log.removeAll()
        let result = fixture.system.focus(fixture.c)
        #expect(result.moved)
        #expect(
            fixture.log == [
                "should a", "should c", "should sidebar", "should content", "should window",
                "did a a→c none", "did c a→c none", "did sidebar a→c none", "did content a→c none",
                "did window a→c none",
            ]
        )
        #expect(
            FocusSystem.environmentsForUpdate(from: fixture.a, to: fixture.b).map { FocusSystem.name(of: $0) } == [
                "a", "b", "sidebar", "window",
            ]
        )
        #expect(
            FocusSystem.environmentsForUpdate(from: nil, to: fixture.c).map { FocusSystem.name(of: $0) } == [
                "c", "content", "window",
            ])
    }

    @Test func anyVetoCancelsTheUpdate() {
        let fixture = Fixture()
        fixture.system.focus(fixture.a)
        fixture.content.shouldUpdateFocusHandler = { context in context.nextFocusedItem !== fixture.c }
        fixture.log.removeAll()
        let result = fixture.system.focus(fixture.c)
        #expect(result.moved == false)
        #expect(result.failure == .vetoed(by: "content"))
        #expect(result.events.isEmpty)
        #expect(fixture.system.focusedItem === fixture.a)
        #expect(!fixture.log.contains { $0.hasPrefix("did") })
        // Moving within the sidebar is not vetoed.
        #expect(fixture.system.moveFocus(.down).moved)
        #expect(fixture.system.focusedItem === fixture.b)
    }

    @Test func vetoStopsTabToo() throws {
        let (tree, system) = try TestScenes.photosSystem()
        let grid = try #require(tree.node(withID: "grid"))
        grid.shouldUpdateFocusHandler = { context in context.focusHeading != .next }
        try system.press("Tab Tab")
        let results = try system.press("Tab")
        #expect(results.first?.moved == false)
        #expect(system.focusedName == "recents")
        #expect(system.moveFocus(.next).failure == .vetoed(by: "grid"))
    }

    @Test func firstResponderChangeDuringUpdateIsRefused() throws {
        let fixture = Fixture()
        var caught: FocusError?
        fixture.c.didUpdateFocusHandler = { [unowned fixture] _ in
            do {
                try fixture.system.becomeFirstResponder(fixture.b)
            } catch let error as FocusError {
                caught = error
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }
        fixture.system.focus(fixture.c)
        #expect(caught == .firstResponderChangeDuringFocusUpdate("b"))
        #expect(caught?.description.contains("while processing a focus update") == true)
        #expect(fixture.system.focusedItem === fixture.c)
        // Re-entrant focus requests during an update fail instead of nesting.
        var nested: FocusMoveResult?
        fixture.a.didUpdateFocusHandler = { [unowned fixture] _ in nested = fixture.system.focus(fixture.b) }
        fixture.system.focus(fixture.a)
        #expect(nested?.failure == .updateInProgress)
        #expect(fixture.system.focusedItem === fixture.a)
        #expect(!fixture.system.isUpdatingFocus)
    }

    @Test func becomingFirstResponderDrivesFocus() throws {
        let fixture = Fixture()
        let result = try fixture.system.becomeFirstResponder(fixture.content)
        #expect(result.moved)
        #expect(fixture.system.focusedItem === fixture.c)
        #expect(fixture.system.firstResponder === fixture.content)
    }

    @Test func setNeedsFocusUpdateOnlyFromAnEnvironmentContainingFocus() {
        let fixture = Fixture()
        fixture.system.focus(fixture.b)
        fixture.sidebar.preferredFocusEnvironments = [fixture.a]
        fixture.content.preferredFocusEnvironments = [fixture.c]
        // The content does not contain b: no effect.
        fixture.system.setNeedsFocusUpdate(for: fixture.content)
        #expect(!fixture.system.hasPendingFocusUpdate)
        fixture.system.setNeedsFocusUpdate(for: fixture.sidebar)
        #expect(fixture.system.hasPendingFocusUpdate)
        #expect(fixture.system.focusedItem === fixture.b)  // deferred
        #expect(fixture.system.updateFocusIfNeeded().events == [.focus(from: "b", to: "a", heading: .none)])
        #expect(!fixture.system.hasPendingFocusUpdate)
    }

    @Test func theParentsRequestWins() {
        let fixture = Fixture()
        fixture.system.focus(fixture.b)
        fixture.sidebar.preferredFocusEnvironments = [fixture.a]
        fixture.window.preferredFocusEnvironments = [fixture.content]
        fixture.system.setNeedsFocusUpdate(for: fixture.window)
        fixture.system.setNeedsFocusUpdate(for: fixture.sidebar)
        fixture.system.updateFocusIfNeeded()
        #expect(fixture.system.focusedItem === fixture.c)
        // Same the other way round.
        fixture.system.focus(fixture.b)
        fixture.system.setNeedsFocusUpdate(for: fixture.sidebar)
        fixture.system.setNeedsFocusUpdate(for: fixture.window)
        fixture.system.updateFocusIfNeeded()
        #expect(fixture.system.focusedItem === fixture.c)
    }

    @Test func requestsFromCallbacksRunAtTheEndOfTheKeyPress() throws {
        let fixture = Fixture()
        fixture.system.focus(fixture.a)
        fixture.content.preferredFocusEnvironments = [fixture.a]
        // When b gets focus, the sidebar asks to go back to a: after this press, not inside it.
        fixture.b.didUpdateFocusHandler = { [unowned fixture] context in
            if context.nextFocusedItem === fixture.b { fixture.system.requestFocusUpdate(to: fixture.sidebar) }
        }
        let result = try fixture.system.press("Down")
        #expect(
            result.first?.events == [
                .focus(from: "a", to: "b", heading: .down), .focus(from: "b", to: "a", heading: .none),
            ]
        )
    }

    @Test func preferredFocusIsSearchedInOrder() {
        let fixture = Fixture()
        fixture.a.focusable = false
        fixture.system.invalidateLayout()
        fixture.window.preferredFocusEnvironments = [fixture.a, fixture.sidebar, fixture.c]
        // a cannot be focused; the sidebar's own default is its first focusable child, b.
        #expect(fixture.system.preferredFocusItem(for: fixture.window) === fixture.b)
        fixture.sidebar.isHidden = true
        fixture.system.invalidateLayout()
        #expect(fixture.system.preferredFocusItem(for: fixture.window) === fixture.c)
    }

    @Test func focusIsRestoredByIdentityWhenTheTreeIsRebuilt() throws {
        let (_, system) = try TestScenes.photosSystem()
        try system.press("Tab Tab Down Tab Right Down")
        #expect(system.focusedName == "photo-6")
        #expect(system.selectedItems.map { FocusSystem.name(of: $0) } == ["favorites"])
        // Rebuild everything from the file, as after a reload.
        let rebuilt = try SceneFocusTree(scene: TestScenes.photos())
        #expect(system.replaceRoot(rebuilt.root))
        #expect(system.focusedItem === rebuilt.node(withID: "photo-6"))
        // Selection and the sidebar's remembered item come back too; the file's initial
        // selection of Recents does not override the user's.
        #expect(system.selectedItems.map { FocusSystem.name(of: $0) } == ["favorites"])
        try system.press("Tab Tab")
        #expect(system.focusedName == "favorites")
        // Restoring emits nothing; moving on works from the new nodes.
        let next = try system.press("Tab")
        #expect(next.first?.events == [.focus(from: "favorites", to: "photo-6", heading: .next)])
    }

    @Test func focusIsLostWhenTheFocusedItemDisappears() {
        let fixture = Fixture()
        fixture.system.focus(fixture.a)
        fixture.a.isHidden = true
        fixture.system.invalidateLayout()
        #expect(fixture.system.focusedItem == nil)
    }
}

@Suite struct FocusTraceTests {
    @Test func everyTransitionIsOneTraceLine() throws {
        let navigator = try FocusNavigator(
            scene: TestScenes.photos(), initialFocus: "photo-3", fullKeyboardAccess: true)
        var lines: [String] = []
        navigator.system.traceHandler = { lines.append($0) }
        let grid = try #require(navigator.tree.node(withID: "grid"))
        grid.shouldUpdateFocusHandler = { context in context.focusHeading != .down }
        for input in try KeyInput.script("Right Left Down Tab+F text:gear Escape") { _ = navigator.press(input) }
        #expect(
            lines == [
                "focus: photo-3 → nothing (right)",
                "focus: photo-3 → photo-2 (left)",
                "focus: photo-2 → photo-6 (down) vetoed by grid",
                "full keyboard access: idle → find",
                "focus: photo-2 → settings (none)",
                "full keyboard access: find → idle",
            ]
        )
    }
}
