import CBaselines
import EventModel
import FocusEngine
import Geometry
import Scenes

/// A grid of focusable 10-point items, 12 points apart, under one root.
struct FocusGrid {
    let columns: Int
    let rows: Int
    let root: FocusNode
    let cells: [FocusNode]

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        root = FocusNode(
            id: "grid",
            frame: Rect(x: 0, y: 0, width: Double(columns) * 12, height: Double(rows) * 12)
        )
        var cells: [FocusNode] = []
        cells.reserveCapacity(columns * rows)
        for row in 0..<rows {
            for column in 0..<columns {
                let frame = Rect(x: Double(column) * 12, y: Double(row) * 12, width: 10, height: 10)
                let cell = FocusNode(id: "\(column),\(row)", frame: frame, focusable: true)
                root.addChild(cell)
                cells.append(cell)
            }
        }
        self.cells = cells
    }

    /// The item in the middle, where every arrow move succeeds.
    var middle: Int { (rows / 2) * columns + columns / 2 }
}

/// Arrow moves and Tab in large scenes.
enum FocusBenchmarks {
    /// The arrow grids, columns × rows: 1,000, 100,000 and 1,000,000 items, each about 8:5.
    static let arrowGrids = [(columns: 40, rows: 25), (columns: 400, rows: 250), (columns: 1_250, rows: 800)]
    /// The headings walked, over and over: a 2 × 2 square, so focus stays in the middle.
    static let headings: [(FocusHeading, CBaselines_Direction)] = [
        (.right, CBaselines_DirectionRight), (.down, CBaselines_DirectionDown), (.left, CBaselines_DirectionLeft),
        (.up, CBaselines_DirectionUp),
    ]
    /// The items in each focus group of the Tab rows: a toolbar's worth.
    static let itemsPerGroup = 10
    /// The item counts of the Tab rows; the first is the others' baseline.
    static let tabSizes = [100, 10_000]

    static var all: [Benchmark] {
        arrowGrids.map(arrow) + tabSizes.map(tab)
    }

    /// Arrow moves through a `FocusSystem` with FocusFinder's scoring (`proximity`), so that the
    /// C scan and the engine choose by the same rule.
    private static func arrowMoves(_ grid: FocusGrid) -> Workload {
        let system = FocusSystem(root: grid.root, configuration: FocusConfiguration(directionalSearch: .proximity))
        _ = system.focus(grid.cells[grid.middle])
        var step = 0
        var moved = 0
        return Workload("focus.arrow.\(grid.cells.count)") { count in
            for _ in 0..<count {
                if system.moveFocus(headings[step & 3].0).moved { moved &+= 1 }
                step &+= 1
            }
            // Every move in the middle of the grid succeeds; anything else is a bug.
            if moved != step { fatalBenchmarkError("an arrow move in a \(grid.cells.count)-item grid failed") }
        }
    }

    /// The same moves by the C linear scan over the same rectangles; checks that it lands where
    /// the engine does.
    private static func linearScan(_ grid: FocusGrid) throws -> Workload {
        let rects = grid.cells.map {
            CBaselines_Rect(x: $0.frame.minX, y: $0.frame.minY, width: $0.frame.width, height: $0.frame.height)
        }
        let expected = [1, grid.columns + 1, grid.columns, 0].map { grid.middle + $0 }
        var focused = grid.middle
        for (step, index) in expected.enumerated() {
            focused = Baselines.focusFinderScan(rects, from: focused, headings[step].1) ?? -1
            guard focused == index else {
                throw BenchmarkError(description: "the C scan moved to \(focused) instead of \(index)")
            }
        }
        var step = 0
        return Workload("C linear scan of \(grid.cells.count)") { count in
            for _ in 0..<count {
                guard let next = Baselines.focusFinderScan(rects, from: focused, headings[step & 3].1) else {
                    fatalBenchmarkError("the C scan found no item")
                }
                focused = next
                step &+= 1
            }
        }
    }

