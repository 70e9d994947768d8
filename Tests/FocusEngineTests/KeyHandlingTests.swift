import EventModel
import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

@Suite struct KeyHandlingTests {
    @Test(arguments: [
        ("Tab", "Tab"), ("shift+tab", "Shift+Tab"), ("Ctrl+P", "Ctrl+P"), ("ctrl+,", "Ctrl+,"), ("Ctrl++", "Ctrl++"),
        ("Tab+Z", "Tab+Z"), ("enter", "Return"), ("Alt+Shift+Left", "Alt+Shift+Left"), ("F5", "F5"),
        ("Meta+a", "Meta+A"),
    ])
    func chordsParse(text: String, canonical: String) throws {
        #expect(try KeyPress(parsing: text).description == canonical)
    }

    @Test(arguments: ["", "Foo", "Ctrl+", "+A", "Hyper+A", "Ctrl+Foo"])
    func badChordsAreRefused(text: String) {
        #expect(throws: KeyParseError.self) { try KeyPress(parsing: text) }
    }

    @Test func scriptErrorsNameThePosition() throws {
        let error = try #require(throws: KeyParseError.self) { try KeyInput.script("Tab Down Sideways") }
        #expect(error.position == 3)
        #expect(error.description == "key 3 (\"Sideways\"): \"Sideways\" is not a key name")
        #expect(
            try KeyInput.script("Tab text:prefs  Return") == [
                .press(KeyPress(.tab)), .text("prefs"), .press(KeyPress(.return)),
            ])
    }

    @Test func keysGoToTheFocusedItemThenUpTheResponderChain() throws {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let list = FocusNode(id: "list", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        window.addChild(list)
        let cell = list.add("cell", 0, 0, 300, 40)
        list.add("cell-2", 0, 50, 300, 40)
        var seen: [String] = []
        cell.pressHandler = { press in
            seen.append("cell \(press)")
            return press.key == .character("x") ? .handled : .passToNextResponder  // the super call
        }
        list.pressHandler = { press in
            seen.append("list \(press)")
            return press.key == .character("y") ? .handled : .passToNextResponder
        }
        let system = FocusSystem(root: window)
        system.focus(cell)
        #expect(system.firstResponder === cell)
        #expect(system.responderChain.map { FocusSystem.name(of: $0) } == ["cell", "list", "window"])
        #expect(try system.press("X").first?.handled == true)
        #expect(try system.press("Y").first?.handled == true)
        #expect(try system.press("Q").first?.handled == false)
        #expect(seen == ["cell X", "cell Y", "list Y", "cell Q", "list Q"])
        // Arrows belong to the focus system: the cell never sees them.
        seen.removeAll()
        try system.press("Down")
        #expect(system.focusedName == "cell-2")
        #expect(seen.isEmpty)
    }

    @Test func keyCommandsRunAfterTheFocusSystemUnlessTheyWantPriority() throws {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 300, height: 300))
        let a = window.add("a", 0, 0, 100, 40)
        window.add("b", 0, 50, 100, 40)
        window.additionalKeyCommands = [
            KeyCommand(input: KeyPress(.down), title: "Next Page"),
            KeyCommand(input: try KeyPress(parsing: "Ctrl+N"), title: "New"),
        ]
        let system = FocusSystem(root: window)
        system.focus(a)
        // Down moves focus; the command does not run.
        #expect(try system.press("Down").first?.events == [.focus(from: "a", to: "b", heading: .down)])
        #expect(
            try system.press("Ctrl+N").first?.events == [
                .action(ActionEvent(item: "window", name: "New", trigger: .key))
            ])
        // With priority, the command wins over the focus system.
        window.additionalKeyCommands[0].wantsPriorityOverSystemBehavior = true
        let result = try system.press("Up")
        #expect(result.first?.moved == true)
        let down = try system.press("Down")
        #expect(down.first?.events == [.action(ActionEvent(item: "window", name: "Next Page", trigger: .key))])
        #expect(system.focusedName == "a")
    }

    @Test func customActionChordsFireOnTheFocusedItem() throws {
        let navigator = try FocusNavigator(scene: TestScenes.photos(), initialFocus: "photo-1")
        let step = navigator.press(.press(try KeyPress(parsing: "Ctrl+Backspace")))
        #expect(step.events == [.action(ActionEvent(item: "photo-1", name: "Delete", trigger: .key))])
        #expect(step.textLine == "Ctrl+Backspace  photo-1  action photo-1: Delete (key)")
    }
}
