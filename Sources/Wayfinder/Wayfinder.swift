/// The Wayfinder module: the runtime that connects devices or recordings to the classifier, the
/// interactions and the focus engine.
///
/// See the module's documentation catalog (`Wayfinder.docc`) for its design.
public enum WayfinderModule {}
