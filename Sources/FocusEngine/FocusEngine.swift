/// The FocusEngine module.
///
/// See the module's documentation catalog for its design.
public enum FocusEngineModule {}
