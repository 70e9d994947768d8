import Foundation
public import Geometry
public import Scenes

/// A generated scene of any size: a window holding one scrolling collection of square cells,
/// eleven to a row, each carrying a context menu or a drag interaction.
///
/// The scene is the same for the same cell count. Cells alternate like a chessboard: a cell whose
/// row and column add up to an even number has a context menu, the others can be dragged. The
/// window is 11 × 7 cell slots, so the pointer starts (at the window's centre) in the middle of
/// the context-menu cell at row 3, column 5, and the cell to its right can be dragged;
/// ``GeneratedMouseSession`` relies on this.
///
/// ```swift
/// let grid = GridScene(cells: 20_000)
/// let runtime = try Runtime(scene: grid.scene)
/// try grid.jsonText.write(to: url, atomically: true, encoding: .utf8)  // for `replay --scene`
/// ```
///
/// The scene has `cells + 2` nodes: the window, the collection and the cells.
public struct GridScene: Sendable {
    /// Cells in a row: odd, so that the window's centre falls in the middle of a cell.
    public static let columns = 11
    /// Rows of cells the window shows: odd for the same reason.
    public static let visibleRows = 7
    /// The distance from one cell to the next, in points: the spacing of the demo scene's sidebar
    /// cells, about a finger's width.
    public static let pitch: Double = 50
    /// The gap between a cell's slot and its frame on every side, in points, so that neighbouring
    /// cells do not touch and a point belongs to at most one cell.
    public static let inset: Double = 2
    /// The actions every context menu offers.
    public static let menuActions = ["Open", "Share"]

    /// The number of cells.
    public let cellCount: Int

    /// Creates the description of a grid.
    /// - Parameter cells: The number of cells; the last row may be partly filled.
    public init(cells: Int) {
        precondition(cells > 0, "a grid scene needs at least one cell")
        cellCount = cells
    }

    /// The number of rows, the last one perhaps partly filled.
    public var rows: Int { (cellCount + Self.columns - 1) / Self.columns }

    /// The window's size: ``columns`` by ``visibleRows`` cell slots.
    public static var windowSize: Size {
        Size(width: Double(columns) * pitch, height: Double(visibleRows) * pitch)
    }

    /// The identifier of a cell, `cell-<index>`, counting along rows.
    public static func cellID(_ index: Int) -> String { "cell-\(index)" }

    /// The frame of a cell, in window coordinates, before any scrolling.
    public static func cellFrame(_ index: Int) -> Rect {
        let row = index / columns
        let column = index % columns
        return Rect(
            x: Double(column) * pitch + inset,
            y: Double(row) * pitch + inset,
            width: pitch - 2 * inset,
            height: pitch - 2 * inset
        )
    }

    /// The interaction a cell carries: a context menu on the chessboard's even squares, a drag on
    /// the odd ones.
    public static func cellInteraction(_ index: Int) -> SceneInteraction {
        (index / columns + index % columns).isMultiple(of: 2) ? .contextMenu(actions: menuActions) : .drag
    }

    /// The scene.
    public var scene: Scene {
        let window = Rect(x: 0, y: 0, width: Self.windowSize.width, height: Self.windowSize.height)
        var cells: [SceneNode] = []
        cells.reserveCapacity(cellCount)
        for index in 0..<cellCount {
            cells.append(
                SceneNode(
                    id: Self.cellID(index),
                    frame: Self.cellFrame(index),
                    role: .cell,
                    focusable: true,
                    interactions: [Self.cellInteraction(index)]
                )
            )
        }
        let collection = SceneNode(
            id: "grid",
            frame: window,
            children: cells,
            role: .collection,
            focusGroup: "grid",
            scroll: SceneScroll(contentSize: Size(width: window.width, height: Double(rows) * Self.pitch))
        )
        return Scene(
            size: Self.windowSize,
            description: "A generated grid of \(cellCount) cells with context menus and drags",
            root: SceneNode(id: "window", frame: window, children: [collection])
        )
    }

    /// The scene as a scene file, for `wayfinder replay --scene` and `wayfinder navigate`.
    ///
    /// Only the fields a grid uses are written: `description`, `size`, and on nodes `id`, `role`,
    /// `frame`, `focusable`, `focusGroup`, `scroll`, `interactions` and `children`.
    public var jsonText: String {
        let scene = scene
        var text = "{\n"
        text += "  \"description\": \(Self.quoted(scene.description ?? "")),\n"
        text += "  \"size\": [\(Self.number(scene.size.width)), \(Self.number(scene.size.height))],\n"
        text += "  \"root\": "
        Self.write(scene.root, indent: "  ", into: &text)
        text += "\n}\n"
        return text
    }

    private static func write(_ node: SceneNode, indent: String, into text: inout String) {
        var fields = ["\"id\": \(quoted(node.id))"]
        if let role = node.role { fields.append("\"role\": \(quoted(role.rawValue))") }
        let frame = node.frame
        fields.append(
            "\"frame\": [\(number(frame.minX)), \(number(frame.minY)), \(number(frame.width)), \(number(frame.height))]"
        )
        if let focusable = node.focusable { fields.append("\"focusable\": \(focusable)") }
        if let group = node.focusGroup { fields.append("\"focusGroup\": \(quoted(group))") }
        if let scroll = node.scroll {
            let size = scroll.contentSize
            fields.append("\"scroll\": {\"contentSize\": [\(number(size.width)), \(number(size.height))]}")
        }
        if !node.interactions.isEmpty {
            fields.append("\"interactions\": [\(node.interactions.map(json).joined(separator: ", "))]")
        }
        text += "{" + fields.joined(separator: ", ")
        if !node.children.isEmpty {
            let inner = indent + "  "
            text += ", \"children\": [\n"
            for (index, child) in node.children.enumerated() {
                text += inner
                write(child, indent: inner, into: &text)
                text += index == node.children.count - 1 ? "\n" : ",\n"
            }
            text += indent + "]"
        }
        text += "}"
    }

    private static func json(_ interaction: SceneInteraction) -> String {
        switch interaction {
        case .contextMenu(let actions):
            "{\"kind\": \"contextMenu\", \"actions\": [\(actions.map(quoted).joined(separator: ", "))]}"
        case .secondaryAction(let action):
            "{\"kind\": \"secondaryAction\", \"action\": \(quoted(action))}"
        case .drag:
            "{\"kind\": \"drag\"}"
        case .pan(let allowed):
            "{\"kind\": \"pan\", \"allowedScrollTypes\": \(quoted(allowed.rawValue))}"
        case .swipeAction(let action, let direction, let touches):
            "{\"kind\": \"swipeAction\", \"action\": \(quoted(action)), \"direction\": \(quoted(direction.rawValue)), "
                + "\"touches\": \(touches)}"
        case .hover(let effect):
            "{\"kind\": \"hover\", \"effect\": \(quoted(effect.rawValue))}"
        }
    }

    /// A JSON string; the generated names and descriptions need no escapes beyond these.
    private static func quoted(_ string: String) -> String {
        "\"" + string.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// A JSON number: whole numbers without a fraction, as scene files write them.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
