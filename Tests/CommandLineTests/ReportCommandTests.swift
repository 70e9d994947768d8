import EventModel
import Foundation
import Testing
import Wayfinder
import WayfinderTestSupport

/// `wayfinder report`, rendered in a real headless Chromium: the pictures hold what the recording
/// and the stream hold, and the page asks the network for nothing.
///
/// Screenshots are kept in `.build/artefacts/report/` for people to look at.
@Suite struct ReportCommandTests {
    /// One bundled session to draw.
    struct Session: CustomTestStringConvertible, Sendable {
        /// The screenshot's name.
        var name: String
        /// The recordings with their descriptions, as `replay` takes them.
        var recordings: [String]
        /// Extra options for both `report` and `replay`.
        var options: [String] = []
        var testDescription: String { name }
    }

    static let recordings = Fixtures.recordingsDirectory.path
    static let demo = Fixtures.packageRoot.appendingPathComponent("Sources/Wayfinder/Resources/Demo").path
    static let demoScene = demo + "/demo-scene.json"

    static let sessions: [Session] = [
        Session(
            name: "touchpad-tap", recordings: [recordings + "/touchpad/evemu-devices_alps-glidepoint.single-tap.evemu"]),
        Session(
            name: "two-finger-scroll",
            recordings: [
                recordings + "/touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events", "--desc",
                recordings + "/touchpad/xit_synaptics-clickpad.desc",
            ]),
        Session(name: "pinch", recordings: [demo + "/demo-pinch.evemu"]),
        Session(name: "touchscreen-swipe", recordings: [demo + "/demo-swipe.evemu"]),
        Session(
            name: "keyboard",
            recordings: [recordings + "/keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard.evemu"],
            options: ["--show-keycodes"]),
    ]

