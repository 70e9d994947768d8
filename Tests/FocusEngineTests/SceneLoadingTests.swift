import FocusEngine
import Geometry
import Scenes
import Testing

/// The loader reads plainly written scenes (ASCII keys without escapes, values of the expected
/// type, interaction lists repeated byte for byte) straight from the text, and everything else
/// through its general checks. These tests hold the two readings to the same results: the same
/// scene, the same warnings and the same errors, word for word and line for line.
@Suite struct SceneLoadingTests {
    static func load(_ text: String) throws(SceneError) -> LoadedScene {
        try Scene.parse(text, file: "t.json")
    }

    static func refusal(_ text: String) -> String? {
        do {
            _ = try load(text)
            return nil
        } catch {
            return error.description
        }
    }

    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try Scene.parse(bytes, file: "t.json")
            return nil
        } catch {
            return error.description
        }
    }

    /// Two cells of a grid, as generated scenes write them.
    static let plainGrid = #"""
        {"root": {"id": "w", "frame": [0, 0, 100, 50], "children": [
          {"id": "a", "role": "cell", "frame": [0, 0, 10, 10], "focusable": true, "interactions": [{"kind": "contextMenu", "actions": ["Open", "Share"]}]},
          {"id": "b", "role": "cell", "frame": [10, 0, 10, 10], "focusable": true, "interactions": [{"kind": "drag"}]}
        ]}}
        """#

    static let expectedGrid = Scene(
        root: SceneNode(
            id: "w",
            frame: Rect(x: 0, y: 0, width: 100, height: 50),
            children: [
                SceneNode(
                    id: "a", frame: Rect(x: 0, y: 0, width: 10, height: 10), role: .cell, focusable: true,
                    interactions: [.contextMenu(actions: ["Open", "Share"])], line: 2),
                SceneNode(
                    id: "b", frame: Rect(x: 10, y: 0, width: 10, height: 10), role: .cell, focusable: true,
                    interactions: [.drag], line: 3),
            ],
            line: 1
        )
    )

    @Test func plainlyWrittenCellsLoadAsWritten() throws {
        let loaded = try Self.load(Self.plainGrid)
        #expect(loaded.scene == Self.expectedGrid)
        #expect(loaded.warnings.isEmpty)
    }

    @Test func escapedKeysAndValuesLoadAsPlainOnes() throws {
        let escaped = #"""
            {"r\u006fot": {"\u0069d": "w", "fr\u0061me": [0, 0, 100, 50], "childre\u006e": [
              {"i\u0064": "a", "r\u006fle": "cell", "frame": [0, 0, 10, 10], "focus\u0061ble": true, "inter\u0061ctions": [{"kind": "contextMenu", "actions": ["Open", "Share"]}]},
              {"id": "\u0062", "role": "c\u0065ll", "frame": [10, 0, 10, 10], "focusable": true, "interactions": [{"k\u0069nd": "dr\u0061g"}]}
            ]}}
            """#
        let loaded = try Self.load(escaped)
        #expect(loaded.scene == Self.expectedGrid)
        #expect(loaded.warnings.isEmpty)
    }

    @Test func fieldsLoadInAnyOrder() throws {
        let reordered = #"""
            {"root": {"children": [
              {"interactions": [{"actions": ["Open", "Share"], "kind": "contextMenu"}], "focusable": true, "frame": [0, 0, 10, 10], "role": "cell", "id": "a"},
              {"frame": [10, 0, 10, 10], "interactions": [{"kind": "drag"}], "id": "b", "focusable": true, "role": "cell"}
            ], "frame": [0, 0, 100, 50], "id": "w"}}
            """#
        let loaded = try Self.load(reordered)
        #expect(loaded.scene == Self.expectedGrid)
        #expect(loaded.warnings.isEmpty)
    }

    @Test func everyInteractionShapeLoads() throws {
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 100, 50], "children": [
              {"id": "a", "frame": [0, 0, 1, 1], "interactions": [{"kind": "contextMenu"}, {"kind": "contextMenu", "actions": []}]},
              {"id": "b", "frame": [0, 0, 1, 1], "interactions": [{"kind": "pan"}, {"allowedScrollTypes": "discrete", "kind": "pan"}]},
              {"id": "c", "frame": [0, 0, 1, 1], "interactions": [{"kind": "secondaryAction", "action": "Info"}, {"kind": "contextMenu", "actions": ["Sh\u0061re", "D\u00e9l\u00e9ter", "Löschen"]}]},
              {"id": "d", "frame": [0, 0, 1, 1], "interactions": []}
            ]}}
            """#
        let loaded = try Self.load(text)
        #expect(loaded.warnings.isEmpty)
        #expect(
            loaded.scene.root.children.map(\.interactions) == [
                [.contextMenu(actions: []), .contextMenu(actions: [])],
                [.pan(allowedScrollTypes: .none), .pan(allowedScrollTypes: .discrete)],
                [.secondaryAction(action: "Info"), .contextMenu(actions: ["Share", "Déléter", "Löschen"])],
                [],
            ])
    }

    /// A list written again is not read again, but its warnings are given again, for each node.
    @Test func repeatedInteractionsWarnForEveryNode() throws {
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 100, 50], "children": [
              {"id": "a", "frame": [0, 0, 10, 10], "interactions": [{"kind": "drag", "colour": "red"}]},
              {"id": "b", "frame": [10, 0, 10, 10], "interactions": [{"kind": "drag", "colour": "red"}]}
            ]}}
            """#
        let loaded = try Self.load(text)
        #expect(loaded.scene.root.children.map(\.interactions) == [[.drag], [.drag]])
        #expect(
            loaded.warnings.map(\.description) == [
                "t.json:2: node \"a\": unknown field \"interactions[0].colour\" is ignored",
                "t.json:3: node \"b\": unknown field \"interactions[0].colour\" is ignored",
            ])
    }

    /// Moving past a repeated list that spans lines keeps the lines of what follows right.
    @Test func repeatedInteractionsOverSeveralLinesKeepLaterLines() {
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 100, 50], "children": [
              {"id": "a", "frame": [0, 0, 10, 10], "interactions": [
                {"kind": "drag"}
              ]},
              {"id": "b", "frame": [10, 0, 10, 10], "interactions": [
                {"kind": "drag"}
              ],
              "focusable": "yes"}
            ]}}
            """#
        #expect(
            Self.refusal(text) == "t.json:8: node \"b\", field \"focusable\": expected true or false, found a string")
    }

    /// A list repeated where it would nest too deep is refused exactly as one read there first.
    @Test func repeatedInteractionsNestTooDeepAsIfReadFresh() {
        func nested(firstMenu: String) -> String {
            var text = #"{"root": {"id": "d0", "frame": [0, 0, 1, 1], "interactions": "#
            text += #"[{"kind": "contextMenu", "actions": ["\#(firstMenu)"]}], "children": ["# + "\n"
            for level in 1..<255 {
                text += #"{"id": "d\#(level)", "frame": [0, 0, 1, 1], "#
                text += #""interactions": [{"kind": "contextMenu", "actions": ["A"]}], "children": ["# + "\n"
            }
            text += #"{"id": "leaf", "frame": [0, 0, 1, 1]}"#
            text += String(repeating: "]}", count: 254) + "]}}"
            return text
        }
        let expected = "t.json:255: invalid JSON: arrays and objects nest deeper than 512 levels"
        #expect(Self.refusal(nested(firstMenu: "A")) == expected)
        #expect(Self.refusal(nested(firstMenu: "B")) == expected)
    }

    @Test(
        arguments: [
            (
                #"[{"kind": "drag", "kind": "pan"}]"#,
                "t.json:1: invalid JSON: the key \"kind\" appears twice in one object"
            ),
            (
                #"[{"kind": "dragg"}]"#,
                "t.json:1: node \"w\", field \"interactions[0].kind\": \"dragg\" is not one of \"contextMenu\", "
                    + "\"secondaryAction\", \"drag\", \"pan\", \"swipeAction\", \"hover\"; did you mean \"drag\"?"
            ),
            (
                #"[{"kind": "contextMenu", "actions": "Open"}]"#,
                "t.json:1: node \"w\", field \"interactions[0].actions\": expected an array, found a string"
            ),
            (
                #"[{"actions": ["Open"]}]"#,
                "t.json:1: node \"w\", field \"interactions[0].kind\": this required field is missing"
            ),
            // The whole list is read before any interaction is checked.
            (#"[{"kind": "dragg"}, {"kind": ]"#, "t.json:1: invalid JSON: unexpected ']', expected a value"),
        ]
    )
    func irregularInteractionsAreRefusedWithTheGeneralMessage(interactions: String, message: String) {
        let text = #"{"root": {"id": "w", "frame": [0, 0, 1, 1], "interactions": \#(interactions)}}"#
        #expect(Self.refusal(text) == message)
    }

    @Test func aFieldOfAnotherKindIsAWarningWithASuggestion() throws {
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 1, 1], "interactions": [{"kind": "contextMenu", "action": "Open"}]}}
            """#
        let loaded = try Self.load(text)
        #expect(loaded.scene.root.interactions == [.contextMenu(actions: [])])
        #expect(
            loaded.warnings.map(\.description) == [
                "t.json:1: node \"w\": unknown field \"interactions[0].action\" is ignored; did you mean \"actions\"?"
            ])
    }

    @Test func unknownRolesWarnForEveryNode() throws {
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 1, 1], "children": [
              {"id": "a", "role": "buton", "frame": [0, 0, 1, 1]},
              {"id": "b", "role": "buton", "frame": [0, 0, 1, 1]},
              {"id": "c", "role": "cell", "frame": [0, 0, 1, 1]}
            ]}}
            """#
        let loaded = try Self.load(text)
        #expect(
            loaded.scene.root.children.map(\.role) == [NodeRole(rawValue: "buton"), NodeRole(rawValue: "buton"), .cell])
        #expect(
            loaded.warnings.map(\.description) == [
                "t.json:2: node \"a\": unknown role \"buton\" has no special meaning; did you mean \"button\"?",
                "t.json:3: node \"b\": unknown role \"buton\" has no special meaning; did you mean \"button\"?",
            ])
    }

    @Test func unknownNodeFieldsAreWarningsWithSuggestions() throws {
        let text = #"""
            {"root": {"id": "w", "frame": [0, 0, 1, 1], "focusabel": true, "colour": {"name": "red", "rgb": [1, 0, 0]}}}
            """#
        let loaded = try Self.load(text)
        #expect(loaded.scene.root.focusable == nil)
        #expect(
            loaded.warnings.map(\.description) == [
                "t.json:1: node \"w\": unknown field \"focusabel\" is ignored; did you mean \"focusable\"?",
                "t.json:1: node \"w\": unknown field \"colour\" is ignored",
            ])
    }

    @Test(
        arguments: [
            (
                #"{"root": {"id": "w", "frame": [0, 0, 1, 1], "focusable": true, "focus\u0061ble": false}}"#,
                "t.json:1: invalid JSON: the key \"focusable\" appears twice in one object"
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0, 0, 1, 1],\n \"focusable\": \"yes\"}}",
                "t.json:2: node \"w\", field \"focusable\": expected true or false, found a string"
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0, 0, 1, 1],\n \"focusable\": tru}}",
                "t.json:2: invalid JSON: unexpected 't', expected a value"
            ),
            (
                "{\"root\": {\"id\": \"w\", \"frame\": [0, 0, 1, 1], \"children\": [\n{\"id\": \"d\", \"role\": 7, \"frame\": [0, 0, 1, 1]}]}}",
                "t.json:2: node \"d\", field \"role\": expected a string, found a number"
            ),
        ]
    )
    func irregularFieldsAreRefusedWithTheGeneralMessage(text: String, message: String) {
        #expect(Self.refusal(text) == message)
    }

    /// Strings with bytes that are not UTF-8 are refused, whether they are read or skipped.
    @Test(arguments: ["label", "colour"])
    func invalidUTF8IsRefusedInReadAndSkippedValues(field: String) {
        let start = "{\"root\": {\"id\": \"w\", \"frame\": [0, 0, 1, 1],\n \"\(field)\": \"r"
        let bytes = Array(start.utf8) + [0xFF] + Array("d\"}}".utf8)
        #expect(Self.refusal(bytes) == "t.json:2: invalid JSON: a string is not valid UTF-8")
    }

    /// Ids compare as strings do: canonically equivalent ids are one id, whatever their bytes.
    @Test(
        arguments: [
            ("café", "cafe\u{301}", "café"),
            ("K", "\u{212A}", "\u{212A}"),
            ("cell-1", #"cell\u002d1"#, "cell-1"),
        ]
    )
    func equalIdsAreOneIdWhateverTheirBytes(first: String, second: String, reported: String) {
        let text = """
            {"root": {"id": "w", "frame": [0, 0, 1, 1], "children": [
              {"id": "\(first)", "frame": [0, 0, 1, 1]},
              {"id": "\(second)", "frame": [0, 0, 1, 1]}
            ]}}
            """
        #expect(Self.refusal(text) == "t.json:3: node \"\(reported)\", field \"id\": the id is already used on line 2")
    }

    @Test func nonASCIIIdsLoadAndAreReferredToAsStrings() throws {
        let text = """
            {"root": {"id": "w", "frame": [0, 0, 1, 1], "children": [
              {"id": "café", "frame": [0, 0, 1, 1], "focusEffect": {"halo": {"reference": "cafe\u{301}"}}},
              {"id": "über", "frame": [0, 0, 1, 1]}
            ]}}
            """
        let loaded = try Self.load(text)
        #expect(loaded.scene.allNodes.map(\.id) == ["w", "café", "über"])
        #expect(loaded.scene.root.children[0].focusEffect == .halo(SceneHalo(referenceNode: "cafe\u{301}")))
    }

    /// Thousands of ids (the table of ids grows several times), one of them used twice.
    @Test func aRepeatedIdAmongThousandsNamesBothLines() {
        var lines = (0..<3_000).map { #"  {"id": "cell-\#($0)", "frame": [0, 0, 1, 1]},"# }
        lines.append(#"  {"id": "cell-1234", "frame": [0, 0, 1, 1]}"#)
        let start = #"{"root": {"id": "w", "frame": [0, 0, 1, 1], "children": ["#
        let text = start + "\n" + lines.joined(separator: "\n") + "\n]}}"
        #expect(
            Self.refusal(text) == "t.json:3002: node \"cell-1234\", field \"id\": the id is already used on line 1236")
    }

    /// A key is matched as a string: one canonically equivalent to a known field is that field.
    @Test func aKeyEquivalentToAKnownFieldIsThatField() throws {
        let loaded = try Self.load(#"{"select\#u{212A}ey": "space", "root": {"id": "w", "frame": [0, 0, 1, 1]}}"#)
        #expect(loaded.scene.selectKey == .space)
        #expect(loaded.warnings.isEmpty)
    }

    /// A grid large enough for the loader to give back its children array's spare room holds
    /// every cell in order.
    @Test func aLargeGridKeepsEveryCellInOrder() throws {
        let cells = (0..<5_000).map {
            #"{"id": "c\#($0)", "frame": [\#($0), 0, 1, 1], "interactions": [{"kind": "drag"}]}"#
        }
        let start = #"{"root": {"id": "w", "frame": [0, 0, 1, 1], "children": ["#
        let text = start + cells.joined(separator: ",\n") + "]}}"
        let loaded = try Self.load(text)
        #expect(loaded.scene.root.children.map(\.id) == (0..<5_000).map { "c\($0)" })
        #expect(loaded.scene.root.children.map(\.line) == (1...5_000).map { $0 })
        #expect(loaded.scene.root.children.map(\.frame.minX) == (0..<5_000).map(Double.init))
        #expect(loaded.scene.root.children.allSatisfy { $0.interactions == [.drag] })
    }
}
