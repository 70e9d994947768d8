public import Foundation

/// Locates the files tests read: the bundled recordings and scenes, found from this source file's
/// place in the package so that tests run from any working directory.
public enum Fixtures {
    /// The package's root directory.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // WayfinderTestSupport
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()

    /// The bundled real recordings (`keyboard/`, `mouse/`, `touchpad/`, `touchscreen/`), with their
    /// licences and `SOURCES.md`.
    public static let recordingsDirectory: URL = packageRoot.appendingPathComponent(
        "Sources/Wayfinder/Resources/Recordings"
    )

    /// Returns the URL of a bundled recording, e.g. `recording("mouse/evemu-devices_saitek-rat5.events")`.
    public static func recording(_ relativePath: String) -> URL {
        recordingsDirectory.appendingPathComponent(relativePath)
    }

    /// The directory of test-only fixtures (malformed files, scenes, synthetic logs).
    public static let testFixturesDirectory: URL = packageRoot.appendingPathComponent("Tests/Fixtures")

    /// Returns the URL of a test-only fixture under `Tests/Fixtures`.
    public static func testFixture(_ relativePath: String) -> URL {
        testFixturesDirectory.appendingPathComponent(relativePath)
    }
}
