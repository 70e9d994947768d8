import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

/// The swipe recognizer: a finger's flick or a quick click-and-drag, and the classifier's
/// multi-finger swipe on a touchpad or a touchscreen.
@Suite struct SwipeGestureRecognizerTests {
    /// A 600 × 80 row at (100, 100), with a swipe recognizer logging `direction` on each swipe.
    private func makeRow(
        direction: SwipeDirection = .left,
        touches: Int = 1
    ) -> (InteractionHarness, SwipeGestureRecognizer, RecognizerLog) {
        let row = Node(identifier: "row", frame: Rect(x: 100, y: 100, width: 600, height: 80))
        let swipe = SwipeGestureRecognizer(direction: direction, numberOfTouchesRequired: touches)
        let log = RecognizerLog()
        swipe.addTarget { recognizer in
            guard let swipe = recognizer as? SwipeGestureRecognizer else { return }
            log.entries.append(
                "swipe \(swipe.state) \(swipe.swipedDirection) \(swipe.numberOfTouches) at \(swipe.time)")
        }
        row.addGestureRecognizer(swipe)
        return (InteractionHarness(children: [row]), swipe, log)
    }

    /// A finger from `start` moving by `steps` 20 ms apart, then lifting.
    private func flick(_ harness: InteractionHarness, from start: Point, by steps: [Vector]) {
        harness.touchDown(at: start)
        var point = start
        for step in steps {
            harness.wait(.milliseconds(20))
            point = point + step
            harness.touchMove(to: point)
        }
        harness.touchUp(at: point)
    }

    @Test func aQuickFlickAlongTheDirectionIsASwipe() {
        let (harness, _, log) = makeRow()
        let start = harness.now
        flick(harness, from: Point(x: 600, y: 140), by: Array(repeating: Vector(x: -60, y: 6), count: 5))
        #expect(log.entries == ["swipe ended left 1 at \(start + .milliseconds(100))"])
        #expect(harness.traceLines == ["row swipe: possible → ended"])
    }

    @Test(arguments: [
        // Up, where only left counts.
        [Vector(x: 0, y: -30), Vector(x: 0, y: -30)],
        // A diagonal: as far across as along.
        [Vector(x: -40, y: 40), Vector(x: -40, y: 40)],
        // Under the 10-point movement of a pan: a tap, not a swipe.
        [Vector(x: -4, y: 0), Vector(x: -4, y: 0)],
    ])
    func aFlickTheWrongWayOrTooShortFails(steps: [Vector]) {
        let (harness, _, log) = makeRow()
        flick(harness, from: Point(x: 400, y: 140), by: steps)
        #expect(log.entries.isEmpty)
        #expect(harness.traceLines == ["row swipe: possible → failed"])
    }

    @Test func aStrokeThatTakesLongerThanHalfASecondFailsWhenTheTimeRunsOut() {
        let (harness, _, log) = makeRow()
        let start = harness.now
        harness.touchDown(at: Point(x: 600, y: 140))
        harness.wait(.milliseconds(450))
        harness.touchMove(to: Point(x: 400, y: 140))
        #expect(harness.traceLines.isEmpty)
        harness.wait(.milliseconds(50))
        #expect(harness.traceLines == ["row swipe: possible → failed"])
        #expect(harness.system.nextDeadline == nil)
        harness.touchUp(at: Point(x: 300, y: 140))
        #expect(log.entries.isEmpty)
        #expect(harness.now == start + .milliseconds(500))
    }

    @Test func aSecondFingerFailsAOneFingerSwipe() {
        let (harness, _, log) = makeRow()
        harness.touchDown(at: Point(x: 600, y: 140), contact: 0)
        harness.touchDown(at: Point(x: 650, y: 140), contact: 1)
        harness.touchMove(to: Point(x: 400, y: 140), contact: 0)
        harness.touchUp(at: Point(x: 400, y: 140), contact: 0)
        harness.touchUp(at: Point(x: 650, y: 140), contact: 1)
        #expect(log.entries.isEmpty)
        #expect(harness.traceLines == ["row swipe: possible → failed"])
    }

