import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

/// A view-controller-like environment: not an item, no frame of its own, but it declares a group,
/// prefers an item and hears about updates.
final class ListController: FocusEnvironment {
    weak var parentFocusEnvironment: (any FocusEnvironment)?
    let view: FocusNode
    var preferred: [any FocusEnvironment] = []
    var updates: [String] = []

    init(view: FocusNode) {
        self.view = view
        view.parent = self
    }

    var focusChildren: [any FocusEnvironment] { [view] }
    var preferredFocusEnvironments: [any FocusEnvironment] { preferred }
    var focusGroupIdentifier: String? { "com.example.list" }
    var restorationIdentifier: String? { "list-controller" }

    func didUpdateFocus(in context: FocusUpdateContext) {
        updates.append(context.nextFocusedItem.map { FocusSystem.name(of: $0) } ?? "nil")
    }
}

/// A window whose children are a node and a controller.
final class Window: FocusEnvironment {
    var children: [any FocusEnvironment] = []
    var parentFocusEnvironment: (any FocusEnvironment)? { nil }
    var focusChildren: [any FocusEnvironment] { children }
    var restorationIdentifier: String? { "window" }
}

@Suite struct EnvironmentTests {
    @Test func controllersTakePartWithoutBeingItems() throws {
        let window = Window()
        let search = FocusNode(id: "search", frame: Rect(x: 0, y: 0, width: 300, height: 30), role: .textField)
        // Nodes whose parent is not a FocusNode name it themselves.
        let header = FocusNode(id: "header", frame: Rect(x: 0, y: 0, width: 300, height: 40))
        header.addChild(search)
        let list = FocusNode(id: "list", frame: Rect(x: 0, y: 50, width: 300, height: 300), role: .list)
        list.allowsFocus = true
        list.add("first", 0, 50, 300, 40, focusable: nil)
        let second = list.add("second", 0, 100, 300, 40, focusable: nil)
        let controller = ListController(view: list)
        controller.parentFocusEnvironment = window
        header.parent = window
        window.children = [header, controller]
        let system = FocusSystem(root: window)

        // The controller's group holds the list's cells.
        #expect(system.focusGroupIdentifier(of: second) == "com.example.list")
        #expect(system.tabLoopGroups == ["automatic:search", "com.example.list"])
        // Its preferred environment decides where a request lands.
        controller.preferred = [second]
        #expect(system.preferredFocusItem(for: controller) === second)
        system.requestFocusUpdate(to: controller)
        #expect(system.updateFocusIfNeeded().events == [.focus(from: nil, to: "second", heading: .none)])
        #expect(controller.updates == ["second"])
        // It is in the responder chain of its cells but cannot be first responder itself.
        #expect(
            system.responderChain.map { FocusSystem.name(of: $0) } == ["second", "list", "list-controller", "window"])
    }

    @Test func delegateDecidesSelectionFollowsFocusPerItem() throws {
        final class Delegate: FocusNodeDelegate {
            /// Item 2 opens an alert: selecting it on focus would be wrong.
            func focusNode(_ collection: FocusNode, selectionFollowsFocusForItemAt index: Int) -> Bool? {
                index == 2 ? false : nil
            }
        }
        let sidebar = FocusNode(id: "sidebar", frame: Rect(x: 0, y: 0, width: 200, height: 400), role: .list)
        sidebar.allowsFocus = true
        sidebar.followsFocusWithSelection = true
        let delegate = Delegate()
        sidebar.delegate = delegate
        for index in 0..<4 { sidebar.add("row-\(index)", 0, Double(index) * 40, 200, 40, focusable: nil) }
        let system = FocusSystem(root: sidebar)
        let steps = try system.press("Tab Down Down Down")
        #expect(system.focusedName == "row-3")
        #expect(
            steps.flatMap(\.events).filter { if case .select = $0 { true } else { false } } == [
                .select(item: "row-0"), .select(item: "row-1"), .select(item: "row-3"),
            ]
        )
        // An explicit item setting wins over the delegate.
        let row2 = try #require(sidebar.children[2] as? FocusNode)
        row2.followsFocusWithSelection = true
        #expect(system.selectionFollowsFocus(for: row2))
    }

    /// Initial selections are found once per item, in tree order, even when the tree lists an
    /// item twice or loops back on itself, and among thousands of items.
    @Test func initiallySelectedItemsAreFoundOnceEach() {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let a = window.add("a", 0, 0, 100, 40)
        let b = a.add("b", 0, 50, 100, 40)
        window.addChild(b)  // listed twice
        b.addChild(a)  // a loop: a → b → a
        a.isInitiallySelected = true
        b.isInitiallySelected = true
        #expect(FocusSystem(root: window).selectedItems.map { FocusSystem.name(of: $0) } == ["a", "b"])

        let grid = FocusNode(id: "grid", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        for index in 0..<3_000 {
            grid.add("cell-\(index)", 0, 0, 10, 10).isInitiallySelected = index.isMultiple(of: 700)
        }
        #expect(
            FocusSystem(root: grid).selectedItems.map { FocusSystem.name(of: $0) } == [
                "cell-0", "cell-700", "cell-1400", "cell-2100", "cell-2800",
            ])
    }

    @Test func selectingDeselectsSiblingsOnly() {
        let window = FocusNode(id: "window", frame: Rect(x: 0, y: 0, width: 400, height: 400))
        let left = FocusNode(id: "left", frame: Rect(x: 0, y: 0, width: 200, height: 400))
        let right = FocusNode(id: "right", frame: Rect(x: 200, y: 0, width: 200, height: 400))
        window.addChild(left)
        window.addChild(right)
        let a = left.add("a", 0, 0, 100, 40)
        let b = left.add("b", 0, 50, 100, 40)
        let c = right.add("c", 200, 0, 100, 40)
        let system = FocusSystem(root: window)
        system.select(a)
        system.select(c)
        #expect(system.selectedItems.map { FocusSystem.name(of: $0) } == ["a", "c"])
        #expect(system.select(b) == [.select(item: "b")])
        #expect(system.selectedItems.map { FocusSystem.name(of: $0) } == ["b", "c"])
        system.deselect(c)
        #expect(system.selectedItems.map { FocusSystem.name(of: $0) } == ["b"])
    }
}
