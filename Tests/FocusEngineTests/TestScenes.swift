import FocusEngine
import Geometry
import Scenes
import Wayfinder
import WayfinderTestSupport

/// Loading helpers shared by the focus engine suites.
enum TestScenes {
    static func photos() throws -> Scene {
        try Scene.load(contentsOf: Fixtures.testFixture("scenes/photos.scene.json")).scene
    }

    /// A focus system over the photos scene, with optional changes to the configuration.
    static func photosSystem(
        fullKeyboardAccess: Bool = false,
        layoutDirection: LayoutDirection? = nil,
        search: DirectionalSearch? = nil
    ) throws -> (SceneFocusTree, FocusSystem) {
        var scene = try photos()
        if let layoutDirection { scene.layoutDirection = layoutDirection }
        let tree = try SceneFocusTree(scene: scene)
        var configuration = tree.configuration
        configuration.fullKeyboardAccess = fullKeyboardAccess
        if let search { configuration.directionalSearch = search }
        return (tree, FocusSystem(root: tree.root, configuration: configuration))
    }
}

extension FocusSystem {
    /// The focused item's name, or nil.
    var focusedName: String? { focusedItem.map { FocusSystem.name(of: $0) } }

    /// Presses keys written as a script and returns each step's result.
    @discardableResult
    func press(_ script: String) throws -> [KeyPressResult] {
        try KeyInput.script(script).map { handle($0) }
    }
}

extension FocusNode {
    /// A convenience for building trees in tests.
    @discardableResult
    func add(_ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, focusable: Bool? = true)
        -> FocusNode
    {
        let child = FocusNode(id: id, frame: Rect(x: x, y: y, width: width, height: height), focusable: focusable)
        addChild(child)
        return child
    }
}
