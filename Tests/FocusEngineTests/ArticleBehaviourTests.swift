import EventModel
import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

/// Scenes modelled on the source articles: Shape Shuffle (Full Keyboard Access), the SwiftUI login
/// form (`onSubmit`, `@FocusState`), the menu commands of `buildMenu`.
@Suite struct ArticleBehaviourTests {
    /// Shape Shuffle: a focused card, a read-only score label below it, a labelled image below that.
    static let shapeShuffle = """
        {"size": [400, 400],
         "commands": [
           {"title": "Pin", "key": "Meta+P", "discoverabilityTitle": "Pin Card", "action": "pin"},
           {"title": "Add", "key": "Meta+A", "discoverabilityTitle": "Add Card", "action": "add"},
           {"title": "Next", "key": "Tab", "action": "next"}
         ],
         "root": {"id": "board", "frame": [0, 0, 400, 400], "performs": ["add"], "children": [
           {"id": "card1", "role": "cell", "frame": [0, 0, 100, 100], "focusable": true, "performs": ["pin"]},
           {"id": "score", "role": "label", "frame": [0, 110, 100, 20], "label": "Score 3",
            "respondsToUserInteraction": false},
           {"id": "circle", "role": "image", "frame": [0, 140, 100, 100], "label": "Circle"},
           {"id": "triangle", "role": "image", "frame": [110, 140, 100, 100], "label": "Triangle",
            "defaultAction": "rotate"}
         ]}}
        """

