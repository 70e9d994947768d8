import Classification
import EventModel
import Foundation
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

/// Swipe, pinch and hold with two to four fingers on a touchpad (`TouchpadGestureRecognition`),
/// on the scripted 100×60 mm clickpad with five slots unless said otherwise. Every output is
/// given whole, with its times in milliseconds after the fingers land.
@Suite struct TouchpadGestureRecognitionTests {
    private let start = Timestamp(microseconds: 1_000_000)
    /// A finger's 2 mm step in pointer points.
    private let step = Vector(x: 2, y: 0) * (1000 / 25.4)

    private func at(_ milliseconds: Int64, _ event: ClassifiedEvent) -> ClassifiedInput {
        ClassifiedInput(time: start + .milliseconds(milliseconds), event: event)
    }

    private func gesture(
        _ kind: GestureKind, _ phase: GesturePhase, _ fingers: Int, delta: Vector = .zero
    ) -> ClassifiedEvent {
        .gesture(Gesture(kind: kind, phase: phase, fingers: fingers, touchType: .indirectPointer, delta: delta))
    }

    /// `count` fingers land in one frame in a row across the middle of the pad, 10 mm apart.
    private func land(_ count: Int, on script: inout InputScript) {
        for finger in 0..<count { script.put(finger: finger, atPercent: 30 + 10 * Double(finger), 50) }
        script.sync()
    }

    // MARK: Swipe

