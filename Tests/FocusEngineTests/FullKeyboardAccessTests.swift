import EventModel
import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

@Suite struct FullKeyboardAccessTests {
    @Test func controlsBecomeFocusableWithFullKeyboardAccess() throws {
        let (tree, plain) = try TestScenes.photosSystem()
        let settings = try #require(tree.node(withID: "settings"))
        #expect(!plain.isFocusable(settings))
        let (fkaTree, fka) = try TestScenes.photosSystem(fullKeyboardAccess: true)
        #expect(fka.isFocusable(try #require(fkaTree.node(withID: "settings"))))
        try fka.press("Tab Tab")
        #expect(fka.focusedName == "settings")
    }

    @Test func actionsMenuListsAndPerformsCustomActions() throws {
        let navigator = try FocusNavigator(
            scene: TestScenes.photos(), initialFocus: "photo-1", fullKeyboardAccess: true)
        let open = navigator.press(.press(try KeyPress(parsing: "Tab+Z")))
        #expect(
            open.events == [
                .action(ActionEvent(item: "photo-1", name: "actionsMenu", trigger: .key, actions: ["Share", "Delete"]))
            ])
        #expect(navigator.system.actionsMenu?.highlighted == 0)
        // Arrows move in the menu, not focus.
        let down = navigator.press(.press(KeyPress(.down)))
        #expect(down.moved == false)
        #expect(down.focused == "photo-1")
        let perform = navigator.press(.press(KeyPress(.return)))
        #expect(perform.events == [.action(ActionEvent(item: "photo-1", name: "Delete", trigger: .menu))])
        #expect(!navigator.system.isActionsMenuOpen)
        #expect(
            perform.jsonLine
                == #"{"key":"Return","focused":"photo-1","moved":false,"events":[{"type":"action","item":"photo-1","name":"Delete","trigger":"menu"}]}"#
        )
        // Escape closes without acting.
        _ = navigator.press(.press(try KeyPress(parsing: "Tab+Z")))
        #expect(navigator.press(.press(KeyPress(.escape))).events == [])
        #expect(!navigator.system.isActionsMenuOpen)
    }

    @Test func findMatchesLabelsAndInputLabels() throws {
        let navigator = try FocusNavigator(
            scene: TestScenes.photos(), initialFocus: "photo-3", fullKeyboardAccess: true)
        _ = navigator.press(.press(try KeyPress(parsing: "Tab+F")))
        #expect(navigator.system.findQuery == "")
        let step = navigator.press(.text("prefs"))
        #expect(step.focused == "settings")
        #expect(step.events == [.focus(from: "photo-3", to: "settings", heading: .none)])
        _ = navigator.press(.press(KeyPress(.return)))
        #expect(navigator.system.findQuery == nil)
        // Labels match by prefix or containment, case-insensitively, in Tab-loop order.
        #expect(
            navigator.system.findMatches(for: "photo 1").map { FocusSystem.name(of: $0) } == [
                "photo-1", "photo-10", "photo-11",
            ])
        #expect(navigator.system.findMatches(for: "GEAR").map { FocusSystem.name(of: $0) } == ["settings"])
    }

    /// Issue 23 case 8: a pasted query searched every item again for every character. Once the
    /// query matches nothing, longer queries match nothing either and are not searched; Backspace
    /// back to a query that matches finds again.
    @Test func aQueryThatMatchesNothingStaysUnmatchedAsItGrows() throws {
        let navigator = try FocusNavigator(
            scene: TestScenes.photos(), initialFocus: "photo-3", fullKeyboardAccess: true)
        _ = navigator.press(.press(try KeyPress(parsing: "Tab+F")))
        let found = navigator.press(.text("g"))
        let missed = navigator.press(.text("q"))
        let pasted = (0..<1000).map { _ in navigator.press(.text("x")) }
        #expect(navigator.system.findQuery == "gq" + String(repeating: "x", count: 1000))
        #expect(missed.focused == found.focused && missed.events == [])
        #expect(pasted.map(\.events) == Array(repeating: [], count: 1000))
        #expect(pasted.map(\.focused) == Array(repeating: found.focused, count: 1000))
        for _ in 0..<1001 { _ = navigator.press(.press(KeyPress(.backspace))) }
        #expect(navigator.system.findQuery == "g")
        #expect(
            navigator.system.findMatches(for: "g").map { FocusSystem.name(of: $0) }.first == found.focused)
    }

    @Test func findStepsThroughMatchesAndSkipsNonInteractiveElements() throws {
        var scene = try TestScenes.photos()
        // Make Favorites readable but not interactive.
        var root = scene.root
        root.children[1].children[1].respondsToUserInteraction = false
        scene.root = root
        let navigator = try FocusNavigator(scene: scene, fullKeyboardAccess: true)
        #expect(navigator.system.findMatches(for: "fav").isEmpty)
        let favorites = try #require(navigator.tree.node(withID: "favorites"))
        #expect(!navigator.system.isFocusable(favorites))
        let report = FocusDebugger.checkFocusability(for: favorites, in: navigator.system)
        #expect(report.reasons == ["Full Keyboard Access skips it: respondsToUserInteraction is false"])
        // Arrows skip it too.
        _ = navigator.system.focus(try #require(navigator.tree.node(withID: "recents")))
        #expect(navigator.press(.press(KeyPress(.down))).focused == "people")

        _ = navigator.press(.press(try KeyPress(parsing: "Tab+F")))
        #expect(navigator.press(.text("photo")).focused == "photo-1")
        #expect(navigator.press(.press(KeyPress(.down))).focused == "photo-2")
        #expect(navigator.press(.press(KeyPress(.up))).focused == "photo-1")
        #expect(navigator.press(.press(KeyPress(.up))).focused == "photo-11")
    }

    @Test func fullKeyboardAccessChordsNeedFullKeyboardAccess() throws {
        let navigator = try FocusNavigator(scene: TestScenes.photos(), initialFocus: "photo-1")
        let step = navigator.press(.press(try KeyPress(parsing: "Tab+Z")))
        #expect(step.handled == false)
        #expect(step.events.isEmpty)
        #expect(step.textLine == "Tab+Z  photo-1  (not handled)")
    }
}

