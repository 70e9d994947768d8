/// The nodes of a tree, in tree order, with an index by identifier made on the first look-up:
/// a session that never looks a node up (a replay without focus moves) does not pay for it.
final class NodeIndex<Element: AnyObject> {
    /// Every node, in tree order.
    let all: [Element]
    /// A node's identifier.
    private let identifier: (Element) -> String
    private var byIdentifier: [String: Element]?

    /// Creates the index of `nodes`, whose identifiers `identifier` reads.
    init(_ nodes: [Element], identifier: @escaping (Element) -> String) {
        all = nodes
        self.identifier = identifier
    }

    /// The node with an identifier; of nodes sharing one (only a tree built in code can have
    /// them), the last in tree order.
    func node(withIdentifier identifier: String) -> Element? {
        if let byIdentifier { return byIdentifier[identifier] }
        var index: [String: Element] = [:]
        index.reserveCapacity(all.count)
        for node in all { index[self.identifier(node)] = node }
        byIdentifier = index
        return index[identifier]
    }
}
