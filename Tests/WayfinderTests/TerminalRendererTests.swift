import Geometry
import Interactions
import Testing

@testable import Wayfinder

@Suite struct TerminalRendererTests {
    /// A 100×100 scene on a 20×11 terminal: 5 points per column, 10 points per row (10 picture
    /// rows plus the caption), so positions are easy to compute by hand.
    let renderer = TerminalRenderer(columns: 20, rows: 11)

    func scene() -> TerminalSnapshot {
        var snapshot = TerminalSnapshot(sceneWidth: 100, sceneHeight: 100)
        snapshot.nodes = [
            .init(id: "window", role: "window", frame: .init(x: 0, y: 0, width: 100, height: 100)),
            .init(id: "ok", role: "button", frame: .init(x: 10, y: 10, width: 40, height: 30), label: "OK"),
            .init(id: "no", role: "button", frame: .init(x: 50, y: 10, width: 40, height: 30), label: "No"),
        ]
        return snapshot
    }

    @Test func boxesAreScaledToTheTerminal() {
        let grid = renderer.grid(for: scene())
        // "ok" spans x 10…50 → columns 2…9, y 10…40 → rows 1…3.
        #expect(grid[1, 2] == "┌")
        #expect(grid[1, 9] == "┐")
        #expect(grid[3, 2] == "└")
        #expect(grid[3, 9] == "┘")
        #expect(grid[2, 2] == "│")
        // Touching nodes get adjacent boxes: "no" starts at column 10.
        #expect(grid[1, 10] == "┌")
        // The label sits inside, after the left border.
        #expect(grid.text(row: 2).contains("│OK"))
        // The window's border is the outer frame.
        #expect(grid[0, 0] == "┌")
        #expect(grid[9, 19] == "┘")
        #expect(grid.style(row: 0, column: 0) == .container)
    }

    @Test func focusedItemHasAHalo() {
        var snapshot = scene()
        snapshot.focusedID = "no"
        snapshot.haloCornerRadius = 0
        var grid = renderer.grid(for: snapshot)
        #expect(grid[1, 10] == "┏")
        #expect(grid[3, 17] == "┛")
        #expect(grid[1, 12] == "━")
        #expect(grid.style(row: 2, column: 10) == .focus)
        // The other button keeps its plain border.
        #expect(grid[1, 2] == "┌")

        snapshot.haloCornerRadius = 12
        grid = renderer.grid(for: snapshot)
        #expect(grid[1, 10] == "╭")
        #expect(grid[3, 17] == "╯")
    }

    @Test func selectedItemsAreCheckedAndGroupsNumbered() {
        var snapshot = scene()
        snapshot.selectedIDs = ["ok"]
        snapshot.groups = [
            .init(number: 1, identifier: "a", frame: .init(x: 10, y: 10, width: 40, height: 30)),
            .init(number: 2, identifier: "b", frame: .init(x: 50, y: 10, width: 40, height: 30)),
        ]
        let grid = renderer.grid(for: snapshot)
        #expect(grid.text(row: 2).contains("│✓ OK"))
        #expect(grid.style(row: 2, column: 3) == .selected)
        // Badges at the top-right of each group, inside its corners.
        #expect(grid[1, 6] == "[")
        #expect(grid[1, 7] == "1")
        #expect(grid[1, 8] == "]")
        #expect(grid[1, 15] == "2")
        #expect(grid.style(row: 1, column: 15) == .group)
    }

    @Test func hoveredNodesShowTheirPointerEffect() {
        var snapshot = scene()
        snapshot.hovered = ["ok": .lift, "no": .hover]
        var grid = renderer.grid(for: snapshot)
        // Lifted: a double border; outlined: a dashed one; both in the hover style.
        #expect(grid.text(row: 1) == "│ ╔══════╗┌┄┄┄┄┄┄┐ │")
        #expect(grid.text(row: 2) == "│ ║OK    ║┆No    ┆ │")
        #expect(grid.text(row: 3) == "│ ╚══════╝└┄┄┄┄┄┄┘ │")
        #expect(grid.style(row: 2, column: 2) == .hover)
        #expect(grid.style(row: 2, column: 11) == .hover)

        snapshot.hovered = ["ok": .highlight]
        grid = renderer.grid(for: snapshot)
        // Highlighted: the same border and label, in the hover style.
        #expect(grid.text(row: 2) == "│ │OK    ││No    │ │")
        #expect(grid.style(row: 1, column: 2) == .hover)
        #expect(grid.style(row: 2, column: 3) == .hover)
        #expect(grid.style(row: 2, column: 11) == .plain)
    }

