import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

@Suite struct FocusMovementTests {
    @Test func arrowsMoveWithinTheGridSkippingThePlaceholder() throws {
        let (_, system) = try TestScenes.photosSystem()
        try system.press("Tab Tab Tab")
        #expect(system.focusedName == "photo-1")
        let right = try system.press("Right")
        #expect(right.first?.events == [.focus(from: "photo-1", to: "photo-2", heading: .right)])
        try system.press("Right")
        #expect(system.focusedName == "photo-3")
        // No wrap: a failed move is reported and focus stays.
        let stuck = try system.press("Right")
        #expect(stuck.first?.moved == false)
        #expect(stuck.first?.handled == true)
        #expect(stuck.first?.events == [])
        #expect(system.focusedName == "photo-3")
        try system.press("Down Down Left")
        #expect(system.focusedName == "photo-10")
        // Arrows never leave the group.
        try system.press("Left Left Left")
        #expect(system.focusedName == "photo-8")
        #expect(system.moveFocus(.left).failure == .nothingInDirection)
    }

    @Test func selectionFollowsFocusInTheSidebarExceptForNewAlbum() throws {
        let (tree, system) = try TestScenes.photosSystem()
        try system.press("Tab Tab")
        #expect(system.focusedName == "recents")
        let steps = try system.press("Down Down Down")
        #expect(
            steps[0].events == [.focus(from: "recents", to: "favorites", heading: .down), .select(item: "favorites")])
        #expect(steps[1].events == [.focus(from: "favorites", to: "people", heading: .down), .select(item: "people")])
        // New Album opts out: focus moves, selection stays on People.
        #expect(steps[2].events == [.focus(from: "people", to: "new-album", heading: .down)])
        #expect(system.selectedItems.map { FocusSystem.name(of: $0) } == ["people"])
        // Return selects it explicitly.
        let select = try system.press("Return")
        #expect(select.first?.events == [.select(item: "new-album")])
        #expect(system.isSelected(try #require(tree.node(withID: "new-album"))))
        #expect(!system.isSelected(try #require(tree.node(withID: "people"))))
    }

    @Test func selectKeyFollowsTheScene() throws {
        var scene = try TestScenes.photos()
        scene.selectKey = .space
        let navigator = try FocusNavigator(scene: scene, initialFocus: "photo-1")
        #expect(navigator.press(.press(KeyPress(.return))).events == [])
        #expect(navigator.press(.press(KeyPress(.space))).events == [.select(item: "photo-1")])
    }

    @Test func preciseSearchNeedsOverlapButProximityDoesNot() {
        // a at the top left; b below and to the right, not overlapping a's columns.
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = root.add("a", 0, 0, 100, 100)
        root.add("b", 200, 200, 100, 100)
        let precise = FocusSystem(root: root)
        precise.focus(a)
        #expect(precise.moveFocus(.down).moved == false)
        #expect(precise.moveFocus(.right).moved == false)
        let proximity = FocusSystem(root: root, configuration: FocusConfiguration(directionalSearch: .proximity))
        proximity.focus(a)
        #expect(proximity.moveFocus(.down).moved)
        #expect(proximity.focusedName == "b")
    }

    @Test func preciseSearchPrefersNearestThenSmallestOffset() {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 1000, height: 400))
        let source = root.add("source", 0, 100, 100, 100)
        root.add("far", 400, 100, 100, 100)
        root.add("near-offset", 200, 150, 100, 100)
        root.add("near-aligned", 200, 90, 100, 100)
        let system = FocusSystem(root: root)
        system.focus(source)
        system.moveFocus(.right)
        #expect(system.focusedName == "near-aligned")
    }

    /// SwiftUI's `.focusSection()` example: buttons 1–3 at the top left, A–C at the bottom right.
    /// Right from 1 does nothing, until the A–C stack is a focus section; then it lands on A.
    @Test(arguments: [false, true])
    func focusSectionCatchesMoves(isSection: Bool) {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 600, height: 400))
        let left = FocusNode(id: "left", frame: Rect(x: 0, y: 0, width: 100, height: 400))
        root.addChild(left)
        let one = left.add("1", 0, 0, 100, 40)
        left.add("2", 0, 50, 100, 40)
        left.add("3", 0, 100, 100, 40)
        let stack = FocusNode(id: "stack", frame: Rect(x: 400, y: 0, width: 100, height: 400))
        stack.isFocusSection = isSection
        root.addChild(stack)
        stack.add("A", 400, 260, 100, 40)
        stack.add("B", 400, 310, 100, 40)
        stack.add("C", 400, 360, 100, 40)
        let system = FocusSystem(root: root)
        system.focus(one)
        let result = system.moveFocus(.right)
        #expect(result.moved == isSection)
        #expect(system.focusedName == (isSection ? "A" : "1"))
    }

    @Test func focusGuideRedirectsToItsPreferredEnvironment() {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 600, height: 400))
        let start = root.add("start", 0, 0, 100, 40)
        let target = root.add("target", 500, 300, 100, 40)
        let guide = FocusGuide(
            layoutFrame: Rect(x: 200, y: 0, width: 50, height: 40), restorationIdentifier: "guide")
        guide.preferredFocusEnvironments = [target]
        root.addChild(guide)
        #expect(guide.parentFocusEnvironment === root)
        let system = FocusSystem(root: root)
        system.focus(start)
        #expect(system.moveFocus(.right).events == [.focus(from: "start", to: "target", heading: .right)])
        // A disabled guide does nothing.
        guide.isEnabled = false
        system.invalidateLayout()
        system.focus(start)
        #expect(system.moveFocus(.right).moved == false)
    }

    @Test func firstArrowWithNothingFocusedSetsInitialFocus() throws {
        let (_, system) = try TestScenes.photosSystem()
        #expect(system.moveFocus(.down).events == [.focus(from: nil, to: "search", heading: .next)])
    }

    @Test func customObjectsTakePartInFocus() {
        let canvas = Canvas()
        canvas.shapes = [
            Shape(name: "circle", frame: Rect(x: 10, y: 10, width: 50, height: 50), parent: canvas),
            Shape(name: "square", frame: Rect(x: 100, y: 10, width: 50, height: 50), parent: canvas),
            Shape(
                name: "ghost", frame: Rect(x: 200, y: 10, width: 50, height: 50), parent: canvas, focusable: false),
        ]
        let system = FocusSystem(root: canvas)
        #expect(system.moveFocus(.next).moved)
        #expect(system.focusedName == "circle")
        #expect(system.moveFocus(.right).moved)
        #expect(system.focusedName == "square")
        #expect(system.moveFocus(.right).moved == false)
        #expect(canvas.shapes[1].updates == ["focused"])
        #expect(canvas.shapes[0].updates == ["focused", "unfocused"])
        let report = FocusDebugger.checkFocusability(for: canvas.shapes[2], in: system)
        #expect(report.reasons == ["it is not focusable: canBecomeFocused returns false"])
    }
}

