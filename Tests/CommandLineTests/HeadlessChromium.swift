import Foundation
import WayfinderTestSupport

/// A real Chromium, run headless on a page: the DOM it built, and a screenshot of it.
///
/// `Scripts/bootstrap` installs the `chromium` package. Each run gets its own profile directory,
/// so that tests running side by side do not share (and lock) one; every host name resolves to
/// nothing (only the loopback address, where a test serves a site, is reached), so that a page
/// which asked the network for something would show it.
enum HeadlessChromium {
    /// Where screenshots are kept for people to look at after the tests:
    /// `.build/artefacts/<directory>/`.
    static func artefactsDirectory(_ directory: String) throws -> URL {
        let url = Fixtures.packageRoot.appendingPathComponent(".build/artefacts/\(directory)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The program: `chromium` on the path.
    static func executable() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("chromium")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw WayfinderProcess.Failure(description: "no 'chromium' on PATH: run Scripts/bootstrap")
    }

    /// Runs Chromium headless with `arguments` after the common ones, in a fresh profile.
    private static func run(_ arguments: [String]) throws -> ProcessOutcome {
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let outcome = try WayfinderProcess.execute(
            executable(),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--hide-scrollbars",
                "--user-data-dir=\(profile.path)", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
            ] + arguments,
            timeout: 120)
        guard outcome.exitCode == 0 else {
            throw WayfinderProcess.Failure(
                description: "chromium \(arguments) ended with \(outcome.exitCode): \(outcome.standardError)")
        }
        return outcome
    }

    /// How long, in the page's own time, a page that builds itself with script (DocC's) is given
    /// before the DOM or the screenshot is taken. Chromium's virtual time runs as fast as the
    /// page lets it: this is a budget, not a wait.
    static let scriptBudget = "--virtual-time-budget=10000"

    /// The page's DOM after it loaded and its script ran, as Chromium serialises it.
    static func dom(of page: URL, waitingForScripts: Bool = false) throws -> String {
        try run((waitingForScripts ? [scriptBudget] : []) + ["--dump-dom", page.absoluteString]).standardOutput
    }

    /// Takes a screenshot of the page (`width` × `height` pixels) into `file`, and returns the
    /// PNG's size in pixels, read from its header.
    @discardableResult
    static func screenshot(
        of page: URL, to file: URL, width: Int = 1280, height: Int = 1600, waitingForScripts: Bool = false
    ) throws -> (
        width: Int, height: Int
    ) {
        try? FileManager.default.removeItem(at: file)
        _ = try run(
            (waitingForScripts ? [scriptBudget] : [])
                + ["--screenshot=\(file.path)", "--window-size=\(width),\(height)", page.absoluteString])
        let data = try Data(contentsOf: file)
        // A PNG: the signature, then the IHDR chunk whose first fields are width and height.
        guard data.count > 24, data.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw WayfinderProcess.Failure(description: "\(file.path) is not a PNG")
        }
        func integer(at offset: Int) -> Int {
            data[(data.startIndex + offset)..<(data.startIndex + offset + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        return (integer(at: 16), integer(at: 20))
    }

    /// The values of one attribute of the elements a pattern finds, in document order, unescaped.
    ///
    /// - Parameters:
    ///   - dom: The serialised DOM.
    ///   - element: The start of the elements' tags, up to the attribute list (`<g class="event `).
    ///   - attribute: The attribute's name.
    static func attributes(_ attribute: String, ofElementsStartingWith element: String, in dom: String) -> [String] {
        var values: [String] = []
        var rest = dom[...]
        while let start = rest.range(of: element) {
            let tagEnd = rest[start.upperBound...].firstIndex(of: ">") ?? rest.endIndex
            let tag = rest[start.lowerBound..<tagEnd]
            if let name = tag.range(of: " \(attribute)=\"") {
                let valueEnd = tag[name.upperBound...].firstIndex(of: "\"") ?? tag.endIndex
                values.append(unescaped(String(tag[name.upperBound..<valueEnd])))
            }
            rest = rest[tagEnd...]
        }
        return values
    }

    /// Text with the character references Chromium writes turned back into characters.
    static func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
