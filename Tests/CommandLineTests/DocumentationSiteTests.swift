import Foundation
import Testing
import WayfinderTestSupport

/// The documentation site `Scripts/documentation` builds into `.build/documentation` (Scripts/test
/// builds it before the Swift tests), opened in a real headless Chromium: the index links every
/// module, and one page of each module renders with its title.
///
/// DocC's pages load their content with script, which Chromium does not allow from file:// URLs,
/// so the site is served on the loopback interface by Python's `http.server` for the test.
@Suite(.serialized) struct DocumentationSiteTests {
    static let site = Fixtures.packageRoot.appendingPathComponent(".build/documentation")

    /// Every module with a catalog, and the page of it the test opens: an article when the catalog
    /// has one besides the module's own page, else the module's page.
    static let pages: [(module: String, article: String?)] = [
        ("Geometry", nil), ("InputEvents", nil), ("EventModel", nil), ("FileAccess", nil),
        ("InputRecording", "StreamingRecordings"), ("InputDevices", nil), ("DeviceProfiles", nil),
        ("Classification", "DeviceSettingsAndDecisions"), ("Interactions", "InteractionModel"),
        ("FocusEngine", "FocusGroupsAndTheTabLoop"), ("Scenes", "SceneFileFormat"),
        ("Accessibility", "AccessibilityBusDesign"), ("Wayfinder", "GettingStarted"),
        ("WayfinderTesting", "TestingYourInteractions"),
        ("WayfinderTestSupport", "GeneratedWorkloads"),
    ]

    /// The title a page's source gives it: its first line without `# ` (and a module page's
    /// double backticks).
    static func title(module: String, article: String?) throws -> String {
        let source = Fixtures.packageRoot.appendingPathComponent(
            "Sources/\(module)/\(module).docc/\(article ?? module).md")
        let first = try String(contentsOf: source, encoding: .utf8).prefix { $0 != "\n" }
        return first.dropFirst(2).replacingOccurrences(of: "``", with: "")
    }

    /// The text of the page's `<h1 class="title">`, tags removed.
    static func heading(in dom: String) -> String? {
        guard let start = dom.range(of: "class=\"title\""), let end = dom[start.upperBound...].range(of: "</h1>")
        else { return nil }
        var text = ""
        var inTag = true
        for character in dom[start.upperBound..<end.lowerBound] {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                text.append(character)
            }
        }
        return HeadlessChromium.unescaped(text)
    }

    /// A web server for the site on a free loopback port, serving until its standard input
    /// closes: when the server is released, or when the test process ends however it ends. (A
    /// signal would not do: the test process starts children with SIGTERM blocked.)
    final class Server {
        let process = Process()
        let input = Pipe()
        let port: Int

        init(directory: URL) throws {
            // Binds port 0, says which port it got, serves in a thread, and ends at end of input.
            let script = """
                import functools, http.server, sys, threading
                class Quiet(http.server.SimpleHTTPRequestHandler):
                    def log_message(self, *arguments): pass
                handler = functools.partial(Quiet, directory=sys.argv[1])
                server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
                print(server.server_address[1], flush=True)
                threading.Thread(target=server.serve_forever, daemon=True).start()
                sys.stdin.read()
                """
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script, directory.path]
            let output = Pipe()
            process.standardOutput = output
            process.standardInput = input
            try process.run()
            var line = Data()
            while let byte = try output.fileHandleForReading.read(upToCount: 1), !byte.isEmpty,
                byte != Data("\n".utf8)
            {
                line.append(byte)
            }
            guard let port = Int(String(decoding: line, as: UTF8.self)) else {
                try? input.fileHandleForWriting.close()
                throw WayfinderProcess.Failure(description: "the documentation server did not start")
            }
            self.port = port
        }

        func url(_ path: String) -> URL {
            URL(string: "http://127.0.0.1:\(port)/\(path)") ?? URL(fileURLWithPath: "/")
        }

        deinit {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }
    }

    @Test func theIndexAndOnePageOfEachModuleRenderWithTheirTitles() throws {
        try #require(
            FileManager.default.fileExists(atPath: Self.site.appendingPathComponent("index.html").path),
            "no site in .build/documentation: run Scripts/documentation")
        let server = try Server(directory: Self.site)
        let artefacts = try HeadlessChromium.artefactsDirectory("documentation")
        let index = try HeadlessChromium.dom(of: server.url("index.html"))
        #expect(index.contains("<h1>Wayfinder documentation</h1>"))
        let links = HeadlessChromium.attributes("href", ofElementsStartingWith: "<dt><a ", in: index)
        #expect(links == Self.pages.map { "\($0.module)/documentation/\($0.module.lowercased())" })
        try HeadlessChromium.screenshot(of: server.url("index.html"), to: artefacts.appendingPathComponent("index.png"))
        for (module, article) in Self.pages {
            let path =
                "\(module)/documentation/\(module.lowercased())/" + (article.map { $0.lowercased() } ?? "")
            let dom = try HeadlessChromium.dom(of: server.url(path), waitingForScripts: true)
            #expect(try Self.heading(in: dom) == Self.title(module: module, article: article), "\(path)")
        }
        try HeadlessChromium.screenshot(
            of: server.url("Wayfinder/documentation/wayfinder/gettingstarted"),
            to: artefacts.appendingPathComponent("getting-started.png"), waitingForScripts: true)
    }
}