    @Test func zoomedContentIsDrawnLarger() {
        var snapshot = TerminalSnapshot(sceneWidth: 100, sceneHeight: 100)
        snapshot.nodes = [
            .init(id: "map", role: "container", frame: .init(x: 0, y: 0, width: 100, height: 100)),
            .init(id: "pin", role: "image", frame: .init(x: 10, y: 10, width: 20, height: 20), scrollViewID: "map"),
        ]
        snapshot.scrollViews["map"] = .init(contentWidth: 100, contentHeight: 100, zoomScale: 2)
        let grid = renderer.grid(for: snapshot)
        // The pin, twice as large about the map's corner: x 20…60, y 20…60.
        #expect(grid[2, 4] == "┌")
        #expect(grid[5, 11] == "┘")
        #expect(grid.text(row: 3) == "│   │pin   │       █")
        // Content twice the view's height: a half-height thumb, and the zoom by the offset.
        #expect(grid.text(row: 9) == "└────── ×2 y 0/100 ┘")
    }

    @Test func scrolledContentMovesAndIsClipped() {
        var snapshot = TerminalSnapshot(sceneWidth: 100, sceneHeight: 100)
        snapshot.nodes = [
            .init(id: "list", role: "collection", frame: .init(x: 0, y: 0, width: 100, height: 50)),
            .init(id: "a", role: "cell", frame: .init(x: 10, y: 10, width: 40, height: 30), scrollViewID: "list"),
            .init(id: "b", role: "cell", frame: .init(x: 10, y: 60, width: 40, height: 30), scrollViewID: "list"),
        ]
        snapshot.scrollViews = ["list": .init(offsetY: 0, contentWidth: 100, contentHeight: 100)]
        var grid = renderer.grid(for: snapshot)
        #expect(grid[1, 2] == "┌")  // a at rows 1…3
        #expect(grid[6, 2] == " ")  // b is below the visible part of the list (rows 0…4)

        snapshot.scrollViews["list"]?.offsetY = 50
        grid = renderer.grid(for: snapshot)
        #expect(grid[1, 2] == "┌")  // b now occupies rows 1…3
        #expect(grid.text(row: 2).contains("│b"))
        #expect(!grid.text(row: 2).contains("│a"))
        // The indicator: thumb at the bottom of the track, offset written on the bottom border.
        #expect(grid[3, 19] == "█")
        #expect(grid[1, 19] != "█")
        #expect(grid.text(row: 4).contains("y 50/50"))
    }

    @Test func pointerAndCaptionAreDrawn() {
        var snapshot = scene()
        snapshot.pointer = Point(x: 52, y: 75)
        snapshot.caption = "click → menu"
        let grid = renderer.grid(for: snapshot)
        #expect(grid[7, 10] == "↖")
        #expect(grid.text(row: 10) == "› click → menu")
    }

    @Test func colourOutputWrapsStylesInEscapesAndPlainOutputHasNone() {
        var snapshot = scene()
        snapshot.focusedID = "ok"
        let plain = renderer.render(snapshot, colour: false)
        let coloured = renderer.render(snapshot, colour: true)
        #expect(plain.count == 11)
        #expect(!plain.joined().contains("\u{1B}"))
        #expect(coloured[1].contains("\u{1B}[0;1;93m┏"))
        #expect(coloured[1].hasSuffix("\u{1B}[0m"))
    }

    @Test func aLongLabelIsCutAtTheBorder() {
        var snapshot = scene()
        snapshot.nodes[1].label = "A very long label"
        let grid = renderer.grid(for: snapshot)
        #expect(grid[2, 9] == "│")
        #expect(grid.text(row: 2).contains("│A very│"))
    }

    @Test func aFocusedBoxOneRowHighIsMarkedWithoutColour() {
        var snapshot = TerminalSnapshot(sceneWidth: 100, sceneHeight: 100)
        snapshot.nodes = [
            .init(id: "a", role: "cell", frame: .init(x: 0, y: 0, width: 50, height: 10), label: "A"),
            .init(id: "b", role: "cell", frame: .init(x: 50, y: 0, width: 50, height: 10), label: "B"),
        ]
        snapshot.focusedID = "b"
        let grid = renderer.grid(for: snapshot)
        #expect(grid.text(row: 0) == "[A       ]┃B       ┃")
        #expect(grid.style(row: 0, column: 11) == .focus)
    }

    @Test func defaultsToEightyByTwentyFour() {
        let grid = TerminalRenderer().grid(for: scene())
        #expect(grid.columns == 80)
        #expect(grid.rows == 24)
    }
}
