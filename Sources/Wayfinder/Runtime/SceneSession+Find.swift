extension SceneSession {
    /// The Find query of the scene's focus system while Find is open.
    var findQuery: String? { focus?.findQuery }
}