    /// `focus.arrow.<items>`: ns per arrow move against the C scan on the same grid, and the
    /// growth over the smallest grid.
    private static func arrow(columns: Int, rows: Int) -> Benchmark {
        let items = columns * rows
        let name = "focus.arrow.\(items)"
        let smallest = arrowGrids[0]
        let smallestName = "focus.arrow.\(smallest.columns * smallest.rows)"
        var targets: [Target] = []
        switch items {
        case 100_000: targets = [.ratio(atMost: 0.01, "≤ 0.01× (100× faster)")]
        case 1_000_000:
            targets = [
                .ratio(atMost: 0.001, "≤ 0.001× (1000× faster)"),
                .growth(atMost: 3, "growth ≤ 3×"),
            ]
        default: break
        }
        return Benchmark(rows: [name]) { harness in
            let grid = FocusGrid(columns: columns, rows: rows)
            var workloads = [arrowMoves(grid), try linearScan(grid)]
            if items != smallest.columns * smallest.rows {
                workloads.append(arrowMoves(FocusGrid(columns: smallest.columns, rows: smallest.rows)))
            }
            let samples = harness.measure(workloads)
            return [
                Row(
                    name: name,
                    value: samples[0].nanosecondsPerOperation,
                    unit: "ns/move",
                    baseline: "C linear scan",
                    baselineValue: samples[1].nanosecondsPerOperation,
                    growth: samples.count > 2
                        ? Row.Growth(
                            reference: smallestName,
                            factor: samples[0].nanosecondsPerOperation / samples[2].nanosecondsPerOperation
                        ) : nil,
                    targets: targets,
                    allocationsPerOperation: samples[0].allocationsPerOperation
                )
            ]
        }
    }

    /// Focus groups of ``itemsPerGroup`` items in a column, `items` items in all.
    static func groupedScene(items: Int) -> FocusNode {
        let groups = items / itemsPerGroup
        let root = FocusNode(
            id: "root",
            frame: Rect(x: 0, y: 0, width: Double(itemsPerGroup) * 12, height: Double(groups) * 12)
        )
        for group in 0..<groups {
            let container = FocusNode(
                id: "group-\(group)",
                frame: Rect(x: 0, y: Double(group) * 12, width: Double(itemsPerGroup) * 12, height: 10)
            )
            container.declaredFocusGroup = "group-\(group)"
            for item in 0..<itemsPerGroup {
                container.addChild(
                    FocusNode(
                        id: "item-\(group)-\(item)",
                        frame: Rect(x: Double(item) * 12, y: Double(group) * 12, width: 10, height: 10),
                        focusable: true
                    )
                )
            }
            root.addChild(container)
        }
        return root
    }

    /// One Tab (`FocusSystem.handle`) after another in a scene of `items` items.
    private static func tabs(items: Int) -> Workload {
        let system = FocusSystem(root: groupedScene(items: items))
        let tab = KeyInput.press(KeyPress(.tab))
        var moved = 0
        var presses = 0
        let workload = Workload("focus.tab.\(items)") { count in
            for _ in 0..<count where system.handle(tab).moved {
                moved &+= 1
            }
            presses &+= count
            // The Tab loop wraps around, so every press moves focus.
            if moved != presses { fatalBenchmarkError("Tab did not move focus") }
        }
        // Once round the whole loop, so every group has been visited.
        _ = workload.run(items / itemsPerGroup)
        return workload
    }

    /// `focus.tab.<items>`: ns per Tab between groups, against the smallest scene.
    private static func tab(items: Int) -> Benchmark {
        let name = "focus.tab.\(items)"
        let smallestName = "focus.tab.\(tabSizes[0])"
        return Benchmark(rows: [name]) { harness in
            guard items != tabSizes[0] else {
                return [harness.row(name, unit: "ns/Tab", subject: tabs(items: items), baseline: nil)]
            }
            return [
                harness.row(
                    name,
                    unit: "ns/Tab",
                    subject: tabs(items: items),
                    baseline: (smallestName, tabs(items: tabSizes[0])),
                    targets: [.ratio(atMost: 3, "≤ 3×")]
                )
            ]
        }
    }
}
