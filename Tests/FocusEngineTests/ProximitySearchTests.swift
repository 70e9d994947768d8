import EventModel
import FocusEngine
import Geometry
import Scenes
import Testing
import Wayfinder

/// Geometries and expectations from public suites, taken as data: AOSP's `FocusFinderTest`
/// (`core/tests/coretests/src/android/view/FocusFinderTest.java`, rectangles as left, top,
/// right, bottom) and Compose's 2-D traversal tests (`TwoDimensionalFocusTraversalTwoItemsTest.kt`,
/// `…ThreeItemsTest.kt`, boxes as x, y, width, height).
@Suite struct ProximitySearchTests {
    static func ltrb(_ l: Double, _ t: Double, _ r: Double, _ b: Double) -> Rect {
        Rect(left: l, top: t, right: r, bottom: b)
    }

    static func box(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect {
        Rect(x: x, y: y, width: w, height: h)
    }

    struct BetterCase: CustomTestStringConvertible, Sendable {
        let name: String
        let heading: FocusHeading
        let source: Rect
        let better: Rect
        let worse: Rect
        var testDescription: String { name }
    }

    /// `assertBetterCandidate` cases of AOSP's FocusFinderTest.
    static let betterCases: [BetterCase] = [
        BetterCase(
            name: "directlyAboveTrumpsAboveLeft", heading: .up, source: ltrb(0, 50, 20, 70),
            better: ltrb(0, 29, 20, 49), worse: ltrb(-21, 29, -1, 49)),
        BetterCase(
            name: "aboveInBeamTrumpsSlightlyCloserOutOfBeam", heading: .up, source: ltrb(0, 50, 20, 70),
            better: ltrb(0, 24, 20, 44), worse: ltrb(-21, 29, -1, 49)),
        BetterCase(
            name: "outOfBeamBeatsInBeamUp (in beam wins)", heading: .up, source: ltrb(0, 0, 50, 50),
            better: ltrb(0, -50, 50, 0), worse: ltrb(-51, -50, -1, 0)),
        BetterCase(
            name: "outOfBeamBeatsInBeamUp (still wins)", heading: .up, source: ltrb(0, 0, 50, 50),
            better: ltrb(0, -99, 50, -49), worse: ltrb(-51, -50, -1, 0)),
        BetterCase(
            name: "outOfBeamBeatsInBeamUp (threshold crossed)", heading: .up, source: ltrb(0, 0, 50, 50),
            better: ltrb(-51, -50, -1, 0), worse: ltrb(0, -100, 50, -50)),
        BetterCase(
            name: "someCandidateBetterThanNonCandidate", heading: .left, source: ltrb(0, 0, 50, 50),
            better: ltrb(-200, 0, -150, 50), worse: ltrb(51, 0, 101, 50)),
        BetterCase(
            name: "verticalFocusSearchScenario 1", heading: .down, source: ltrb(0, 109, 153, 169),
            better: ltrb(166, 169, 319, 229), worse: ltrb(0, 229, 320, 289)),
        BetterCase(
            name: "verticalFocusSearchScenario 2", heading: .down, source: ltrb(0, 91, 153, 133),
            better: ltrb(166, 133, 319, 175), worse: ltrb(0, 175, 320, 217)),
        BetterCase(
            name: "beamsOverlapMajorAxisCloserMinorAxisFurther", heading: .down, source: ltrb(0, 0, 100, 100),
            better: ltrb(0, 100, 480, 200), worse: ltrb(0, 200, 100, 300)),
        BetterCase(
            name: "musicPlaybackScenario", heading: .left, source: ltrb(227, 185, 312, 231),
            better: ltrb(195, 386, 266, 438), worse: ltrb(124, 386, 195, 438)),
        BetterCase(
            name: "outOfBeamOverlapBeatsOutOfBeamFurtherOnMajorAxis", heading: .down, source: ltrb(0, 0, 50, 50),
            better: ltrb(60, 40, 110, 90), worse: ltrb(60, 70, 110, 120)),
        BetterCase(
            name: "inBeamTrumpsOutOfBeamOverlapping", heading: .down, source: ltrb(0, 0, 50, 50),
            better: ltrb(0, 60, 50, 110), worse: ltrb(51, 1, 101, 51)),
        BetterCase(
            name: "overlappingBeatsNonOverlapping", heading: .down, source: ltrb(0, 0, 50, 50),
            better: ltrb(0, 40, 50, 90), worse: ltrb(0, 75, 50, 125)),
        BetterCase(
            name: "editContactScenario", heading: .left, source: ltrb(357, 258, 478, 318),
            better: ltrb(2, 258, 100, 318), worse: ltrb(106, 120, 424, 184)),
        BetterCase(
            name: "gridWithTouchingEdges 1", heading: .down, source: ltrb(106, 49, 212, 192),
            better: ltrb(106, 192, 212, 335), worse: ltrb(0, 192, 106, 335)),
        BetterCase(
            name: "gridWithTouchingEdges 2", heading: .down, source: ltrb(106, 49, 212, 192),
            better: ltrb(106, 192, 212, 335), worse: ltrb(212, 192, 318, 335)),
        BetterCase(
            name: "searchFromEmptyRect", heading: .down, source: ltrb(0, 0, 0, 0),
            better: ltrb(0, 0, 320, 45), worse: ltrb(0, 45, 320, 545)),
        BetterCase(
            name: "gmailReplyButtonsScenario", heading: .left, source: ltrb(223, 380, 312, 417),
            better: ltrb(102, 380, 210, 417), worse: ltrb(111, 443, 206, 480)),
        BetterCase(
            name: "gmailScenarioBug1203288", heading: .down, source: ltrb(0, 2, 480, 82),
            better: ltrb(344, 87, 475, 124), worse: ltrb(0, 130, 480, 203)),
        BetterCase(
            name: "homeShortcutScenarioBug1295354", heading: .right, source: ltrb(3, 338, 77, 413),
            better: ltrb(163, 338, 237, 413), worse: ltrb(83, 38, 157, 113)),
        BetterCase(
            name: "beamAlwaysBeatsHoriz", heading: .right, source: ltrb(0, 0, 50, 50),
            better: ltrb(150, 0, 200, 50), worse: ltrb(60, 51, 110, 101)),
    ]

    @Test(arguments: betterCases)
    func focusFinderBetterCandidate(_ example: BetterCase) {
        #expect(
            DirectionalRules.isBetterProximityCandidate(
                from: example.source, example.better, than: example.worse, heading: example.heading)
        )
        #expect(
            !DirectionalRules.isBetterProximityCandidate(
                from: example.source, example.worse, than: example.better, heading: example.heading)
        )
        // The whole search, linear and through a focus system's spatial index, agrees.
        #expect(
            DirectionalRules.bestCandidate(
                from: example.source, heading: example.heading, among: [example.worse, example.better],
                rule: .proximity) == 1)
    }

    /// AOSP's `isCandidate` cases: (heading, source, destination, expected).
    @Test(arguments: [
        (FocusHeading.up, ltrb(0, 30, 10, 40), ltrb(0, 50, 10, 60), false),  // below is not up
        (.up, ltrb(0, 30, 10, 40), ltrb(0, 20, 10, 30), true),  // sharing an edge is fine
        (.down, ltrb(0, 0, 50, 50), ltrb(0, 1, 50, 49), false),  // completely contained
        (.down, ltrb(0, 0, 50, 50), ltrb(0, 1, 50, 50), false),  // contained, common bottom
        (.down, ltrb(0, 0, 50, 50), ltrb(0, 1, 50, 51), true),  // both edges further down
        (.down, ltrb(0, 0, 50, 50), ltrb(0, 0, 50, 51), false),  // top edge not below
        (.down, ltrb(0, 0, 50, 50), ltrb(0, -1, 50, 51), false),
        (.left, ltrb(0, 0, 50, 50), ltrb(51, 0, 101, 50), false),
        (.left, ltrb(0, 0, 50, 50), ltrb(-200, 0, -150, 50), true),
        (.down, ltrb(0, 0, 0, 0), ltrb(0, 0, 20, 1), true),  // from an empty rect
        (.up, ltrb(0, 0, 0, 0), ltrb(0, -1, 20, 0), true),
        (.left, ltrb(0, 0, 0, 0), ltrb(-1, 0, 0, 20), true),
        (.right, ltrb(0, 0, 0, 0), ltrb(0, 0, 1, 20), true),
    ])
    func focusFinderIsCandidate(heading: FocusHeading, source: Rect, destination: Rect, expected: Bool) {
        #expect(DirectionalRules.isProximityCandidate(from: source, to: destination, heading: heading) == expected)
    }

    struct TraversalCase: CustomTestStringConvertible, Sendable {
        let name: String
        let heading: FocusHeading
        let focused: Rect
        let others: [Rect]
        /// Index into `others`, or nil when focus stays.
        let expected: Int?
        var testDescription: String { "\(name) \(heading)" }
    }

    /// Compose's two- and three-item traversal tests, one case per direction.
    static let traversalCases: [TraversalCase] = [
        // validItemIsPickedEvenThoughThereIsACloserItem1..4: [closer, next] → next.
        TraversalCase(
            name: "validItem1", heading: .left, focused: box(30, 30, 20, 20),
            others: [box(40, 0, 20, 20), box(0, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem1", heading: .up, focused: box(0, 30, 20, 20),
            others: [box(30, 40, 20, 20), box(30, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem1", heading: .right, focused: box(10, 30, 20, 20),
            others: [box(0, 0, 20, 20), box(40, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem1", heading: .down, focused: box(0, 10, 20, 20),
            others: [box(30, 0, 20, 20), box(30, 40, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem2", heading: .left, focused: box(30, 0, 20, 20),
            others: [box(40, 30, 20, 20), box(0, 30, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem2", heading: .up, focused: box(30, 30, 20, 20),
            others: [box(0, 40, 20, 20), box(0, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem2", heading: .right, focused: box(10, 0, 20, 20),
            others: [box(0, 30, 20, 20), box(40, 30, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem2", heading: .down, focused: box(30, 10, 20, 20),
            others: [box(0, 0, 20, 20), box(0, 40, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem3", heading: .left, focused: box(30, 30, 20, 20),
            others: [box(40, 60, 20, 20), box(0, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem3", heading: .up, focused: box(10, 30, 20, 20),
            others: [box(40, 40, 20, 20), box(0, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem3", heading: .right, focused: box(10, 30, 20, 20),
            others: [box(0, 0, 20, 20), box(40, 60, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem3", heading: .down, focused: box(10, 10, 20, 20),
            others: [box(40, 0, 20, 20), box(30, 40, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem4", heading: .left, focused: box(30, 30, 20, 20),
            others: [box(40, 0, 20, 20), box(0, 60, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem4", heading: .up, focused: box(30, 30, 20, 20),
            others: [box(0, 40, 20, 20), box(60, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem4", heading: .right, focused: box(10, 30, 20, 20),
            others: [box(0, 60, 20, 20), box(40, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "validItem4", heading: .down, focused: box(30, 10, 20, 20),
            others: [box(0, 0, 20, 20), box(60, 40, 20, 20)], expected: 1),
        // inBeamWinsOverCloserItemWithOverlappingMajorAxis1: [closer, inBeam] → inBeam.
        TraversalCase(
            name: "inBeamWins1", heading: .left, focused: box(40, 30, 20, 20),
            others: [box(30, 0, 20, 20), box(0, 30, 20, 20)], expected: 1),
        TraversalCase(
            name: "inBeamWins1", heading: .up, focused: box(0, 40, 20, 20),
            others: [box(30, 30, 20, 20), box(0, 0, 20, 20)], expected: 1),
        TraversalCase(
            name: "inBeamWins1", heading: .right, focused: box(0, 30, 20, 20),
            others: [box(10, 0, 20, 20), box(40, 30, 20, 20)], expected: 1),
        TraversalCase(
            name: "inBeamWins1", heading: .down, focused: box(0, 0, 20, 20),
            others: [box(30, 10, 20, 20), box(0, 40, 20, 20)], expected: 1),
        // Samples quoted in the reference notes.
        TraversalCase(
            name: "three items, in beam", heading: .up, focused: box(0, 40, 20, 20),
            others: [box(30, 30, 20, 20), box(10, 0, 10, 20)], expected: 1),
        TraversalCase(
            name: "three items, overlapping in beam", heading: .right, focused: box(0, 30, 40, 20),
            others: [box(10, 0, 20, 20), box(20, 30, 40, 20)], expected: 1),
        // Two items: focused (0,20,20,10), candidate (10,0,20,10).
        TraversalCase(
            name: "two items, above right", heading: .up, focused: box(0, 20, 20, 10), others: [box(10, 0, 20, 10)],
            expected: 0),
        TraversalCase(
            name: "two items, above right", heading: .right, focused: box(0, 20, 20, 10), others: [box(10, 0, 20, 10)],
            expected: 0),
        TraversalCase(
            name: "two items, above right", heading: .down, focused: box(0, 20, 20, 10), others: [box(10, 0, 20, 10)],
            expected: nil),
        TraversalCase(
            name: "two items, above right", heading: .left, focused: box(0, 20, 20, 10), others: [box(10, 0, 20, 10)],
            expected: nil),
        // Two items overlapping: focused (0,0,20,10), candidate (10,5,20,10).
        TraversalCase(
            name: "two items, overlapping", heading: .right, focused: box(0, 0, 20, 10), others: [box(10, 5, 20, 10)],
            expected: 0),
        TraversalCase(
            name: "two items, overlapping", heading: .down, focused: box(0, 0, 20, 10), others: [box(10, 5, 20, 10)],
            expected: 0),
        TraversalCase(
            name: "two items, overlapping", heading: .left, focused: box(0, 0, 20, 10), others: [box(10, 5, 20, 10)],
            expected: nil),
        TraversalCase(
            name: "two items, overlapping", heading: .up, focused: box(0, 0, 20, 10), others: [box(10, 5, 20, 10)],
            expected: nil),
        // Two items: focused (0,0,20,10), candidate (10,10,10,10): only down.
        TraversalCase(
            name: "two items, below", heading: .down, focused: box(0, 0, 20, 10), others: [box(10, 10, 10, 10)],
            expected: 0),
        TraversalCase(
            name: "two items, below", heading: .right, focused: box(0, 0, 20, 10), others: [box(10, 10, 10, 10)],
            expected: nil),
        TraversalCase(
            name: "two items, below", heading: .left, focused: box(0, 0, 20, 10), others: [box(10, 10, 10, 10)],
            expected: nil),
        TraversalCase(
            name: "two items, below", heading: .up, focused: box(0, 0, 20, 10), others: [box(10, 10, 10, 10)],
            expected: nil),
    ]

    @Test(arguments: traversalCases)
    func composeTraversal(_ example: TraversalCase) {
        #expect(
            DirectionalRules.bestCandidate(
                from: example.focused, heading: example.heading, among: example.others, rule: .proximity)
                == example.expected)
        // Through the engine (and its spatial index): the focused item plus the others.
        let root = FocusNode(id: "root", frame: Rect(x: -100, y: -100, width: 400, height: 400))
        let focused = FocusNode(id: "focused", frame: example.focused, focusable: true)
        root.addChild(focused)
        for (index, frame) in example.others.enumerated() {
            root.addChild(FocusNode(id: "other-\(index)", frame: frame, focusable: true))
        }
        let system = FocusSystem(root: root, configuration: FocusConfiguration(directionalSearch: .proximity))
        system.focus(focused)
        let result = system.moveFocus(example.heading)
        #expect(result.moved == (example.expected != nil))
        #expect(system.focusedName == (example.expected.map { "other-\($0)" } ?? "focused"))
    }
}
