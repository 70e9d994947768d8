import Foundation
import Testing
import WayfinderTestSupport

/// `wayfinder navigate`, run as a process on the bundled test scenes.
@Suite struct NavigateCommandTests {
    static let photos = Fixtures.testFixture("scenes/photos.scene.json").path

    @Test func printsOneLinePerKey() throws {
        let outcome = try WayfinderProcess.run([
            "navigate", "--scene", Self.photos, "--keys", "Tab Tab Down Down Down Return Tab Right Right Right",
        ])
        #expect(outcome.exitCode == 0)
        #expect(outcome.standardError.isEmpty)
        #expect(
            outcome.outputLines == [
                "Tab  search",
                "Tab  recents",
                "Down  favorites  select favorites",
                "Down  people  select people",
                "Down  new-album",
                "Return  new-album  select new-album",
                "Tab  photo-1",
                "Right  photo-2",
                "Right  photo-3",
                "Right  photo-3",
            ]
        )
    }

    @Test func jsonLinesFollowTheContract() throws {
        let outcome = try WayfinderProcess.run([
            "navigate", "--scene", Self.photos, "--focus", "recents", "--keys", "Down Up Up", "--json",
        ])
        #expect(outcome.exitCode == 0)
        let objects = try outcome.outputLines.map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(objects.count == 3)
        #expect(objects.map { $0["key"] as? String } == ["Down", "Up", "Up"])
        #expect(objects.map { $0["focused"] as? String } == ["favorites", "recents", "recents"])
        #expect(objects.map { $0["moved"] as? Bool } == [true, true, false])
        let events = try #require(objects[0]["events"] as? [[String: Any]])
        #expect(events.map { $0["type"] as? String } == ["focus", "select"])
        #expect(events[0]["from"] as? String == "recents")
        #expect(events[0]["heading"] as? String == "down")
        #expect(events[1]["item"] as? String == "favorites")
    }

    @Test func fullKeyboardAccessAndSearchOverride() throws {
        let outcome = try WayfinderProcess.run([
            "navigate", "--scene", Self.photos, "--fka", "--search", "proximity", "--keys",
            "Tab Tab Tab+Z Return Tab+F text:photo",
        ])
        #expect(outcome.exitCode == 0)
        #expect(
            outcome.outputLines == [
                "Tab  search",
                "Tab  settings",
                "Tab+Z  settings  actions menu of settings: Open",
                "Return  settings  action settings: Open (menu)",
                "Tab+F  settings",
                "text:photo  photo-1",
            ]
        )
    }

    /// The Full Keyboard Access article's Shape Shuffle: below the focused card a read-only score
    /// label, below that a labelled image.
    @Test func fullKeyboardAccessReachesTheLabelledImageAndSkipsTheReadOnlyLabel() throws {
        let scene = Fixtures.testFixture("scenes/shape-shuffle.scene.json").path
        let withAccess = try WayfinderProcess.run([
            "navigate", "--scene", scene, "--fka", "--focus", "card1", "--keys", "Down Space Right Space",
        ])
        #expect(withAccess.exitCode == 0)
        #expect(withAccess.standardError.isEmpty)
        #expect(
            withAccess.outputLines == [
                "Down  circle",
                "Space  circle  action circle: activate (key)",
                "Right  triangle",
                "Space  triangle  action triangle: rotate (key)",
            ]
        )
        // Without Full Keyboard Access only the card can be focused: Down finds nothing.
        let without = try WayfinderProcess.run(["navigate", "--scene", scene, "--focus", "card1", "--keys", "Down"])
        #expect(without.exitCode == 0)
        #expect(without.outputLines == ["Down  card1"])
    }

    @Test func debuggerExplainsFocusability() throws {
        let outcome = try WayfinderProcess.run([
            "navigate", "--scene", Self.photos, "--debug", "focusability", "settings",
        ])
        #expect(outcome.exitCode == 0)
        #expect(
            outcome.outputLines == [
                "\"settings\" cannot be focused:",
                "  - it is not focusable: canBecomeFocused is false (no focusable setting, and no collection allows focus)",
                "  - it is a control: controls become focusable with Full Keyboard Access",
            ]
        )
        let loop = try WayfinderProcess.run(["navigate", "--scene", Self.photos, "--debug", "loop"])
        #expect(loop.outputLines.first == "1. search (\"automatic:search\")")
    }

    @Test func badKeysAreAUsageError() throws {
        let outcome = try WayfinderProcess.run(["navigate", "--scene", Self.photos, "--keys", "Tab Sideways"])
        #expect(outcome.exitCode == 64)
        #expect(outcome.standardOutput.isEmpty)
        #expect(
            outcome.errorLines.first
                == "Error: Invalid value for '--keys': key 2 (\"Sideways\"): \"Sideways\" is not a key name")
        let misspelt = try WayfinderProcess.run(["navigate", "--scene", Self.photos, "--keys", "Tabb Ctrl+Down"])
        #expect(misspelt.exitCode == 64)
        #expect(
            misspelt.errorLines.first
                == "Error: Invalid value for '--keys': key 1 (\"Tabb\"): \"Tabb\" is not a key name; did you mean \"Tab\"?"
        )
        let modifier = try WayfinderProcess.run(["navigate", "--scene", Self.photos, "--keys", "Shft+Tab"])
        #expect(
            modifier.errorLines.first
                == "Error: Invalid value for '--keys': key 1 (\"Shft+Tab\"): \"Shft\" is not a modifier "
                + "(Ctrl, Alt, Shift, Meta, or Tab for Full Keyboard Access); did you mean \"Shift\"?")
        let missing = try WayfinderProcess.run(["navigate", "--keys", "Tab"])
        // Issue 26: a misspelt id gets the closest of the scene's.
        for (arguments, option) in [
            (["--focus", "phto-3", "--keys", "Tab"], "--focus"),
            (["--debug", "focusability", "phto-3"], "--debug focusability"),
        ] {
            let outcome = try WayfinderProcess.run(["navigate", "--scene", Self.photos] + arguments)
            #expect(outcome.exitCode == 1)
            #expect(
                outcome.errorLines == [
                    "Error: \(Self.photos): \(option): the scene has no node with the id \"phto-3\"; did you mean \"photo-3\"?"
                ])
        }
        #expect(missing.exitCode == 64)
        #expect(missing.errorLines.first == "Error: Missing expected option '--scene SCENE'")
    }

    @Test func badScenesAndFocusAreFailuresNamingThePlace() throws {
        let duplicate = Fixtures.testFixture("scenes/duplicate-id.scene.json").path
        let outcome = try WayfinderProcess.run(["navigate", "--scene", duplicate, "--keys", "Tab"])
        #expect(outcome.exitCode == 1)
        #expect(
            outcome.errorLines == [
                "Error: \(duplicate):9: node \"photo\", field \"id\": the id is already used on line 8"
            ])
        let focus = try WayfinderProcess.run([
            "navigate", "--scene", Self.photos, "--focus", "placeholder", "--keys", "Tab",
        ])
        #expect(focus.exitCode == 1)
        #expect(
            focus.standardError.hasPrefix("Error: \(Self.photos): --focus: the node \"placeholder\" cannot be focused"))
        let warnings = Fixtures.testFixture("scenes/unknown-fields.scene.json").path
        let warned = try WayfinderProcess.run(["navigate", "--scene", warnings, "--keys", "Tab"])
        #expect(warned.exitCode == 0)
        #expect(warned.outputLines == ["Tab  cell"])
        #expect(warned.errorLines.count == 3)
        #expect(warned.errorLines.allSatisfy { $0.hasPrefix("warning: \(warnings):") })
    }
}

