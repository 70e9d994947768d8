import Geometry
import Interactions
import Testing

/// Interactions deferred to a source: made the first time input looks at their node, attached in
/// the order the source gives, and then exactly as if they had been added at once.
@Suite struct DeferredInteractionTests {
    /// A source that makes a context menu per token and records which tokens it was asked for.
    final class RecordingSource: DeferredInteractionSource {
        private(set) var made: [Int] = []
        func makeInteractions(token: Int) -> [any Interaction] {
            made.append(token)
            return [ContextMenuInteraction(actions: ["Open \(token)"]), DragInteraction()]
        }
    }

    /// A row of `count` cells 100 points wide, each deferring to `source` with its index, or
    /// given the same interactions at once.
    static func cells(_ count: Int, source: RecordingSource, deferred: Bool = true) -> [Node] {
        (0..<count).map { index in
            let cell = Node(
                identifier: "cell-\(index)", frame: Rect(x: Double(index) * 100, y: 0, width: 90, height: 90))
            if deferred {
                cell.deferInteractions(to: source, token: index)
            } else {
                for interaction in source.makeInteractions(token: index) { cell.addInteraction(interaction) }
            }
            return cell
        }
    }

    @Test func onlyTheCellsInputLooksAtMakeTheirInteractions() {
        let source = RecordingSource()
        let cells = Self.cells(10, source: source)
        let harness = InteractionHarness(children: cells)
        #expect(source.made == [])

        harness.click(.secondary, at: Point(x: 345, y: 45))
        harness.click(.secondary, at: Point(x: 745, y: 45))
        harness.click(.secondary, at: Point(x: 350, y: 50))
        #expect(source.made == [3, 7])
        #expect(harness.actions.map(\.item) == ["cell-3", "cell-7", "cell-3"])
        #expect(harness.actions.map(\.name) == ["contextMenu", "contextMenu", "contextMenu"])
        // The others were never made: their recognizers do not exist.
        #expect(cells.map { $0.attachments.gestureRecognizers.count } == [0, 0, 0, 4, 0, 0, 0, 4, 0, 0])
    }

    /// Hovering makes nothing: deferred interactions have no hover recognizers, so the pointer
    /// passing over cells (in a tree that is hit tested for hovering) leaves them deferred.
    @Test func thePointerPassingOverCellsMakesNothing() {
        let source = RecordingSource()
        let harness = InteractionHarness(children: Self.cells(10, source: source))
        let pointer = PointerInteraction(effect: .highlight)
        harness.root.addInteraction(pointer)
        for step in 0..<20 { harness.movePointer(to: Point(x: 25 + Double(step) * 50, y: 45)) }
        #expect(pointer.isHovered)
        #expect(source.made == [])
        harness.click(at: Point(x: 545, y: 45))
        #expect(source.made == [5])
    }

    @Test func askingForTheInteractionsMakesThemInTheSourcesOrder() {
        let source = RecordingSource()
        let cell = Self.cells(1, source: source)[0]
        #expect(cell.attachments.interactions.isEmpty)
        let names = cell.interactions.map { String(describing: type(of: $0)) }
        #expect(names == ["ContextMenuInteraction", "DragInteraction"])
        #expect(source.made == [0])
        // Made once: asking again finds them attached.
        #expect(cell.interactions.count == 2)
        #expect(cell.gestureRecognizers.count == 4)
        #expect(source.made == [0])
    }

    @Test func anInteractionAddedLaterComesAfterTheDeferredOnes() {
        let source = RecordingSource()
        let cell = Self.cells(1, source: source)[0]
        let pan = PanInteraction()
        cell.addInteraction(pan)
        #expect(source.made == [0])
        #expect(cell.interactions.count == 3)
        #expect(cell.interactions.last === pan)
    }

    @Test func aDeferredCellBehavesAsOneBuiltAtOnce() {
        func events(deferred: Bool) -> [String] {
            let harness = InteractionHarness(children: Self.cells(3, source: RecordingSource(), deferred: deferred))
            harness.click(.secondary, at: Point(x: 145, y: 45))
            harness.movePointer(to: Point(x: 245, y: 45))
            harness.press()
            for _ in 0..<4 {
                harness.wait(.milliseconds(10))
                harness.movePointer(by: Vector(x: 50, y: 50))
            }
            harness.release()
            return harness.events.map { "\($0.time.microseconds) \($0.payload)" }
        }
        let atOnce = events(deferred: false)
        #expect(events(deferred: true) == atOnce)
        // What both gave: the menu, then the drag from its first move to the release.
        let actions = atOnce.compactMap { line in
            ["contextMenu", "drag"].first { line.contains("name: \"\($0)\"") }
        }
        #expect(actions == ["contextMenu", "drag", "drag", "drag", "drag", "drag"])
    }

    @Test func aChildOutlivingItsParentHasNoParent() {
        let child = Node(identifier: "child", frame: Rect(x: 0, y: 0, width: 10, height: 10))
        do {
            let parent = Node(identifier: "parent", frame: Rect(x: 0, y: 0, width: 100, height: 100))
            parent.addChild(child)
            #expect(child.parent === parent)
        }
        #expect(child.parent == nil)
        #expect(child.parentNode == nil)
    }
}
