import Foundation
import Testing
import WayfinderTestSupport

@testable import wayfinder

/// `Scripts/install` with PREFIX and DESTDIR, given the built binary so that no release build is
/// needed.
@Suite struct InstallScriptTests {
    static let expectedFiles =
        [
            "usr/bin/wayfinder",
            "usr/libexec/wayfinder/wayfinder",
            "usr/libexec/wayfinder/wayfinder-benchmarks",
            "usr/share/bash-completion/completions/wayfinder",
            "usr/share/fish/vendor_completions.d/wayfinder.fish",
        ] + ManualPage.names.map { "usr/share/man/man1/\($0).1" } + ["usr/share/zsh/site-functions/_wayfinder"]

    static let script = Fixtures.packageRoot.appendingPathComponent("Scripts/install")

    static func install(into destination: URL) throws -> ProcessOutcome {
        try WayfinderProcess.execute(
            script, ["--binary", try WayfinderProcess.executableURL().path],
            environment: ["DESTDIR": destination.path, "PREFIX": "/usr"])
    }

    @Test func installsTheBinaryPagesAndCompletionsTwiceTheSame() throws {
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wayfinder-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        for _ in 0..<2 {
            let outcome = try Self.install(into: destination)
            #expect(outcome.exitCode == 0)
            #expect(outcome.standardOutput == "")
            #expect(
                outcome.errorLines == [
                    "install: installed wayfinder, \(ManualPage.names.count) manual pages and 3 completion scripts "
                        + "under \(destination.path)/usr"
                ])
            let files = try FileManager.default.subpathsOfDirectory(atPath: destination.path).filter { path in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(
                    atPath: destination.appendingPathComponent(path).path, isDirectory: &isDirectory)
                return !isDirectory.boolValue && !path.contains("Wayfinder_Wayfinder.resources")
            }
            #expect(files.sorted() == Self.expectedFiles.sorted())
        }
        let link = try FileManager.default.destinationOfSymbolicLink(
            atPath: destination.appendingPathComponent("usr/bin/wayfinder").path)
        #expect(link == "../libexec/wayfinder/wayfinder")
        let page = try String(
            contentsOf: destination.appendingPathComponent("usr/share/man/man1/wayfinder-replay.1"), encoding: .utf8)
        let checkedIn = try String(
            contentsOf: GeneratedDocumentationTests.directory.appendingPathComponent("man/wayfinder-replay.1"),
            encoding: .utf8)
        #expect(page == checkedIn)
        // The installed binary finds its bundled resources through the link.
        let demo = try WayfinderProcess.run(
            ["demo", "--plain"], executable: destination.appendingPathComponent("usr/bin/wayfinder"))
        #expect(demo.exitCode == 0)
        #expect(demo.outputLines.first == "== 1/7 keyboard: Tab between groups, arrows inside them, Return selects")
        // bench runs the benchmarks installed beside the binary.
        let bench = try WayfinderProcess.run(
            ["bench", "--list"], executable: destination.appendingPathComponent("usr/bin/wayfinder"))
        #expect(bench.exitCode == 0)
        #expect(bench.outputLines.first == "classify.mouse")
        // The demo's scene, for run --scene, wherever the resources were installed.
        let scenePath = try WayfinderProcess.run(
            ["demo", "--print-scene-path"], executable: destination.appendingPathComponent("usr/bin/wayfinder"))
        #expect(
            scenePath.outputLines == [
                destination.appendingPathComponent(
                    "usr/libexec/wayfinder/Wayfinder_Wayfinder.resources/Resources/Demo/demo-scene.json"
                ).resolvingSymlinksInPath().path
            ])
    }

    @Test func aRelativePrefixIsRefused() throws {
        let outcome = try WayfinderProcess.execute(
            Self.script, ["--binary", "/nonexistent"], environment: ["PREFIX": "usr/local"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == ["install: error: PREFIX must be an absolute path, not 'usr/local'"])
    }

    /// Issue 23, case 10: a binary path beginning with '-' failed in `dirname`, which took it for
    /// an option; it is now a path like any other.
    @Test func aBinaryPathBeginningWithADashIsAPath() throws {
        let outcome = try WayfinderProcess.execute(
            Self.script, ["--binary", "-x/wayfinder"], environment: ["PREFIX": "/usr"])
        #expect(outcome.exitCode == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.errorLines == ["install: error: no wayfinder executable at ./-x/wayfinder"])
    }
}
