import FileAccess
import Geometry

/// How a terminal cell is drawn: what it shows, so that a colour terminal and a plain one say the
/// same thing.
public enum TerminalStyle: Hashable, Sendable {
    /// Ordinary text and borders.
    case plain
    /// The border of a container (window, list, collection): dimmed.
    case container
    /// The focused item's halo.
    case focus
    /// A selected item's label.
    case selected
    /// A Tab-loop group number.
    case group
    /// A scroll indicator.
    case scrollIndicator
    /// The pointer.
    case pointer
    /// A node under the pointer showing its pointer effect.
    case hover
    /// The caption line.
    case caption

    /// The SGR parameters that draw the style (ECMA-48).
    var sgr: String {
        switch self {
        case .plain: "0"
        case .container: "0;2"
        case .focus: "0;1;93"
        case .selected: "0;1;92"
        case .group: "0;1;97;44"
        case .scrollIndicator: "0;96"
        case .pointer: "0;1;91"
        case .hover: "0;1;95"
        case .caption: "0;1"
        }
    }
}

/// A grid of characters with their styles: the terminal view's picture before it becomes text.
public struct TerminalGrid: Hashable, Sendable {
    /// The number of columns.
    public let columns: Int
    /// The number of rows.
    public let rows: Int
    private var characters: [Character]
    private var styles: [TerminalStyle]

    /// Creates a grid of blanks.
    public init(columns: Int, rows: Int) {
        self.columns = max(1, columns)
        self.rows = max(1, rows)
        characters = Array(repeating: " ", count: self.columns * self.rows)
        styles = Array(repeating: .plain, count: self.columns * self.rows)
    }

    /// The character at a position; a blank outside the grid.
    public subscript(row: Int, column: Int) -> Character {
        contains(row: row, column: column) ? characters[row * columns + column] : " "
    }

    /// The style at a position; plain outside the grid.
    public func style(row: Int, column: Int) -> TerminalStyle {
        contains(row: row, column: column) ? styles[row * columns + column] : .plain
    }

    /// One row as plain text, trailing blanks removed.
    public func text(row: Int) -> String {
        guard row >= 0, row < rows else { return "" }
        var line = String(characters[(row * columns)..<((row + 1) * columns)])
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Puts a character at a position; positions outside the grid are ignored (clipping).
    mutating func put(_ character: Character, row: Int, column: Int, style: TerminalStyle) {
        guard contains(row: row, column: column) else { return }
        characters[row * columns + column] = character
        styles[row * columns + column] = style
    }

    /// Writes text from a position, clipped at `limit` (exclusive) and the grid's edge; control
    /// characters are shown escaped (`\u{1B}`), never sent to the terminal.
    mutating func write(_ text: String, row: Int, column: Int, limit: Int? = nil, style: TerminalStyle) {
        let end = min(limit ?? columns, columns)
        var x = column
        for character in text.escapingControlCharacters() {
            guard x < end else { break }
            put(character, row: row, column: x, style: style)
            x += 1
        }
    }

    /// Changes the style of a position without changing its character.
    mutating func restyle(row: Int, column: Int, style: TerminalStyle) {
        guard contains(row: row, column: column) else { return }
        styles[row * columns + column] = style
    }

    private func contains(row: Int, column: Int) -> Bool {
        row >= 0 && row < rows && column >= 0 && column < columns
    }
}

/// Draws a ``TerminalSnapshot`` with box-drawing characters into a grid scaled to the terminal:
/// nodes as boxes with their labels (zoomed content drawn larger), the focused item with its halo,
/// selected items with a check mark, the nodes under the pointer with their pointer effect
/// (highlighted in colour, lifted with a double border, outlined with a dashed one), the Tab
/// loop's group numbers (like UIKit's focus loop overlay), scroll indicators with the offset and
/// any zoom, the pointer, and a caption line at the bottom.
///
/// ```swift
/// let renderer = TerminalRenderer(columns: 120, rows: 40)
/// for line in renderer.render(snapshot, colour: true) { print(line) }
/// ```
public struct TerminalRenderer: Sendable {
    /// The number of columns to draw.
    public var columns: Int
    /// The number of rows to draw, the caption line included.
    public var rows: Int

    /// The size used when the terminal's size is unknown (a pipe, a dumb terminal).
    public static let defaultSize = (columns: 80, rows: 24)

    /// Creates a renderer for a terminal of the given size.
    public init(columns: Int = TerminalRenderer.defaultSize.columns, rows: Int = TerminalRenderer.defaultSize.rows) {
        self.columns = max(10, columns)
        self.rows = max(4, rows)
    }

    /// The rows available to the picture (all but the caption line).
    var pictureRows: Int { rows - 1 }

