import Classification
import FocusEngine
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
    private var interactionEvents: [InteractionEvent] = []

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
        func visit(_ node: SceneNode, scrollView: String?) {
            nodes.append(node)
            if let scrollView { enclosing[node.id] = scrollView }
            for child in node.children { visit(child, scrollView: node.scroll != nil ? node.id : scrollView) }
        }
        visit(scene.root, scrollView: nil)
        enclosingScrollView = enclosing
        self.nodes = nodes
    }

    // MARK: SceneDriver

    func press(_ chord: String, at time: Timestamp, into output: inout [TimedPayload]) {
        guard let press = try? KeyPress(parsing: chord) else { return }
        let result = focus.handle(.press(press))
        for event in result.events {
            output.append(TimedPayload(time: time, payload: Self.payload(of: event)))
            if case .focus(_, let to?, _) = event { scrollIntoView(to, at: time, into: &output) }
        }
    }

    func handlePointer(_ input: ClassifiedInput, into output: inout [TimedPayload]) -> String? {
        let events = interactions.handle(input)
        append(events, into: &output)
        switch input.event {
        case .button, .tap, .longPress, .drag:
            return interactions.root.hitTest(interactions.pointerLocation)?.identifier
        case .scroll:
            for event in events {
                if case .contentOffset(_, let item, _) = event { return item }
            }
            return scrollView(under: interactions.pointerLocation)
        case .key, .motion, .position:
            return nil
        }
    }

    var nextDeadline: Timestamp? { interactions.nextDeadline }

    func advance(to time: Timestamp, into output: inout [TimedPayload]) {
        append(interactions.advance(to: time), into: &output)
    }

    func cancelPointerGestures(at time: Timestamp, into output: inout [TimedPayload]) {
        append(interactions.cancelTouch(at: time), into: &output)
    }

    func snapshot() -> TerminalSnapshot {
        var snapshot = TerminalSnapshot(sceneWidth: scene.size.width, sceneHeight: scene.size.height)
        for node in nodes {
            let frame = tree.node(withIdentifier: node.id)?.frame
            snapshot.nodes.append(
                TerminalSnapshot.Node(
                    id: node.id,
                    role: node.role?.rawValue,
                    frame: frame.map {
                        TerminalRect(x: $0.minX, y: $0.minY, width: $0.size.width, height: $0.size.height)
                    }
                        ?? TerminalRect(
                            x: node.frame.x, y: node.frame.y, width: node.frame.width, height: node.frame.height),
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
            var left = first.frame.x
            var top = first.frame.y
            var right = first.frame.x + first.frame.width
            var bottom = first.frame.y + first.frame.height
            for item in items.dropFirst() {
                left = min(left, item.frame.x)
                top = min(top, item.frame.y)
                right = max(right, item.frame.x + item.frame.width)
                bottom = max(bottom, item.frame.y + item.frame.height)
            }
            let firstID = FocusSystem.name(of: first)
            snapshot.groups.append(
                TerminalSnapshot.Group(
                    number: index + 1,
                    identifier: group ?? "root",
                    frame: TerminalRect(x: left, y: top, width: right - left, height: bottom - top),
                    scrollViewID: enclosingScrollView[firstID]
                )
            )
        }
        let pointer = interactions.pointerLocation
        snapshot.pointer = TerminalPoint(x: pointer.x, y: pointer.y)
        return snapshot
    }

    // MARK: Helpers

    private func append(_ events: [InteractionEvent], into output: inout [TimedPayload]) {
        for event in events {
            switch event {
            case .action(let action):
                let payload = WayfinderAction(
                    item: action.item,
                    name: action.name,
                    phase: action.phase,
                    trigger: action.trigger?.rawValue,
                    actions: action.actions,
                    translation: action.translation
                )
                output.append(TimedPayload(time: action.time, payload: .action(payload)))
            case .contentOffset(let time, let item, let offset):
                output.append(TimedPayload(time: time, payload: .contentOffset(item: item, offset: offset)))
            }
        }
    }

    private static func payload(of event: FocusEvent) -> WayfinderEvent.Payload {
        switch event {
        case .focus(let from, let to, let heading):
            .focus(from: from, to: to, heading: heading)
        case .select(let item):
            .select(item: item)
        case .action(let item, let name, let trigger, let actions):
            .action(WayfinderAction(item: item, name: name, trigger: trigger.rawValue, actions: actions ?? []))
        }
    }

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
            let item = nodes.first(where: { $0.id == id })?.frame
        else { return }
        var offset = scrollView.contentOffset
        let visibleTop = viewport.minY + offset.y
        let visibleBottom = viewport.maxY + offset.y
        if item.y < visibleTop {
            offset.y -= visibleTop - item.y
        } else if item.y + item.height > visibleBottom {
            offset.y += item.y + item.height - visibleBottom
        } else {
            return
        }
        offset.y = max(0, min(offset.y, scrollView.contentSize.height - viewport.size.height))
        scrollView.setContentOffset(offset)
        output.append(
            TimedPayload(time: time, payload: .contentOffset(item: scrollID, offset: scrollView.contentOffset)))
    }
}
