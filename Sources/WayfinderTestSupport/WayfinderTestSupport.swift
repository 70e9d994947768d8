// The scripted devices the project's tests write their input with are the public testing
// library's: the project tests itself with what its users test with.
@_exported public import WayfinderTesting

/// The WayfinderTestSupport module.
///
/// See the module's documentation catalog for its design.
public enum WayfinderTestSupportModule {}
