import FocusEngine
import Foundation
import Geometry
import Scenes
import Testing
import Wayfinder
import WayfinderTestSupport

@Suite struct SceneTests {
    static func load(_ name: String) throws -> LoadedScene {
        try Scene.load(contentsOf: Fixtures.testFixture("scenes/\(name)"))
    }

    static func refusal(_ text: String) -> SceneError? {
        do {
            _ = try Scene.parse(text, file: "test.json")
            return nil
        } catch {
            return error
        }
    }

    @Test func photosSceneLoadsEveryField() throws {
        let loaded = try Self.load("photos.scene.json")
        #expect(loaded.warnings.isEmpty)
        let scene = loaded.scene
        #expect(scene.size == Size(width: 1024, height: 768))
        #expect(scene.layoutDirection == .leftToRight)
        #expect(scene.selectKey == .return)
        #expect(scene.directionalSearch == .precise)
        #expect(scene.description?.contains("Three focus groups") == true)
        #expect(scene.root.children.map(\.id) == ["search", "sidebar", "grid", "settings"])

        let sidebar = try #require(scene.node(withID: "sidebar"))
        #expect(sidebar.focusGroup == "com.example.sidebar")
        #expect(sidebar.selectionFollowsFocus == true)
        #expect(sidebar.role == .list)
        #expect(sidebar.children.count == 4)

        let newAlbum = try #require(scene.node(withID: "new-album"))
        #expect(newAlbum.selectionFollowsFocus == false)
        #expect(newAlbum.frame == Rect(x: 0, y: 202, width: 240, height: 44))

        let photo = try #require(scene.node(withID: "photo-1"))
        #expect(photo.focusEffect == .halo(SceneHalo(cornerRadius: 12)))
        #expect(photo.interactions == [.contextMenu(actions: ["Share", "Delete"]), .drag])
        #expect(
            photo.actions == [
                SceneCustomAction(name: "Share"), SceneCustomAction(name: "Delete", key: "Ctrl+Backspace"),
            ])

        let grid = try #require(scene.node(withID: "grid"))
        #expect(grid.scroll == SceneScroll(contentSize: Size(width: 764, height: 4000)))
        #expect(grid.allowsFocus == true)
        #expect(grid.children.count == 12)

        let placeholder = try #require(scene.node(withID: "placeholder"))
        #expect(placeholder.focusable == false)

