import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

/// Hit testing through the built-in ``Node`` and through a toolkit's own conformer, and what hover
/// hit testing looks at.
@Suite struct HitTestTests {
    /// A toolkit's own view: the least a class needs to sit in the interaction tree.
    final class View: InteractionNode {
        let identifier: String
        var frame: Rect
        private(set) var children: [View] = []
        private(set) weak var parent: View?
        let attachments = NodeAttachments()

        init(_ identifier: String, _ frame: Rect) {
            self.identifier = identifier
            self.frame = frame
        }

        var childNodes: [any InteractionNode] { children }
        var parentNode: (any InteractionNode)? { parent }

        func add(_ child: View) {
            children.append(child)
            child.parent = self
            invalidateHitTestIndex()
        }
    }

    /// One shape of tree, built from either kind of node: a window holding a panel of 40 cells
    /// (enough for the panel to index its children) under an overlay on its top edge, and a card
    /// holding a button. The card and the button have a hover recognizer each; nothing else does.
    struct Shape {
        static let cellSide = 50.0
        static let columns = 8
        static let cells = 40

        /// `(identifier, frame, parent index)` in the order they are added; the window is first.
        static var nodes: [(String, Rect, Int?)] {
            var nodes: [(String, Rect, Int?)] = [
                ("window", Rect(x: 0, y: 0, width: 1000, height: 800), nil),
                ("panel", Rect(x: 0, y: 0, width: 400, height: 800), 0),
            ]
            for index in 0..<cells {
                let frame = Rect(
                    x: Double(index % columns) * cellSide, y: Double(index / columns) * cellSide, width: cellSide,
                    height: cellSide)
                nodes.append(("cell-\(index)", frame, 1))
            }
            nodes.append(("overlay", Rect(x: 0, y: 0, width: 400, height: 30), 0))
            nodes.append(("card", Rect(x: 500, y: 100, width: 400, height: 300), 0))
            nodes.append(("button", Rect(x: 550, y: 150, width: 100, height: 50), nodes.count - 1))
            return nodes
        }

        static let hovering: Set<String> = ["card", "button"]

        /// The answer worked out from the frames alone: the topmost child containing the point,
        /// level by level.
        static func expectedHit(at point: Point) -> String? {
            let nodes = Self.nodes
            guard nodes[0].1.contains(point) else { return nil }
            var current = 0
            while true {
                let children = nodes.indices.filter { nodes[$0].2 == current }
                guard let top = children.last(where: { nodes[$0].1.contains(point) }) else { return nodes[current].0 }
                current = top
            }
        }
    }

    private static func makeNodes() -> Node {
        var made: [Node] = []
        for (identifier, frame, parent) in Shape.nodes {
            let node = Node(identifier: identifier, frame: frame)
            if Shape.hovering.contains(identifier) { node.addGestureRecognizer(HoverGestureRecognizer()) }
            if let parent { made[parent].addChild(node) }
            made.append(node)
        }
        return made[0]
    }

    private static func makeViews() -> View {
        var made: [View] = []
        for (identifier, frame, parent) in Shape.nodes {
            let view = View(identifier, frame)
            if Shape.hovering.contains(identifier) { view.addGestureRecognizer(HoverGestureRecognizer()) }
            if let parent { made[parent].add(view) }
            made.append(view)
        }
        return made[0]
    }

    /// Every 10 points across the window and a little beyond it.
    private static let probes: [Point] = stride(from: -10.0, through: 1010, by: 10).flatMap { x in
        stride(from: -10.0, through: 810, by: 10).map { Point(x: x, y: $0) }
    }

    @Test func builtInNodesAndAToolkitsViewsFindTheNodesTheFramesGive() {
        let nodes = Self.makeNodes()
        let views = Self.makeViews()
        let expected = Self.probes.map(Shape.expectedHit(at:))
        #expect(Self.probes.map { nodes.hitTest($0)?.identifier } == expected)
        #expect(Self.probes.map { views.hitTest($0)?.identifier } == expected)
        // Every node is found somewhere (the overlay covers only the top of the first row), and
        // nothing outside the window.
        #expect(Set(expected) == Set(Shape.nodes.map { Optional($0.0) } + [nil]))
    }

    /// Moves the pointer of a system over the points and returns the nodes visited for each move.
    private static func hoverVisits(root: any InteractionNode, over points: [Point]) -> [Int] {
        let system = InteractionSystem(root: root, sceneSize: Size(width: 1000, height: 800))
        var time = Timestamp(microseconds: 1_000_000)
        var output: [TimedPayload] = []
        return points.map { point in
            let before = system.visits
            time += .milliseconds(10)
            system.handle(ClassifiedInput(time: time, event: .motion(point - system.pointerLocation)), into: &output)
            return (system.visits - before).nodes
        }
    }

    @Test func hoverLooksOnlyAsDeepAsTheHoverRecognizers() {
        // The window's children are tried from the top: the card, the overlay, the panel.
        let points = [
            // Over a cell: the window, the card, the overlay and the panel. The panel has no hover
            // recognizer below it, so none of its 40 cells is looked at.
            Point(x: 120, y: 120),
            // Over the button: the window, the card and the button.
            Point(x: 600, y: 170),
            // Over the card beside the button: the window, the card and the button (tested, not
            // entered).
            Point(x: 800, y: 300),
            // Outside every child: the window and its three children.
            Point(x: 450, y: 600),
        ]
        let expected = [4, 3, 3, 4]
        #expect(Self.hoverVisits(root: Self.makeNodes(), over: points) == expected)
        #expect(Self.hoverVisits(root: Self.makeViews(), over: points) == expected)
    }
}