    @Test func aQuickClickAndDragIsASwipe() {
        let (harness, _, log) = makeRow(direction: [.left, .right])
        harness.movePointer(to: Point(x: 200, y: 140))
        let down = harness.now
        harness.press()
        harness.wait(.milliseconds(30))
        harness.movePointer(by: Vector(x: 150, y: -10))
        harness.wait(.milliseconds(30))
        harness.release()
        #expect(log.entries == ["swipe ended right 1 at \(down + .milliseconds(60))"])
    }

    @Test func aTouchpadSwipeWithTheRequiredFingersIsASwipe() {
        let (harness, _, log) = makeRow(direction: .left, touches: 3)
        harness.movePointer(to: Point(x: 400, y: 140))
        harness.gesture(.swipe, .began, fingers: 3)
        harness.gesture(.swipe, .changed, fingers: 3, delta: Vector(x: -30, y: 2))
        harness.gesture(.swipe, .changed, fingers: 3, delta: Vector(x: -50, y: 3))
        #expect(log.entries.isEmpty)
        harness.gesture(.swipe, .ended, fingers: 3)
        #expect(log.entries == ["swipe ended left 3 at \(harness.now)"])
        // Four fingers are not three.
        log.entries.removeAll()
        harness.gesture(.swipe, .began, fingers: 4)
        harness.gesture(.swipe, .changed, fingers: 4, delta: Vector(x: -80, y: 0))
        harness.gesture(.swipe, .ended, fingers: 4)
        #expect(log.entries.isEmpty)
        #expect(harness.traceLines == ["row swipe: possible → ended", "row swipe: possible → failed"])
    }

    @Test func aCancelledTouchpadSwipeFails() {
        let (harness, _, log) = makeRow(direction: .left, touches: 3)
        harness.movePointer(to: Point(x: 400, y: 140))
        harness.gesture(.swipe, .began, fingers: 3)
        harness.gesture(.swipe, .changed, fingers: 3, delta: Vector(x: -80, y: 0))
        harness.gesture(.swipe, .cancelled, fingers: 3)
        #expect(log.entries.isEmpty)
        #expect(harness.traceLines == ["row swipe: possible → failed"])
    }

    @Test func aTouchscreenSwipeGoesToTheRecognizerHoldingItsFingers() {
        let (harness, swipe, log) = makeRow(direction: .up, touches: 3)
        let fingers = [Point(x: 300, y: 150), Point(x: 350, y: 150), Point(x: 400, y: 150)]
        for (contact, point) in fingers.enumerated() { harness.touchDown(at: point, contact: contact) }
        #expect(swipe.numberOfTouches == 3)
        harness.gesture(.swipe, .began, fingers: 3, touchType: .direct, at: Point(x: 350, y: 150))
        harness.gesture(
            .swipe, .changed, fingers: 3, touchType: .direct, delta: Vector(x: 3, y: -40), at: Point(x: 353, y: 110))
        harness.gesture(.swipe, .ended, fingers: 3, touchType: .direct, at: Point(x: 353, y: 110))
        for (contact, point) in fingers.enumerated() { harness.touchUp(at: point, contact: contact) }
        #expect(log.entries == ["swipe ended up 3 at \(harness.now)"])
        #expect(harness.traceLines == ["row swipe: possible → ended"])
    }

    @Test(arguments: [
        (Vector(x: 10, y: 1), SwipeDirection.right), (Vector(x: -10, y: 5), .left), (Vector(x: 4, y: -9), .up),
        (Vector(x: 0, y: 3), .down), (Vector(x: 10, y: 5.1), SwipeDirection()), (Vector.zero, SwipeDirection()),
    ])
    func aMovementHasTheDirectionOfItsAxis(movement: Vector, expected: SwipeDirection) {
        #expect(SwipeDirection(of: movement, maximumDeviation: 0.5) == expected)
    }
}
