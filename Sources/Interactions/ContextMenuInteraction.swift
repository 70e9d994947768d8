import Classification
public import EventModel

/// One item of a context menu.
public struct ContextMenuAction {
    /// The title shown, and printed in the `action` event's `actions`.
    public var title: String
    /// Called when the item is chosen.
    public var handler: (ContextMenuAction) -> Void

    /// Creates a menu item.
    public init(title: String, handler: @escaping (ContextMenuAction) -> Void = { _ in }) {
        self.title = title
        self.handler = handler
    }
}

/// Supplies the actions of a context menu each time it is presented.
public protocol ContextMenuInteractionDelegate: AnyObject {
    /// The actions to present, in order.
    func actions(for interaction: ContextMenuInteraction) -> [ContextMenuAction]
}

/// Presents a node's context menu on a secondary click (a right button, a clickpad's button area,
/// a two-finger click or tap) or on a long press (a finger, a pencil, or a long click with the
/// primary button), once per gesture.
///
/// Presenting emits an `action` event named `contextMenu` with the actions' titles and the
/// trigger (`secondaryClick` or `longPress`), and calls ``onPresent``.
///
/// ```swift
/// let menu = ContextMenuInteraction(actions: ["Share", "Delete"])
/// menu.onPresent = { actions, trigger in show(actions) }
/// photo.addInteraction(menu)
/// ```
public final class ContextMenuInteraction: Interaction {
    /// The node the menu belongs to.
    public var node: (any InteractionNode)? { nodeReference.node }
    /// The node, without a side table for a built-in one (see `NodeReference`).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// Supplies the actions; when nil, the fixed ``actions`` are presented.
    @exclusivity(unchecked) public weak var delegate: (any ContextMenuInteractionDelegate)?
    /// The actions presented when there is no delegate.
    public var actions: [ContextMenuAction] {
        didSet { titles = actions.map(\.title) }
    }
    /// The titles of ``actions``, kept so that presenting the fixed menu allocates nothing.
    @exclusivity(unchecked) private var titles: [String]
    /// Called when the menu is presented, with the actions and what presented them.
    @exclusivity(unchecked) public var onPresent: (([ContextMenuAction], ActionTrigger) -> Void)?

    /// The long press that presents the menu for touch and long clicks.
    public var longPress: LongPressGestureRecognizer { recognizers.longPress }
    /// The secondary click that presents the menu for pointers.
    public var secondaryClick: TapGestureRecognizer { recognizers.secondaryClick }

    private let recognizers: SecondaryActionRecognizers

    /// Creates a context-menu interaction.
    /// - Parameters:
    ///   - actions: The titles of the actions presented when there is no delegate.
    ///   - thresholds: The long press's duration and movement.
    public init(actions: [String] = [], thresholds: InteractionThresholds = InteractionThresholds()) {
        self.actions = actions.map { ContextMenuAction(title: $0) }
        titles = actions
        recognizers = SecondaryActionRecognizers(name: "context-menu", thresholds: thresholds)
        recognizers.onTrigger { [unowned self] trigger, recognizer in present(trigger: trigger, from: recognizer) }
    }

    deinit { recognizers.removeOwner() }

    public func willMove(to node: (any InteractionNode)?) {
        guard let current = self.node else { return }
        recognizers.remove(from: current)
    }

    public func didMove(to node: (any InteractionNode)?) {
        nodeReference.set(node, attachedInteraction: self)
        guard let node else { return }
        recognizers.add(to: node)
    }

    /// The actions of the menu presented last, until another is presented.
    @exclusivity(unchecked) public private(set) var presentedActions: [ContextMenuAction] = []

    /// Chooses an item of the menu presented last: calls its handler.
    /// - Parameter title: The item's title.
    /// - Returns: Whether the menu had such an item.
    @discardableResult
    public func performAction(titled title: String) -> Bool {
        guard let action = presentedActions.first(where: { $0.title == title }) else { return false }
        action.handler(action)
        return true
    }

    private func present(trigger: ActionTrigger, from recognizer: GestureRecognizer) {
        guard let node else { return }
        let provided = delegate?.actions(for: self)
        let presented = provided ?? actions
        presentedActions = presented
        onPresent?(presented, trigger)
        recognizer.system?.send(
            .action(
                ActionEvent(
                    item: node.identifier, name: "contextMenu", trigger: trigger,
                    actions: provided.map { $0.map(\.title) } ?? titles)
            ),
            at: recognizer.time
        )
    }
}

extension ContextMenuInteraction: NodeReferencing {}
