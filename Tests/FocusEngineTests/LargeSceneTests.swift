import EventModel
import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

/// Directional search over 100,000 items goes through a spatial index; these tests check its
/// answers, not its speed (that belongs to the benchmarks).
@Suite struct LargeSceneTests {
    static let columns = 400
    static let rows = 250

    /// A deterministic pseudo-random sequence (a linear congruential generator).
    struct Sequence {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
    }

    static func grid(jitter: Bool) -> (FocusNode, [FocusNode]) {
        let root = FocusNode(
            id: "grid",
            frame: Rect(x: 0, y: 0, width: Double(columns) * 12, height: Double(rows) * 12)
        )
        var sequence = Sequence(state: 42)
        var cells: [FocusNode] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                var frame = Rect(x: Double(column) * 12, y: Double(row) * 12, width: 10, height: 10)
                if jitter {
                    frame.origin.x += Double(sequence.next(5))
                    frame.origin.y += Double(sequence.next(5))
                    frame.size.width = Double(3 + sequence.next(12))
                    frame.size.height = Double(3 + sequence.next(12))
                }
                let cell = FocusNode(id: "\(column),\(row)", frame: frame, focusable: true)
                root.addChild(cell)
                cells.append(cell)
            }
        }
        return (root, cells)
    }

    @Test(arguments: [DirectionalSearch.precise, .proximity])
    func hundredThousandItemGridMovesToTheNeighbour(rule: DirectionalSearch) {
        let (root, cells) = Self.grid(jitter: false)
        #expect(cells.count == 100_000)
        let system = FocusSystem(root: root, configuration: FocusConfiguration(directionalSearch: rule))
        var sequence = Sequence(state: 7)
        for _ in 0..<200 {
            let column = sequence.next(Self.columns)
            let row = sequence.next(Self.rows)
            for (heading, dx, dy) in [(FocusHeading.right, 1, 0), (.left, -1, 0), (.down, 0, 1), (.up, 0, -1)] {
                system.focus(cells[row * Self.columns + column])
                let result = system.moveFocus(heading)
                let (targetColumn, targetRow) = (column + dx, row + dy)
                let inside = (0..<Self.columns).contains(targetColumn) && (0..<Self.rows).contains(targetRow)
                #expect(result.moved == inside)
                #expect(system.focusedName == (inside ? "\(targetColumn),\(targetRow)" : "\(column),\(row)"))
            }
        }
    }

    @Test(arguments: [DirectionalSearch.precise, .proximity])
    func indexedSearchAgreesWithTheLinearReference(rule: DirectionalSearch) {
        let (root, cells) = Self.grid(jitter: true)
        let frames = cells.map(\.frame)
        let system = FocusSystem(root: root, configuration: FocusConfiguration(directionalSearch: rule))
        var sequence = Sequence(state: 99)
        var moved = 0
        for _ in 0..<6 {
            let source = sequence.next(cells.count)
            moved += Self.expectMovesAgreeWithTheLinearReference(
                from: source, among: cells, frames: frames, in: system, rule: rule)
        }
        #expect(moved > 12)
    }

    /// Focuses `items[source]`, moves focus in each heading from there, and checks each move
    /// against the linear reference, `DirectionalRules.bestCandidate`.
    /// - Returns: How many of the four moves moved focus.
    @discardableResult
    static func expectMovesAgreeWithTheLinearReference(
        from source: Int,
        among items: [FocusNode],
        frames: [Rect],
        in system: FocusSystem,
        rule: DirectionalSearch,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Int {
        var moved = 0
        for heading in [FocusHeading.right, .left, .down, .up] {
            system.focus(items[source])
            let expected = DirectionalRules.bestCandidate(
                from: frames[source],
                heading: heading,
                among: frames,
                rule: rule
            )
            let result = system.moveFocus(heading)
            #expect(result.moved == (expected != nil), sourceLocation: sourceLocation)
            #expect(
                system.focusedName == (expected.map { items[$0].id } ?? items[source].id),
                sourceLocation: sourceLocation)
            if result.moved { moved += 1 }
        }
        return moved
    }
}

/// Random layouts (overlapping items, huge items, sparse items) checked against the linear
/// reference, so that every shortcut of the spatial index is exercised.
@Suite struct SpatialIndexTests {
    @Test(arguments: [DirectionalSearch.precise, .proximity], 0..<12)
    func randomLayoutsAgreeWithTheLinearReference(rule: DirectionalSearch, seed: Int) {
        var sequence = LargeSceneTests.Sequence(state: UInt64(seed + 1) * 7919)
        let root = FocusNode(id: "root", frame: Rect(x: -10_000, y: -10_000, width: 20_000, height: 20_000))
        let count = 50 + sequence.next(400)
        // Some layouts are dense, some sparse across a large area.
        let spread = [200, 2_000, 20_000][seed % 3]
        var items: [FocusNode] = []
        for index in 0..<count {
            var width = Double(1 + sequence.next(40))
            var height = Double(1 + sequence.next(40))
            if sequence.next(25) == 0 {
                // A huge item: a banner or a background panel.
                width = Double(spread)
                height = Double(1 + sequence.next(spread))
            }
            let frame = Rect(
                x: Double(sequence.next(spread)) - Double(spread) / 2,
                y: Double(sequence.next(spread)) - Double(spread) / 2,
                width: width,
                height: height
            )
            let item = FocusNode(id: "item-\(index)", frame: frame, focusable: true)
            root.addChild(item)
            items.append(item)
        }
        let frames = items.map(\.frame)
        let system = FocusSystem(root: root, configuration: FocusConfiguration(directionalSearch: rule))
        for _ in 0..<10 {
            LargeSceneTests.expectMovesAgreeWithTheLinearReference(
                from: sequence.next(count), among: items, frames: frames, in: system, rule: rule)
        }
    }
}