    /// The fingers move right 2 mm every 10 ms. A swipe begins at the first frame in which each
    /// followed finger travelled 1.5 mm plus 0.5 mm per finger beyond two: 2 mm (10 ms) for three
    /// fingers, 2.5 mm (20 ms) for four; every later frame moves it by the fingers' 2 mm, and it
    /// ends when they lift.
    @Test(arguments: [(3, 10), (4, 20)] as [(Int, Int64)])
    func fingersMovingTogetherSwipe(fingers: Int, beganAt began: Int64) throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(fingers, on: &script)
        script.swipe(fingers: Array(0..<fingers), byMillimetres: 10, 0, over: .milliseconds(50), steps: 5)
        script.lift(fingers: Array(0..<fingers))
        var expected = [at(began, gesture(.swipe, .began, fingers))]
        for time in stride(from: began + 10, through: 50, by: 10) {
            expected.append(at(time, gesture(.swipe, .changed, fingers, delta: step)))
        }
        expected.append(at(50, gesture(.swipe, .ended, fingers)))
        #expect(try classify(script.device, script.frames) == expected)
    }

    /// Five fingers are a hand on the pad, not a gesture.
    @Test func fiveFingersMakeNoGesture() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(5, on: &script)
        script.swipe(fingers: Array(0..<5), byMillimetres: 10, 0, over: .milliseconds(50), steps: 5)
        script.lift(fingers: Array(0..<5))
        #expect(try classify(script.device, script.frames) == [])
    }

    /// A two-slot pad whose tool keys count a third finger swipes with three: the untracked
    /// finger counts, and the two tracked ones move the swipe.
    @Test func untrackedFingersCountForASwipe() throws {
        var script = InputScript(device: ScriptedStreams.twoSlotClickpad(), start: start)
        land(2, on: &script)
        script.untrackedFingers = 1
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 10, 0, over: .milliseconds(50), steps: 5)
        script.untrackedFingers = 0
        script.lift(fingers: [0, 1])
        var expected = [at(10, gesture(.swipe, .began, 3))]
        for time in stride(from: 20, through: 50, by: 10) as StrideThrough<Int64> {
            expected.append(at(time, gesture(.swipe, .changed, 3, delta: step)))
        }
        expected.append(at(50, gesture(.swipe, .ended, 3)))
        #expect(try classify(script.device, script.frames) == expected)
    }

    /// A finger lifts during a swipe and stays off: 100 ms later the swipe is cancelled (at that
    /// deadline), and the two fingers left start afresh, resting until they lift.
    @Test(arguments: AdvanceGranularity.allCases)
    func aLastingCountChangeCancelsTheSwipe(advance: AdvanceGranularity) throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(3, on: &script)
        script.swipe(fingers: [0, 1, 2], byMillimetres: 6, 0, over: .milliseconds(30), steps: 3)
        script.lift(fingers: [2])
        script.wait(.milliseconds(120))
        script.lift(fingers: [0, 1])
        #expect(
            try classify(script.device, script.frames, advance: advance) == [
                at(10, gesture(.swipe, .began, 3)),
                at(20, gesture(.swipe, .changed, 3, delta: step)),
                at(30, gesture(.swipe, .changed, 3, delta: step)),
                at(130, gesture(.swipe, .cancelled, 3)),
            ])
    }

    /// A finger lifts during a swipe and lands again 40 ms later: the swipe goes on.
    @Test func aCountChangeUndoneInTimeKeepsTheSwipe() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(3, on: &script)
        script.swipe(fingers: [0, 1, 2], byMillimetres: 4, 0, over: .milliseconds(20), steps: 2)
        script.lift(fingers: [2])
        script.wait(.milliseconds(40))
        script.put(finger: 2, atPercent: 60, 50)
        script.sync()
        script.swipe(fingers: [0, 1, 2], byMillimetres: 4, 0, over: .milliseconds(20), steps: 2)
        script.lift(fingers: [0, 1, 2])
        #expect(
            try classify(script.device, script.frames) == [
                at(10, gesture(.swipe, .began, 3)),
                at(20, gesture(.swipe, .changed, 3, delta: step)),
                at(70, gesture(.swipe, .changed, 3, delta: step)),
                at(80, gesture(.swipe, .changed, 3, delta: step)),
                at(80, gesture(.swipe, .ended, 3)),
            ])
    }

    /// Pressing the pad cancels the swipe (pressing rocks the fingers), and nothing more is
    /// recognised until the fingers change.
    @Test func aPressCancelsTheSwipe() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(3, on: &script)
        script.swipe(fingers: [0, 1, 2], byMillimetres: 4, 0, over: .milliseconds(20), steps: 2)
        script.key(.leftButton, 1)
        script.swipe(fingers: [0, 1, 2], byMillimetres: 4, 0, over: .milliseconds(20), steps: 2)
        script.key(.leftButton, 0)
        script.lift(fingers: [0, 1, 2])
        #expect(
            try classify(script.device, script.frames) == [
                at(10, gesture(.swipe, .began, 3)),
                at(20, gesture(.swipe, .changed, 3, delta: step)),
                at(20, gesture(.swipe, .cancelled, 3)),
                at(20, .button(.primary, state: .down, trigger: .buttonArea, code: .leftButton)),
                at(40, .button(.primary, state: .up, trigger: .buttonArea, code: .leftButton)),
            ])
    }

    // MARK: Pinch

    /// Two fingers 20 mm apart across the middle of the pad turn a quarter turn about their
    /// centre in each of two frames. The first turn moves both 14 mm in opposite directions: a
    /// pinch, which begins there (scale 1, no rotation yet); the second turns the line between
    /// them from pointing down to pointing left: 90° clockwise, at the same distance (scale 1)
    /// and about the same centre (no movement).
    @Test func fingersTurningPinchWithRotation() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(10))
        script.move(finger: 0, toPercent: 50, 100.0 / 3)  // (50, 20) mm
        script.move(finger: 1, toPercent: 50, 200.0 / 3)  // (50, 40) mm
        script.sync()
        script.wait(.milliseconds(10))
        script.move(finger: 0, toPercent: 60, 50)
        script.move(finger: 1, toPercent: 40, 50)
        script.sync()
        script.lift(fingers: [0, 1])
        func pinch(_ phase: GesturePhase, rotation: Double = 0) -> ClassifiedEvent {
            .gesture(Gesture(kind: .pinch, phase: phase, fingers: 2, touchType: .indirectPointer, rotation: rotation))
        }
        #expect(
            try classify(script.device, script.frames) == [
                at(10, pinch(.began)),
                at(20, pinch(.changed, rotation: 90)),
                at(20, pinch(.ended)),
            ])
    }

    /// The hardware suite's swiping stream (libinput reports the same gestures on it): three
    /// fingers rest 300 ms (a hold from 180 ms on), then move right 2 mm every 10 ms from 300 ms
    /// on. The first step decides: the hold is cancelled and the swipe begins; each later frame
    /// moves it 2 mm, until the fingers lift at 420 ms.
    @Test func theSwipingStreamHoldsThenSwipes() throws {
        let stream = ScriptedStreams.stream("three-finger-swipe-right", in: ScriptedStreams.gestures)
        var expected = [
            at(180, gesture(.hold, .began, 3)), at(300, gesture(.hold, .cancelled, 3)),
            at(300, gesture(.swipe, .began, 3)),
        ]
        for time in stride(from: 310, through: 410, by: 10) as StrideThrough<Int64> {
            expected.append(at(time, gesture(.swipe, .changed, 3, delta: step)))
        }
        expected.append(at(420, gesture(.swipe, .ended, 3)))
        #expect(try classify(stream.device, stream.frames) == expected)
    }

    /// Two fingers rest at the top of the pad and the thumb below the first one moves up 2 mm
    /// every 10 ms. With three fingers one finger must travel 6 mm (4 mm, and 2 mm per finger
    /// beyond two) while the others rest: at 30 ms the pinch begins, 24 mm between the top
    /// finger and the thumb. Each later frame brings the thumb 2 mm closer: the scale falls by
    /// 2/24, the line between them keeps its direction (no rotation), and their centre moves up
    /// 1 mm.
    @Test func aThumbMovingAgainstRestingFingersPinches() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 40, 30)  // (40, 18) mm
        script.put(finger: 1, atPercent: 55, 30)
        script.put(finger: 2, atPercent: 40, 80)  // the thumb, (40, 48) mm
        script.sync()
        script.step([(2, 0, -2)], frames: 5, every: .milliseconds(10))
        script.lift(fingers: [0, 1, 2])
        let up = Vector(x: 0, y: -1) * (1000 / 25.4)
        func pinch(_ phase: GesturePhase, delta: Vector = .zero, scale: Double = 1) -> ClassifiedEvent {
            .gesture(
                Gesture(kind: .pinch, phase: phase, fingers: 3, touchType: .indirectPointer, delta: delta, scale: scale)
            )
        }
        #expect(
            try classify(script.device, script.frames) == [
                at(30, pinch(.began)),
                at(40, pinch(.changed, delta: up, scale: 22.0 / 24)),
                at(50, pinch(.changed, delta: up, scale: 20.0 / 24)),
                at(50, pinch(.ended, scale: 20.0 / 24)),
            ])
    }

    /// The hardware suite's pinching streams (libinput reports the same pinches on them, its
    /// scale within 5 %). A finger and the thumb below it rest 290 ms (a hold from 40 ms on),
    /// then each moves 1.56 mm a frame along the line between them: apart for 12 frames from
    /// 20 × 24 mm (across × down) apart, or together for 8 frames from 30 × 36 mm apart. Too far
    /// apart vertically to be two fingers side by side, at the first step (300 ms) each has
    /// travelled 1.5 mm in opposite directions: the hold is cancelled and a pinch begins, its
    /// distance then the scale's base. Each later frame changes the distance by two steps; the
    /// centre stays put (no movement) and the line keeps its direction (no rotation).
    @Test(arguments: [true, false])
    func thePinchingStreamsHoldThenPinch(outward: Bool) throws {
        let stream = ScriptedStreams.stream(
            outward ? "two-finger-pinch-out" : "two-finger-pinch-in", in: ScriptedStreams.gestures)
        let stepLength: Double = (1.0 + 1.2 * 1.2).squareRoot()
        let change: Double = 2 * stepLength * (outward ? 1 : -1)
        let outwardApart: Double = (20.0 * 20 + 24 * 24).squareRoot()
        let inwardApart: Double = (30.0 * 30 + 36 * 36).squareRoot()
        let landed = outward ? outwardApart : inwardApart
        let frames: Int64 = outward ? 12 : 8
        let base: Double = landed + change
        // Scale, rotation and movement to a millionth (a finger's position is a whole number of
        // device units, in millimetres a binary fraction).
        func rounded(_ value: Double) -> String { String(format: "%.6f", (value * 1e6).rounded() / 1e6 + 0) }
        func line(
            _ milliseconds: Int64, _ kind: GestureKind, _ phase: GesturePhase, scale: Double = 1,
            rotation: Double = 0, delta: Vector = .zero, fingers: Int = 2
        ) -> String {
            "\(milliseconds) \(kind) \(phase) \(fingers) fingers scale \(rounded(scale)) rotation \(rounded(rotation))"
                + " delta \(rounded(delta.x)) \(rounded(delta.y))"
        }
        var expected = [line(40, .hold, .began), line(300, .hold, .cancelled), line(300, .pinch, .began)]
        for frame in 1..<frames {
            expected.append(
                line(300 + 10 * frame, .pinch, .changed, scale: (base + change * Double(frame)) / base))
        }
        expected.append(line(300 + 10 * frames, .pinch, .ended, scale: (base + change * Double(frames - 1)) / base))
        let output = try classify(stream.device, stream.frames)
        let lines = output.map { input -> String in
            guard case .gesture(let gesture) = input.event else { return "not a gesture: \(input.event)" }
            return line(
                (input.time.microseconds - start.microseconds) / 1000, gesture.kind, gesture.phase,
                scale: gesture.scale, rotation: gesture.rotation, delta: gesture.delta, fingers: gesture.fingers)
        }
        #expect(lines == expected)
    }

    /// The hardware suite's near miss: two fingers rest side by side (a hold from 40 ms on), then
    /// move apart sideways. Side by side more than 150 ms after landing, they scroll once one of
    /// them has moved 1 mm, as for libinput, whichever way they move: the hold is cancelled at the
    /// first step, and their average does not move, so nothing scrolls and nothing pinches.
    @Test func fingersSpreadingFromSideBySideDoNotPinch() throws {
        let stream = ScriptedStreams.stream("two-finger-spread-side-by-side", in: ScriptedStreams.gestures)
        #expect(
            try classify(stream.device, stream.frames) == [
                at(40, gesture(.hold, .began, 2)),
                at(300, gesture(.hold, .cancelled, 2)),
            ])
    }

    /// Two fingers rest side by side (a hold from 40 ms on). At 200 ms one wobbles 1 mm right:
    /// side by side 150 ms after landing, they are a scroll and never a pinch, so the hold is
    /// cancelled there; but their average has moved 0.5 mm, and the scroll waits for 1.5 mm. At
    /// 210 ms both move 2 mm down (their average now 2.06 mm from where they landed): the scroll
    /// begins, downward, and ends when they lift at 220 ms.
    @Test func aWobbleOfRestingFingersCancelsTheHoldAndTheScrollWaitsForMovement() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        script.put(finger: 0, atPercent: 40, 50)
        script.put(finger: 1, atPercent: 60, 50)
        script.sync()
        script.wait(.milliseconds(200))
        script.move(finger: 0, byMillimetres: 1, 0)
        script.sync()
        script.step([(0, 0, 2), (1, 0, 2)], frames: 1, every: .milliseconds(10))
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        #expect(
            try classify(script.device, script.frames).map {
                "\(($0.time - start).inSeconds * 1000) \(summary($0.event))"
            }
                == [
                    "40.0 hold began 2 indirectPointer", "200.0 hold cancelled 2 indirectPointer",
                    "210.0 scroll began down", "220.0 scroll ended",
                ])
    }

    /// Two fingers move down together: a scroll. Within 300 ms of landing they move apart: each
    /// has then travelled more than 1.5 mm since landing, in directions more than 45° apart, so
    /// the scroll ends and a pinch begins in that frame (whose movement does not scroll).
    @Test func aScrollThatSpreadsWithin300MillisecondsBecomesAPinch() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(2, on: &script)
        script.step([(0, 0, 2), (1, 0, 2)], frames: 2, every: .milliseconds(10))
        script.step([(0, -3, 0), (1, 3, 0)], frames: 1, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        #expect(
            summaries(try classify(script.device, script.frames)) == [
                "scroll began down", "scroll changed down", "scroll ended", "pinch began 2 indirectPointer",
                "pinch ended 2 indirectPointer",
            ])
    }

    /// The same spreading 300 ms after landing is too late: the scroll goes on (sideways, as the
    /// fingers' average does not move) and ends when they lift.
    @Test func aScrollThatSpreadsLaterStaysAScroll() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(2, on: &script)
        script.step([(0, 0, 2), (1, 0, 2)], frames: 2, every: .milliseconds(10))
        script.wait(.milliseconds(290))
        script.step([(0, -3, 0), (1, 3, 0)], frames: 1, every: .milliseconds(10))
        script.lift(fingers: [0, 1])
        #expect(
            summaries(try classify(script.device, script.frames)) == [
                "scroll began down", "scroll changed down", "scroll ended",
            ])
    }

    // MARK: Hold

    /// Three fingers resting 180 ms begin a hold (at that deadline, however often time is
    /// advanced); it ends when they lift.
    @Test(arguments: AdvanceGranularity.allCases)
    func threeFingersRestingHold(advance: AdvanceGranularity) throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(3, on: &script)
        script.wait(.milliseconds(300))
        script.lift(fingers: [0, 1, 2])
        #expect(
            try classify(script.device, script.frames, advance: advance) == [
                at(180, gesture(.hold, .began, 3)),
                at(300, gesture(.hold, .ended, 3)),
            ])
    }

    /// The hardware suite's resting stream (libinput reports the same hold on it).
    @Test func theRestingStreamHolds() throws {
        let stream = ScriptedStreams.stream("three-finger-hold", in: ScriptedStreams.gestures)
        #expect(
            try classify(stream.device, stream.frames) == [
                at(180, gesture(.hold, .began, 3)),
                at(400, gesture(.hold, .ended, 3)),
            ])
    }

    /// A hold whose fingers then move is cancelled, and what they do begins in the same frame.
    @Test func aHoldThenASwipe() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(), start: start)
        land(3, on: &script)
        script.wait(.milliseconds(200))
        script.swipe(fingers: [0, 1, 2], byMillimetres: 6, 0, over: .milliseconds(30), steps: 3)
        script.lift(fingers: [0, 1, 2])
        #expect(
            try classify(script.device, script.frames) == [
                at(180, gesture(.hold, .began, 3)),
                at(210, gesture(.hold, .cancelled, 3)),
                at(210, gesture(.swipe, .began, 3)),
                at(220, gesture(.swipe, .changed, 3, delta: step)),
                at(230, gesture(.swipe, .changed, 3, delta: step)),
                at(230, gesture(.swipe, .ended, 3)),
            ])
    }

    /// A semi-multitouch pad reports a bounding box, not fingers: three fingers resting or moving
    /// make no hold and no swipe.
    @Test func semiMultitouchPadsMakeNoSwipeOrHold() throws {
        var device = ScriptedStreams.twoSlotClickpad()
        device.properties.insert(.semiMultitouch)
        var script = InputScript(device: device, start: start)
        land(2, on: &script)
        script.untrackedFingers = 1
        script.sync()
        script.wait(.milliseconds(200))
        script.swipe(fingers: [0, 1], byMillimetres: 10, 0, over: .milliseconds(50), steps: 5)
        script.untrackedFingers = 0
        script.lift(fingers: [0, 1])
        #expect(try classify(script.device, script.frames) == [])
    }
}
