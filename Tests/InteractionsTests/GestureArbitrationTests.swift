import Classification
import Geometry
import InputEvents
import Interactions
import Testing

@Suite struct GestureArbitrationTests {
    private final class Simultaneous: GestureRecognizerDelegate {
        func gestureRecognizer(
            _ recognizer: GestureRecognizer,
            shouldRecognizeSimultaneouslyWith other: GestureRecognizer
        ) -> Bool { true }
    }

    private final class Refuse: GestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { false }
    }

    /// Attaches a recognizer to a node, logging its transitions (all but `failed`) as
    /// `"name state"`.
    private func attach(_ recognizer: GestureRecognizer, to node: Node, loggingInto log: Log) {
        recognizer.addTarget { log.entries.append("\($0.name) \($0.state)") }
        node.addGestureRecognizer(recognizer)
    }

    /// Attaches, to the window, a single tap that waits for a double tap to fail, and the double
    /// tap, logging both.
    @discardableResult
    private func attachSingleAndDoubleTap(
        to harness: InteractionHarness,
        loggingInto log: Log
    ) -> (single: TapGestureRecognizer, double: TapGestureRecognizer) {
        let single = TapGestureRecognizer(name: "single")
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        single.require(toFail: double)
        attach(single, to: harness.root, loggingInto: log)
        attach(double, to: harness.root, loggingInto: log)
        return (single, double)
    }

    private final class Log {
        var entries: [String] = []
    }

    @Test func theDeepestRecognizerWinsAndTheAncestorFails() {
        let button = Node(identifier: "button", frame: Rect(x: 100, y: 100, width: 100, height: 50))
        let harness = InteractionHarness(children: [button])
        let log = Log()
        let inner = TapGestureRecognizer(name: "inner-tap")
        let outer = TapGestureRecognizer(name: "outer-tap")
        // The ancestor's recognizer is added first; the deepest node still sees input first.
        attach(outer, to: harness.root, loggingInto: log)
        attach(inner, to: button, loggingInto: log)
        harness.click(at: Point(x: 120, y: 120))
        #expect(log.entries == ["inner-tap ended"])
        #expect(harness.traceLines == ["button inner-tap: possible → ended", "window outer-tap: possible → failed"])
        // Outside the button, the window's tap is the only one.
        harness.click(at: Point(x: 500, y: 500))
        #expect(log.entries == ["inner-tap ended", "outer-tap ended"])
    }

    @Test func aDelegateLetsTwoRecognizeTogether() {
        let button = Node(identifier: "button", frame: Rect(x: 100, y: 100, width: 100, height: 50))
        let harness = InteractionHarness(children: [button])
        let log = Log()
        let inner = TapGestureRecognizer(name: "inner-tap")
        let outer = TapGestureRecognizer(name: "outer-tap")
        let delegate = Simultaneous()
        outer.delegate = delegate
        attach(inner, to: button, loggingInto: log)
        attach(outer, to: harness.root, loggingInto: log)
        harness.click(at: Point(x: 120, y: 120))
        #expect(log.entries == ["inner-tap ended", "outer-tap ended"])
    }

    @Test func aDelegateCanStopARecognizerFromBeginning() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        let tap = TapGestureRecognizer()
        let delegate = Refuse()
        tap.delegate = delegate
        attach(tap, to: harness.root, loggingInto: log)
        harness.click(at: Point(x: 10, y: 10))
        #expect(log.entries.isEmpty)
        #expect(harness.traceLines == ["window tap: possible → failed"])
    }

    @Test func aSingleTapWaitsForTheDoubleTapToFail() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        let (single, _) = attachSingleAndDoubleTap(to: harness, loggingInto: log)

        // One tap: the single tap ends once the double tap's 300 ms have passed.
        let firstUp = harness.now + .milliseconds(80)
        harness.click(at: Point(x: 10, y: 10))
        #expect(log.entries.isEmpty)
        harness.wait(.milliseconds(299))
        #expect(log.entries.isEmpty)
        harness.wait(.milliseconds(1))
        #expect(log.entries == ["single ended"])
        #expect(single.time == firstUp + .milliseconds(300))

        // Two taps: only the double tap.
        harness.wait(.seconds(1))
        log.entries.removeAll()
        harness.click(at: Point(x: 10, y: 10))
        harness.wait(.milliseconds(100))
        harness.click(at: Point(x: 12, y: 10))
        harness.wait(.seconds(1))
        #expect(log.entries == ["double ended"])
    }

    @Test func tapsTooFarApartAreTwoSingleTaps() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        attachSingleAndDoubleTap(to: harness, loggingInto: log)
        harness.click(at: Point(x: 10, y: 10))
        harness.wait(.milliseconds(400))
        harness.click(at: Point(x: 10, y: 10))
        harness.wait(.milliseconds(400))
        #expect(log.entries == ["single ended", "single ended"])
    }

    @Test func aLongPressAndATapOnOneNodeNeverBothFire() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        let tap = TapGestureRecognizer()
        let longPress = LongPressGestureRecognizer()
        attach(tap, to: harness.root, loggingInto: log)
        attach(longPress, to: harness.root, loggingInto: log)
        harness.touchDown(at: Point(x: 10, y: 10))
        harness.wait(.milliseconds(600))
        harness.touchUp(at: Point(x: 10, y: 10))
        #expect(log.entries == ["long-press began", "long-press ended"])
        log.entries.removeAll()
        harness.touchDown(at: Point(x: 10, y: 10))
        harness.wait(.milliseconds(100))
        harness.touchUp(at: Point(x: 10, y: 10))
        harness.wait(.seconds(1))
        #expect(log.entries == ["tap ended"])
    }

    @Test func longPressWithZeroDurationBeginsOnTouchDown() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        let longPress = LongPressGestureRecognizer(minimumPressDuration: .zero)
        attach(longPress, to: harness.root, loggingInto: log)
        harness.touchDown(at: Point(x: 10, y: 10))
        #expect(log.entries == ["long-press began"])
        harness.touchMove(to: Point(x: 300, y: 10))
        harness.touchUp(at: Point(x: 300, y: 10))
        #expect(log.entries == ["long-press began", "long-press changed", "long-press ended"])
    }

    @Test func allowedTouchTypesFilterTouches() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        let tap = TapGestureRecognizer()
        tap.allowedTouchTypes = [.pencil]
        attach(tap, to: harness.root, loggingInto: log)
        harness.touchDown(at: Point(x: 10, y: 10))
        harness.touchUp(at: Point(x: 10, y: 10))
        harness.click(at: Point(x: 10, y: 10))
        #expect(log.entries.isEmpty)
        harness.touchDown(at: Point(x: 10, y: 10), touchType: .pencil)
        harness.touchUp(at: Point(x: 10, y: 10), touchType: .pencil)
        #expect(log.entries == ["tap ended"])
    }

    @Test func aDisabledRecognizerSeesNothing() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        let tap = TapGestureRecognizer()
        tap.isEnabled = false
        attach(tap, to: harness.root, loggingInto: log)
        harness.click(at: Point(x: 10, y: 10))
        #expect(log.entries.isEmpty)
        #expect(harness.traceLines.isEmpty)
    }

    @Test func settingsChangedDuringALongPressApplyToTheNextOne() {
        let harness = InteractionHarness(children: [])
        let log = Log()
        // A duration of its own: the allowable movement is then the recognizer's (the system's long
        // press is the classifier's decision).
        let longPress = LongPressGestureRecognizer(minimumPressDuration: .milliseconds(500))
        attach(longPress, to: harness.root, loggingInto: log)
        harness.touchDown(at: Point(x: 10, y: 10))
        longPress.allowableMovement = 1
        harness.touchMove(to: Point(x: 15, y: 10))
        harness.wait(.milliseconds(600))
        harness.touchUp(at: Point(x: 15, y: 10))
        #expect(log.entries == ["long-press began", "long-press ended"])
        harness.touchDown(at: Point(x: 10, y: 10))
        harness.touchMove(to: Point(x: 15, y: 10))
        harness.wait(.milliseconds(600))
        harness.touchUp(at: Point(x: 15, y: 10))
        #expect(log.entries == ["long-press began", "long-press ended"])
    }
}

