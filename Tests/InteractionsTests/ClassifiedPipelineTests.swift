import Classification
import EventModel
import Foundation
import Geometry
import InputEvents
import Interactions
import Testing
import WayfinderTestSupport

/// Synthetic device frames through the real classifier into composed interactions.
@Suite struct ClassifiedPipelineTests: DocumentedScrollMotion {
    /// A node covering the pointer's starting place, the window's centre (500, 400).
    private func centreNode(_ identifier: String = "photo") -> Node {
        Node(identifier: identifier, frame: Rect(x: 400, y: 300, width: 200, height: 200))
    }

    /// A window holding `card`, a node at its centre with a drag interaction.
    private func windowWithDraggableCard() -> (card: Node, system: InteractionSystem) {
        let card = centreNode("card")
        card.addInteraction(DragInteraction())
        let (_, system) = makeWindow([card])
        return (card, system)
    }

    /// A touchscreen script whose first frame puts one finger down at the screen's centre.
    private func touchscreenFingerAtTheCentre() -> InputScript {
        var script = InputScript(device: ScriptedDevice.touchscreen())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        return script
    }

    // MARK: Context menu

    @Test func mouseSecondaryClickAndLongClickEachPresentTheMenuOnce() throws {
        let photo = centreNode()
        photo.addInteraction(ContextMenuInteraction(actions: ["Share", "Delete"]))
        let (_, system) = makeWindow([photo])
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.rightButton, 1)
        script.wait(.milliseconds(90))
        script.key(.rightButton, 0)
        script.wait(.seconds(1))
        script.key(.leftButton, 1)
        script.wait(.milliseconds(800))
        script.key(.leftButton, 0)
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames, until: script.now + .seconds(1))
        #expect(pipeline.actions.map(\.trigger) == [.secondaryClick, .longPress])
        #expect(pipeline.actions.allSatisfy { $0.name == "contextMenu" && $0.actions == ["Share", "Delete"] })
        #expect(pipeline.actions.last?.time == script.frames[2].time + .milliseconds(500))
    }

    @Test func touchscreenLongPressPresentsTheMenuOnce() throws {
        let photo = centreNode()
        photo.addInteraction(ContextMenuInteraction(actions: ["Share"]))
        let (_, system) = makeWindow([photo])
        var script = touchscreenFingerAtTheCentre()
        let down = script.now
        script.wait(.milliseconds(900))
        script.lift(fingers: [0])
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames, until: script.now + .seconds(1))
        #expect(pipeline.actions.map(\.trigger) == [.longPress])
        #expect(pipeline.actions.first?.time == down + .milliseconds(500))
        #expect(pipeline.actions.first?.item == "photo")
    }

    @Test func clickpadButtonAreaAndTwoFingerTapArePresentedAsSecondaryClicks() throws {
        let photo = Node(identifier: "photo", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        photo.addInteraction(ContextMenuInteraction(actions: ["Share"]))
        let (_, system) = makeWindow([photo])
        var script = InputScript(device: ScriptedDevice.touchpad())
        // A press in the bottom-right button area.
        script.put(finger: 0, atPercent: 85, 95)
        script.sync()
        script.wait(.milliseconds(30))
        script.key(.leftButton, 1)
        script.wait(.milliseconds(80))
        script.key(.leftButton, 0)
        script.lift(fingers: [0])
        script.wait(.seconds(1))
        // A two-finger tap.
        script.put(finger: 0, atPercent: 40, 40)
        script.put(finger: 1, atPercent: 55, 40)
        script.sync()
        script.wait(.milliseconds(60))
        script.lift(fingers: [0, 1])
        var pipeline = try ClassifiedPipeline(
            device: script.device,
            system: system,
            options: DeviceSettings(tapToClick: true, clickMethod: .buttonAreas)
        )
        pipeline.run(script.frames, until: script.now + .seconds(1))
        let secondaries = pipeline.classified.filter {
            if case .button(.secondary, .down, _, _) = $0.event { return true }
            return false
        }
        #expect(secondaries.count == 2)
        #expect(pipeline.actions.map(\.trigger) == [.secondaryClick, .secondaryClick])
    }

    // MARK: Pan and scroll types

    private func wheelAndTouchpadScroll(mask: ScrollTypeMask) throws -> (wheel: [TimedAction], touchpad: [TimedAction])
    {
        let sheet = centreNode("sheet")
        sheet.addInteraction(PanInteraction(allowedScrollTypes: mask))
        let (_, system) = makeWindow([sheet])

        var wheel = InputScript(device: ScriptedDevice.mouse(highResolution: true))
        for _ in 0..<3 {
            wheel.add(.wheelHighResolution, -120)
            wheel.add(.wheel, -1)
            wheel.sync()
            wheel.wait(.milliseconds(30))
        }
        var wheelPipeline = try ClassifiedPipeline(device: wheel.device, system: system)
        wheelPipeline.run(wheel.frames, until: wheel.now + .milliseconds(500))

        var touchpad = InputScript(device: ScriptedDevice.touchpad(), start: wheel.now + .seconds(1))
        touchpad.put(finger: 0, atPercent: 40, 40)
        touchpad.put(finger: 1, atPercent: 55, 40)
        touchpad.sync()
        touchpad.swipe(fingers: [0, 1], byMillimetres: 0, 20, over: .milliseconds(200), steps: 20)
        touchpad.lift(fingers: [0, 1])
        var touchpadPipeline = try ClassifiedPipeline(device: touchpad.device, system: system)
        touchpadPipeline.run(touchpad.frames, until: touchpad.now + .milliseconds(500))
        #expect(
            touchpadPipeline.classified.contains {
                if case .scroll(.continuous, _, _, .began?, _) = $0.event { return true }
                return false
            }
        )
        return (wheelPipeline.actions, touchpadPipeline.actions)
    }

    @Test func panWithTheDefaultMaskIgnoresWheelAndTouchpadScrolling() throws {
        let (wheel, touchpad) = try wheelAndTouchpadScroll(mask: [])
        #expect(wheel.isEmpty)
        #expect(touchpad.isEmpty)
    }

    @Test func panWithTheContinuousMaskTakesTheTouchpadButNotTheWheel() throws {
        let (wheel, touchpad) = try wheelAndTouchpadScroll(mask: .continuous)
        #expect(wheel.isEmpty)
        #expect(touchpad.first?.phase == .began)
        #expect(touchpad.last?.phase == .ended)
        #expect(touchpad.count > 3)
        #expect(touchpad.dropFirst().dropLast().allSatisfy { $0.phase == .changed })
    }

    @Test func panWithTheAllMaskTakesWheelAndTouchpad() throws {
        let (wheel, touchpad) = try wheelAndTouchpadScroll(mask: .all)
        // Three detents, each a whole pan.
        #expect(wheel.map(\.phase) == [.began, .ended, .began, .ended, .began, .ended])
        #expect(touchpad.first?.phase == .began)
        #expect(touchpad.last?.phase == .ended)
    }

    // MARK: Drag

    /// The time of the classifier's `drag began`, which the drag interaction follows.
    private func classifiedDragBegan(in pipeline: ClassifiedPipeline) throws -> Timestamp {
        try #require(
            pipeline.classified.first {
                if case .drag(.began, _, _, _) = $0.event { return true }
                return false
            }?.time)
    }

    @Test func mouseDragLiftsWhenThePressPassesTheDragThreshold() throws {
        let (card, system) = windowWithDraggableCard()
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.wait(.milliseconds(40))
        script.move(dx: 2, dy: 0)  // under the 3-point pointer drag threshold: still a click
        script.wait(.milliseconds(10))
        script.move(dx: 30, dy: 20)
        let secondMove = script.now
        script.wait(.milliseconds(10))
        script.key(.leftButton, 0)
        // Flat at speed 0: the scripted counts are the points the card moves.
        var pipeline = try ClassifiedPipeline(
            device: script.device, system: system, options: DeviceSettings(accelerationProfile: .flat))
        pipeline.run(script.frames, until: script.now + .seconds(1))
        #expect(pipeline.actions.map(\.phase) == [.began, .ended])
        #expect(try classifiedDragBegan(in: pipeline) == secondMove)
        #expect(pipeline.actions.first?.time == secondMove)
        // The card follows the pointer from where it was pressed.
        #expect(card.frame.origin == Point(x: 432, y: 320))
    }

    @Test func clickpadDragLiftsWhenTheClassifiersDragBegins() throws {
        let card = Node(identifier: "card", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        card.addInteraction(DragInteraction())
        let (_, system) = makeWindow([card])
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 30, 40)
        script.sync()
        script.wait(.milliseconds(30))
        script.key(.leftButton, 1)
        script.wait(.milliseconds(40))
        script.swipe(fingers: [0], byMillimetres: 15, 0, over: .milliseconds(150), steps: 15)
        script.key(.leftButton, 0)
        script.lift(fingers: [0])
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames, until: script.now + .seconds(1))
        #expect(pipeline.actions.first?.phase == .began)
        #expect(pipeline.actions.first?.time == (try classifiedDragBegan(in: pipeline)))
        #expect(pipeline.actions.last?.phase == .ended)
        #expect(card.frame.origin.x > 0)
    }

    @Test func touchscreenDragBeginsOnlyAfterTheLiftDelay() throws {
        let (card, system) = windowWithDraggableCard()
        var script = touchscreenFingerAtTheCentre()
        let down = script.now
        script.wait(.milliseconds(600))
        script.swipe(fingers: [0], byMillimetres: 20, 0, over: .milliseconds(200), steps: 10)
        script.lift(fingers: [0])
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames, until: script.now + .seconds(1))
        #expect(pipeline.actions.first?.phase == .began)
        #expect(pipeline.actions.first?.time == down + .milliseconds(500))
        #expect(pipeline.actions.last?.phase == .ended)
        #expect(pipeline.actions.filter { $0.phase == .cancelled }.isEmpty)
        // 20 mm of a 200 mm screen is a tenth of the 1000-point scene.
        #expect(abs(card.frame.origin.x - 500) < 1)
    }

    @Test func touchscreenMovementBeforeTheLiftDelayIsNoDrag() throws {
        let (card, system) = windowWithDraggableCard()
        var script = touchscreenFingerAtTheCentre()
        script.wait(.milliseconds(100))
        script.swipe(fingers: [0], byMillimetres: 20, 0, over: .milliseconds(200), steps: 10)
        script.wait(.milliseconds(600))
        script.lift(fingers: [0])
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames, until: script.now + .seconds(1))
        #expect(pipeline.actions.isEmpty)
        #expect(card.frame.origin == Point(x: 400, y: 300))
    }

    @Test func removingTheDeviceMidDragPutsTheCardBack() throws {
        let (card, system) = windowWithDraggableCard()
        var script = touchscreenFingerAtTheCentre()
        script.wait(.milliseconds(600))
        script.swipe(fingers: [0], byMillimetres: 20, 0, over: .milliseconds(100), steps: 5)
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames)
        #expect(card.frame.origin.x > 450)
        let before = pipeline.actions.count
        pipeline.removeDevice(at: script.now + .milliseconds(10))
        #expect(pipeline.actions.dropFirst(before).map(\.phase) == [.cancelled])
        #expect(card.frame.origin == Point(x: 400, y: 300))
    }

    // MARK: Scroll view

    @Test func scrollViewDeceleratesAfterATwoFingerScrollWithTheClassifiersVelocity() throws {
        let list = Node(identifier: "list", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        let scrolling = ScrollViewInteraction(contentSize: Size(width: 1000, height: 20_000))
        list.addInteraction(scrolling)
        let (_, system) = makeWindow([list])
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 40, 30)
        script.put(finger: 1, atPercent: 55, 30)
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 0, 30, over: .milliseconds(150), steps: 15)
        script.lift(fingers: [0, 1])
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames)

        // What the classifier said: the scrolled distance and the release velocity.
        let (scrolled, release) = pipeline.continuousScroll(along: \.y)
        let ended = try #require(release)
        #expect(scrolled > 100)
        #expect(ended.velocity > 100)
        #expect(abs(scrolling.contentOffset.y - scrolled) < 1e-9)

        // UIScrollView's deceleration, one offset per animation frame.
        let end = ended.time + .milliseconds(1200)
        pipeline.advance(to: end)
        expectOffsets(in: pipeline.events, after: ended.time, through: end, along: \.y) { milliseconds in
            decelerated(from: scrolled, velocity: ended.velocity, milliseconds: milliseconds)
        }
    }

    @Test func scrollViewBouncesBackAfterATwoFingerScrollPastItsTopEdge() throws {
        let list = Node(identifier: "list", frame: Rect(x: 0, y: 0, width: 1000, height: 800))
        let scrolling = ScrollViewInteraction(contentSize: Size(width: 1000, height: 5000))
        list.addInteraction(scrolling)
        let (_, system) = makeWindow([list])
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 40, 60)
        script.put(finger: 1, atPercent: 55, 60)
        script.sync()
        // Fingers moving up scroll up (traditional scrolling): past the top edge.
        script.swipe(fingers: [0, 1], byMillimetres: 0, -20, over: .milliseconds(200), steps: 20)
        script.wait(.milliseconds(300))  // hold still, so the release velocity is small
        script.lift(fingers: [0, 1])
        var pipeline = try ClassifiedPipeline(device: script.device, system: system)
        pipeline.run(script.frames)

        let (pulled, release) = pipeline.continuousScroll(along: \.y)
        let ended = try #require(release)
        #expect(pulled < -50)
        // Rubber band past the top edge of the 800-point view.
        let shown = -rubberBand(-pulled, dimension: 800)
        #expect(abs(scrolling.contentOffset.y - shown) < 1e-9)

        // Bounce back on a critically damped spring, one offset per animation frame.
        let end = ended.time + .milliseconds(300)
        pipeline.advance(to: end)
        expectOffsets(in: pipeline.events, after: ended.time, through: end, along: \.y) { milliseconds in
            spring(displacement: shown, velocity: ended.velocity, seconds: milliseconds / 1000)
        }
        pipeline.advance(to: ended.time + .seconds(3))
        #expect(scrolling.contentOffset.y == 0)
        #expect(system.nextDeadline == nil)
    }
}
