import Classification
import Foundation
import Geometry
import InputEvents
import Interactions
import Testing

/// The scroll view's motion, checked against the documented formulas computed here, not against
/// the implementation's output.
@Suite struct ScrollViewInteractionTests: DocumentedScrollMotion {
    /// A 400 × 300 scroll view at (100, 100) over content 400 × 1000 (so it scrolls 0…700 along y).
    private func makeHarness(contentHeight: Double = 1000) -> (InteractionHarness, Node, ScrollViewInteraction) {
        let list = Node(identifier: "list", frame: Rect(x: 100, y: 100, width: 400, height: 300))
        let scrolling = ScrollViewInteraction(contentSize: Size(width: 400, height: contentHeight))
        list.addInteraction(scrolling)
        let harness = InteractionHarness(children: [list])
        harness.movePointer(to: Point(x: 300, y: 250))
        return (harness, list, scrolling)
    }

    @Test func twoFingerScrollTracksOneToOne() {
        let (harness, list, scrolling) = makeHarness()
        harness.send(.scroll(source: .continuous, delta: Vector(x: 0, y: 12), v120: nil, phase: .began, velocity: nil))
        #expect(scrolling.contentOffset == Vector(x: 0, y: 12))
        harness.send(
            .scroll(source: .continuous, delta: Vector(x: 0, y: 30), v120: nil, phase: .changed, velocity: nil))
        #expect(scrolling.contentOffset == Vector(x: 0, y: 42))
        #expect(list.contentOffset == Vector(x: 0, y: 42))
        #expect(harness.offsets.map(\.offset.y) == [12, 42])
    }

    @Test func decelerationAfterATwoFingerScrollFollowsTheDecelerationRate() throws {
        let (harness, _, scrolling) = makeHarness()
        harness.touchpadScroll(
            [Vector(x: 0, y: 10), Vector(x: 0, y: 10), Vector(x: 0, y: 10)],
            endVelocity: Vector(x: 0, y: 1000)
        )
        let released = harness.now
        #expect(scrolling.contentOffset.y == 30)
        #expect(harness.system.nextDeadline != nil)

        for milliseconds in [16.0, 100, 500, 1000, 2000] {
            harness.wait(released + .milliseconds(Int64(milliseconds)) - harness.now)
            let expected = decelerated(from: 30, velocity: 1000, milliseconds: milliseconds)
            #expect(abs(scrolling.contentOffset.y - expected) < 1e-6, "at \(milliseconds) ms")
        }

        harness.wait(.seconds(5))
        // It rests once what is left to travel, v·rᵗ/−ln r, is under half a point.
        let projection = 30 + 1.0 / -log(rate)
        #expect(abs(scrolling.contentOffset.y - projection) < 0.5)
        #expect(harness.system.nextDeadline == nil)
        let restTime = log(0.5 * -log(rate) / 1.0) / log(rate)
        let lastOffset = try #require(harness.offsets.last)
        #expect(abs(Double((lastOffset.time - released).wholeMicroseconds) / 1000 - restTime) < 1)
        // Offsets only ever grow on the way.
        let ys = harness.offsets.map(\.offset.y)
        #expect(zip(ys, ys.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func offsetsDoNotDependOnTheFrameCadence() {
        let (harness, _, scrolling) = makeHarness()
        harness.touchpadScroll([Vector(x: 0, y: 20)], endVelocity: Vector(x: 0, y: 800))
        let released = harness.now
        // Jump straight to 400 ms, skipping every frame deadline.
        _ = harness.system.advance(to: released + .milliseconds(400))
        #expect(abs(scrolling.contentOffset.y - decelerated(from: 20, velocity: 800, milliseconds: 400)) < 1e-6)
    }

    @Test func pullingPastTheTopEdgeRubberBandsAndBouncesBack() {
        let (harness, _, scrolling) = makeHarness()
        harness.touchpadScroll(
            [Vector(x: 0, y: -20), Vector(x: 0, y: -20), Vector(x: 0, y: -20)],
            endVelocity: .zero
        )
        let released = harness.now
        // Pulled 60 points past the top of a 300-point view.
        let shown = -rubberBand(60, dimension: 300)
        #expect(abs(scrolling.contentOffset.y - shown) < 1e-9)
        #expect(abs(shown - -29.729_729_7) < 1e-6)

        for seconds in [0.05, 0.1, 0.25, 0.4] {
            harness.wait(released + .microseconds(Int64(seconds * 1_000_000)) - harness.now)
            let expected = spring(displacement: shown, velocity: 0, seconds: seconds)
            #expect(abs(scrolling.contentOffset.y - expected) < 1e-6, "at \(seconds) s")
        }
        harness.wait(.seconds(2))
        #expect(scrolling.contentOffset.y == 0)
        #expect(harness.system.nextDeadline == nil)
        // A critically damped spring never crosses the edge on its way back.
        #expect(harness.offsets.allSatisfy { $0.offset.y <= 0 })
    }