@Suite struct NavigateDebugRequestTests {
    @Test func simulatedRequestFromTheSidebar() throws {
        let outcome = try WayfinderProcess.run([
            "navigate", "--scene", NavigateCommandTests.photos, "--debug", "request", "sidebar",
        ])
        #expect(outcome.exitCode == 0)
        #expect(outcome.outputLines.first == "Simulating a focus update request from \"sidebar\":")
        #expect(outcome.outputLines.last == "Focus would move to \"recents\".")
        let missing = try WayfinderProcess.run([
            "navigate", "--scene", NavigateCommandTests.photos, "--debug", "request",
        ])
        #expect(missing.exitCode == 64)
        #expect(missing.errorLines.first == "Error: Missing value for '--debug request'")
    }
}

@Suite struct NavigateTraceTests {
    @Test func traceGoesToStandardError() throws {
        let outcome = try WayfinderProcess.run([
            "navigate", "--scene", NavigateCommandTests.photos, "--focus", "photo-3", "--keys", "Right Left", "--trace",
        ])
        #expect(outcome.exitCode == 0)
        #expect(outcome.outputLines == ["Right  photo-3", "Left  photo-2"])
        #expect(
            outcome.errorLines == [
                "focus: photo-3 → nothing (right)",
                "focus: photo-3 → photo-2 (left)",
            ]
        )
    }
}
