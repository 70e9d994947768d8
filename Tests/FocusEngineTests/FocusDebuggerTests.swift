import EventModel
import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

@Suite struct FocusDebuggerTests {
    @Test func explainsWhyItemsCannotBeFocused() throws {
        let (tree, system) = try TestScenes.photosSystem()
        func reasons(_ id: String) throws -> [String] {
            FocusDebugger.checkFocusability(for: try #require(tree.node(withID: id)), in: system).reasons
        }
        #expect(
            try reasons("placeholder") == [
                "it is not focusable: its own focusable setting is false",
                "its own focusable setting (false) wins over its collection \"grid\", which allows focus",
            ]
        )
        #expect(
            try reasons("settings") == [
                "it is not focusable: canBecomeFocused is false (no focusable setting, and no collection allows focus)",
                "it is a control: controls become focusable with Full Keyboard Access",
            ]
        )
        #expect(try reasons("photo-1") == [])
        let report = FocusDebugger.checkFocusability(for: try #require(tree.node(withID: "photo-1")), in: system)
        #expect(report.isFocusable)
        #expect(report.description == "\"photo-1\" is focusable.")
    }

    @Test func explainsHiddenDisabledZeroSizeAndNesting() {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let panel = FocusNode(id: "panel", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        window.addChild(panel)
        let inHidden = panel.add("in-hidden", 0, 0, 50, 50)
        panel.isHidden = true
        let disabled = FocusNode(id: "disabled", frame: Rect(x: 200, y: 0, width: 200, height: 200))
        disabled.isUserInteractionEnabled = false
        window.addChild(disabled)
        let inDisabled = disabled.add("in-disabled", 200, 0, 50, 50)
        let flat = window.add("flat", 0, 300, 100, 0)
        let card = window.add("card", 200, 300, 100, 100)
        let badge = card.add("badge", 210, 310, 20, 20)
        let grid = FocusNode(id: "grid", frame: Rect(x: 0, y: 200, width: 200, height: 100), role: .collection)
        grid.allowsFocus = false
        window.addChild(grid)
        let cell = grid.add("cell", 0, 200, 50, 50, focusable: nil)
        let system = FocusSystem(root: window)

        func reasons(_ item: any FocusItem) -> [String] {
            FocusDebugger.checkFocusability(for: item, in: system).reasons
        }
        #expect(reasons(inHidden) == ["it is inside \"panel\", which is hidden"])
        #expect(reasons(inDisabled) == ["it is inside \"disabled\", which has user interaction disabled"])
        #expect(reasons(flat) == ["it has zero size (frame [0, 300, 100, 0])"])
        #expect(reasons(badge) == ["it is inside \"card\", which is focusable itself and takes focus instead"])
        #expect(reasons(cell) == ["it is disabled by its collection \"grid\": allowsFocus is false"])

        // A delegate takes precedence over allowsFocus; the item's own setting over both.
        final class OnlyEven: FocusNodeDelegate {
            func focusNode(_ collection: FocusNode, canFocusItemAt index: Int) -> Bool? { index % 2 == 0 }
        }
        let delegate = OnlyEven()
        grid.allowsFocus = true
        grid.delegate = delegate
        let odd = grid.add("odd", 60, 200, 50, 50, focusable: nil)
        let forced = grid.add("forced", 120, 200, 50, 50, focusable: true)
        system.invalidateLayout()
        #expect(system.isFocusable(cell))
        #expect(reasons(odd) == ["it is disabled by its collection \"grid\": the delegate's canFocusItemAt says no"])
        #expect(system.isFocusable(forced))

        let stranger = FocusNode(id: "stranger", frame: Rect(x: 0, y: 0, width: 10, height: 10), focusable: true)
        #expect(
            reasons(stranger) == [
                "it is not in the focus system's tree: its ancestors do not lead to the root \"window\""
            ]
        )
    }

    @Test func focusLoopAndStatus() throws {
        let (_, system) = try TestScenes.photosSystem()
        try system.press("Tab Tab Down")
        #expect(
            FocusDebugger.focusLoop(in: system) == """
                1. search ("automatic:search")
                2. favorites ("com.example.sidebar")
                3. photo-1 ("automatic:grid")
                → back to 1
                """
        )
        #expect(
            FocusDebugger.status(of: system) == """
                focused: "favorites" in "com.example.sidebar"
                first responder: "favorites"
                pending focus update: no
                directional search: precise
                Full Keyboard Access: off
                """
        )
        let groups = FocusDebugger.checkFocusGroupTree(for: system)
        #expect(
            groups.contains(
                "group \"com.example.sidebar\" (declared by \"sidebar\"), Tab stop 2, primary \"favorites\" (currentlyFocused)"
            ))
        #expect(groups.contains("items: recents, favorites, people, new-album"))
        #expect(
            groups.contains(
                "group \"automatic:grid\" (declared by \"grid\"), Tab stop 3, primary \"photo-1\" (ignored)"))
    }
}

