import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

/// What one input costs: the hit path, the recognizers attached to it and the armed interactions,
/// never the size of the tree, counted on a 100,000-node scene.
@Suite struct InteractionCostTests {
    /// A window holding a scroll view of 99,998 cells, 100 points square, tiling the content:
    /// every other cell has a context menu, the others a drag.
    private static func makeScene() -> (system: InteractionSystem, grid: Node) {
        let columns = 400
        let root = Node(identifier: "window", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        let grid = Node(identifier: "grid", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        grid.addInteraction(ScrollViewInteraction(contentSize: Size(width: 40_000, height: 25_000)))
        root.addChild(grid)
        for index in 0..<99_998 {
            let cell = Node(
                identifier: "cell-\(index)",
                frame: Rect(x: Double(index % columns) * 100, y: Double(index / columns) * 100, width: 100, height: 100)
            )
            if index.isMultiple(of: 2) {
                cell.addInteraction(ContextMenuInteraction(actions: ["Open"]))
            } else {
                cell.addInteraction(DragInteraction())
            }
            grid.addChild(cell)
        }
        return (InteractionSystem(root: root, sceneSize: Size(width: 1000, height: 800)), grid)
    }

    /// Sends one input 10 ms after the last and returns what it cost.
    private static func probe(_ system: InteractionSystem) -> (ClassifiedEvent) -> InteractionSystem.Visits {
        var time = Timestamp(microseconds: 1_000_000)
        var output: [TimedPayload] = []
        return { event in
            let before = system.visits
            time += .milliseconds(10)
            system.handle(ClassifiedInput(time: time, event: event), into: &output)
            return system.visits - before
        }
    }

    @Test func aFrameVisitsItsHitPathTheRecognizersOnItAndTheArmedInteractions() {
        let (system, _) = Self.makeScene()
        let send = Self.probe(system)
        // Pointer motion with no touch looks at nothing.
        #expect(send(.motion(Vector(x: -262, y: -134))) == .init(nodes: 0, recognizers: 0, interactions: 0))
        // The pointer is at (250, 266): cell-802 (a context menu's). The press tests the window, the
        // grid and that one cell (the grid's index holds one cell per square), and gives the touch
        // to the cell's two recognizers (long press, secondary click) and the grid's pan.
        #expect(
            send(.button(.primary, state: .down, trigger: .button, code: nil))
                == .init(nodes: 3, recognizers: 3, interactions: 0))
        // The secondary click failed on the primary press: two recognizers remain in the touch.
        #expect(send(.motion(Vector(x: 1, y: 0))) == .init(nodes: 0, recognizers: 2, interactions: 0))
        #expect(
            send(.button(.primary, state: .up, trigger: .button, code: nil))
                == .init(nodes: 0, recognizers: 2, interactions: 0))
        // A two-finger scroll that ends moving: the grid decelerates on its own.
        #expect(
            send(.scroll(source: .continuous, delta: Vector(x: 0, y: 30), v120: nil, phase: .began, velocity: nil))
                == .init(nodes: 3, recognizers: 1, interactions: 0))
        #expect(
            send(
                .scroll(
                    source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: Vector(x: 0, y: 2000)))
                == .init(nodes: 0, recognizers: 1, interactions: 0))
        // Now a frame touches the one armed interaction, and nothing else.
        #expect(send(.motion(Vector(x: 1, y: 0))) == .init(nodes: 0, recognizers: 0, interactions: 1))
    }

    @Test func eachFingerCostsItsOwnHitPathAndTheRecognizersHoldingIt() {
        let (system, _) = Self.makeScene()
        let send = Self.probe(system)
        func finger(_ contact: Int, at point: Point, isDown: Bool = true) -> ClassifiedEvent {
            .position(Vector(x: point.x / 1000, y: point.y / 800), touchType: .direct, isDown: isDown, contact: contact)
        }
        // The first finger on cell-802 (a context menu's): the window, the grid and the cell; the
        // cell's long press (its secondary click is for pointers) and the grid's pan.
        #expect(send(finger(0, at: Point(x: 250, y: 266))) == .init(nodes: 3, recognizers: 2, interactions: 0))
        // The second on cell-803 (a drag's): its own path; only the drag's lift takes it as its first
        // touch (the grid's pan follows the first finger).
        #expect(send(finger(1, at: Point(x: 350, y: 266))) == .init(nodes: 3, recognizers: 1, interactions: 0))
        // Moving one finger reaches the recognizers holding it, and tests no node.
        #expect(send(finger(1, at: Point(x: 352, y: 266))) == .init(nodes: 0, recognizers: 1, interactions: 0))
        #expect(send(finger(0, at: Point(x: 252, y: 266))) == .init(nodes: 0, recognizers: 2, interactions: 0))
    }

    @Test func hitTestingFindsTheTopmostChildThroughTheIndexAndFollowsMovedChildren() {
        let (system, grid) = Self.makeScene()
        let root = system.root
        #expect(root.hitTest(Point(x: 250, y: 266))?.identifier == "cell-802")
        #expect(root.hitTest(Point(x: 0, y: 0))?.identifier == "cell-0")
        // Move cell-0 over cell-1 (drawn later, so cell-1 stays on top where they overlap) and
        // cell-5 to where cell-0 was.
        let cells = grid.children
        cells[0].frame.origin = Point(x: 150, y: 0)
        cells[5].frame.origin = Point(x: 0, y: 0)
        #expect(root.hitTest(Point(x: 120, y: 10))?.identifier == "cell-1")
        #expect(root.hitTest(Point(x: 210, y: 10))?.identifier == "cell-2")
        #expect(root.hitTest(Point(x: 10, y: 10))?.identifier == "cell-5")
        // Far out of the grid: a child moved beyond it is still found.
        cells[7].frame.origin = Point(x: -500, y: -500)
        #expect(root.hitTest(Point(x: 550, y: 10))?.identifier == "grid")
        // Removing a child rebuilds the index.
        cells[802].removeFromParent()
        #expect(root.hitTest(Point(x: 250, y: 266))?.identifier == "grid")
        #expect(root.hitTest(Point(x: 350, y: 266))?.identifier == "cell-803")
    }
}
