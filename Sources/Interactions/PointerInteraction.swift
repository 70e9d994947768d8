import EventModel

/// How a view shows the pointer over a node with a ``PointerInteraction``, as UIPointerEffect's
/// kinds.
public enum PointerEffect: String, Hashable, Sendable, CaseIterable {
    /// The node is highlighted under the pointer.
    case highlight
    /// The node lifts (is drawn raised) under the pointer.
    case lift
    /// The node is outlined and the pointer keeps its shape.
    case hover
}

/// Makes a node react to the pointer over it, as `UIPointerInteraction`: while the pointer (a
/// mouse's or a touchpad's) is over the node or one of its descendants, the node is
/// ``isHovered`` and a view shows its ``effect``.
///
/// A ``HoverGestureRecognizer`` follows the pointer; the interaction sends an `action` event named
/// `hover` with the phase `began` when the pointer comes over the node (or content scrolls the
/// node under it) and `ended` when it leaves. Moves in between change nothing a view shows, so
/// they are not reported. Hovering never stops a tap, a pan or another hover.
///
/// ```swift
/// let pointer = PointerInteraction(effect: .lift) { interaction in
///     button.isRaised = interaction.isHovered
/// }
/// button.addInteraction(pointer)
/// ```
public final class PointerInteraction: Interaction {
    /// The node the pointer hovers.
    public var node: (any InteractionNode)? { nodeReference.node }
    /// The node, without a side table for a built-in one (see `NodeReference`).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// How a view shows the pointer over the node.
    @exclusivity(unchecked) public var effect: PointerEffect
    /// Whether the pointer is over the node.
    @exclusivity(unchecked) public private(set) var isHovered = false
    /// Called when ``isHovered`` changes.
    @exclusivity(unchecked) public var onChange: (PointerInteraction) -> Void
    /// The hover recognizer.
    public let hover: HoverGestureRecognizer

    /// Creates a pointer interaction.
    /// - Parameters:
    ///   - effect: How a view shows the pointer over the node.
    ///   - onChange: Called when ``isHovered`` changes.
    public init(effect: PointerEffect = .highlight, onChange: @escaping (PointerInteraction) -> Void = { _ in }) {
        self.effect = effect
        self.onChange = onChange
        hover = HoverGestureRecognizer(name: "pointer.hover")
        hover.setOwner(target: { [unowned self] in handle($0) })
    }

    deinit { hover.removeOwner() }

    public func willMove(to node: (any InteractionNode)?) {
        self.node?.removeGestureRecognizer(hover)
        isHovered = false
    }

    public func didMove(to node: (any InteractionNode)?) {
        nodeReference.set(node, attachedInteraction: self)
        node?.addGestureRecognizer(hover)
    }

    private func handle(_ recognizer: GestureRecognizer) {
        let phase: GesturePhase
        switch recognizer.state {
        case .began:
            phase = .began
        case .ended, .cancelled:
            phase = .ended
        case .possible, .changed, .failed:
            return
        }
        guard let node, isHovered != (phase == .began) else { return }
        isHovered = phase == .began
        onChange(self)
        recognizer.system?.send(
            .action(ActionEvent(item: node.identifier, name: "hover", phase: phase)), at: recognizer.time)
    }
}

extension PointerInteraction: NodeReferencing {}
