import Classification
import EventModel
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
/// can both scroll and report that it is panned. Where the content cannot scroll along the axis a
/// touch moves on (a horizontal stroke over a list that only scrolls vertically), the scroll
/// view's pan does not begin, as UIScrollView's does not, and a swipe on a row can take the touch.
///
/// With a ``maximumZoomScale`` above the ``minimumZoomScale`` the content also zooms: a pinch (a
/// touchpad's at the pointer, or fingers on the content) scales it about the pinch's centre,
/// which keeps the same content point under it, with a rubber band past the limits and a bounce
/// back inside them when the pinch ends (``ZoomMotion``). Each change reports an `action` named
/// `zoom` with the phase and the ``zoomScale``, the last (`ended`) once the zoom is at rest, and
/// the offsets as `contentOffset` events. While a pinch zooms, panning waits for the next gesture.
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
    public var node: (any InteractionNode)? { nodeReference.node }
    /// The node, without a side table for a built-in one (see `NodeReference`).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// The content's size, in points.
    @exclusivity(unchecked) public var contentSize: Size {
        didSet { updateExtents() }
    }
    /// Called with each new content offset.
    @exclusivity(unchecked) public var onScroll: ((Vector) -> Void)?
    /// The pan that drives the scroll view; it takes every kind of scrolling.
    public let pan: PanGestureRecognizer
    /// The pinch that zooms the content, when zooming is on (``maximumZoomScale`` above
    /// ``minimumZoomScale``), as `UIScrollView.pinchGestureRecognizer`.
    @exclusivity(unchecked) public private(set) var pinch: PinchGestureRecognizer?
    /// Called with each new zoom scale.
    @exclusivity(unchecked) public var onZoom: ((Double) -> Void)?

    /// The smallest zoom scale a pinch leaves the content at (1 by default).
    public var minimumZoomScale: Double {
        get { zoom.minimumScale }
        set { setZoomLimits(minimum: newValue, maximum: max(newValue, zoom.maximumScale)) }
    }
    /// The largest zoom scale a pinch leaves the content at (1 by default: no zooming).
    public var maximumZoomScale: Double {
        get { zoom.maximumScale }
        set { setZoomLimits(minimum: min(newValue, zoom.minimumScale), maximum: newValue) }
    }
    /// How large the content is drawn: 1 at its own size.
    public var zoomScale: Double { zoom.scale }
    /// The zoom's motion.
    @exclusivity(unchecked) public private(set) var zoom: ZoomMotion
    /// The content point (before zooming, from the content's top-left) that stays under the pinch,
    /// and where the pinch is in the node's coordinates; set while zooming.
    @exclusivity(unchecked) private var zoomAnchor: (content: Vector, location: Point)?
    /// The scale the last zoom action reported, while a zoom is under way: a `changed` that would
    /// repeat it (a pinch released where it was, a frame that moved nothing) is not sent.
    @exclusivity(unchecked) private var reportedZoomScale: Double?

    private let thresholds: InteractionThresholds
    /// The horizontal motion.
    @exclusivity(unchecked) public private(set) var horizontal: ScrollAxisMotion
    /// The vertical motion.
    @exclusivity(unchecked) public private(set) var vertical: ScrollAxisMotion

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
        zoom = ZoomMotion(viewportLength: 0, thresholds: thresholds)
        pan = PanGestureRecognizer(name: "scroll-view.pan", allowedScrollTypes: .all, thresholds: thresholds)
        pan.setOwner(target: { [unowned self] in handle($0) }, delegate: self)
    }

    deinit {
        pan.removeOwner()
        pinch?.removeOwner()
    }

    /// Sets both zoom limits, keeping the scale inside them; zooming is on while the maximum is
    /// above the minimum. Limits that are not positive finite numbers are ignored.
    public func setZoomLimits(minimum: Double, maximum: Double) {
        guard minimum.isFinite, maximum.isFinite, minimum > 0, maximum >= minimum else { return }
        zoom.minimumScale = minimum
        zoom.maximumScale = maximum
        if zoom.scale < minimum || zoom.scale > maximum { setZoomScale(zoom.scale) }
        let zooms = maximum > minimum
        if zooms, pinch == nil {
            let recognizer = PinchGestureRecognizer(name: "scroll-view.pinch")
            recognizer.setOwner(target: { [unowned self] in handlePinch($0) }, delegate: self)
            pinch = recognizer
            node?.addGestureRecognizer(recognizer)
        } else if !zooms, let recognizer = pinch {
            node?.removeGestureRecognizer(recognizer)
            recognizer.removeOwner()
            pinch = nil
        }
    }

    /// Zooms to a scale at once, inside the limits, keeping the content point at the node's
    /// top-left corner where it is.
    public func setZoomScale(_ scale: Double) {
        let oldScale = zoom.scale
        zoom.setScale(scale)
        let offset = contentOffset * (zoom.scale / oldScale)
        updateExtents()
        horizontal.step(by: offset.x - horizontal.offset)
        vertical.step(by: offset.y - vertical.offset)
        if let node {
            node.attachments.zoomScale = zoom.scale
            Self.setOffset(contentOffset, of: node)
        }
    }

    public func willMove(to node: (any InteractionNode)?) {
        guard let current = self.node else { return }
        current.removeGestureRecognizer(pan)
        if let pinch { current.removeGestureRecognizer(pinch) }
        if current.attachments.scrollView === self {
            current.attachments.scrollView = nil
            current.attachments.zoomScale = 1
        }
    }

    public func didMove(to node: (any InteractionNode)?) {
        nodeReference.set(node, attachedInteraction: self)
        if let node {
            node.addGestureRecognizer(pan)
            if let pinch { node.addGestureRecognizer(pinch) }
            node.attachments.scrollView = self
            node.attachments.zoomScale = zoom.scale
        }
        updateExtents()
    }

    private func updateExtents() {
        let viewport = node?.frame.size ?? .zero
        let scale = zoom.scale
        horizontal.viewportLength = viewport.width
        horizontal.maximumOffset = max(0, contentSize.width * scale - viewport.width)
        vertical.viewportLength = viewport.height
        vertical.maximumOffset = max(0, contentSize.height * scale - viewport.height)
        zoom.viewportLength = max(viewport.width, viewport.height)
    }

    /// Whether the content is larger than the node along x (the only way it scrolls along x).
    private var scrollsHorizontally: Bool { horizontal.maximumOffset > 0 }
    /// Whether the content is larger than the node along y.
    private var scrollsVertically: Bool { vertical.maximumOffset > 0 }

    // MARK: Time

    public var nextDeadline: Timestamp? {
        var earliest = zoom.nextDeadline
        if let x = horizontal.nextDeadline, earliest.map({ x < $0 }) ?? true { earliest = x }
        if let y = vertical.nextDeadline, earliest.map({ y < $0 }) ?? true { earliest = y }
        return earliest
    }

    public func advance(to time: Timestamp, reporting system: InteractionSystem) {
        let before = contentOffset
        horizontal.advance(to: time)
        vertical.advance(to: time)
        if zoom.isAnimating {
            let scale = zoom.scale
            zoom.advance(to: time)
            if zoom.scale != scale { applyZoom() }
            reportZoom(zoom.isAnimating ? .changed : .ended, at: time, to: system)
        }
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
        // While a pinch zooms, the content follows the pinch's centre: panning waits for the next
        // gesture.
        guard zoomAnchor == nil else { return }
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

    /// Zooms with the pinch about its centre.
    private func handlePinch(_ recognizer: GestureRecognizer) {
        guard let pinch = recognizer as? PinchGestureRecognizer, let node, let system = recognizer.system else {
            return
        }
        let before = contentOffset
        let time = recognizer.time
        let location = node.convertFromWindow(pinch.location)
        switch recognizer.state {
        case .began:
            updateExtents()
            horizontal.step(by: 0)
            vertical.step(by: 0)
            zoom.beginPinch(at: time)
            zoomAnchor = (contentPoint(under: location), location)
            zoom.track(pinchScale: pinch.scale)
            applyZoom()
            // A pinch that catches a bounce under way goes on with the zoom that is open.
            reportZoom(reportedZoomScale == nil ? .began : .changed, at: time, to: system)
        case .changed, .ended, .cancelled:
            guard let anchor = zoomAnchor else { return }
            zoomAnchor = (anchor.content, location)
            zoom.track(pinchScale: pinch.scale)
            applyZoom()
            guard recognizer.state != .changed else {
                reportZoom(.changed, at: time, to: system)
                break
            }
            zoom.release(at: time)
            if zoom.isAnimating {
                reportZoom(.changed, at: time, to: system)
                system.scheduleDeadline(for: self)
            } else {
                reportZoom(.ended, at: time, to: system)
            }
        case .possible, .failed:
            return
        }
        report(from: before, at: time, to: system)
    }

    /// The content point, before zooming, under a location in the node's coordinates.
    private func contentPoint(under location: Point) -> Vector {
        guard let node else { return .zero }
        return ((location - node.frame.origin) + contentOffset) * (1 / zoom.scale)
    }

    /// Sets the offset that keeps the anchor's content point under the pinch at the current scale.
    private func applyZoom() {
        guard let node else { return }
        node.attachments.zoomScale = zoom.scale
        updateExtents()
        guard let anchor = zoomAnchor else { return }
        let target = anchor.content * zoom.scale - (anchor.location - node.frame.origin)
        horizontal.step(by: target.x - horizontal.offset)
        vertical.step(by: target.y - vertical.offset)
    }

    private func reportZoom(_ phase: GesturePhase, at time: Timestamp, to system: InteractionSystem) {
        guard let node else { return }
        if phase == .changed, zoom.scale == reportedZoomScale { return }
        reportedZoomScale = zoom.scale
        if phase == .ended || phase == .cancelled {
            zoomAnchor = nil
            reportedZoomScale = nil
        }
        onZoom?(zoom.scale)
        system.send(
            .action(ActionEvent(item: node.identifier, name: "zoom", phase: phase, scale: zoom.scale)), at: time)
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
    /// The scroll view's pan does not begin for a touch moving along an axis the content cannot
    /// scroll on.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool {
        guard recognizer === pan, case .touch = pan.source else { return true }
        updateExtents()
        let movement = pan.translation
        if abs(movement.x) > abs(movement.y) { return scrollsHorizontally }
        if abs(movement.y) > abs(movement.x) { return scrollsVertically }
        return true
    }

    /// The scroll view's pan and pinch recognize together, and with another pan on the node.
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        guard other.node === recognizer.node else { return false }
        return other is PanGestureRecognizer || other === pinch
    }
}

extension ScrollViewInteraction: NodeReferencing {}