    @Test func fullKeyboardAccessReachesAccessibilityElementsAndSkipsReadOnlyOnes() throws {
        let scene = try Scene.parse(Self.shapeShuffle).scene
        let navigator = try FocusNavigator(scene: scene, initialFocus: "card1", fullKeyboardAccess: true)
        let steps = navigator.run(try KeyInput.script("Down Space Right Space"))
        #expect(
            steps.map(\.events) == [
                [.focus(from: "card1", to: "circle", heading: .down)],
                [.action(ActionEvent(item: "circle", name: "activate", trigger: .key))],
                [.focus(from: "circle", to: "triangle", heading: .right)],
                [.action(ActionEvent(item: "triangle", name: "rotate", trigger: .key))],
            ])
        // Without Full Keyboard Access the image is not focusable: Down finds nothing.
        let plain = try FocusNavigator(scene: scene, initialFocus: "card1")
        #expect(plain.press(.press(KeyPress(.down))).events == [])
        #expect(plain.system.focusedName == "card1")
    }

    /// Issue 23 case 11: two commands on one chord gave no warning. The later one fires only
    /// where the earlier is unavailable, or never when both perform the same action.
    @Test func aCommandOnAnEarlierCommandsChordClashesWithIt() throws {
        let pin = try KeyPress(parsing: "Meta+P")
        let table = CommandTable([
            AppCommand(title: "Pin", input: pin, action: "pin"),
            AppCommand(title: "Print", input: pin, action: "print"),
            AppCommand(title: "Pin Again", input: pin, action: "pin"),
            AppCommand(title: "Add", input: try KeyPress(parsing: "Meta+N"), action: "add"),
            AppCommand(title: "Next", input: try KeyPress(parsing: "Tab"), action: "next"),
        ])
        #expect(
            table.clashes.map(\.description) == [
                #"command "Print" (Meta+P) clashes with command "Pin" earlier in the menu, which fires instead wherever both are available"#,
                #"command "Pin Again" (Meta+P) clashes with command "Pin" earlier in the menu, which performs the same action, so this one never fires"#,
                #"command "Next" (Tab) clashes with the Tab loop"#,
            ])
    }

    @Test func commandsAreValidatedAlongTheResponderChain() throws {
        let scene = try Scene.parse(Self.shapeShuffle).scene
        let navigator = try FocusNavigator(scene: scene, fullKeyboardAccess: true)
        let table = try #require(navigator.system.commandTable)
        // The clash is reported when the table is built.
        #expect(table.clashes.map(\.description) == [#"command "Next" (Tab) clashes with the Tab loop"#])
        let pin = try KeyPress(parsing: "Meta+P")
        // Nothing focused: neither Pin nor Add has a performer.
        #expect(navigator.system.availableCommands == [])
        #expect(navigator.press(.press(pin)).handled == false)
        _ = navigator.system.focus(try #require(navigator.tree.node(withID: "card1")))
        #expect(
            navigator.system.availableCommands.map { "\($0.command.discoverabilityTitle) → \($0.target)" } == [
                "Pin Card → card1", "Add Card → board",
            ])
        #expect(
            navigator.press(.press(pin)).events == [.action(ActionEvent(item: "card1", name: "pin", trigger: .key))])
        // On the image only the board's Add is available.
        _ = navigator.system.focus(try #require(navigator.tree.node(withID: "circle")))
        #expect(FocusDebugger.discoverabilityListing(for: navigator.system) == "Meta+A  Add Card  → board")
        #expect(navigator.press(.press(pin)).handled == false)
    }

    /// Commands are looked up by chord and actions by name (issue 23: a table of 100,000
    /// commands was listed in quadratic time): of two commands on one chord the first available
    /// fires, and a node performing many actions lists each of its commands once, in menu order.
    @Test func aChordFiresItsFirstAvailableCommandAndTheListingKeepsMenuOrder() throws {
        let count = 1_000
        var commands = [#"{"title": "Archive", "key": "Meta+P", "action": "archive"}"#]
        commands += (0..<count).map {
            #"{"title": "Do \#($0)", "key": "Meta+\#($0 % 2 == 0 ? "P" : "D")", "action": "do\#($0)"}"#
        }
        let performs = (0..<count).reversed().map { #""do\#($0)""# }.joined(separator: ", ")
        let card1 = #"{"id": "card1", "frame": [0, 0, 100, 100], "focusable": true, "performs": [\#(performs)]}"#
        let scene = try Scene.parse(
            #"{"commands": [\#(commands.joined(separator: ", "))], "#
                + #""root": {"id": "board", "frame": [0, 0, 400, 400], "children": [\#(card1)]}}"#
        ).scene
        let navigator = try FocusNavigator(scene: scene, initialFocus: "card1")
        #expect(
            FocusDebugger.discoverabilityListing(for: navigator.system)
                == (0..<count).map { "Meta+\($0 % 2 == 0 ? "P" : "D")  Do \($0)  → card1" }.joined(separator: "\n"))
        // Archive comes first on Meta+P but nothing performs it: "Do 0" fires; on Meta+D, "Do 1".
        #expect(
            navigator.press(.press(try KeyPress(parsing: "Meta+P"))).events == [
                .action(ActionEvent(item: "card1", name: "do0", trigger: .key))
            ])
        #expect(
            navigator.press(.press(try KeyPress(parsing: "Meta+D"))).events == [
                .action(ActionEvent(item: "card1", name: "do1", trigger: .key))
            ])
        // The actions a node performs can change: the lookup follows.
        let card = try #require(navigator.tree.node(withID: "card1"))
        card.performableActions = ["archive"]
        #expect(card.canPerformAction("archive") && !card.canPerformAction("do0"))
        #expect(
            navigator.press(.press(try KeyPress(parsing: "Meta+P"))).events == [
                .action(ActionEvent(item: "card1", name: "archive", trigger: .key))
            ])
        #expect(navigator.press(.press(try KeyPress(parsing: "Meta+D"))).handled == false)
    }

    enum Field: Hashable { case email, password }

    /// The SwiftUI article's login form: a container with `onSubmit`, two text fields bound to a
    /// focus state.
    final class LoginForm {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let form = FocusNode(id: "form", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        let email = FocusNode(id: "email", frame: Rect(x: 20, y: 20, width: 300, height: 30), role: .textField)
        let password = FocusNode(id: "password", frame: Rect(x: 20, y: 60, width: 300, height: 30), role: .textField)
        let system: FocusSystem
        let focus: FocusState<Field>
        var isEmailValid = false
        var loggedIn = 0

        init() {
            root.addChild(form)
            form.addChild(email)
            form.addChild(password)
            system = FocusSystem(root: root)
            focus = FocusState<Field>(system: system)
            focus.bind(email, to: .email)
            focus.bind(password, to: .password)
            form.submitAction = SubmitAction(name: "logIn") { [unowned self] _ in
                if !isEmailValid {
                    focus.set(.email)
                } else {
                    focus.set(nil)
                    loggedIn += 1
                }
            }
        }
    }

    @Test func submitWithAnInvalidEmailReturnsFocusToIt() throws {
        let login = LoginForm()
        login.focus.set(.password)
        let result = login.system.handle(.press(KeyPress(.return)))
        #expect(
            result.events == [
                .action(ActionEvent(item: "form", name: "logIn", trigger: .key)),
                .focus(from: "password", to: "email", heading: .none),
            ])
        #expect(result.moved)
        #expect(login.focus.value == .email)
        #expect(login.loggedIn == 0)
    }

    @Test func submitWithAValidEmailDismissesFocus() throws {
        let login = LoginForm()
        login.isEmailValid = true
        login.focus.set(.email)
        let result = login.system.handle(.press(KeyPress(.return)))
        #expect(
            result.events == [
                .action(ActionEvent(item: "form", name: "logIn", trigger: .key)),
                .focus(from: "email", to: nil, heading: .none),
            ])
        #expect(login.focus.value == nil)
        #expect(login.loggedIn == 1)
    }

    @Test func sceneOnSubmitNamesTheAction() throws {
        let scene = try Scene.parse(
            """
            {"root": {"id": "form", "frame": [0, 0, 400, 200], "onSubmit": "logIn", "children": [
              {"id": "email", "role": "textField", "frame": [20, 20, 300, 30]}]}}
            """
        ).scene
        let navigator = try FocusNavigator(scene: scene, initialFocus: "email")
        #expect(
            navigator.press(.press(KeyPress(.return))).events == [
                .action(ActionEvent(item: "form", name: "logIn", trigger: .key))
            ])
    }

    @Test func focusStateReportsEachChangeOnce() throws {
        let login = LoginForm()
        let other = FocusNode(id: "help", frame: Rect(x: 20, y: 220, width: 100, height: 30), focusable: true)
        login.root.addChild(other)
        login.system.invalidateLayout()
        var values: [Field?] = []
        login.focus.onChange { values.append($0) }
        try login.system.press("Tab")  // the email field's group
        try login.system.press("Tab")  // the password field's group
        _ = login.system.focus(other)  // a click
        _ = login.system.focus(login.password)  // into the same value again
        // A veto changes nothing and reports nothing.
        login.email.shouldUpdateFocusHandler = { _ in false }
        #expect(login.focus.set(.email).failure == .vetoed(by: "email"))
        _ = login.system.focus(login.password)  // already focused: no change
        #expect(values == [.email, .password, nil, .password])
    }

    @Test func coordinatedAnimationsRunAlongsideTheChangeThenTheirCompletions() throws {
        let root = FocusNode(id: "root", frame: Rect(x: 0, y: 0, width: 200, height: 100))
        let a = root.add("a", 0, 0, 50, 50)
        let b = root.add("b", 60, 0, 50, 50)
        let system = FocusSystem(root: root)
        _ = system.focus(a)
        var log: [String] = []
        a.coordinatedAnimationsHandler = { context, coordinator in
            guard context.previouslyFocusedItem === a else { return }
            coordinator.addCoordinatedUnfocusingAnimations(
                { log.append("a shrinks") }, completion: { log.append("a done") })
        }
        b.didUpdateFocusHandler = { _ in log.append("b told") }
        b.coordinatedAnimationsHandler = { context, coordinator in
            guard context.nextFocusedItem === b else { return }
            coordinator.addCoordinatedFocusingAnimations(
                { log.append("b grows") }, completion: { log.append("b done") })
            coordinator.addCoordinatedAnimations({ log.append("shadow") })
        }
        root.coordinatedAnimationsHandler = { _, _ in log.append("root told") }
        let result = system.moveFocus(.right)
        #expect(result.events == [.focus(from: "a", to: "b", heading: .right)])
        #expect(log == ["b told", "root told", "a shrinks", "b grows", "shadow", "a done", "b done"])
        // The coordinator is emptied: the next update runs nothing added before.
        log.removeAll()
        a.coordinatedAnimationsHandler = nil
        b.coordinatedAnimationsHandler = nil
        _ = system.moveFocus(.left)
        #expect(log == ["b told", "root told"])
    }

    @Test func anOpaqueOverlayHidesItemsAndATransparentOneDoesNot() throws {
        let root = FocusNode(id: "root", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let behind = root.add("behind", 10, 10, 50, 50)
        let beside = root.add("beside", 200, 10, 50, 50)
        let dimming = root.add("dimming", 0, 0, 150, 300, focusable: false)
        let system = FocusSystem(root: root)
        #expect(!system.isFocusable(behind))
        #expect(system.isFocusable(beside))
        #expect(system.tabLoop.map { FocusSystem.name(of: $0) } == ["beside"])
        dimming.isTransparentFocusItem = true
        system.invalidateLayout()
        #expect(system.isFocusable(behind))
        #expect(system.focusableItems(inGroup: nil).map { FocusSystem.name(of: $0) } == ["behind", "beside"])
    }

    @Test func handleIntoABufferGivesTheSameEventsAsHandle() throws {
        let (_, first) = try TestScenes.photosSystem()
        let (_, second) = try TestScenes.photosSystem()
        var buffer: [EventPayload] = []
        for input in try KeyInput.script("Tab Tab Down Return Right Shift+Tab Up") {
            let result = first.handle(input)
            buffer.removeAll(keepingCapacity: true)
            let outcome = second.handle(input, into: &buffer)
            #expect(buffer == result.events)
            #expect(outcome == KeyPressOutcome(handled: result.handled, moved: result.moved))
        }
    }
}
