import Classification
import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

@Suite struct InteractionSystemTests {
    @Test func thePointerStartsAtTheSceneCentreAndStaysInside() {
        let harness = InteractionHarness(children: [])
        #expect(harness.system.pointerLocation == Point(x: 500, y: 400))
        harness.movePointer(by: Vector(x: -2000, y: 30))
        #expect(harness.system.pointerLocation == Point(x: 0, y: 430))
        harness.movePointer(by: Vector(x: 5000, y: 5000))
        #expect(harness.system.pointerLocation.x < 1000)
        #expect(harness.system.pointerLocation.x > 999.99)
        #expect(harness.system.pointerLocation.y < 800)
        // A pointer at the far edge still hits the root.
        #expect(harness.root.hitTest(harness.system.pointerLocation) === harness.root)
    }

    @Test func absolutePointerPositionsMapOntoTheScene() {
        let harness = InteractionHarness(children: [])
        harness.send(.position(Vector(x: 0.25, y: 0.5), touchType: .indirectPointer, isDown: false, contact: 0))
        #expect(harness.system.pointerLocation == Point(x: 250, y: 400))
    }

    @Test func hitTestingFindsTheTopmostDeepestNode() {
        let left = Node(identifier: "left", frame: Rect(x: 0, y: 0, width: 500, height: 800))
        let overlap = Node(identifier: "overlap", frame: Rect(x: 400, y: 0, width: 200, height: 800))
        let leaf = Node(identifier: "leaf", frame: Rect(x: 10, y: 10, width: 50, height: 50))
        // Outside its parent: never hit, as in UIKit.
        let stray = Node(identifier: "stray", frame: Rect(x: 700, y: 700, width: 50, height: 50))
        left.addChild(leaf)
        left.addChild(stray)
        let harness = InteractionHarness(children: [left, overlap])
        #expect(harness.root.hitTest(Point(x: 20, y: 20))?.identifier == "leaf")
        #expect(harness.root.hitTest(Point(x: 450, y: 20))?.identifier == "overlap")
        #expect(harness.root.hitTest(Point(x: 100, y: 100))?.identifier == "left")
        #expect(harness.root.hitTest(Point(x: 720, y: 720))?.identifier == "window")
        #expect(harness.root.hitTest(Point(x: 1000, y: 10)) == nil)
        // Edges: top-left belongs to the frame, bottom-right does not.
        #expect(harness.root.hitTest(Point(x: 10, y: 10))?.identifier == "leaf")
        #expect(harness.root.hitTest(Point(x: 60, y: 30))?.identifier == "left")
    }

    @Test func aTouchStaysWithTheNodeItStartedOn() {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        cell.addInteraction(PanInteraction())
        let harness = InteractionHarness(children: [cell])
        harness.touchDown(at: Point(x: 150, y: 150))
        harness.touchMove(to: Point(x: 600, y: 600))
        harness.touchUp(at: Point(x: 600, y: 600))
        #expect(harness.actions.map(\.item) == ["cell", "cell"])
        #expect(harness.actions.map(\.phase) == [.began, .ended])
    }

    @Test func eventsGoToTheCallbackAsWellAsTheReturnValue() {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        cell.addInteraction(ContextMenuInteraction(actions: ["Open"]))
        let harness = InteractionHarness(children: [cell])
        var delivered: [TimedPayload] = []
        harness.system.onEvent = { delivered.append($0) }
        harness.click(.secondary, at: Point(x: 150, y: 150))
        #expect(delivered == harness.events)
        #expect(delivered.count == 1)
    }

    @Test func deadlinesFireWhenTheNextInputPassesThem() throws {
        let cell = Node(identifier: "cell", frame: Rect(x: 100, y: 100, width: 100, height: 100))
        // A long press with a duration of its own: its deadline is the system's (the system's long
        // press is the classifier's).
        let longPress = LongPressGestureRecognizer(minimumPressDuration: .milliseconds(500))
        var began: [Timestamp] = []
        longPress.addTarget { if $0.state == .began { began.append($0.time) } }
        cell.addGestureRecognizer(longPress)
        let root = Node(identifier: "window", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        root.addChild(cell)
        let system = InteractionSystem(root: root, sceneSize: Size(width: 1000, height: 800))
        let down = Timestamp(microseconds: 5_000_000)
        #expect(
            system.handle(
                ClassifiedInput(
                    time: down,
                    event: .position(Vector(x: 0.15, y: 0.1875), touchType: .direct, isDown: true, contact: 0))
            ).isEmpty)
        #expect(system.nextDeadline == down + .milliseconds(500))
        // No advance call: the lift 2 s later passes the deadline, which fires first, at its own time.
        _ = system.handle(
            ClassifiedInput(
                time: down + .seconds(2),
                event: .position(Vector(x: 0.15, y: 0.1875), touchType: .direct, isDown: false, contact: 0))
        )
        #expect(began == [down + .milliseconds(500)])
    }