@Suite struct RecognizerSettingsTests {
    @Test func aTapCountChangedBetweenTapsAppliesToTheNextGesture() {
        let harness = InteractionHarness(children: [])
        let double = TapGestureRecognizer(name: "double", numberOfTapsRequired: 2)
        var ended = 0
        double.addTarget { if $0.state == .ended { ended += 1 } }
        harness.root.addGestureRecognizer(double)
        harness.click(at: Point(x: 10, y: 10))
        double.numberOfTapsRequired = 3
        harness.wait(.milliseconds(100))
        harness.click(at: Point(x: 10, y: 10))
        #expect(ended == 1)  // still a double tap
        harness.wait(.seconds(1))
        for _ in 0..<2 {
            harness.click(at: Point(x: 10, y: 10))
            harness.wait(.milliseconds(100))
        }
        harness.wait(.seconds(1))
        #expect(ended == 1)  // two taps no longer make the gesture
        for _ in 0..<3 {
            harness.click(at: Point(x: 10, y: 10))
            harness.wait(.milliseconds(100))
        }
        #expect(ended == 2)
    }

    @Test func aPanMaskChangedDuringAScrollAppliesToTheNextScroll() {
        let sheet = Node(identifier: "sheet", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        let pan = PanInteraction(allowedScrollTypes: .continuous)
        sheet.addInteraction(pan)
        let harness = InteractionHarness(children: [sheet])
        harness.send(.scroll(source: .continuous, delta: Vector(x: 0, y: 5), v120: nil, phase: .began, velocity: nil))
        pan.allowedScrollTypes = []
        harness.send(.scroll(source: .continuous, delta: Vector(x: 0, y: 5), v120: nil, phase: .changed, velocity: nil))
        harness.send(.scroll(source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: .zero))
        #expect(harness.actions.map(\.phase) == [.began, .changed, .ended])
        harness.touchpadScroll([Vector(x: 0, y: 5)], endVelocity: .zero)
        #expect(harness.actions.count == 3)
    }
}