/// A custom-drawn canvas that is not a `FocusNode`: the shapes are its focus items.
final class Canvas: FocusEnvironment {
    var shapes: [Shape] = []
    var parentFocusEnvironment: (any FocusEnvironment)? { nil }
    var focusChildren: [any FocusEnvironment] { shapes }
    var restorationIdentifier: String? { "canvas" }
}

final class Shape: FocusItem {
    let name: String
    let frame: Rect
    let focusable: Bool
    weak var parent: Canvas?
    var updates: [String] = []

    init(name: String, frame: Rect, parent: Canvas, focusable: Bool = true) {
        self.name = name
        self.frame = frame
        self.parent = parent
        self.focusable = focusable
    }

    var parentFocusEnvironment: (any FocusEnvironment)? { parent }
    var canBecomeFocused: Bool { focusable }
    var restorationIdentifier: String? { name }

    func didUpdateFocus(in context: FocusUpdateContext) {
        if context.nextFocusedItem === self { updates.append("focused") }
        if context.previouslyFocusedItem === self { updates.append("unfocused") }
    }
}

@Suite struct DirectionalHistoryTests {
    /// A and C on the top row, a wide W below both. Up from W is a tie between A and C that tree
    /// order gives to A; with history, Up after Down from C returns to C.
    static func layout(history: Bool) -> (FocusSystem, FocusNode) {
        let root = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 300, height: 200))
        root.add("A", 0, 0, 100, 40)
        let c = root.add("C", 200, 0, 100, 40)
        root.add("W", 0, 60, 300, 40)
        let system = FocusSystem(root: root, configuration: FocusConfiguration(remembersDirectionalHistory: history))
        system.focus(c)
        return (system, c)
    }

    @Test func withoutHistoryGeometryDecides() throws {
        let (system, _) = Self.layout(history: false)
        try system.press("Down Up")
        #expect(system.focusedName == "A")
    }

    @Test func reversingReturnsToTheOrigin() throws {
        let (system, _) = Self.layout(history: true)
        let steps = try system.press("Down Up")
        #expect(steps[1].events == [.focus(from: "W", to: "C", heading: .up)])
        // The history is used up: the next Down/Up pair works the same way again.
        try system.press("Down Up")
        #expect(system.focusedName == "C")
    }

    @Test func changingAxisOrAnotherFocusChangeForgetsTheHistory() throws {
        let (system, c) = Self.layout(history: true)
        try system.press("Down Left Up")
        #expect(system.focusedName == "A")  // Left found nothing but still changed axis
        system.focus(c)
        try system.press("Down")
        let wide = try #require(system.focusedItem)
        // A programmatic move away and back forgets where the arrows came from.
        system.focus(c)
        system.focus(wide)
        try system.press("Up")
        #expect(system.focusedName == "A")
    }
}

@Suite struct FirstAndLastTests {
    @Test func firstAndLastStayInTheGroup() throws {
        let (tree, system) = try TestScenes.photosSystem()
        system.focus(try #require(tree.node(withID: "photo-6")))
        #expect(system.moveFocus(.last).events == [.focus(from: "photo-6", to: "photo-11", heading: .last)])
        #expect(system.moveFocus(.first).events == [.focus(from: "photo-11", to: "photo-1", heading: .first)])
        #expect(system.moveFocus(.first).failure == .alreadyFocused)
    }
}
