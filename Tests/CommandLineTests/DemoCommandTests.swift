import EventModel
import Foundation
import Testing
import Wayfinder

@testable import wayfinder

/// `wayfinder demo` piped: each chapter's heading, then the lines of its events, for all seven
/// chapters, exactly as the library's replay of the bundled demo gives them.
@Suite struct DemoCommandTests {
    @Test func plainOutputIsEachChapterHeadingThenItsEvents() throws {
        let result = try WayfinderProcess.run(["demo", "--plain"])
        #expect(result.exitCode == 0)
        #expect(
            result.outputLines.filter { $0.hasPrefix("== ") } == [
                "== 1/7 keyboard: Tab between groups, arrows inside them, Return selects",
                "== 2/7 clickpad: two-finger scroll down on the photo grid",
                "== 3/7 clickpad: click in the bottom-right corner, a secondary click",
                "== 4/7 mouse: the wheel scrolls in steps; press and move drags an album at once; right click opens its menu",
                "== 5/7 mouse: the pointer passes over the search field and the toolbar, which highlight under it",
                "== 6/7 touchpad: pinch out zooms the photo grid about the pointer; pinch in bounces back to its size",
                "== 7/7 touchscreen: a flick left on an album swipes to delete it",
            ])
        let demo = try Demo.load()
        let events = try demo.replay.events(through: try demo.makeRuntime())
        var expected: [String] = []
        for (index, chapter) in demo.chapters.enumerated() {
            expected.append("== \(index + 1)/\(demo.chapters.count) \(chapter.title)")
            let end = demo.chapters.indices.contains(index + 1) ? demo.chapters[index + 1].start : nil
            expected += events.filter { event in event.time >= chapter.start && end.map { event.time < $0 } ?? true }
                .compactMap { $0.textLine() }
        }
        #expect(result.outputLines == expected)
    }

    /// Issue 26: demo takes the device settings options: natural scrolling turns the demo's
    /// scrolls, exactly as the library's replay with the same settings.
    @Test func takesTheDeviceSettingsOptions() throws {
        let result = try WayfinderProcess.run(["demo", "--plain", "--natural-scrolling", "--left-handed"])
        #expect(result.exitCode == 0)
        let demo = try Demo.load()
        var settings = Demo.settings
        settings.naturalScrolling = true
        settings.leftHanded = true
        let events = try demo.replay.events(through: try demo.makeRuntime(settings: settings))
        let lines = result.outputLines.filter { !$0.hasPrefix("== ") }
        #expect(lines == events.compactMap { $0.textLine() })
        #expect(lines != (try demo.replay.events(through: try demo.makeRuntime())).compactMap { $0.textLine() })
    }

    /// Issue 26: demo --why prints the decisions among the events, as replay --why does.
    @Test func whyPrintsTheDecisionsAmongTheEvents() throws {
        let result = try WayfinderProcess.run(["demo", "--why"])
        #expect(result.exitCode == 0)
        let demo = try Demo.load()
        let runtime = try demo.makeRuntime()
        var expected: [String] = []
        runtime.onEvent = { if let line = $0.textLine() { expected.append(line) } }
        runtime.onDecision = { expected.append($0.commandLineText()) }
        try demo.replay.run(through: runtime)
        #expect(result.outputLines.filter { !$0.hasPrefix("== ") } == expected)
        #expect(expected.contains { $0.contains(" why: ") })
        let json = try WayfinderProcess.run(["demo", "--why", "--json"])
        #expect(json.exitCode == 64)
        #expect(json.errorLines.first == "Error: '--json' and '--why' cannot be used together")
    }

    /// Issue 26: the bundled scene's path, for run --scene after an install.
    @Test func printsTheBundledScenesPath() throws {
        let result = try WayfinderProcess.run(["demo", "--print-scene-path"])
        #expect(result.exitCode == 0)
        let resources = try #require(Demo.resourcesDirectory)
        #expect(result.outputLines == [resources.appendingPathComponent("Demo/demo-scene.json").path])
        #expect(FileManager.default.fileExists(atPath: result.outputLines[0]))
    }
}