@Suite struct FocusNavigatorTests {
    @Test func navigatorReportsEachKey() throws {
        let navigator = try FocusNavigator(scene: TestScenes.photos())
        let steps = navigator.run(try KeyInput.script("Tab Tab Down Down Down Return Up Tab Right Right Right"))
        #expect(
            steps.map(\.textLine) == [
                "Tab  search",
                "Tab  recents",
                "Down  favorites  select favorites",
                "Down  people  select people",
                "Down  new-album",
                "Return  new-album  select new-album",
                "Up  people  select people",
                "Tab  photo-1",
                "Right  photo-2",
                "Right  photo-3",
                "Right  photo-3",
            ]
        )
        #expect(
            steps[2].jsonLine
                == #"{"key":"Down","focused":"favorites","moved":true,"events":[{"type":"focus","from":"recents","to":"favorites","heading":"down"},{"type":"select","item":"favorites"}]}"#
        )
        #expect(steps[10].jsonLine == #"{"key":"Right","focused":"photo-3","moved":false,"events":[]}"#)
    }

    @Test func initialFocusMustExistAndBeFocusable() throws {
        let scene = try TestScenes.photos()
        #expect(throws: NavigationError.unknownNode("nope")) { try FocusNavigator(scene: scene, initialFocus: "nope") }
        do {
            _ = try FocusNavigator(scene: scene, initialFocus: "placeholder")
            Issue.record("expected an error")
        } catch let error as NavigationError {
            guard case .notFocusable(let id, let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(id == "placeholder")
            #expect(reason.contains("its own focusable setting is false"))
        }
    }

    @Test func searchOverrideAndProximity() throws {
        // From the search field's group nothing else is reachable, but in the sidebar proximity
        // and precise agree; in a staggered layout they differ.
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 400, 400], "children": [
              {"id": "a", "frame": [0, 0, 100, 100], "focusable": true},
              {"id": "b", "frame": [200, 150, 100, 100], "focusable": true}]}}
            """#
        let scene = try Scene.parse(text).scene
        let precise = try FocusNavigator(scene: scene, initialFocus: "a")
        #expect(precise.press(.press(KeyPress(.right))).moved == false)
        let proximity = try FocusNavigator(scene: scene, initialFocus: "a", directionalSearch: .proximity)
        #expect(proximity.press(.press(KeyPress(.right))).focused == "b")
    }

    @Test func haloEffectsComeFromTheScene() throws {
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 400, 400], "children": [
              {"id": "card", "frame": [10, 10, 100, 100], "focusable": true,
               "focusEffect": {"halo": {"cornerRadius": 12, "reference": "image", "container": "w"}},
               "children": [{"id": "image", "frame": [10, 10, 100, 80]}]},
              {"id": "custom", "frame": [200, 10, 100, 100], "focusable": true, "focusEffect": null},
              {"id": "plain", "frame": [200, 200, 100, 100], "focusable": true}]}}
            """#
        let tree = try SceneFocusTree(scene: try Scene.parse(text).scene)
        let halo = try #require(tree.node(withID: "card")?.focusEffect)
        #expect(halo.cornerRadius == 12)
        #expect(halo.curve == .continuous)
        #expect(halo.rect == Rect(x: 10, y: 10, width: 100, height: 100))
        #expect(halo.referenceItem === tree.node(withID: "image"))
        #expect(halo.containerItem === tree.root)
        #expect(tree.node(withID: "custom")?.focusEffect == nil)
        #expect(tree.node(withID: "plain")?.focusEffect?.rect == Rect(x: 200, y: 200, width: 100, height: 100))
    }

    /// Every field of a scene node reaches its focus node, and a node with none keeps a new
    /// node's defaults.
    @Test func everyFieldOfASceneNodeReachesItsFocusNode() throws {
        let frame = Rect(x: 0, y: 0, width: 100, height: 100)
        let full = SceneNode(
            id: "full", frame: frame, role: .textField, focusable: false, allowsFocus: true, focusGroup: "g",
            priority: 500, selected: true, selectionFollowsFocus: false, focusSection: true, focusEffect: .custom,
            label: "Full", inputLabels: ["whole"], respondsToUserInteraction: false, accessibilityElement: false,
            accessibilityPath: .ellipse(frame), actions: [SceneCustomAction(name: "Go", key: "Ctrl+G")],
            scroll: SceneScroll(contentSize: Size(width: 100, height: 300)), onSubmit: "send",
            defaultAction: "open", performs: ["copy"])
        let tree = try SceneFocusTree(
            scene: Scene(
                root: SceneNode(id: "window", frame: frame, children: [full, SceneNode(id: "plain", frame: frame)])))
        let node = try #require(tree.node(withID: "full"))
        #expect(node.role == .textField)
        #expect(node.focusable == false)
        #expect(node.allowsFocus == true)
        #expect(node.declaredFocusGroup == "g")
        #expect(node.focusGroupPriority == FocusGroupPriority(rawValue: 500))
        #expect(node.isInitiallySelected)
        #expect(node.followsFocusWithSelection == false)
        #expect(node.isFocusSection)
        #expect(node.focusEffect == nil)
        #expect(node.accessibilityLabel == "Full")
        #expect(node.accessibilityUserInputLabels == ["whole"])
        #expect(!node.accessibilityRespondsToUserInteraction)
        #expect(node.accessibilityElementOverride == false)
        #expect(node.accessibilityPath == .ellipse(frame))
        #expect(node.accessibilityCustomActions == [CustomAction(name: "Go", key: try KeyPress(parsing: "Ctrl+G"))])
        #expect(node.keyCommands.map(\.title) == ["Go"])
        #expect(node.scrollContentSize == Size(width: 100, height: 300))
        #expect(node.submitAction?.name == "send")
        #expect(node.defaultAccessibilityAction == "open")
        #expect(node.performableActions == ["copy"])
        let plain = try #require(tree.node(withID: "plain"))
        #expect(plain.role == nil)
        #expect(plain.focusable == nil)
        #expect(plain.allowsFocus == nil)
        #expect(plain.declaredFocusGroup == nil)
        #expect(plain.focusGroupPriority == .ignored)
        #expect(!plain.isInitiallySelected)
        #expect(plain.followsFocusWithSelection == nil)
        #expect(!plain.isFocusSection)
        #expect(plain.focusEffect?.rect == frame)
        #expect(plain.accessibilityLabel == nil)
        #expect(plain.accessibilityUserInputLabels.isEmpty)
        #expect(plain.accessibilityRespondsToUserInteraction)
        #expect(plain.accessibilityElementOverride == nil)
        #expect(plain.accessibilityPath == nil)
        #expect(plain.accessibilityCustomActions.isEmpty)
        #expect(plain.keyCommands.isEmpty)
        #expect(plain.scrollContentSize == nil)
        #expect(plain.submitAction == nil)
        #expect(plain.defaultAccessibilityAction == nil)
        #expect(plain.performableActions.isEmpty)
        #expect(!plain.isTransparentFocusItem)
    }

    /// Of two nodes sharing an id (only a scene built in code can have them), the later one is
    /// found by id.
    @Test func theLaterOfTwoNodesSharingAnIdIsFound() throws {
        let frame = Rect(x: 0, y: 0, width: 10, height: 10)
        let tree = try SceneFocusTree(
            scene: Scene(
                root: SceneNode(
                    id: "window", frame: frame,
                    children: [
                        SceneNode(id: "twin", frame: frame, label: "first"),
                        SceneNode(id: "twin", frame: frame, label: "second"),
                    ])))
        #expect(tree.node(withID: "twin")?.accessibilityLabel == "second")
        #expect(tree.node(withID: "window") === tree.root)
        #expect(tree.node(withID: "missing") == nil)
    }

    @Test func badActionChordIsASceneError() throws {
        let text = #"{"root": {"id": "w", "frame": [0, 0, 10, 10], "actions": [{"name": "Go", "key": "Hyper+G"}]}}"#
        let error = try #require(throws: SceneError.self) {
            try SceneFocusTree(scene: try Scene.parse(text).scene, file: "s.json")
        }
        #expect(error.nodeID == "w")
        #expect(error.field == "actions[0].key")
    }
}

