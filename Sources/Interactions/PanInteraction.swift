import Classification
public import EventModel
public import Geometry

/// Reports a node being panned: dragged by a touch or, when allowed, scrolled.
///
/// Emits `action` events named `pan` with the phase and the translation since it began.
/// ``allowedScrollTypes`` is empty by default, so only touches pan; `.continuous` adds touchpad
/// scrolling, `.all` wheels too.
///
/// ```swift
/// let pan = PanInteraction(allowedScrollTypes: .continuous)
/// pan.onPan = { phase, translation in sheet.offset = translation.y }
/// sheetHeader.addInteraction(pan)
/// ```
public final class PanInteraction: Interaction {
    /// The node being panned.
    public var node: (any InteractionNode)? { nodeReference.node }
    /// The node, without a side table for a built-in one (see `NodeReference`).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// Called on every phase with the translation since the pan began.
    @exclusivity(unchecked) public var onPan: ((GesturePhase, Vector) -> Void)?
    /// The pan recognizer.
    public let pan: PanGestureRecognizer

    /// The scrolling taken as panning.
    public var allowedScrollTypes: ScrollTypeMask {
        get { pan.allowedScrollTypes }
        set { pan.allowedScrollTypes = newValue }
    }

    /// Creates a pan interaction.
    /// - Parameters:
    ///   - allowedScrollTypes: The scrolling taken as panning; none by default.
    ///   - thresholds: The pan's minimum movement.
    public init(allowedScrollTypes: ScrollTypeMask = [], thresholds: InteractionThresholds = InteractionThresholds()) {
        pan = PanGestureRecognizer(allowedScrollTypes: allowedScrollTypes, thresholds: thresholds)
        pan.setOwner(target: { [unowned self] recognizer in handle(recognizer) })
    }

    deinit { pan.removeOwner() }

    public func willMove(to node: (any InteractionNode)?) {
        self.node?.removeGestureRecognizer(pan)
    }

    public func didMove(to node: (any InteractionNode)?) {
        nodeReference.set(node, attachedInteraction: self)
        node?.addGestureRecognizer(pan)
    }

    private func handle(_ recognizer: GestureRecognizer) {
        guard let node, let phase = recognizer.state.gesturePhase else { return }
        onPan?(phase, pan.translation)
        recognizer.system?.send(
            .action(ActionEvent(item: node.identifier, name: "pan", phase: phase, translation: pan.translation)),
            at: recognizer.time
        )
    }
}

extension RecognizerState {
    /// The event stream's phase for a continuous recognizer's transition.
    var gesturePhase: GesturePhase? {
        switch self {
        case .began: .began
        case .changed: .changed
        case .ended: .ended
        case .cancelled: .cancelled
        case .possible, .failed: nil
        }
    }
}

extension PanInteraction: NodeReferencing {}