@Suite struct FocusStateTests {
    enum Field: Hashable { case email, password }

    @Test func focusStateReflectsAndMovesFocus() {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let email = window.add("email", 0, 0, 300, 40)
        let password = window.add("password", 0, 50, 300, 40)
        let button = window.add("button", 0, 100, 300, 40)
        let system = FocusSystem(root: window)
        let focus = FocusState<Field>(system: system)
        focus.bind(email, to: .email)
        focus.bind(password, to: .password)
        #expect(focus.value == nil)

        #expect(focus.set(.password).moved)
        #expect(system.focusedItem === password)
        #expect(focus.value == .password)

        // Focus moving by keys is reflected.
        system.moveFocus(.up)
        #expect(focus.value == .email)
        // Focus leaving all bound items reads nil.
        system.focus(button)
        #expect(focus.value == nil)
        // Setting nil while nothing bound is focused changes nothing.
        #expect(focus.set(nil).moved == false)
        #expect(system.focusedItem === button)
        // Setting nil while a bound item is focused dismisses focus.
        focus.set(.email)
        #expect(focus.set(nil).events == [.focus(from: "email", to: nil, heading: .none)])
        #expect(system.focusedItem == nil)
        #expect(focus.value == nil)
    }

    @Test func settingAValueCanBeVetoed() {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let email = window.add("email", 0, 0, 300, 40)
        let system = FocusSystem(root: window)
        let focus = FocusState<Field>(system: system)
        focus.bind(email, to: .email)
        window.shouldUpdateFocusHandler = { _ in false }
        #expect(focus.set(.email).failure == .vetoed(by: "window"))
        #expect(focus.value == nil)
        #expect(focus.set(.password).moved == false)
    }
}

@Suite struct BooleanFocusStateTests {
    @Test func booleanStateIsNeverNil() {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let field = window.add("field", 0, 0, 300, 40)
        let other = window.add("other", 0, 50, 300, 40)
        let system = FocusSystem(root: window)
        let isFocused = FocusState<Bool>(system: system)
        isFocused.bind(field)
        #expect(isFocused.isFocused == false)
        #expect(isFocused.set(focused: true).moved)
        #expect(isFocused.isFocused)
        system.focus(other)
        #expect(isFocused.isFocused == false)
        isFocused.set(focused: true)
        #expect(isFocused.set(focused: false).events == [.focus(from: "field", to: nil, heading: .none)])
        #expect(system.focusedItem == nil)
    }
}