    /// Draws a snapshot into a grid.
    public func grid(for snapshot: TerminalSnapshot) -> TerminalGrid {
        var grid = TerminalGrid(columns: columns, rows: rows)
        let scale = Scale(
            x: Double(columns) / max(snapshot.sceneWidth, 1),
            y: Double(pictureRows) / max(snapshot.sceneHeight, 1),
            columns: columns,
            rows: pictureRows
        )
        let containerRoles: Set<String> = ["window", "list", "collection", "container"]

        for node in snapshot.nodes {
            guard let visible = snapshot.visibleFrame(of: node.frame, inside: node.scrollViewID),
                let box = scale.box(for: visible)
            else { continue }
            let isContainer = node.role.map(containerRoles.contains) ?? true
            let borderStyle: TerminalStyle = isContainer ? .container : .plain
            drawBorder(box, in: &grid, characters: .light, style: borderStyle)
            drawLabel(of: node, in: box, grid: &grid, snapshot: snapshot, style: borderStyle, isContainer: isContainer)
        }

        for (id, state) in snapshot.scrollViews.sorted(by: { $0.key < $1.key }) {
            guard let node = snapshot.nodes.first(where: { $0.id == id }),
                let visible = snapshot.visibleFrame(of: node.frame, inside: node.scrollViewID),
                let box = scale.box(for: visible)
            else { continue }
            drawScrollIndicator(state, viewHeight: node.frame.height, in: box, grid: &grid)
        }

        for (id, effect) in snapshot.hovered.sorted(by: { $0.key < $1.key }) {
            guard let node = snapshot.nodes.first(where: { $0.id == id }),
                let visible = snapshot.visibleFrame(of: node.frame, inside: node.scrollViewID),
                let box = scale.box(for: visible)
            else { continue }
            // Highlighted in colour; lifted with a double border; outlined with a dashed one.
            let characters: BoxCharacters =
                switch effect {
                case .highlight: .light
                case .lift: .double
                case .hover: .dashed
                }
            drawBorder(box, in: &grid, characters: characters, style: .hover)
            drawLabel(of: node, in: box, grid: &grid, snapshot: snapshot, style: .hover, isContainer: false)
        }

        if let focusedID = snapshot.focusedID,
            let node = snapshot.nodes.first(where: { $0.id == focusedID }),
            let visible = snapshot.visibleFrame(of: node.frame, inside: node.scrollViewID),
            let box = scale.box(for: visible)
        {
            let characters: BoxCharacters = (snapshot.haloCornerRadius ?? 0) > 0 ? .rounded : .heavy
            drawBorder(box, in: &grid, characters: characters, style: .focus)
            if box.height < 3 {
                // The label sits on the border the halo just covered.
                drawLabel(of: node, in: box, grid: &grid, snapshot: snapshot, style: .focus, isContainer: false)
            }
            if box.height < 2 {
                for column in box.left...box.right { grid.restyle(row: box.top, column: column, style: .focus) }
            }
        }

        for group in snapshot.groups {
            guard let visible = snapshot.visibleFrame(of: group.frame, inside: group.scrollViewID),
                let box = scale.box(for: visible)
            else { continue }
            let badge = "[\(group.number)]"
            let column = max(box.left, box.right - badge.count)
            grid.write(badge, row: box.top, column: column, limit: box.right + 1, style: .group)
        }

        if let pointer = snapshot.pointer {
            let column = min(columns - 1, max(0, Int((pointer.x * scale.x).rounded(.down))))
            let row = min(pictureRows - 1, max(0, Int((pointer.y * scale.y).rounded(.down))))
            grid.put("↖", row: row, column: column, style: .pointer)
        }

        grid.write("› " + snapshot.caption, row: rows - 1, column: 0, style: .caption)
        return grid
    }

    /// Draws a snapshot as lines of text: with ANSI colour for a terminal, or plain for a pipe or
    /// a file.
    public func render(_ snapshot: TerminalSnapshot, colour: Bool = false) -> [String] {
        let grid = grid(for: snapshot)
        return (0..<grid.rows).map { colour ? Self.ansiLine(grid, row: $0) : grid.text(row: $0) }
    }

    private static func ansiLine(_ grid: TerminalGrid, row: Int) -> String {
        var line = ""
        var current: TerminalStyle?
        for column in 0..<grid.columns {
            let style = grid.style(row: row, column: column)
            if style != current {
                line += "\u{1B}[\(style.sgr)m"
                current = style
            }
            line.append(grid[row, column])
        }
        return line + "\u{1B}[0m"
    }

    // MARK: Drawing

    private func drawBorder(_ box: Box, in grid: inout TerminalGrid, characters: BoxCharacters, style: TerminalStyle) {
        if box.height == 1 {
            grid.put(characters.singleRowLeft, row: box.top, column: box.left, style: style)
            grid.put(characters.singleRowRight, row: box.top, column: box.right, style: style)
            return
        }
        for column in box.left...box.right {
            grid.put(characters.horizontal, row: box.top, column: column, style: style)
            grid.put(characters.horizontal, row: box.bottom, column: column, style: style)
        }
        for row in box.top...box.bottom {
            grid.put(characters.vertical, row: row, column: box.left, style: style)
            grid.put(characters.vertical, row: row, column: box.right, style: style)
        }
        grid.put(characters.topLeft, row: box.top, column: box.left, style: style)
        grid.put(characters.topRight, row: box.top, column: box.right, style: style)
        grid.put(characters.bottomLeft, row: box.bottom, column: box.left, style: style)
        grid.put(characters.bottomRight, row: box.bottom, column: box.right, style: style)
    }

