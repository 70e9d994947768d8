import EventModel
import FocusEngine
public import Geometry
public import Scenes

/// What a report draws of a scene: its frames to scale and its Tab loop, numbered as
/// `wayfinder navigate --debug loop` numbers it.
///
/// ```swift
/// let map = try SceneMap(scene: loaded.scene, file: "scene.json")
/// map.tabStops.map(\.id)  // ["search", "recents", "photo-1", …]
/// ```
public struct SceneMap: Sendable {
    /// One node of the scene.
    public struct Item: Sendable {
        /// The node's id.
        public var id: String
        /// Its frame in window coordinates.
        public var frame: Rect
        /// How deep it is in the tree (the root is 0).
        public var depth: Int
        /// Whether focus can land on it.
        public var isFocusable: Bool
        /// Where the arrows go from it (`up`, `down`, `left`, `right` to an item's id), for a
        /// focusable item.
        public var neighbours: [(heading: String, id: String)]
    }

    /// One stop of the Tab loop.
    public struct TabStop: Sendable {
        /// Its number, as `navigate --debug loop` prints it.
        public var number: Int
        /// The id of the item Tab lands on.
        public var id: String
        /// Its focus group; nil for the root group.
        public var group: String?
    }

    /// The scene's size in points.
    public var size: Size
    /// Every node, parents before their children.
    public var items: [Item]
    /// The Tab loop, in order.
    public var tabStops: [TabStop]

    /// The most focusable items whose arrow neighbours are worked out: each costs four focus
    /// moves on a fresh focus system, which a scene of a few hundred items affords and one of a
    /// hundred thousand does not.
    public static let neighbourLimit = 400

    /// Lays out a scene as `navigate` does (no key pressed, Full Keyboard Access off).
    /// - Throws: What ``FocusNavigator`` throws for the scene (a bad key chord).
    public init(scene: Scene, file: String) throws {
        let navigator = try FocusNavigator(scene: scene, file: file)
        size = scene.size
        tabStops = FocusDebugger.tabLoopStops(in: navigator.system).map {
            TabStop(number: $0.number, id: FocusSystem.name(of: $0.item), group: $0.group)
        }
        var items: [Item] = []
        func add(_ node: SceneNode, depth: Int) {
            let focusable = navigator.tree.node(withID: node.id).map { navigator.system.isFocusable($0) } ?? false
            items.append(Item(id: node.id, frame: node.frame, depth: depth, isFocusable: focusable, neighbours: []))
            for child in node.children { add(child, depth: depth + 1) }
        }
        add(scene.root, depth: 0)
        let focusable = items.indices.filter { items[$0].isFocusable }
        if focusable.count <= Self.neighbourLimit {
            for index in focusable {
                items[index].neighbours = try Self.neighbours(of: items[index].id, in: scene, file: file)
            }
        }
        self.items = items
    }

    /// Where each arrow moves focus from an item.
    private static func neighbours(of id: String, in scene: Scene, file: String) throws -> [(
        heading: String, id: String
    )] {
        var result: [(heading: String, id: String)] = []
        for heading in [FocusHeading.up, .down, .left, .right] {
            let navigator = try FocusNavigator(scene: scene, file: file, initialFocus: id)
            guard navigator.system.moveFocus(heading).moved, let item = navigator.system.focusedItem else { continue }
            result.append((heading: "\(heading)", id: FocusSystem.name(of: item)))
        }
        return result
    }

    /// The item with an id.
    public func item(withID id: String) -> Item? { items.first { $0.id == id } }
}
