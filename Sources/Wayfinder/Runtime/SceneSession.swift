import Classification
import EventModel
import FocusEngine
import Geometry
import InputEvents
import Interactions
import Scenes

/// A node tree with its interactions (the `Interactions` module) and, optionally, a focus engine
/// (the `FocusEngine` module), driven by the runtime: a scene file brought to life, or a tree and
/// a focus system built in code.
///
/// When focus moves to an item that is scrolled out of sight, its scroll view scrolls it into
/// view, as UIKit's focus engine does.
final class SceneSession: SceneDriver {
    let interactions: InteractionSystem
    let focus: FocusSystem?
    /// The scene, when the session was built from one.
    private let scene: Scene?
    /// Whether the session was built from a scene (asked without copying the scene).
    private let isFromScene: Bool
    /// The scroll view a scroll sequence went to, kept from its first event to its last.
    @exclusivity(unchecked) private var scrollTarget: String?
    /// The nodes by identifier, when the session was built from a scene; a tree built in code is
    /// searched when an identifier is needed.
    private let nodes: NodeIndex<Node>
    /// Whether nodes were removed since the scene was built: the scene's index is stale then.
    private var hasChanged = false
    /// The focus engine's events for one key, reused.
    @exclusivity(unchecked) private var focusEvents: [EventPayload] = []

    /// Builds the session of a scene.
    /// - Throws: `SceneError` when the scene's key commands do not parse.
    init(scene: Scene, file: String, fullKeyboardAccess: Bool = false) throws {
        self.scene = scene
        isFromScene = true
        let tree = SceneInteractions(scene: scene)
        interactions = tree.makeSystem()
        nodes = tree.nodes
        let focusTree = try SceneFocusTree(scene: scene, file: file)
        var configuration = focusTree.configuration
        configuration.fullKeyboardAccess = fullKeyboardAccess
        let focus = FocusSystem(root: focusTree.root, configuration: configuration)
        focus.commandTable = focusTree.commandTable
        self.focus = focus
        focusEvents.reserveCapacity(16)
    }

    /// Builds the session of a tree and a focus system built in code.
    init(interactions: InteractionSystem, focus: FocusSystem?) {
        self.interactions = interactions
        self.focus = focus
        scene = nil
        isFromScene = false
        nodes = NodeIndex([], identifier: \.identifier)
        focusEvents.reserveCapacity(16)
    }

    // MARK: SceneDriver

    func press(_ input: KeyInput, at time: Timestamp, into output: inout [TimedPayload]) {
        guard let focus else { return }
        focusEvents.removeAllKeepingCapacity()
        _ = focus.handle(input, into: &focusEvents)
        for event in focusEvents {
            output.append(TimedPayload(time: time, payload: event))
            if case .focus(_, let to?, _) = event { scrollIntoView(to, at: time, into: &output) }
        }
    }