    /// Writes a report and returns its file, after checking that nothing in it names the network.
    static func report(_ arguments: [String], name: String) throws -> URL {
        let page = try HeadlessChromium.artefactsDirectory("report").appendingPathComponent("\(name).html")
        let outcome = try WayfinderProcess.run(["report"] + arguments + ["-o", page.path])
        #expect(outcome.exitCode == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.isEmpty)
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.lowercased().contains("http"), "the page would reach for the network")
        return page
    }

    /// The contacts of every touch device of the recordings, from `replay --raw --json`: for each
    /// contact in landing order, how many frames gave it a position (the frame it landed in,
    /// and each frame that moved it).
    static func contactPoints(_ recordings: [String]) throws -> [Int] {
        let outcome = try WayfinderProcess.run(["replay", "--raw", "--json"] + recordings)
        #expect(outcome.exitCode == 0)
        var counts: [Int] = []
        // Per device: the current slot, and each slot's contact and whether it moved.
        var slot: [String: Int] = [:]
        var contact: [String: [Int: Int]] = [:]
        for line in outcome.outputLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let device = try #require(object["deviceID"] as? String)
            let events = try #require(object["events"] as? [[Int]])
            var moved = Set<Int>()
            for event in events where event[0] == 3 {  // EV_ABS
                let current = slot[device, default: 0]
                switch event[1] {
                case 0x2f: slot[device] = event[2]  // ABS_MT_SLOT
                case 0x39:  // ABS_MT_TRACKING_ID
                    if event[2] >= 0 {
                        counts.append(0)
                        contact[device, default: [:]][current] = counts.count - 1
                        moved.insert(current)
                    } else {
                        contact[device, default: [:]][current] = nil
                    }
                case 0x35, 0x36: moved.insert(current)  // ABS_MT_POSITION_X, _Y
                default: break
                }
            }
            for moving in moved.sorted() {
                if let index = contact[device]?[moving] { counts[index] += 1 }
            }
        }
        return counts
    }

    @Test(arguments: sessions)
    func drawsEveryContactAndEveryEventOnce(_ session: Session) throws {
        let page = try Self.report(session.recordings + session.options, name: session.name)
        let dom = try HeadlessChromium.dom(of: page)
        // One path per contact, with the recording's number of points.
        let points = HeadlessChromium.attributes(
            "data-points", ofElementsStartingWith: "<path class=\"contact\"", in: dom)
        let drawn = HeadlessChromium.attributes(
            "data-drawn", ofElementsStartingWith: "<path class=\"contact\"", in: dom)
        let paths = HeadlessChromium.attributes("d", ofElementsStartingWith: "<path class=\"contact\"", in: dom)
        let expected = try Self.contactPoints(session.recordings)
        #expect(points.compactMap(Int.init) == expected)
        // Short paths are drawn whole: every point a vertex.
        #expect(drawn.compactMap(Int.init) == expected)
        #expect(paths.map { $0.filter { $0 == "M" || $0 == "L" }.count } == expected)
        // Every event of the stream once, in order.
        let stream = try WayfinderProcess.run(
            ["replay"] + session.recordings + session.options.filter { $0 != "--show-keycodes" })
        #expect(stream.exitCode == 0)
        let lines = HeadlessChromium.attributes("data-line", ofElementsStartingWith: "<g class=\"event ", in: dom)
        #expect(lines == stream.outputLines)
        #expect(!lines.isEmpty)
        let size = try HeadlessChromium.screenshot(
            of: page, to: page.deletingPathExtension().appendingPathExtension("png"))
        #expect(size.width == 1280 && size.height == 1600)
    }

    /// The Tab loop as `navigate --debug loop` prints it: number and item of each stop.
    static func tabLoop(scene: String) throws -> [String] {
        let outcome = try WayfinderProcess.run(["navigate", "--scene", scene, "--debug", "loop"])
        #expect(outcome.exitCode == 0)
        // "1. search (\"search\")" → "1 search"; the last line is "→ back to 1".
        return outcome.outputLines.dropLast().map { line in
            let number = line.prefix { $0 != "." }
            let rest = line.dropFirst(number.count + 2)
            let item = rest[..<(rest.range(of: " (", options: .backwards)?.lowerBound ?? rest.endIndex)]
            return "\(number) \(item)"
        }
    }

    static func tabStops(in dom: String) -> [String] {
        let numbers = HeadlessChromium.attributes(
            "data-number", ofElementsStartingWith: "<g class=\"tab-stop\"", in: dom)
        let items = HeadlessChromium.attributes("data-item", ofElementsStartingWith: "<g class=\"tab-stop\"", in: dom)
        return zip(numbers, items).map { "\($0) \($1)" }
    }

    @Test func drawsTheDemoOnItsSceneWithItsTabLoop() throws {
        let page = try Self.report(["--demo"], name: "demo")
        let dom = try HeadlessChromium.dom(of: page)
        let loop = try Self.tabLoop(scene: Self.demoScene)
        #expect(!loop.isEmpty)
        #expect(Self.tabStops(in: dom) == loop)
        // Every event of the demo's stream once, in order.
        let demo = try Demo.load()
        let events = try demo.replay.events(through: demo.makeRuntime())
        let expected = events.compactMap { $0.textLine() }
        let lines = HeadlessChromium.attributes("data-line", ofElementsStartingWith: "<g class=\"event ", in: dom)
        #expect(lines == expected)
        // Focus went where the stream says, and the path through the scene has one step for each.
        let focusSteps = events.filter {
            if case .focus(_, _?, _) = $0.payload { return true }
            return false
        }.count
        let steps = HeadlessChromium.attributes(
            "data-steps", ofElementsStartingWith: "<polyline class=\"focus-path\"", in: dom)
        #expect(steps == ["\(focusSteps)"])
        try HeadlessChromium.screenshot(
            of: page, to: page.deletingPathExtension().appendingPathExtension("png"), height: 3000)
    }

    @Test func drawsASceneAloneForReview() throws {
        let page = try Self.report(["--scene", Self.demoScene], name: "scene")
        let dom = try HeadlessChromium.dom(of: page)
        #expect(Self.tabStops(in: dom) == (try Self.tabLoop(scene: Self.demoScene)))
        // No session: no surface, no timeline.
        #expect(!dom.contains("class=\"timeline\""))
        #expect(!dom.contains("class=\"surface\""))
        try HeadlessChromium.screenshot(of: page, to: page.deletingPathExtension().appendingPathExtension("png"))
    }
}
