import Foundation
import InputRecording
import Testing
import WayfinderTestSupport

/// Every Swift code block in the README, compiled as printed: each source block is a file in
/// `Examples/` (compiled with this target and run here) or the example package's test of its
/// interactions (compiled and run by `Scripts/test`), and the `Package.swift` block is loaded
/// by SwiftPM against this package.
@Suite struct ReadmeTests {
    static let readme = Fixtures.packageRoot.appendingPathComponent("README.md")
    static let examples = Fixtures.packageRoot.appendingPathComponent("Tests/ReadmeTests/Examples")
    /// The README's example of testing interactions, a test in the example package.
    static let testingExample = Fixtures.packageRoot.appendingPathComponent(
        "Examples/InteractionTests/Tests/PhotoBrowserTests/ReadmeExampleTests.swift")

    /// The README's fenced ```swift blocks, in order, without their fences.
    static func swiftBlocks() throws -> [String] {
        let text = try String(contentsOf: readme, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```swift" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else if current != nil {
                current!.append(line)
            }
        }
        return blocks
    }

    /// Whether a block is a package manifest rather than source.
    static func isManifest(_ block: String) -> Bool { block.hasPrefix("// swift-tools-version") }

    @Test func everySourceBlockIsAnExampleFileAndEveryExampleIsInTheReadme() throws {
        let blocks = try Self.swiftBlocks().filter { !Self.isManifest($0) }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.examples.path).sorted()
        let examples = try files.map {
            try String(contentsOf: Self.examples.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(files == ["RuntimeExample.swift"])
        // The testing example is a test of the example package, which Scripts/test runs.
        let testingExample = try String(contentsOf: Self.testingExample, encoding: .utf8)
        #expect(
            blocks == examples + [testingExample],
            "the README's Swift blocks differ from Tests/ReadmeTests/Examples and the testing example")
    }

    /// The testing library's article shows the same example as the README.
    @Test func theTestingArticleShowsTheTestedExample() throws {
        let article = try String(
            contentsOf: Fixtures.packageRoot.appendingPathComponent(
                "Sources/WayfinderTesting/WayfinderTesting.docc/TestingYourInteractions.md"),
            encoding: .utf8)
        let example = try String(contentsOf: Self.testingExample, encoding: .utf8)
        #expect(article.components(separatedBy: "```swift\n" + example + "```").count == 2)
    }

    @Test func theRuntimeExampleRuns() async throws {
        // The clickpad's bottom-right press, as one file (libinput record) instead of .events + .desc.
        let click = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString).yml")
        defer { try? FileManager.default.removeItem(at: click) }
        try Recording.load(
            contentsOf: Fixtures.recording("touchpad/xit_synaptics-clickpad.right-phys-click.events"),
            descriptionURL: Fixtures.recording("touchpad/xit_synaptics-clickpad.desc")
        ).write(to: click, format: .libinputRecord)
        let lines = try await focusAndActions(replaying: [
            Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo/demo-keyboard.evemu"), click,
        ])
        #expect(
            lines == [
                "focus recents", "contextMenu on photo: [\"Share\", \"Delete\"]", "focus photo", "focus recents",
                "focus albums", "focus photo", "focus albums",
            ])
    }

    @Test func thePackageManifestResolvesAgainstThisPackage() throws {
        let manifests = try Self.swiftBlocks().filter(Self.isManifest)
        #expect(manifests.count == 1)
        let manifest = try #require(manifests.first)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        let consumer = directory.appendingPathComponent("my-shell")
        try FileManager.default.createDirectory(
            at: consumer.appendingPathComponent("Sources/MyShell"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // The manifest names a clone of Wayfinder beside the package: this checkout.
        try FileManager.default.createSymbolicLink(
            at: directory.appendingPathComponent("wayfinder"), withDestinationURL: Fixtures.packageRoot)
        try Data(manifest.utf8).write(to: consumer.appendingPathComponent("Package.swift"))
        try Data("import Wayfinder\n".utf8).write(to: consumer.appendingPathComponent("Sources/MyShell/main.swift"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "swift", "package", "--package-path", consumer.path, "show-dependencies", "--format", "flatlist",
        ]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errorText)")
        #expect(outputText == "wayfinder\n")
    }
}
