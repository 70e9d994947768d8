extension WayfinderModule {
    /// The package's version, as `wayfinder --version` and the manual pages print it: semantic
    /// versioning, defined here and nowhere else.
    public static let version = "0.1.0"
}
