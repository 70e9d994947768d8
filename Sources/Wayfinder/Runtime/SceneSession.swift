import Classification
import EventModel
import FocusEngine
import Geometry
import InputEvents
import Interactions
import Scenes

/// A scene brought to life: its node tree with the interactions and scroll views the file attaches
/// (the `Interactions` module) and its focus engine (the `FocusEngine` module), driven by the
/// runtime.
///
/// When focus moves to an item that is scrolled out of sight, its scroll view scrolls it into
/// view, as UIKit's focus engine does.
final class SceneSession: SceneDriver {
    let scene: Scene
    let tree: SceneInteractions
    let interactions: InteractionSystem
    let focusTree: SceneFocusTree
    let focus: FocusSystem
    /// The nearest scroll view containing each node.
    private let enclosingScrollView: [String: String]
    /// Every node in tree order.
    private let nodes: [SceneNode]
    /// Each node's frame in the scene, by id.
    private let frames: [String: Rect]

    /// Builds the session.
    /// - Throws: `SceneError` when the scene's key commands do not parse.
    init(scene: Scene, file: String, fullKeyboardAccess: Bool = false) throws {
        self.scene = scene
        tree = SceneInteractions(scene: scene)
        interactions = tree.makeSystem()
        focusTree = try SceneFocusTree(scene: scene, file: file)
        var configuration = focusTree.configuration
        configuration.fullKeyboardAccess = fullKeyboardAccess
        focus = FocusSystem(root: focusTree.root, configuration: configuration)
        var enclosing: [String: String] = [:]
        var nodes: [SceneNode] = []
        var frames: [String: Rect] = [:]
        func visit(_ node: SceneNode, scrollView: String?) {
            nodes.append(node)
            frames[node.id] = node.frame
            if let scrollView { enclosing[node.id] = scrollView }
            for child in node.children { visit(child, scrollView: node.scroll != nil ? node.id : scrollView) }
        }
        visit(scene.root, scrollView: nil)
        enclosingScrollView = enclosing
        self.nodes = nodes
        self.frames = frames
    }

    // MARK: SceneDriver

    func press(_ press: KeyPress, at time: Timestamp, into output: inout [TimedPayload]) {
        let result = focus.handle(.press(press))
        for event in result.events {
            output.append(TimedPayload(time: time, payload: event))
            if case .focus(_, let to?, _) = event { scrollIntoView(to, at: time, into: &output) }
        }
    }

    func handlePointer(_ input: ClassifiedInput, into output: inout [TimedPayload]) -> String? {
        let start = output.count
        interactions.handle(input, into: &output)
        switch input.event {
        case .button, .tap, .longPress, .drag:
            return interactions.nodeUnderPointer?.identifier
        case .scroll:
            for event in output[start...] {
                if case .contentOffset(let item, _) = event.payload { return item }
            }
            return scrollView(under: interactions.pointerLocation)
        case .key, .motion, .position:
            return nil
        }
    }

    var nextDeadline: Timestamp? { interactions.nextDeadline }

    func advance(to time: Timestamp, into output: inout [TimedPayload]) {
        interactions.advance(to: time, into: &output)
    }

    func cancelPointerGestures(at time: Timestamp, into output: inout [TimedPayload]) {
        interactions.cancelTouch(at: time, into: &output)
    }

    func snapshot() -> TerminalSnapshot {
        var snapshot = TerminalSnapshot(sceneWidth: scene.size.width, sceneHeight: scene.size.height)
        for node in nodes {
            snapshot.nodes.append(
                TerminalSnapshot.Node(
                    id: node.id,
                    role: node.role?.rawValue,
                    frame: tree.node(withIdentifier: node.id)?.frame ?? node.frame,
                    label: node.label,
                    scrollViewID: enclosingScrollView[node.id]
                )
            )
        }
        for (id, scrollView) in tree.scrollViews {
            snapshot.scrollViews[id] = TerminalSnapshot.ScrollState(
                offsetX: scrollView.contentOffset.x,
                offsetY: scrollView.contentOffset.y,
                contentWidth: scrollView.contentSize.width,
                contentHeight: scrollView.contentSize.height
            )
        }
        if let focused = focus.focusedItem {
            snapshot.focusedID = FocusSystem.name(of: focused)
            snapshot.haloCornerRadius = focused.focusEffect?.cornerRadius
        }
        snapshot.selectedIDs = Set(focus.selectedItems.map { FocusSystem.name(of: $0) })
        for (index, group) in focus.tabLoopGroups.enumerated() {
            let items = focus.focusableItems(inGroup: group)
            guard let first = items.first else { continue }
            let frame = items.dropFirst().reduce(first.frame) { $0.union($1.frame) }
            let firstID = FocusSystem.name(of: first)
            snapshot.groups.append(
                TerminalSnapshot.Group(
                    number: index + 1,
                    identifier: group ?? "root",
                    frame: frame,
                    scrollViewID: enclosingScrollView[firstID]
                )
            )
        }
        let pointer = interactions.pointerLocation
        snapshot.pointer = pointer
        return snapshot
    }

    // MARK: Helpers

    /// The deepest scroll view under a point.
    private func scrollView(under point: Point) -> String? {
        var current = interactions.root.hitTest(point)
        while let node = current {
            if tree.scrollViews[node.identifier] != nil { return node.identifier }
            current = node.parentNode
        }
        return nil
    }

    /// Scrolls the nearest scroll view around an item so that the item is in sight.
    private func scrollIntoView(_ id: String, at time: Timestamp, into output: inout [TimedPayload]) {
        guard let scrollID = enclosingScrollView[id], let scrollView = tree.scrollViews[scrollID],
            let viewport = tree.node(withIdentifier: scrollID)?.frame,
            let item = frames[id]
        else { return }
        var offset = scrollView.contentOffset
        let visibleTop = viewport.minY + offset.y
        let visibleBottom = viewport.maxY + offset.y
        if item.minY < visibleTop {
            offset.y -= visibleTop - item.minY
        } else if item.maxY > visibleBottom {
            offset.y += item.maxY - visibleBottom
        } else {
            return
        }
        offset.y = max(0, min(offset.y, scrollView.contentSize.height - viewport.size.height))
        scrollView.setContentOffset(offset)
        output.append(
            TimedPayload(time: time, payload: .contentOffset(item: scrollID, offset: scrollView.contentOffset)))
    }
}
