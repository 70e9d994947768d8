import Classification
public import EventModel
public import Geometry

/// Lets a node be picked up and moved: after the lift delay with a finger, at once with a pointer
/// or a pencil.
///
/// Two long-press recognizers do the work, as UIKit's pointer-friendly drag does: one for direct
/// touches with the lift delay, and one for pointers and pencils with no delay at all. A pointer
/// drag lifts when the press drags (the classifier's drag: a press that moved past the drag
/// threshold; a click that wobbles is not a drag); a finger drag lifts when the press is held for
/// the long-press duration (the classifier's long press), before it moves. So the event stream's
/// `drag` and `longPress` and this interaction's lift always agree.
///
/// A long press on the same node (a context menu's) recognizes together with the drag, so the
/// menu can appear as the item lifts and moving on drags it, as on iPadOS. A tap, here or on an
/// ancestor, recognizes together with a pointer press that has not moved, so a click is still a
/// click; once the item lifts, taps fail.
///
/// While lifted, the node's frame follows the touch. Dropping (lifting the touch or releasing the
/// button) leaves it there; a cancelled drag (Escape, the system taking the touch) puts it back
/// where it started. Each phase emits an `action` event named `drag` with the translation.
///
/// ```
/// finger:   D--------| lift ~~~ move ~~~ U drop
/// pointer:  D ~ lift ~~~ move ~~~ U drop
/// ```
public final class DragInteraction: Interaction {
    /// The node being dragged.
    public var node: (any InteractionNode)? { nodeReference.node }
    /// The node, without a side table for a built-in one (see `NodeReference`).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// Called on every phase with the translation since the drag began.
    @exclusivity(unchecked) public var onDrag: ((GesturePhase, Vector) -> Void)?

    /// The recognizer for direct touches, with the lift delay.
    public let delayedRecognizer: LongPressGestureRecognizer
    /// The recognizer for pointers and pencils, with no delay.
    public let immediateRecognizer: LongPressGestureRecognizer

    private enum State {
        case idle
        /// A pointer pressed the node; it lifts when the press drags.
        case armed(origin: Point, touchStart: Point)
        /// The node follows the touch.
        case lifted(origin: Point, touchStart: Point)
    }

    @exclusivity(unchecked) private var state = State.idle
    /// Whether the item lifted since the current (or last) gesture began; it stays set after the
    /// drop, so that a tap deciding after the drop in the same input still sees a drag.
    @exclusivity(unchecked) private var liftedInThisGesture = false

    /// Whether the node is lifted and following the touch.
    public var isDragging: Bool {
        if case .lifted = state { return true }
        return false
    }

    /// Creates a drag interaction.
    /// - Parameter thresholds: The movement a tap may make while the item has not lifted.
    public init(thresholds: InteractionThresholds = InteractionThresholds()) {
        delayedRecognizer = LongPressGestureRecognizer(name: "drag.lift", thresholds: thresholds)
        delayedRecognizer.allowedTouchTypes = TouchTypeSets.direct
        immediateRecognizer = LongPressGestureRecognizer(
            name: "drag.immediate",
            minimumPressDuration: .zero,
            thresholds: thresholds
        )
        immediateRecognizer.allowedTouchTypes = TouchTypeSets.indirectPointerAndPencil
        delayedRecognizer.setOwner(target: { [unowned self] in handle($0) }, delegate: self)
        immediateRecognizer.setOwner(target: { [unowned self] in handle($0) }, delegate: self)
    }

    deinit {
        delayedRecognizer.removeOwner()
        immediateRecognizer.removeOwner()
    }

    private var recognizers: [GestureRecognizer] { [delayedRecognizer, immediateRecognizer] }

    public func willMove(to node: (any InteractionNode)?) {
        guard let current = self.node else { return }
        // A drag under way never finishes: put the node back, silently.
        if case .lifted(let origin, _) = state { Self.move(current, to: origin) }
        state = .idle
        for recognizer in recognizers { current.removeGestureRecognizer(recognizer) }
    }

    public func didMove(to node: (any InteractionNode)?) {
        nodeReference.set(node, attachedInteraction: self)
        guard let node else { return }
        for recognizer in recognizers { node.addGestureRecognizer(recognizer) }
    }

    private func handle(_ recognizer: GestureRecognizer) {
        guard let node else { return }
        switch (recognizer.state, state) {
        case (.began, _):
            liftedInThisGesture = recognizer === delayedRecognizer
            if recognizer === delayedRecognizer {
                state = .lifted(origin: node.frame.origin, touchStart: recognizer.location)
                report(.began, translation: .zero, from: recognizer)
            } else {
                state = .armed(origin: node.frame.origin, touchStart: recognizer.location)
            }
        case (.changed, .armed(let origin, let touchStart)):
            guard recognizer.isTouchDragging else { return }
            state = .lifted(origin: origin, touchStart: touchStart)
            liftedInThisGesture = true
            let translation = recognizer.location - touchStart
            Self.move(node, to: origin + translation)
            report(.began, translation: translation, from: recognizer)
        case (.changed, .lifted(let origin, let touchStart)):
            let translation = recognizer.location - touchStart
            // The classifier's drag beginning under a lifted finger moves nothing.
            guard origin + translation != node.frame.origin else { return }
            Self.move(node, to: origin + translation)
            report(.changed, translation: translation, from: recognizer)
        case (.ended, .lifted(let origin, _)):
            state = .idle
            report(.ended, translation: node.frame.origin - origin, from: recognizer)
        case (.cancelled, .lifted(let origin, _)):
            state = .idle
            let translation = node.frame.origin - origin
            Self.move(node, to: origin)
            report(.cancelled, translation: translation, from: recognizer)
        case (.ended, .armed), (.cancelled, .armed):
            state = .idle
        case (.changed, .idle), (.ended, .idle), (.cancelled, .idle), (.possible, _), (.failed, _):
            break
        }
    }

    /// Moves a node by setting its whole frame: changing `frame.origin` in place through the
    /// protocol would go through a `modify` coroutine, which allocates its frame on every call.
    private static func move(_ node: any InteractionNode, to origin: Point) {
        node.frame = Rect(origin: origin, size: node.frame.size)
    }

    private func report(_ phase: GesturePhase, translation: Vector, from recognizer: GestureRecognizer) {
        guard let node else { return }
        onDrag?(phase, translation)
        recognizer.system?.send(
            .action(ActionEvent(item: node.identifier, name: "drag", phase: phase, translation: translation)),
            at: recognizer.time
        )
    }
}

extension DragInteraction: GestureRecognizerDelegate {
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool {
        if other is LongPressGestureRecognizer, other.node === recognizer.node { return true }
        // A pointer press arms the drag at once, but until it moves it is still a click: taps
        // (here or on an ancestor) may recognize with it, and stop being allowed once it lifts.
        if other is TapGestureRecognizer { return !liftedInThisGesture }
        return false
    }
}

extension DragInteraction: NodeReferencing {}