    func handlePointer(_ input: ClassifiedInput, into output: inout [TimedPayload]) -> String? {
        let start = output.count
        interactions.handle(input, into: &output)
        switch input.event {
        case .tap(_, .direct, let position?), .longPress(_, .direct, let position?),
            .drag(_, .direct, _, let position?), .touch(_, let position, _):
            // A finger on a touchscreen is where it touches, not where the pointer was left.
            return interactions.node(underTouchAt: position)?.identifier
        case .button, .tap, .longPress, .drag, .gesture:
            return interactions.nodeUnderPointer?.identifier
        case .scroll(_, _, _, let phase, _):
            // By index: iterating a slice copies each event.
            for index in start..<output.count {
                if case .contentOffset(let item, _) = output[index].payload {
                    scrollTarget = item
                    return item
                }
            }
            // A sequence keeps the target it started with: the scroll view under the pointer when
            // it began.
            if phase == .changed || phase == .ended, let scrollTarget { return scrollTarget }
            scrollTarget = scrollView(under: interactions.pointerLocation)?.node?.identifier
            return scrollTarget
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
        interactions.endHover(at: time, into: &output)
    }

    func perform(_ request: AccessibilityRequest, at time: Timestamp, into output: inout [TimedPayload]) -> Bool {
        guard let focus else { return false }
        let events: [EventPayload]
        switch request {
        case .focus(let item):
            if let focused = focus.focusedItem, focused === item { return true }
            let result = focus.focus(item)
            guard result.moved else { return false }
            events = result.events
        case .defaultAction(let item):
            events = focus.performDefaultAction(on: item)
        case .customAction(let name, let item):
            guard let performed = focus.performCustomAction(named: name, on: item) else { return false }
            events = performed
        case .contextMenuAction(let title, let item):
            let identifier = FocusSystem.name(of: item)
            guard let menu = contextMenu(ofNodeWithIdentifier: identifier),
                let action = (menu.delegate?.actions(for: menu) ?? menu.actions).first(where: { $0.title == title })
            else { return false }
            action.handler(action)
            events = [.action(ActionEvent(item: identifier, name: title, trigger: .menu))]
        }
        for event in events {
            output.append(TimedPayload(time: time, payload: event))
            if case .focus(_, let to?, _) = event { scrollIntoView(to, at: time, into: &output) }
        }
        return true
    }

    /// The context menu of the node with an identifier, if it has one.
    func contextMenu(ofNodeWithIdentifier identifier: String) -> ContextMenuInteraction? {
        guard let node = node(withIdentifier: identifier) else { return nil }
        for case let menu as ContextMenuInteraction in node.interactions { return menu }
        return nil
    }

    /// Where a node's frame is drawn now: moved and scaled by the scroll views around it (their
    /// content offsets and zoom), and whether any of it is in sight through all of them. A node the
    /// tree does not have keeps its frame.
    func displayedFrame(ofNodeWithIdentifier identifier: String, frame: Rect) -> (frame: Rect, isInSight: Bool) {
        guard let node = node(withIdentifier: identifier) else { return (frame, true) }
        var rect = frame
        var isInSight = true
        var current = enclosingScrollView(of: node)
        while let scrollView = current, let owner = scrollView.node {
            let viewport = owner.frame
            let scale = scrollView.zoomScale
            let offset = scrollView.contentOffset
            rect = Rect(
                x: viewport.minX + (rect.minX - viewport.minX) * scale - offset.x,
                y: viewport.minY + (rect.minY - viewport.minY) * scale - offset.y,
                width: rect.width * scale, height: rect.height * scale)
            if !(rect.intersection(viewport).map { !$0.isEmpty } ?? false) { isInSight = false }
            current = enclosingScrollView(of: owner)
        }
        return (rect, isInSight)
    }

    func snapshot() -> TerminalSnapshot {
        let size = interactions.sceneSize
        var snapshot = TerminalSnapshot(sceneWidth: size.width, sceneHeight: size.height)
        // The scene's nodes and the tree's were built in the same order: walk them together for
        // the roles and labels the tree does not know.
        func visit(_ node: any InteractionNode, described: SceneNode?, scrollView: String?) {
            snapshot.nodes.append(
                TerminalSnapshot.Node(
                    id: node.identifier, role: described?.role?.rawValue, frame: node.frame, label: described?.label,
                    scrollViewID: scrollView))
            if let scrolling = Self.scrollViewInteraction(of: node) {
                snapshot.scrollViews[node.identifier] = TerminalSnapshot.ScrollState(
                    offsetX: scrolling.contentOffset.x,
                    offsetY: scrolling.contentOffset.y,
                    contentWidth: scrolling.contentSize.width,
                    contentHeight: scrolling.contentSize.height,
                    zoomScale: scrolling.zoomScale
                )
            }
            // Through the attachments: hover interactions are never deferred, and asking the node
            // would make every cell's deferred interactions for one picture.
            for case let pointer as PointerInteraction in node.attachments.interactions where pointer.isHovered {
                snapshot.hovered[node.identifier] = pointer.effect
            }
            let childScrollView = Self.scrollViewInteraction(of: node) != nil ? node.identifier : scrollView
            let children = node.childNodes
            let describedChildren = described?.children
            for (index, child) in children.enumerated() {
                var childDescription = describedChildren.flatMap { index < $0.count ? $0[index] : nil }
                if childDescription?.id != child.identifier {
                    // Nodes were removed or added while running: find the description by id.
                    childDescription = describedChildren?.first { $0.id == child.identifier }
                }
                visit(
                    child, described: childDescription?.id == child.identifier ? childDescription : nil,
                    scrollView: childScrollView)
            }
        }
        visit(interactions.root, described: scene?.root, scrollView: nil)
        if let focus {
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
                        scrollViewID: node(withIdentifier: firstID).flatMap(enclosingScrollView(of:))?.node?.identifier
                    )
                )
            }
        }
        snapshot.pointer = interactions.pointerLocation
        return snapshot
    }

    // MARK: Changes while running

    /// Moves a node to a new frame, in the node tree and the focus tree (its children keep theirs).
    /// - Returns: false when no node has the identifier, or it is the root.
    func moveNode(_ identifier: String, to frame: Rect) -> Bool {
        guard let node = node(withIdentifier: identifier), node.parentNode != nil else { return false }
        if let node = node as? Node {
            // A `Node` moves its place in its parent's hit-test index itself.
            node.frame = frame
        } else {
            node.frame = frame
            node.parentNode?.invalidateHitTestIndex()
        }
        if let focusNode = focusNode(withIdentifier: identifier) { focusNode.frame = frame }
        focus?.invalidateLayout()
        return true
    }

    /// Removes a node (and what it contains) from the node tree and the focus tree: hit testing
    /// no longer finds it, focus moves skip it, and focus leaves it if it had it.
    /// - Returns: false when no node has the identifier, it is the root, or it is not a `Node`.
    func removeNode(_ identifier: String) -> Bool {
        guard let node = node(withIdentifier: identifier) as? Node, node.parent != nil else { return false }
        node.removeFromParent()
        hasChanged = true
        focusNode(withIdentifier: identifier)?.removeFromParent()
        focus?.invalidateLayout()
        return true
    }

    /// Adds a node built in code under a parent, on top of its children, with a focus node for
    /// it when the parent has one.
    /// - Returns: false when no `Node` has the parent's identifier.
    func addNode(_ child: Node, focusNode: FocusNode?, to parentIdentifier: String) -> Bool {
        guard let parent = node(withIdentifier: parentIdentifier) as? Node else { return false }
        parent.addChild(child)
        hasChanged = true
        if let focusNode, let focusParent = self.focusNode(withIdentifier: parentIdentifier) {
            focusParent.addChild(focusNode)
        }
        focus?.invalidateLayout()
        return true
    }

    /// Makes hit testing and the focus engine look at the trees again: after changing nodes of
    /// a tree built in code.
    func treeDidChange() {
        func invalidate(_ node: any InteractionNode) {
            for child in node.childNodes { invalidate(child) }
            node.invalidateHitTestIndex()
        }
        invalidate(interactions.root)
        hasChanged = true
        focus?.invalidateLayout()
    }

    /// Whether the node tree has a node with an identifier.
    func hasNode(withIdentifier identifier: String) -> Bool { node(withIdentifier: identifier) != nil }

    /// The focus node with an identifier, found in the focus tree.
    private func focusNode(withIdentifier identifier: String) -> FocusNode? {
        guard let focus else { return nil }
        func find(_ environment: any FocusEnvironment) -> FocusNode? {
            if let node = environment as? FocusNode, node.id == identifier { return node }
            for child in environment.focusChildren {
                if let found = find(child) { return found }
            }
            return nil
        }
        return find(focus.root)
    }

    // MARK: Helpers

    /// The node with an identifier: from the scene's index while the tree is as the scene built
    /// it, or else found in the tree.
    private func node(withIdentifier identifier: String) -> (any InteractionNode)? {
        if isFromScene && !hasChanged { return nodes.node(withIdentifier: identifier) }
        func find(_ node: any InteractionNode) -> (any InteractionNode)? {
            if node.identifier == identifier { return node }
            for child in node.childNodes {
                if let found = find(child) { return found }
            }
            return nil
        }
        return find(interactions.root)
    }

    private static func scrollViewInteraction(of node: any InteractionNode) -> ScrollViewInteraction? {
        node.attachments.scrollView
    }

    /// The deepest scroll view under a point.
    private func scrollView(under point: Point) -> ScrollViewInteraction? {
        var current = interactions.root.hitTest(point)
        while let node = current {
            if let scrolling = Self.scrollViewInteraction(of: node) { return scrolling }
            current = node.parentNode
        }
        return nil
    }

    /// The nearest scroll view containing a node (not the node's own).
    private func enclosingScrollView(of node: any InteractionNode) -> ScrollViewInteraction? {
        var current = node.parentNode
        while let ancestor = current {
            if let scrolling = Self.scrollViewInteraction(of: ancestor) { return scrolling }
            current = ancestor.parentNode
        }
        return nil
    }

    /// Scrolls the nearest scroll view around an item so that the item is in sight, along both
    /// axes: by just enough to show it whole, and within the content.
    private func scrollIntoView(_ id: String, at time: Timestamp, into output: inout [TimedPayload]) {
        guard let item = node(withIdentifier: id), let scrollView = enclosingScrollView(of: item),
            let viewport = scrollView.node?.frame, let scrollID = scrollView.node?.identifier
        else { return }
        // The item's span in the content as drawn (zoomed), from the content's top-left corner.
        let scale = scrollView.zoomScale
        let frame = item.frame
        let current = scrollView.contentOffset
        let offset = Vector(
            x: Self.offset(
                showing: ((frame.minX - viewport.minX) * scale, (frame.maxX - viewport.minX) * scale),
                viewportLength: viewport.width, from: current.x,
                contentLength: scrollView.contentSize.width * scale),
            y: Self.offset(
                showing: ((frame.minY - viewport.minY) * scale, (frame.maxY - viewport.minY) * scale),
                viewportLength: viewport.height, from: current.y,
                contentLength: scrollView.contentSize.height * scale))
        guard offset != current else { return }
        scrollView.setContentOffset(offset)
        output.append(
            TimedPayload(time: time, payload: .contentOffset(item: scrollID, offset: scrollView.contentOffset)))
    }

    /// The content offset along one axis that shows `span` (in content coordinates) in the
    /// viewport: unchanged when it is in sight, else moved by just enough, and kept between 0
    /// and the content's end.
    private static func offset(
        showing span: (low: Double, high: Double), viewportLength: Double, from offset: Double,
        contentLength: Double
    ) -> Double {
        let wanted: Double
        if span.low < offset {
            wanted = span.low
        } else if span.high > offset + viewportLength {
            wanted = span.high - viewportLength
        } else {
            return offset
        }
        return max(0, min(wanted, contentLength - viewportLength))
    }
}