    @Test func classifiedTapsLongPressesAndDragsAreLeftToTheRecognizers() {
        let cell = Node(identifier: "cell", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        cell.addInteraction(ContextMenuInteraction(actions: ["Open"]))
        cell.addInteraction(DragInteraction())
        let harness = InteractionHarness(children: [cell])
        harness.send(.tap(fingers: 2, touchType: .indirectPointer, position: nil))
        harness.send(.longPress(phase: .began, touchType: .direct, position: Vector(x: 0.5, y: 0.5)))
        harness.send(.drag(phase: .began, touchType: .indirectPointer, translation: .zero, position: nil))
        harness.wait(.seconds(1))
        #expect(harness.events.isEmpty)
        #expect(harness.traceLines.isEmpty)
    }
}

@Suite struct MalformedInputTests {
    @Test func nonFiniteGeometryIsIgnoredAndTraced() {
        let list = Node(identifier: "list", frame: Rect(x: 0, y: 0, width: 400, height: 300))
        let scrolling = ScrollViewInteraction(contentSize: Size(width: 400, height: 3000))
        list.addInteraction(scrolling)
        let harness = InteractionHarness(children: [list])
        harness.movePointer(to: Point(x: 200, y: 150))
        let before = harness.system.pointerLocation
        harness.send(.motion(Vector(x: .nan, y: 3)))
        harness.send(.position(Vector(x: .infinity, y: 0.5), touchType: .direct, isDown: true, contact: 0))
        harness.send(
            .scroll(source: .continuous, delta: Vector(x: 0, y: .nan), v120: nil, phase: .began, velocity: nil))
        #expect(harness.system.pointerLocation == before)
        #expect(!harness.system.isTouchDown)
        #expect(scrolling.contentOffset == .zero)
        #expect(harness.traceLines.filter { $0.hasPrefix("device quirk:") }.count == 3)
    }

    @Test func anInfiniteReleaseVelocityComesToRest() {
        let start = Timestamp(microseconds: 1_000_000)
        var motion = ScrollAxisMotion(viewportLength: 300, contentLength: 3000, thresholds: InteractionThresholds())
        motion.beginTracking(at: start)
        motion.track(movement: -10)
        motion.release(velocity: .infinity, at: start)
        #expect(motion.phase == .resting)
        #expect(motion.offset == 10)
        #expect(motion.nextDeadline == nil)
    }
}

@Suite struct BufferedOutputTests {
    @Test func theBufferedCallsReportWhatTheReturningCallsReport() {
        func makeSystem() -> InteractionSystem {
            let photo = Node(identifier: "photo", frame: Rect(x: 400, y: 300, width: 200, height: 200))
            photo.addInteraction(ContextMenuInteraction(actions: ["Share"]))
            photo.addInteraction(DragInteraction())
            let list = Node(identifier: "list", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
            list.addInteraction(ScrollViewInteraction(contentSize: Size(width: 1000, height: 5000)))
            list.addChild(photo)
            let (_, system) = makeWindow([list])
            return system
        }
        let start = Timestamp(microseconds: 1_000_000)
        let script: [ClassifiedInput] = [
            ClassifiedInput(time: start, event: .button(.secondary, state: .down, trigger: .button, code: nil)),
            ClassifiedInput(
                time: start + .milliseconds(50), event: .button(.secondary, state: .up, trigger: .button, code: nil)),
            ClassifiedInput(
                time: start + .milliseconds(100), event: .button(.primary, state: .down, trigger: .button, code: nil)),
            ClassifiedInput(time: start + .milliseconds(120), event: .motion(Vector(x: 5, y: 5))),
            // The classifier's decisions about the press: it dragged, then was released.
            ClassifiedInput(
                time: start + .milliseconds(120),
                event: .drag(phase: .began, touchType: .indirectPointer, translation: Vector(x: 5, y: 5), position: nil)
            ),
            ClassifiedInput(
                time: start + .milliseconds(140),
                event: .drag(phase: .ended, touchType: .indirectPointer, translation: Vector(x: 5, y: 5), position: nil)
            ),
            ClassifiedInput(
                time: start + .milliseconds(140), event: .button(.primary, state: .up, trigger: .button, code: nil)),
            ClassifiedInput(time: start + .milliseconds(200), event: .motion(Vector(x: 300, y: 0))),
            ClassifiedInput(
                time: start + .milliseconds(210),
                event: .scroll(source: .continuous, delta: Vector(x: 0, y: 20), v120: nil, phase: .began, velocity: nil)
            ),
            ClassifiedInput(
                time: start + .milliseconds(220),
                event: .scroll(
                    source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: Vector(x: 0, y: 900))
            ),
        ]
        let returning = makeSystem()
        let buffered = makeSystem()
        var returned: [TimedPayload] = []
        var buffer: [TimedPayload] = []
        for input in script {
            returned += returning.handle(input)
            buffered.handle(input, into: &buffer)
        }
        returned += returning.advance(to: start + .seconds(1))
        buffered.advance(to: start + .seconds(1), into: &buffer)
        #expect(returned == buffer)
        #expect(returned.compactMap(\.payload.action).map(\.name) == ["contextMenu", "drag", "drag"])
        // The scroll's began moves the list; the one advance moves it again as it decelerates.
        #expect(returned.filter { $0.payload.action == nil }.count == 2)
    }
}
