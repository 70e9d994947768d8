public import Geometry
public import Interactions

/// Everything the terminal view draws at one moment: a plain value, independent of the node tree,
/// the focus engine and the interactions that produced it.
///
/// ```swift
/// var snapshot = TerminalSnapshot(sceneWidth: 1024, sceneHeight: 768)
/// snapshot.nodes = [.init(id: "ok", role: "button", frame: .init(x: 10, y: 10, width: 200, height: 100))]
/// snapshot.focusedID = "ok"
/// snapshot.caption = "focus → ok (Tab)"
/// print(TerminalRenderer(columns: 80, rows: 24).render(snapshot).joined(separator: "\n"))
/// ```
public struct TerminalSnapshot: Hashable, Sendable {
    /// One node of the tree, in drawing order (a parent before its children).
    public struct Node: Hashable, Sendable {
        /// The node's identifier.
        public var id: String
        /// The node's role (`button`, `cell`, `list`, …), when it has one.
        public var role: String?
        /// The frame in scene coordinates before any scrolling.
        public var frame: Rect
        /// The text to show inside the node; the identifier when nil.
        public var label: String?
        /// The nearest scroll view that contains this node (its content scrolls with it).
        public var scrollViewID: String?

        /// Creates a node.
        public init(
            id: String,
            role: String? = nil,
            frame: Rect,
            label: String? = nil,
            scrollViewID: String? = nil
        ) {
            self.id = id
            self.role = role
            self.frame = frame
            self.label = label
            self.scrollViewID = scrollViewID
        }
    }

    /// A focus group in the Tab loop.
    public struct Group: Hashable, Sendable {
        /// The group's position in the Tab loop, from 1.
        public var number: Int
        /// The group's identifier.
        public var identifier: String
        /// The frame enclosing the group's items, in scene coordinates before any scrolling.
        public var frame: Rect
        /// The nearest scroll view containing the group, when the group scrolls.
        public var scrollViewID: String?

        /// Creates a group.
        public init(number: Int, identifier: String, frame: Rect, scrollViewID: String? = nil) {
            self.number = number
            self.identifier = identifier
            self.frame = frame
            self.scrollViewID = scrollViewID
        }
    }

    /// A scroll view's state.
    public struct ScrollState: Hashable, Sendable {
        /// The content offset (points scrolled from the top-left).
        public var offsetX: Double
        /// The vertical content offset.
        public var offsetY: Double
        /// The size of the content.
        public var contentWidth: Double
        /// The height of the content.
        public var contentHeight: Double
        /// How large the content is drawn: 1 at its own size (a zoomed scroll view).
        public var zoomScale: Double

        /// Creates a scroll state.
        public init(
            offsetX: Double = 0, offsetY: Double = 0, contentWidth: Double, contentHeight: Double, zoomScale: Double = 1
        ) {
            self.offsetX = offsetX
            self.offsetY = offsetY
            self.contentWidth = contentWidth
            self.contentHeight = contentHeight
            self.zoomScale = zoomScale
        }
    }

    /// The scene's width in points.
    public var sceneWidth: Double
    /// The scene's height in points.
    public var sceneHeight: Double
    /// The nodes, parents before children.
    public var nodes: [Node] = []
    /// The focused node, if any.
    public var focusedID: String?
    /// The corner radius of the focused item's halo; nil when the item draws its own focus effect.
    public var haloCornerRadius: Double? = 0
    /// The selected nodes.
    public var selectedIDs: Set<String> = []
    /// The focus groups in Tab-loop order.
    public var groups: [Group] = []
    /// The state of each scroll view, by node identifier.
    public var scrollViews: [String: ScrollState] = [:]
    /// The pointer's location in scene coordinates, when there is a pointer.
    public var pointer: Point?
    /// The nodes under the pointer with a pointer interaction, and the effect each shows.
    public var hovered: [String: PointerEffect] = [:]
    /// The line under the picture naming what just happened.
    public var caption: String = ""

    /// Creates an empty snapshot of a scene of the given size.
    public init(sceneWidth: Double, sceneHeight: Double) {
        self.sceneWidth = sceneWidth
        self.sceneHeight = sceneHeight
    }

    /// Where a rectangle of a scroll view's content is on screen: zoomed about the corner of each
    /// scroll view around it and moved by its offset, innermost first.
    func onScreen(_ frame: Rect, inside scrollViewID: String?) -> Rect {
        var rect = frame
        var current = scrollViewID
        var visited: Set<String> = []
        while let id = current, visited.insert(id).inserted {
            let state = scrollViews[id]
            let node = nodes.first(where: { $0.id == id })
            let scale = node == nil ? 1 : state?.zoomScale ?? 1
            let origin = node?.frame.origin ?? Point(x: 0, y: 0)
            rect = Rect(
                x: origin.x + (rect.minX - origin.x) * scale - (state?.offsetX ?? 0),
                y: origin.y + (rect.minY - origin.y) * scale - (state?.offsetY ?? 0),
                width: rect.width * scale,
                height: rect.height * scale)
            current = node?.scrollViewID
        }
        return rect
    }

    /// The rectangle a node or group occupies on screen after scrolling and zooming, clipped to
    /// the scroll views containing it; nil when it is scrolled out of sight.
    func visibleFrame(of frame: Rect, inside scrollViewID: String?) -> Rect? {
        var visible: Rect? = onScreen(frame, inside: scrollViewID)
        var current = scrollViewID
        var visited: Set<String> = []
        while let id = current, visited.insert(id).inserted, let node = nodes.first(where: { $0.id == id }) {
            visible = visible?.intersection(onScreen(node.frame, inside: node.scrollViewID))
            current = node.scrollViewID
        }
        return visible
    }
}
