import Classification
public import Geometry
public import InputEvents

/// Makes a node a scroll view: its content, larger than the node, moves under it.
///
/// A pan recognizer that takes every kind of scrolling drives it:
/// - a finger, a pencil, or a click-and-drag, and two fingers on a touchpad, move the content
///   1:1, with a rubber band past the edges;
/// - a wheel moves it one line height per detent, never past the edges;
/// - after a touch or touchpad scroll ends, the content decelerates with the scroll's velocity
///   (UIScrollView's normal rate, 0.998 per millisecond), and springs back from past an edge.
///
/// Another pan on the scroll view's own node recognizes together with the scroll view's, so a node
/// can both scroll and report that it is panned.
///
/// The motion runs on deadlines: when a scroll ends with the content moving, the scroll view asks
/// the ``InteractionSystem`` to advance it (``InteractionSystem/scheduleDeadline(for:)``); the
/// system calls ``advance(to:reporting:)`` at each ``nextDeadline`` until it rests, and each new
/// offset is reported as a `contentOffset` event. The node's children move with the offset for hit
/// testing.
///
/// ```swift
/// let grid = Node(identifier: "grid", frame: Rect(x: 260, y: 70, width: 764, height: 698))
/// let scrolling = ScrollViewInteraction(contentSize: Size(width: 764, height: 4000))
/// grid.addInteraction(scrolling)
/// ```
public final class ScrollViewInteraction: TimeDrivenInteraction {
    /// The scroll view's node.
    public private(set) weak var node: (any InteractionNode)?
    /// The content's size, in points.
    public var contentSize: Size {
        didSet { updateExtents() }
    }
    /// Called with each new content offset.
    public var onScroll: ((Vector) -> Void)?
    /// The pan that drives the scroll view; it takes every kind of scrolling.
    public let pan: PanGestureRecognizer

    private let thresholds: InteractionThresholds
    /// The horizontal motion.
    public private(set) var horizontal: ScrollAxisMotion
    /// The vertical motion.
    public private(set) var vertical: ScrollAxisMotion

    /// How far the content is scrolled: the content point at the node's top-left corner.
    public var contentOffset: Vector { Vector(x: horizontal.offset, y: vertical.offset) }

    /// Creates a scroll-view interaction.
    /// - Parameters:
    ///   - contentSize: The content's size.
    ///   - thresholds: Line height, deceleration, rubber band and bounce.
    public init(contentSize: Size, thresholds: InteractionThresholds = InteractionThresholds()) {
        self.contentSize = contentSize
        self.thresholds = thresholds
        horizontal = ScrollAxisMotion(viewportLength: 0, contentLength: contentSize.width, thresholds: thresholds)
        vertical = ScrollAxisMotion(viewportLength: 0, contentLength: contentSize.height, thresholds: thresholds)
        pan = PanGestureRecognizer(name: "scroll-view.pan", allowedScrollTypes: .all, thresholds: thresholds)
        pan.addTarget { [weak self] in self?.handle($0) }
        pan.delegate = self
    }

    public func willMove(to node: (any InteractionNode)?) {
        guard let current = self.node else { return }
        current.removeGestureRecognizer(pan)
        if current.attachments.scrollView === self { current.attachments.scrollView = nil }
    }

    public func didMove(to node: (any InteractionNode)?) {
        self.node = node
        if let node {
            node.addGestureRecognizer(pan)
            node.attachments.scrollView = self
        }
        updateExtents()
    }

    private func updateExtents() {
        let viewport = node?.frame.size ?? .zero
        horizontal.viewportLength = viewport.width
        horizontal.maximumOffset = max(0, contentSize.width - viewport.width)
        vertical.viewportLength = viewport.height
        vertical.maximumOffset = max(0, contentSize.height - viewport.height)
    }

    /// Whether the content is larger than the node along x (the only way it scrolls along x).
    private var scrollsHorizontally: Bool { horizontal.maximumOffset > 0 }
    /// Whether the content is larger than the node along y.
    private var scrollsVertically: Bool { vertical.maximumOffset > 0 }

    // MARK: Time

    public var nextDeadline: Timestamp? {
        switch (horizontal.nextDeadline, vertical.nextDeadline) {
        case (let x?, let y?): min(x, y)
        case (let x?, nil): x
        case (nil, let y?): y
        case (nil, nil): nil
        }
    }

    public func advance(to time: Timestamp, reporting system: InteractionSystem) {
        let before = contentOffset
        horizontal.advance(to: time)
        vertical.advance(to: time)
        report(from: before, at: time, to: system)
    }

    /// Scrolls to an offset at once, stopping any motion (clamped to the content).
    public func setContentOffset(_ offset: Vector) {
        horizontal.step(by: offset.x - horizontal.offset)
        vertical.step(by: offset.y - vertical.offset)
        if let node { Self.setOffset(contentOffset, of: node) }
    }

    // MARK: Gestures

    private func handle(_ recognizer: GestureRecognizer) {
        updateExtents()
        let before = contentOffset
        let time = recognizer.time
        let isDiscrete = pan.source == .scroll(.discrete)
        switch recognizer.state {
        case .began:
            if isDiscrete {
                // Content follows the pan's translation; a wheel scrolls the offset the other way.
                if scrollsHorizontally { horizontal.step(by: -pan.translation.x) }
                if scrollsVertically { vertical.step(by: -pan.translation.y) }
            } else {
                if scrollsHorizontally {
                    horizontal.beginTracking(at: time)
                    horizontal.track(movement: pan.translation.x)
                }
                if scrollsVertically {
                    vertical.beginTracking(at: time)
                    vertical.track(movement: pan.translation.y)
                }
            }
        case .changed:
            if scrollsHorizontally { horizontal.track(movement: pan.translation.x) }
            if scrollsVertically { vertical.track(movement: pan.translation.y) }
        case .ended, .cancelled:
            guard !isDiscrete else { break }
            let velocity = recognizer.state == .ended ? -pan.velocity : .zero
            if scrollsHorizontally {
                horizontal.track(movement: pan.translation.x)
                horizontal.release(velocity: velocity.x, at: time)
            }
            if scrollsVertically {
                vertical.track(movement: pan.translation.y)
                vertical.release(velocity: velocity.y, at: time)
            }
        case .possible, .failed:
            break
        }
        guard let system = recognizer.system else { return }
        report(from: before, at: time, to: system)
        // Decelerating or springing back: the system advances the scroll view until it rests.
        if nextDeadline != nil { system.scheduleDeadline(for: self) }
    }

    /// Sets the node's content offset.
    private static func setOffset(_ offset: Vector, of node: any InteractionNode) {
        node.attachments.contentOffset = offset
    }

    private func report(from before: Vector, at time: Timestamp, to system: InteractionSystem) {
        let offset = contentOffset
        guard offset != before, let node else { return }
        Self.setOffset(offset, of: node)
        onScroll?(offset)
        system.send(.contentOffset(item: node.identifier, offset: offset), at: time)
    }
}

extension ScrollViewInteraction: GestureRecognizerDelegate {
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        other is PanGestureRecognizer && other.node === recognizer.node
    }
}
