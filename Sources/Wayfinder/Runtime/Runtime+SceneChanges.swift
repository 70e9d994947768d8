import FocusEngine
public import Geometry
import Interactions
public import Scenes

/// Changing the scene while the runtime runs: nodes added, removed and moved between two inputs,
/// with hit testing and the focus engine's layout kept current. See <doc:ChangingScenes>.
extension Runtime {
    /// Moves a node to a new frame (window coordinates) in the node tree and the focus tree: the
    /// next click at a point finds what is there now, and arrow moves use the new frame. Its
    /// children keep their own frames.
    /// - Returns: false when the runtime has no scene, no node has the identifier, or it is the root.
    @discardableResult
    public func moveNode(_ identifier: String, to frame: Rect) -> Bool {
        sceneSession?.moveNode(identifier, to: frame) ?? false
    }

    /// Removes a node and its subtree: hit testing no longer finds them, focus moves skip them,
    /// and focus leaves them (silently, as when a view goes away) if one had it.
    /// - Returns: false when the runtime has no scene, no node has the identifier, or it is the root.
    @discardableResult
    public func removeNode(_ identifier: String) -> Bool {
        sceneSession?.removeNode(identifier) ?? false
    }

    /// Adds a node described as in a scene file (with its children, interactions and focus
    /// properties) under a parent, on top of the parent's children.
    /// - Returns: false when the runtime has no scene, no node has the parent's identifier, or
    ///   the scene has a node with the new node's identifier already.
    /// - Throws: `SceneError` when a key chord of the node's actions does not parse.
    @discardableResult
    public func addNode(_ node: SceneNode, to parent: String) throws(SceneError) -> Bool {
        guard let session = sceneSession, !session.hasNode(withIdentifier: node.id) else { return false }
        let scene = Scene(root: node)
        let built = SceneInteractions(scene: scene).root
        let focusNode = session.focus != nil ? try SceneFocusTree(scene: scene).root : nil
        return session.addNode(built, focusNode: focusNode, to: parent)
    }

    /// Tells the runtime that a node tree or focus tree built in code changed (nodes added,
    /// removed or moved by the application itself): hit testing and the focus engine look at
    /// the trees again. Not needed after ``moveNode(_:to:)``, ``removeNode(_:)`` or
    /// ``addNode(_:to:)``.
    public func sceneDidChange() {
        sceneSession?.treeDidChange()
    }
}

/// A runtime belongs to one thread or actor at a time (see <doc:Concurrency>): it is not
/// `Sendable`, and says so, so that the compiler refuses to share it between tasks.
@available(*, unavailable, message: "a Runtime belongs to one thread or actor; share its events instead")
extension Runtime: Sendable {}

/// A live loop belongs to the thread or actor of its runtime.
@available(*, unavailable, message: "a LiveLoop belongs to its runtime's thread or actor")
extension LiveLoop: Sendable {}