@Suite struct FocusSectionSceneTests {
    @Test func sceneFocusSectionCatchesTheMove() throws {
        let scene = try Scene.load(contentsOf: Fixtures.testFixture("scenes/focus-section.scene.json")).scene
        #expect(scene.node(withID: "stack")?.focusSection == true)
        let navigator = try FocusNavigator(scene: scene, initialFocus: "2")
        let steps = navigator.run(try KeyInput.script("Right Down Left Left"))
        #expect(steps.map(\.focused) == ["A", "B", "B", "B"])
        // Left from B: the left column is not in line and is not a section, so nothing.
        #expect(steps[2].moved == false)

        var withoutSection = scene
        withoutSection.root.children[1].focusSection = false
        let plain = try FocusNavigator(scene: withoutSection, initialFocus: "2")
        #expect(plain.press(.press(KeyPress(.right))).moved == false)
    }
}

@Suite struct SimulatedRequestTests {
    @Test func simulationExplainsThePreferredSearch() {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let panel = FocusNode(id: "panel", frame: Rect(x: 0, y: 0, width: 400, height: 200))
        window.addChild(panel)
        let hidden = panel.add("hidden", 0, 0, 100, 40)
        hidden.isHidden = true
        let button = panel.add("button", 0, 50, 100, 40)
        window.preferredFocusEnvironments = [hidden, panel]
        let system = FocusSystem(root: window)
        #expect(
            FocusDebugger.simulateFocusUpdateRequest(from: window, in: system) == """
                Simulating a focus update request from "window":
                  "window" prefers "hidden", "panel"
                    "hidden" prefers itself
                    "hidden" is hidden
                    "panel" prefers itself
                    "panel" is not focusable: canBecomeFocused is false (no focusable setting, and no collection allows focus)
                      "hidden" was already searched
                      "button" prefers itself
                      "button" is focusable
                Focus would move to "button".
                """
        )
        #expect(system.focusedItem == nil)
        system.focus(button)
        #expect(
            FocusDebugger.simulateFocusUpdateRequest(from: panel, in: system).hasSuffix(
                "Focus would stay on \"button\"."))
    }
}

