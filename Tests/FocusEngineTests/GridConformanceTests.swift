import EventModel
import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

/// The 2×2 button grid of AOSP's CTS `FocusFinderTest` (sizes normalised to 100×100) and the
/// 2×2 grid of Flutter's traversal tests, run through the focus system.
@Suite struct GridConformanceTests {
    static let names = ["topLeft", "topRight", "bottomLeft", "bottomRight"]

    /// A 2×2 grid of 100×100 buttons; with `groups`, the named cells are groups of their own.
    static func grid(groups: Set<String> = [], direction: LayoutDirection = .leftToRight) -> (
        FocusSystem, [String: FocusNode]
    ) {
        let root = FocusNode(id: "layout", frame: Rect(x: 0, y: 0, width: 200, height: 200))
        var nodes: [String: FocusNode] = [:]
        for (index, name) in names.enumerated() {
            let node = root.add(name, Double(index % 2) * 100, Double(index / 2) * 100, 100, 100)
            if groups.contains(name) { node.declaredFocusGroup = name }
            nodes[name] = node
        }
        return (FocusSystem(root: root, configuration: FocusConfiguration(layoutDirection: direction)), nodes)
    }

    /// `testFindNextFocus`: clockwise around the grid, and left/right with equal borders.
    @Test(arguments: [
        ("topLeft", FocusHeading.right, "topRight"),
        ("topRight", .down, "bottomRight"),
        ("bottomRight", .left, "bottomLeft"),
        ("bottomLeft", .up, "topLeft"),
        ("topRight", .left, "topLeft"),
        ("bottomLeft", .right, "bottomRight"),
    ])
    func arrowsAroundTheGrid(from: String, heading: FocusHeading, expected: String) throws {
        for rule in [DirectionalSearch.precise, .proximity] {
            let (system, nodes) = Self.grid()
            system.configuration.directionalSearch = rule
            system.focus(try #require(nodes[from]))
            #expect(system.moveFocus(heading).moved)
            #expect(system.focusedName == expected, "\(rule)")
        }
    }

    /// `testFindNextFocusFromRect`: a small rectangle on the border between two buttons.
    @Test(arguments: [
        (Rect(left: 75, top: 25, right: 125, bottom: 75), FocusHeading.left, 0),
        (Rect(left: 75, top: 25, right: 125, bottom: 75), .right, 1),
        (Rect(left: 25, top: 75, right: 75, bottom: 125), .up, 0),
        (Rect(left: 25, top: 75, right: 75, bottom: 125), .down, 2),
    ])
    func searchFromARectangle(source: Rect, heading: FocusHeading, expected: Int) {
        let buttons = (0..<4).map {
            Rect(x: Double($0 % 2) * 100, y: Double($0 / 2) * 100, width: 100, height: 100)
        }
        #expect(
            DirectionalRules.bestCandidate(from: source, heading: heading, among: buttons, rule: .proximity) == expected
        )
        #expect(
            DirectionalRules.bestCandidate(from: source, heading: heading, among: buttons, rule: .precise) == expected)
    }

    /// `testFindNextCluster`: top left, top right and bottom left are clusters (focus groups);
    /// forward goes TL → TR → BL → the root (where the bottom right lives), as in Android.
    @Test func tabVisitsClustersThenTheRoot() throws {
        let (system, _) = Self.grid(groups: ["topLeft", "topRight", "bottomLeft"])
        #expect(system.tabLoopGroups == ["topLeft", "topRight", "bottomLeft", nil])
        let forward = try system.press("Tab Tab Tab Tab Tab").map { $0.events.first }
        #expect(
            forward == [
                .focus(from: nil, to: "topLeft", heading: .next),
                .focus(from: "topLeft", to: "topRight", heading: .next),
                .focus(from: "topRight", to: "bottomLeft", heading: .next),
                .focus(from: "bottomLeft", to: "bottomRight", heading: .next),
                .focus(from: "bottomRight", to: "topLeft", heading: .next),
            ]
        )
        // Backward from the first cluster goes to the root, as Android's cluster search does.
        try system.press("Shift+Tab")
        #expect(system.focusedName == "bottomRight")
        try system.press("Shift+Tab Shift+Tab")
        #expect(system.focusedName == "topRight")
    }

    /// Flutter's 2×2 grid: Tab UL→UR→LL→LR→UL, Shift-Tab the reverse, arrows around.
    @Test func flutterGridTabOrderAndArrows() throws {
        let (system, nodes) = Self.grid(groups: Set(Self.names))
        #expect(system.tabLoopGroups == ["topLeft", "topRight", "bottomLeft", "bottomRight"])
        system.focus(try #require(nodes["topLeft"]))
        var visited: [String] = []
        for _ in 0..<4 {
            try system.press("Tab")
            visited.append(system.focusedName ?? "nil")
        }
        #expect(visited == ["topRight", "bottomLeft", "bottomRight", "topLeft"])
        visited.removeAll()
        for _ in 0..<4 {
            try system.press("Shift+Tab")
            visited.append(system.focusedName ?? "nil")
        }
        #expect(visited == ["bottomRight", "bottomLeft", "topRight", "topLeft"])
        // With one group per cell, arrows stay inside the cell's group; in one group they go round.
        let (single, singleNodes) = Self.grid()
        single.focus(try #require(singleNodes["topLeft"]))
        visited.removeAll()
        for key in ["Right", "Down", "Left", "Up"] {
            try single.press(key)
            visited.append(single.focusedName ?? "nil")
        }
        #expect(visited == ["topRight", "bottomRight", "bottomLeft", "topLeft"])
    }

    /// The same grid right to left: Tab goes leading to trailing, arrows stay physical.
    @Test func rightToLeftGrid() throws {
        let (system, _) = Self.grid(groups: Set(Self.names), direction: .rightToLeft)
        #expect(system.tabLoopGroups == ["topRight", "topLeft", "bottomRight", "bottomLeft"])
        let (single, singleNodes) = Self.grid(direction: .rightToLeft)
        single.focus(try #require(singleNodes["topLeft"]))
        try single.press("Right")
        #expect(single.focusedName == "topRight")
    }
}

/// Three WICG spatial-navigation UX cases (`tests/ux`), which score distances differently from
/// both of our rules. They document where the rules agree with the WICG expectation and where
/// they knowingly do not: (source, heading, candidates, expected by WICG, precise, proximity).
@Suite struct WICGDivergenceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let source: Rect
        let heading: FocusHeading
        let candidates: [Rect]
        let wicg: Int
        let precise: Int?
        let proximity: Int?
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // grid-001: purple straight below beats green, which only touches the column's edge.
        Case(
            name: "grid-001", source: Rect(x: 200, y: 0, width: 100, height: 100), heading: .down,
            candidates: [
                Rect(x: 100, y: 100, width: 100, height: 100), Rect(x: 200, y: 200, width: 100, height: 100),
            ], wicg: 1, precise: 1, proximity: 0),
        // grid-align-004: a tiny box just below wins over an aligned box a little further.
        Case(
            name: "grid-align-004", source: Rect(x: 220, y: 150, width: 80, height: 40), heading: .down,
            candidates: [
                Rect(x: 295, y: 192, width: 4, height: 4), Rect(x: 220, y: 198, width: 80, height: 40),
            ],
            wicg: 0, precise: 0, proximity: 1),
        // intersected-002: WICG favours the box overlapping more; both rules pick the better-aligned one.
        Case(
            name: "intersected-002", source: Rect(x: 50, y: 125, width: 200, height: 270), heading: .right,
            candidates: [
                Rect(x: 250, y: 10, width: 100, height: 420), Rect(x: 220, y: 310, width: 150, height: 150),
            ], wicg: 1, precise: 0, proximity: 0),
    ]

    @Test(arguments: cases)
    func documentedOutcome(_ example: Case) {
        #expect(
            DirectionalRules.bestCandidate(
                from: example.source, heading: example.heading, among: example.candidates, rule: .precise)
                == example.precise)
        #expect(
            DirectionalRules.bestCandidate(
                from: example.source, heading: example.heading, among: example.candidates, rule: .proximity)
                == example.proximity)
    }
}