        let settings = try #require(scene.node(withID: "settings"))
        #expect(settings.label == "Settings")
        #expect(settings.inputLabels == ["settings", "prefs", "preferences", "gear"])
        #expect(settings.actions == [SceneCustomAction(name: "Open", key: "Ctrl+,")])
        #expect(settings.focusable == nil)
        #expect(settings.respondsToUserInteraction)
        #expect(scene.allNodes.count == 1 + 1 + 5 + 13 + 1)
    }

    @Test func contractExampleLoadsWithoutWarnings() throws {
        let loaded = try Self.load("scene-contract-example.scene.json")
        #expect(loaded.warnings.isEmpty)
        #expect(
            loaded.scene.allNodes.map(\.id) == [
                "window", "search", "sidebar", "recents", "new-album", "grid", "photo-1", "placeholder", "settings",
            ])
        // The line of each node's opening brace is kept for later messages.
        #expect(loaded.scene.node(withID: "search")?.line == 10)
    }

    @Test func duplicateIDNamesBothLines() throws {
        let url = Fixtures.testFixture("scenes/duplicate-id.scene.json")
        let error = try #require(throws: SceneError.self) { try Scene.load(contentsOf: url) }
        #expect(error.nodeID == "photo")
        #expect(error.field == "id")
        #expect(error.line == 9)
        #expect(error.kind == .duplicateID(firstLine: 8))
        #expect(error.description == "\(url.path):9: node \"photo\", field \"id\": the id is already used on line 8")
    }

    @Test func negativeFrameIsRefused() throws {
        let error = try #require(throws: SceneError.self) { try Self.load("negative-frame.scene.json") }
        #expect(error.nodeID == "button")
        #expect(error.field == "frame")
        #expect(error.line == 7)
        #expect(error.kind == .negativeSize(width: -40, height: 20))
    }

    /// Issue 23 case 11: `size: [0, 0]` loaded, and a touchscreen's every contact then mapped to
    /// the origin, so its input vanished without a word.
    @Test(arguments: [("[0, 0]", "[0, 0]"), ("[800, 0]", "[800, 0]"), ("[0, 600]", "[0, 600]")])
    func anEmptySceneSizeIsRefused(size: String, shown: String) throws {
        let text = """
            {
              "size": \(size),
              "root": {"id": "root", "frame": [0, 0, 10, 10]}
            }
            """
        let error = try #require(throws: SceneError.self) { try Scene.parse(text, file: "empty.scene.json") }
        #expect(
            error.description
                == "empty.scene.json:2: field \"size\": \(shown) is empty: a scene's size must be positive, since "
                + "touchscreens map their surface onto it")
    }

    @Test func wrongTypeNamesNodeAndField() throws {
        let error = try #require(throws: SceneError.self) { try Self.load("wrong-type.scene.json") }
        #expect(error.nodeID == "cell")
        #expect(error.field == "focusable")
        #expect(error.line == 9)
        #expect(error.kind == .wrongType(expected: "true or false", found: "a string"))
    }

    @Test func unknownFieldsAreWarningsNotErrors() throws {
        let loaded = try Self.load("unknown-fields.scene.json")
        #expect(loaded.warnings.map(\.field) == ["theme", "colour", "focusEffect.halo.shadow"])
        #expect(loaded.warnings.map(\.line) == [3, 9, 10])
        #expect(loaded.warnings.map(\.nodeID) == [nil, "cell", "cell"])
        #expect(loaded.warnings.allSatisfy { $0.kind == .unknownField })
        #expect(loaded.scene.node(withID: "cell")?.focusEffect == .halo(SceneHalo(cornerRadius: 4)))
    }

    @Test func diagnosticsLeaveOutTheLineNodeAndFieldWhenUnknown() {
        let warning = SceneWarning(file: "a.scene.json", line: 3, nodeID: nil, field: "theme", kind: .unknownField)
        #expect(warning.description == "a.scene.json:3: unknown field \"theme\" is ignored")
        let inNode = SceneWarning(
            file: "a.scene.json",
            line: nil,
            nodeID: "cell",
            field: "allowsFocus",
            kind: .ignoredField(reason: "cells are not focusable")
        )
        #expect(
            inNode.description
                == "a.scene.json: node \"cell\": field \"allowsFocus\" has no effect: cells are not focusable")
        let bare = SceneError(file: "a.scene.json", line: nil, nodeID: nil, field: nil, kind: .missingField)
        #expect(bare.description == "a.scene.json: this required field is missing")
        let fieldOnly = SceneError(
            file: "a.scene.json", line: 2, nodeID: nil, field: "nodes", kind: .invalidValue("must not be empty"))
        #expect(fieldOnly.description == "a.scene.json:2: field \"nodes\": must not be empty")
    }

    @Test func missingFileIsUnreadable() throws {
        let error = try #require(throws: SceneError.self) { try Self.load("no-such.scene.json") }
        guard case .unreadable = error.kind else {
            Issue.record("expected .unreadable, got \(error.kind)")
            return
        }
        #expect(error.file.hasSuffix("no-such.scene.json"))
    }

    /// Each malformed scene is refused with the node, field and line it names.
    @Test(
        arguments: [
            // Syntax errors carry the line.
            ("{\n\"root\": {\n\"id\": \"a\",,\n}}", nil, nil, 3),
            ("{\"root\": {\"id\": \"a\", \"frame\": [0,0,1,1], \"id\": \"b\"}}", nil, nil, 1),
            ("[1, 2]", nil, "(top level)", 1),
            ("{\"size\": [10, 10]}", nil, "root", 1),
            ("{\"root\": {\"frame\": [0,0,1,1]}}", nil, "root.id", 1),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"children\": [{\"frame\": [0,0,1,1]}]}}", "w",
                "children[0].id", 1
            ),
            ("{\"root\": {\"id\": 7, \"frame\": [0,0,1,1]}}", nil, "root.id", 1),
            ("{\"root\": {\"id\": \"w\"}}", "w", "frame", 1),
            ("{\"root\": {\"id\": \"w\", \"frame\": [0,0,1]}}", "w", "frame", 1),
            ("{\"root\": {\"id\": \"w\", \"frame\": [0,0,\"1\",1]}}", "w", "frame[2]", 1),
            ("{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1],\n \"priority\": 1.5}}", "w", "priority", 2),
            ("{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"children\": {}}}", "w", "children", 1),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"children\": [{\"id\": \"c\", \"frame\": [0,0,-1,1]}]}}",
                "c", "frame", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"focusEffect\": {\"glow\": {}}}}", "w",
                "focusEffect", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"focusEffect\": {\"halo\": {\"cornerRadius\": -2}}}}",
                "w", "focusEffect.halo.cornerRadius", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"focusEffect\": {\"halo\": {\"reference\": \"ghost\"}}}}",
                "w", "focusEffect.halo.reference", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"accessibilityPath\": {\"polygon\": [[0,0],[1,1]]}}}",
                "w", "accessibilityPath.polygon", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"accessibilityPath\": {\"star\": [0,0,1,1]}}}", "w",
                "accessibilityPath", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"actions\": [{\"key\": \"Ctrl+A\"}]}}", "w",
                "actions[0].name", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"interactions\": [{\"kind\": \"swipe\"}]}}", "w",
                "interactions[0].kind", 1
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"interactions\": [{\"kind\": \"pan\", \"allowedScrollTypes\": \"some\"}]}}",
                "w", "interactions[0].allowedScrollTypes", 1
            ),
            ("{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"scroll\": {}}}", "w", "scroll.contentSize", 1),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"inputLabels\": [\"a\", 2]}}", "w", "inputLabels[1]",
                1
            ),
            (
                "{\"layoutDirection\": \"upward\", \"root\": {\"id\": \"w\", \"frame\": [0,0,1,1]}}", nil,
                "layoutDirection", 1
            ),
            ("{\"selectKey\": \"enter\", \"root\": {\"id\": \"w\", \"frame\": [0,0,1,1]}}", nil, "selectKey", 1),
            ("{\"size\": [-1, 5], \"root\": {\"id\": \"w\", \"frame\": [0,0,1,1]}}", nil, "size", 1),
            ("{\"root\": {\"id\": \"w\", \"frame\": [0,0,1e300,1]}}", "w", "frame", 1),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1], \"scroll\": {\"contentSize\": [1, 2e9]}}}", "w",
                "scroll.contentSize", 1
            ),
            ("{\"root\": {\"id\": \"w\", \"frame\": [0,0,1,1e999]}}", nil, nil, 1),
        ] as [(String, String?, String?, Int)])
    func malformedScenesAreRefused(text: String, nodeID: String?, field: String?, line: Int) throws {
        let error = try #require(Self.refusal(text))
        #expect(error.nodeID == nodeID, "\(error)")
        #expect(error.field == field, "\(error)")
        #expect(error.line == line, "\(error)")
        #expect(error.description.hasPrefix("test.json:\(line): "))
    }

    @Test func syntaxErrorIsDescribed() throws {
        let error = try #require(Self.refusal("{\"root\": tru}"))
        #expect(error.kind == .syntax("unexpected 't', expected a value"))
    }

    @Test func deepNestingIsRefusedNotCrashed() throws {
        let text = String(repeating: "[", count: 100_000)
        let error = try #require(Self.refusal(text))
        guard case .syntax(let message) = error.kind else {
            Issue.record("expected a syntax error, got \(error.kind)")
            return
        }
        #expect(message.contains("nest deeper"))
    }

    @Test func stringEscapesAndNumbersAreRead() throws {
        let text = #"""
            {"root": {"id": "caf\u00e9 \ud83d\ude00 \"q\"", "frame": [1.5e1, -2, 0.25, 1E2],
              "label": "tab\tline\nend"}}
            """#
        let scene = try Scene.parse(text).scene
        #expect(scene.root.id == "café 😀 \"q\"")
        #expect(scene.root.frame == Rect(x: 15, y: -2, width: 0.25, height: 100))
        #expect(scene.root.label == "tab\tline\nend")
        // Without a size, the root's frame gives it.
        #expect(scene.size == Size(width: 0.25, height: 100))
    }

    @Test func booleansAreNotNumbers() throws {
        let error = try #require(Self.refusal(#"{"root": {"id": "w", "frame": [0, 0, 1, 1], "focusable": 1}}"#))
        #expect(error.kind == .wrongType(expected: "true or false", found: "a number"))
        let other = try #require(Self.refusal(#"{"root": {"id": "w", "frame": [0, 0, true, 1]}}"#))
        #expect(other.kind == .wrongType(expected: "a number", found: "a boolean"))
    }

    @Test func optionalFieldsDecode() throws {
        let text = #"""
            {"layoutDirection": "rightToLeft", "selectKey": "space", "directionalSearch": "proximity",
             "root": {"id": "w", "frame": [0, 0, 100, 100], "focusSection": true, "priority": 1010,
              "focusEffect": null, "respondsToUserInteraction": false, "role": "canvas",
              "accessibilityPath": {"roundedRect": [1, 2, 3, 4, 5]},
              "interactions": [{"kind": "secondaryAction", "action": "Info"},
                               {"kind": "pan", "allowedScrollTypes": "continuous"}, {"kind": "pan"}],
              "children": [
                {"id": "e", "frame": [0, 0, 10, 10], "accessibilityPath": {"ellipse": [0, 0, 10, 10]},
                 "focusEffect": {"halo": {"cornerRadius": 3, "curve": "circular", "rect": [1, 1, 8, 8],
                                          "reference": "p", "container": "w"}}},
                {"id": "p", "frame": [0, 0, 10, 10], "accessibilityPath": {"polygon": [[0, 0], [10, 0], [5, 8]]},
                 "priority": -4}]}}
            """#
        let loaded = try Scene.parse(text)
        let scene = loaded.scene
        #expect(scene.layoutDirection == .rightToLeft)
        #expect(scene.selectKey == .space)
        #expect(scene.directionalSearch == .proximity)
        #expect(scene.root.focusSection)
        #expect(scene.root.priority == 1010)
        #expect(scene.root.focusEffect == .custom)
        #expect(scene.root.respondsToUserInteraction == false)
        #expect(scene.root.role == NodeRole(rawValue: "canvas"))
        #expect(
            scene.root.accessibilityPath == .roundedRect(Rect(x: 1, y: 2, width: 3, height: 4), cornerRadius: 5))
        #expect(
            scene.root.interactions == [
                .secondaryAction(action: "Info"), .pan(allowedScrollTypes: .continuous),
                .pan(allowedScrollTypes: .none),
            ])
        let e = try #require(scene.node(withID: "e"))
        #expect(e.accessibilityPath == .ellipse(Rect(x: 0, y: 0, width: 10, height: 10)))
        #expect(
            e.focusEffect
                == .halo(
                    SceneHalo(
                        cornerRadius: 3,
                        curve: .circular,
                        rect: Rect(x: 1, y: 1, width: 8, height: 8),
                        referenceNode: "p",
                        containerNode: "w"
                    )
                )
        )
        let p = try #require(scene.node(withID: "p"))
        #expect(
            p.accessibilityPath == .polygon([Point(x: 0, y: 0), Point(x: 10, y: 0), Point(x: 5, y: 8)]))
        // A negative priority is ignored, as UIKit ignores it, with a warning.
        #expect(p.priority == nil)
        // An unknown role is kept as written, with a warning.
        #expect(loaded.warnings.map(\.field) == ["role", "priority"])
        #expect(
            loaded.warnings.map(\.kind) == [
                .unknownRole("canvas"), .ignoredField(reason: "negative priorities are ignored"),
            ])
    }

    @Test func rectGeometry() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.maxX == 40)
        #expect(rect.maxY == 60)
        #expect(rect.center == Point(x: 25, y: 40))
        #expect(rect.intersects(Rect(x: 39, y: 59, width: 5, height: 5)))
        #expect(!rect.intersects(Rect(x: 40, y: 20, width: 5, height: 5)))
        #expect(rect.union(Rect(x: 0, y: 0, width: 1, height: 1)) == Rect(x: 0, y: 0, width: 40, height: 60))
        #expect(rect.description == "[10, 20, 30, 40]")
    }
}

@Suite struct SceneDiagnosticsTests {
    @Test func misspeltFieldsAndRolesGetSuggestions() throws {
        let loaded = try Scene.parse(
            """
            {"root": {"id": "w", "frame": [0, 0, 10, 10], "children": [
              {"id": "a", "frame": [0, 0, 5, 5], "focusabel": true, "role": "buton"},
              {"id": "b", "frame": [5, 0, 5, 5], "role": "widget"}]}}
            """, file: "t.json")
        #expect(
            loaded.warnings.map(\.description) == [
                #"t.json:2: node "a": unknown field "focusabel" is ignored; did you mean "focusable"?"#,
                #"t.json:2: node "a": unknown role "buton" has no special meaning; did you mean "button"?"#,
                #"t.json:3: node "b": unknown role "widget" has no special meaning"#,
            ])
    }

    @Test func misspeltValuesInErrorsGetSuggestions() throws {
        let error = try #require(throws: SceneError.self) {
            try Scene.parse(
                #"{"layoutDirection": "rightToLft", "root": {"id": "w", "frame": [0, 0, 1, 1]}}"#, file: "t.json")
        }
        #expect(
            error.description
                == #"t.json:1: field "layoutDirection": "rightToLft" is not one of "leftToRight", "rightToLeft"; did you mean "rightToLeft"?"#
        )
    }

    @Test func aRepeatedKeyAmongManyIsFoundOnItsLine() throws {
        // 100,000 distinct keys, then one repeated: the check is linear, and names the line.
        let keys = (0..<100_000).map { "\"k\($0)\": 1" }.joined(separator: ",\n")
        let text = "{\"root\": {\"id\": \"w\", \"frame\": [0, 0, 1, 1], \"extra\": {\n\(keys),\n\"k7\": 2}}}"
        let error = try #require(throws: SceneError.self) { try Scene.parse(text, file: "t.json") }
        #expect(error.description == #"t.json:100002: invalid JSON: the key "k7" appears twice in one object"#)
    }

    @Test func aRepeatedNodeFieldIsRefused() throws {
        let error = try #require(throws: SceneError.self) {
            try Scene.parse(
                #"{"root": {"id": "w", "frame": [0, 0, 1, 1], "label": "a",\#n "label": "b"}}"#, file: "t.json")
        }
        #expect(error.description == #"t.json:2: invalid JSON: the key "label" appears twice in one object"#)
    }

    @Test func aGeneratedSceneLoadsEveryNodeInOrder() throws {
        let count = 10_000
        let cells = (0..<count).map { index in
            #"{"id": "c\#(index)", "frame": [\#(index % 100 * 12), \#(index / 100 * 12), 10, 10], "focusable": true}"#
        }
        let text =
            #"{"root": {"id": "grid", "frame": [0, 0, 1200, 1200], "children": [\#n"#
            + cells.joined(separator: ",\n") + "\n]}}"
        let loaded = try Scene.parse(text, file: "grid.json")
        #expect(loaded.warnings == [])
        #expect(loaded.scene.root.children.map(\.id) == (0..<count).map { "c\($0)" })
        #expect(loaded.scene.root.children.map(\.line) == (0..<count).map { $0 + 2 })
        #expect(loaded.scene.root.children[101].frame == Rect(x: 12, y: 12, width: 10, height: 10))
    }
}
