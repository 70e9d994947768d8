import Geometry
import Scenes
import Testing
import WayfinderTestSupport

/// The generated grid scenes the benchmarks and scale tests run on.
@Suite struct GridSceneTests {
    @Test func aGridHasItsCellsTheWindowAndTheCollection() {
        let scene = GridScene(cells: 100).scene
        #expect(scene.allNodes.count == 102)
        #expect(scene.root.children.map(\.id) == ["grid"])
        #expect(scene.size == Size(width: 550, height: 350))
        // Ten rows, the last with one cell: the collection scrolls 500 − 350 = 150 points.
        #expect(scene.root.children[0].scroll?.contentSize == Size(width: 550, height: 500))
        #expect(scene.node(withID: "cell-99")?.frame == Rect(x: 2, y: 452, width: 46, height: 46))
    }

    @Test func cellsAlternateBetweenAContextMenuAndADrag() {
        let scene = GridScene(cells: 100).scene
        let menu = SceneInteraction.contextMenu(actions: GridScene.menuActions)
        #expect(scene.node(withID: "cell-0")?.interactions == [menu])
        #expect(scene.node(withID: "cell-1")?.interactions == [.drag])
        // Eleven columns: the first cell of the second row sits under a drag cell's neighbour.
        #expect(scene.node(withID: "cell-11")?.interactions == [.drag])
        #expect(scene.node(withID: "cell-12")?.interactions == [menu])
    }

    @Test func theWindowCentreIsInAContextMenuCellBesideADragCell() throws {
        let size = GridScene.windowSize
        let centre = Point(x: size.width / 2, y: size.height / 2)
        let index = 3 * GridScene.columns + 5
        let frame = GridScene.cellFrame(index)
        #expect(frame.minX < centre.x && centre.x < frame.maxX)
        #expect(frame.minY < centre.y && centre.y < frame.maxY)
        #expect(GridScene.cellInteraction(index) == .contextMenu(actions: GridScene.menuActions))
        #expect(GridScene.cellInteraction(index + 1) == .drag)
    }

    @Test func theSceneFileLoadsAsTheSameScene() throws {
        let grid = GridScene(cells: 30)
        let loaded = try Scene.parse(grid.jsonText, file: "grid.scene.json")
        #expect(loaded.warnings.isEmpty)
        func shape(_ scene: Scene) -> [String] {
            scene.allNodes.map { node in
                "\(node.id) \(node.frame) \(node.role?.rawValue ?? "-") \(String(describing: node.focusable)) "
                    + "\(node.focusGroup ?? "-") \(String(describing: node.scroll)) \(node.interactions)"
            }
        }
        #expect(shape(loaded.scene) == shape(grid.scene))
        #expect(loaded.scene.size == grid.scene.size)
        #expect(loaded.scene.description == grid.scene.description)
    }

    @Test func theSameCellCountGivesTheSameFile() {
        #expect(GridScene(cells: 250).jsonText == GridScene(cells: 250).jsonText)
    }
}
