import Foundation
import Testing
import WayfinderTestSupport

/// The demo's synthesized gesture recordings: checked in under `Sources/Wayfinder/Resources/Demo/`
/// as evemu files, and fresh.
@Suite struct DemoStreamsTests {
    static let directory = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo")

    /// Compares the checked-in file with the scripted one. With `WAYFINDER_WRITE_DEMO_STREAMS=1` in
    /// the environment (`Scripts/generate-demo-streams`), writes it first.
    @Test(arguments: DemoStreams.files.map(\.name))
    func theCheckedInRecordingIsTheScriptedOne(name: String) throws {
        let file = try #require(DemoStreams.files.first { $0.name == name })
        let url = Self.directory.appendingPathComponent(name)
        let expected = file.evemuText
        if ProcessInfo.processInfo.environment["WAYFINDER_WRITE_DEMO_STREAMS"] == "1" {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        }
        let text = try? String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "Demo/\(name) is stale: run Scripts/generate-demo-streams")
    }
}