    /// Draws a node's label (its identifier when it has none, except for containers, which are
    /// recognisable by their children), with a check mark when it is selected.
    private func drawLabel(
        of node: TerminalSnapshot.Node,
        in box: Box,
        grid: inout TerminalGrid,
        snapshot: TerminalSnapshot,
        style: TerminalStyle,
        isContainer: Bool
    ) {
        guard node.label != nil || !isContainer else { return }
        let isSelected = snapshot.selectedIDs.contains(node.id)
        let label = (isSelected ? "✓ " : "") + (node.label ?? node.id)
        drawLabel(label, in: box, grid: &grid, style: isSelected && style != .focus ? .selected : style)
    }

    private func drawLabel(_ label: String, in box: Box, grid: inout TerminalGrid, style: TerminalStyle) {
        // Inside the box when there is a row between its borders, else on its top border.
        let row = box.height >= 3 ? box.top + 1 : box.top
        let limit = box.right
        grid.write(label, row: row, column: box.left + 1, limit: limit, style: style)
    }

    private func drawScrollIndicator(
        _ state: TerminalSnapshot.ScrollState,
        viewHeight: Double,
        in box: Box,
        grid: inout TerminalGrid
    ) {
        let track = box.height - 2
        // Zoomed content is as large as it is drawn.
        let contentHeight = state.contentHeight * state.zoomScale
        if track >= 1, contentHeight > viewHeight {
            let scrollable = contentHeight - viewHeight
            let thumb = max(1, min(track, Int((Double(track) * viewHeight / contentHeight).rounded())))
            let fraction = min(1, max(0, state.offsetY / scrollable))
            let start = box.top + 1 + Int((Double(track - thumb) * fraction).rounded())
            for row in start..<(start + thumb) {
                grid.put("█", row: row, column: box.right, style: .scrollIndicator)
            }
        }
        let zoom = state.zoomScale == 1 ? "" : "×\(formatted((state.zoomScale * 100).rounded() / 100)) "
        let text = " \(zoom)y \(Int(state.offsetY.rounded()))/\(Int(max(0, contentHeight - viewHeight).rounded())) "
        let column = max(box.left + 1, box.right - text.count)
        grid.write(text, row: box.bottom, column: column, limit: box.right, style: .scrollIndicator)
    }
}

/// A rectangle of cells, inclusive at both ends.
struct Box: Hashable {
    var left: Int
    var top: Int
    var right: Int
    var bottom: Int

    var width: Int { right - left + 1 }
    var height: Int { bottom - top + 1 }
}

/// Scene points to cells.
struct Scale {
    var x: Double
    var y: Double
    var columns: Int
    var rows: Int

    /// The cells a rectangle covers. Edges round to the nearest cell boundary so that rectangles that
    /// touch in the scene get adjacent, not overlapping, boxes. Nil when nothing is left on screen.
    func box(for rect: Rect) -> Box? {
        var left = Int((rect.minX * x).rounded())
        var right = Int((rect.maxX * x).rounded()) - 1
        var top = Int((rect.minY * y).rounded())
        var bottom = Int((rect.maxY * y).rounded()) - 1
        right = max(right, left)
        bottom = max(bottom, top)
        left = max(0, left)
        top = max(0, top)
        right = min(columns - 1, right)
        bottom = min(rows - 1, bottom)
        guard left <= right, top <= bottom else { return nil }
        return Box(left: left, top: top, right: right, bottom: bottom)
    }
}

/// The characters of one border style.
struct BoxCharacters {
    var horizontal: Character
    var vertical: Character
    var topLeft: Character
    var topRight: Character
    var bottomLeft: Character
    var bottomRight: Character
    /// The ends of a box only one row high.
    var singleRowLeft: Character
    var singleRowRight: Character

    static let light = BoxCharacters(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        singleRowLeft: "[", singleRowRight: "]")
    static let heavy = BoxCharacters(
        horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛",
        singleRowLeft: "┃", singleRowRight: "┃")
    static let double = BoxCharacters(
        horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝",
        singleRowLeft: "║", singleRowRight: "║")
    static let dashed = BoxCharacters(
        horizontal: "┄", vertical: "┆", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        singleRowLeft: "┆", singleRowRight: "┆")
    static let rounded = BoxCharacters(
        horizontal: "━", vertical: "┃", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        singleRowLeft: "┃", singleRowRight: "┃")
}
