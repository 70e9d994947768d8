import EventModel
import FocusEngine
import Geometry
import Scenes

/// Focus movement in large scenes.
enum FocusBenchmarks {
    static let columns = 400
    static let rows = 250

    /// A 400 × 250 grid of 10-point cells, 100,000 focusable items.
    static func grid() -> (FocusNode, [FocusNode]) {
        let root = FocusNode(
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
        return (root, cells)
    }

    /// `groups` focus groups in a column, each a row of `itemsPerGroup` items.
    static func groupedScene(groups: Int, itemsPerGroup: Int) -> FocusNode {
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

    static var all: [Benchmark] {
        [
            Benchmark(
                operation: "move",
                name: "focus.grid-move",
                allocationLimit: nil,
                warmUpOperations: 8,
                throughput: nil,
                makeWorkload: {
                    let (root, cells) = grid()
                    let system = FocusSystem(root: root)
                    // Start in the middle; right, down, left, up walks a 2 × 2 square forever.
                    let start = cells[(rows / 2) * columns + columns / 2]
                    _ = system.focus(start)
                    let headings: [FocusHeading] = [.right, .down, .left, .up]
                    var step = 0
                    var moved = 0
                    return { count in
                        for _ in 0..<count {
                            if system.moveFocus(headings[step & 3]).moved { moved &+= 1 }
                            step &+= 1
                        }
                        if moved != step {
                            // Every move in the middle of the grid succeeds; anything else is a bug.
                            fatalBenchmarkError("a move in the 100,000-item grid failed")
                        }
                    }
                }
            ),
            Benchmark(
                operation: "tab",
                name: "focus.tab-many-groups",
                allocationLimit: nil,
                warmUpOperations: 2_000,
                throughput: nil,
                makeWorkload: {
                    let root = groupedScene(groups: 1_000, itemsPerGroup: 10)
                    let system = FocusSystem(root: root)
                    let tab = KeyInput.press(KeyPress(.tab))
                    var moved = 0
                    var presses = 0
                    return { count in
                        for _ in 0..<count where system.handle(tab).moved {
                            moved &+= 1
                        }
                        presses &+= count
                        // The Tab loop wraps around, so every press moves focus.
                        if moved != presses { fatalBenchmarkError("Tab did not move focus") }
                    }
                }
            ),
        ]
    }
}