@Suite struct HostileGeometryTests {
    /// Custom items can report any frame; none of them may crash the engine.
    final class Odd: FocusItem {
        let frame: Rect
        let name: String
        weak var parent: (any FocusEnvironment)?
        init(_ name: String, _ frame: Rect) {
            self.name = name
            self.frame = frame
        }
        var parentFocusEnvironment: (any FocusEnvironment)? { parent }
        var canBecomeFocused: Bool { true }
        var restorationIdentifier: String? { name }
    }

    @Test func nonFiniteAndHugeFramesAreNotFocusable() {
        let root = FocusNode(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let odd = [
            Odd("nan", Rect(x: .nan, y: 0, width: 10, height: 10)),
            Odd("infinite", Rect(x: 0, y: 0, width: .infinity, height: 10)),
            Odd("far", Rect(x: 1e300, y: 0, width: 10, height: 10)),
        ]
        for item in odd {
            item.parent = root
            root.addChild(item)
        }
        let normal = root.add("normal", 0, 0, 10, 10)
        root.add("huge-but-fine", -1e8, 20, 2e8, 10)
        let system = FocusSystem(root: root, configuration: FocusConfiguration(directionalSearch: .proximity))
        for item in odd { #expect(!system.isFocusable(item)) }
        #expect(
            FocusDebugger.checkFocusability(for: odd[0], in: system).reasons == [
                "its frame [nan, 0, 10, 10] is not finite or lies beyond ±1e12 points"
            ]
        )
        system.focus(normal)
        for heading in [FocusHeading.up, .down, .left, .right] { _ = system.moveFocus(heading) }
        #expect(system.focusedName == "huge-but-fine")
    }
}

@Suite struct CyclicTreeTests {
    /// An environment that lists its own ancestor as a child: a programming mistake that must not
    /// hang or crash the engine.
    final class Loop: FocusEnvironment {
        weak var parentFocusEnvironment: (any FocusEnvironment)?
        var children: [any FocusEnvironment] = []
        var focusChildren: [any FocusEnvironment] { children }
    }

    @Test func cyclesAreWalkedOnce() {
        let root = FocusNode(id: "root", frame: Rect(x: 0, y: 0, width: 100, height: 100))
        let loop = Loop()
        loop.parentFocusEnvironment = root
        root.addChild(loop)
        let item = FocusNode(id: "item", frame: Rect(x: 0, y: 0, width: 10, height: 10), focusable: true)
        item.parent = loop
        loop.children = [item, root]
        let system = FocusSystem(root: root)
        #expect(system.moveFocus(.next).moved)
        #expect(system.focusedName == "item")
    }
}