    @Test func decelerationIntoTheBottomEdgeBouncesBack() {
        let (harness, _, scrolling) = makeHarness()
        // Start near the bottom: 690 of 700.
        harness.touchpadScroll([Vector(x: 0, y: 690)], endVelocity: Vector(x: 0, y: 2000))
        let released = harness.now
        #expect(scrolling.contentOffset.y == 690)

        // The edge is reached when 690 + v₀(rᵗ − 1)/ln r = 700.
        let perMillisecond = 2.0
        let crossing = log(1 + (700 - 690) * log(rate) / perMillisecond) / log(rate)
        let crossingVelocity = 2000 * pow(rate, crossing)
        #expect(crossing > 4 && crossing < 6)

        harness.wait(released + .microseconds(Int64(crossing * 1000) - 500) - harness.now)
        #expect(scrolling.contentOffset.y < 700)
        for seconds in [0.02, 1 / omega, 0.2, 0.4] {
            let target = released + .microseconds(Int64((crossing / 1000 + seconds) * 1_000_000))
            harness.wait(target - harness.now)
            let elapsed = (harness.now - released).inSeconds - crossing / 1000
            let expected = 700 + spring(displacement: 0, velocity: crossingVelocity, seconds: elapsed)
            #expect(abs(scrolling.contentOffset.y - expected) < 0.01, "at \(seconds) s after the edge")
        }
        // The overshoot peaks at v/(ω·e) a 1/ω after the edge.
        let peak = harness.offsets.map(\.offset.y).max() ?? 0
        #expect(abs(peak - (700 + crossingVelocity / (omega * M_E))) < 0.5)
        harness.wait(.seconds(3))
        #expect(scrolling.contentOffset.y == 700)
        #expect(harness.system.nextDeadline == nil)
    }

    @Test func wheelStepsByTheLineHeightAndStopsAtTheEdges() {
        let (harness, _, scrolling) = makeHarness()
        harness.wheel(detents: 1)
        #expect(scrolling.contentOffset.y == 40)
        harness.wheel(detents: 0.5)  // a high-resolution wheel's half detent
        #expect(scrolling.contentOffset.y == 60)
        harness.wheel(detents: -3)
        #expect(scrolling.contentOffset.y == 0)
        for _ in 0..<30 { harness.wheel(detents: 1) }
        #expect(scrolling.contentOffset.y == 700)
        #expect(harness.system.nextDeadline == nil)
    }

    @Test func fingerDragTracksAndFlicks() {
        let (harness, _, scrolling) = makeHarness()
        harness.touchDown(at: Point(x: 300, y: 380))
        harness.wait(.milliseconds(10))
        harness.touchMove(to: Point(x: 300, y: 360))  // pan begins after 10 points
        #expect(scrolling.contentOffset.y == 20)
        harness.wait(.milliseconds(10))
        harness.touchMove(to: Point(x: 300, y: 350))
        #expect(scrolling.contentOffset.y == 30)
        harness.wait(.milliseconds(10))
        harness.touchUp(at: Point(x: 300, y: 340))
        // The last 10 points took 10 ms: the content leaves at 1000 points per second.
        let released = harness.now
        #expect(scrolling.contentOffset.y == 40)
        harness.wait(.milliseconds(200))
        #expect(abs(scrolling.contentOffset.y - decelerated(from: 40, velocity: 1000, milliseconds: 200)) < 1e-6)
        _ = released
    }

    @Test func newScrollCatchesADeceleration() {
        let (harness, _, scrolling) = makeHarness()
        harness.touchpadScroll([Vector(x: 0, y: 10)], endVelocity: Vector(x: 0, y: 1000))
        harness.wait(.milliseconds(100))
        let caught = scrolling.contentOffset.y
        harness.send(.scroll(source: .continuous, delta: Vector(x: 0, y: 5), v120: nil, phase: .began, velocity: nil))
        #expect(abs(scrolling.contentOffset.y - (caught + 5)) < 1e-9)
        harness.wait(.milliseconds(500))
        #expect(abs(scrolling.contentOffset.y - (caught + 5)) < 1e-9)
    }

    @Test func contentThatFitsDoesNotScroll() {
        let (harness, _, scrolling) = makeHarness(contentHeight: 200)
        harness.touchpadScroll([Vector(x: 0, y: 50)], endVelocity: Vector(x: 0, y: 500))
        harness.wheel(detents: 2)
        #expect(scrolling.contentOffset == .zero)
        #expect(harness.offsets.isEmpty)
    }

    @Test func scrolledChildrenAreHitWhereTheyAreDrawn() {
        let (harness, list, scrolling) = makeHarness()
        let row = Node(identifier: "row-5", frame: Rect(x: 100, y: 300, width: 400, height: 40))
        list.addChild(row)
        #expect(harness.root.hitTest(Point(x: 200, y: 310))?.identifier == "row-5")
        scrolling.setContentOffset(Vector(x: 0, y: 150))
        #expect(harness.root.hitTest(Point(x: 200, y: 310))?.identifier == "list")
        #expect(harness.root.hitTest(Point(x: 200, y: 160))?.identifier == "row-5")
    }

    @Test func aChildPanWithTheDefaultMaskLeavesScrollingToTheScrollView() {
        let (harness, list, scrolling) = makeHarness()
        let slider = Node(identifier: "slider", frame: Rect(x: 100, y: 250, width: 400, height: 100))
        let pan = PanInteraction()
        slider.addInteraction(pan)
        list.addChild(slider)
        harness.wheel(detents: 1)
        harness.touchpadScroll([Vector(x: 0, y: 10)], endVelocity: .zero)
        #expect(scrolling.contentOffset.y == 50)
        #expect(harness.actions.isEmpty)

        pan.allowedScrollTypes = .continuous
        harness.clearEvents()
        harness.touchpadScroll([Vector(x: 0, y: 10)], endVelocity: .zero)
        #expect(scrolling.contentOffset.y == 50)
        #expect(harness.actions.map(\.phase) == [.began, .ended])
        harness.wheel(detents: 1)
        #expect(scrolling.contentOffset.y == 90)
    }
}
