import EventModel
import Geometry
import InputEvents
import Interactions
import Testing

/// Records a recognizer's transitions (all but `failed`) as lines.
final class RecognizerLog {
    var entries: [String] = []
}

/// The pinch and rotation recognizers, from a touchpad's pinch and from fingers on a touchscreen.
@Suite struct PinchGestureRecognizerTests {
    /// A 400 × 400 photo at (100, 100) in the 1000 × 800 window.
    private func makePhoto() -> (InteractionHarness, Node) {
        let photo = Node(identifier: "photo", frame: Rect(x: 100, y: 100, width: 400, height: 400))
        return (InteractionHarness(children: [photo]), photo)
    }

    /// Attaches a pinch logging `state scale velocity (x, y) touches`.
    @discardableResult
    private func attachPinch(to node: Node, log: RecognizerLog, name: String = "pinch") -> PinchGestureRecognizer {
        let pinch = PinchGestureRecognizer(name: name)
        pinch.addTarget { recognizer in
            guard let pinch = recognizer as? PinchGestureRecognizer else { return }
            log.entries.append(
                "\(pinch.name) \(pinch.state) ×\(rounded(pinch.scale)) \(rounded(pinch.velocity))/s "
                    + "(\(rounded(pinch.location.x)), \(rounded(pinch.location.y))) \(pinch.numberOfTouches)")
        }
        node.addGestureRecognizer(pinch)
        return pinch
    }

    /// Attaches a rotation logging `state rotation velocity`, in radians.
    @discardableResult
    private func attachRotation(to node: Node, log: RecognizerLog) -> RotationGestureRecognizer {
        let rotation = RotationGestureRecognizer()
        rotation.addTarget { recognizer in
            guard let rotation = recognizer as? RotationGestureRecognizer else { return }
            log.entries.append(
                "rotation \(rotation.state) \(rounded(rotation.rotation)) \(rounded(rotation.velocity))/s")
        }
        node.addGestureRecognizer(rotation)
        return rotation
    }

    @Test func aTouchpadPinchOverTheNodeScalesAtThePointer() {
        let (harness, photo) = makePhoto()
        let log = RecognizerLog()
        attachPinch(to: photo, log: log)
        harness.movePointer(to: Point(x: 300, y: 250))
        harness.gesture(.pinch, .began, fingers: 2)
        harness.wait(.milliseconds(100))
        harness.gesture(.pinch, .changed, fingers: 2, scale: 1.2)
        harness.wait(.milliseconds(50))
        harness.gesture(.pinch, .changed, fingers: 2, scale: 1.5)
        harness.wait(.milliseconds(50))
        harness.gesture(.pinch, .ended, fingers: 2, scale: 1.5)
        #expect(
            log.entries == [
                "pinch began ×1.0 0.0/s (300.0, 250.0) 2",
                "pinch changed ×1.2 2.0/s (300.0, 250.0) 2",
                "pinch changed ×1.5 6.0/s (300.0, 250.0) 2",
                "pinch ended ×1.5 0.0/s (300.0, 250.0) 2",
            ])
        // Outside the node, a pinch is not its.
        log.entries.removeAll()
        harness.movePointer(to: Point(x: 800, y: 700))
        harness.gesture(.pinch, .began, fingers: 2)
        harness.gesture(.pinch, .ended, fingers: 2, scale: 2)
        #expect(log.entries.isEmpty)
    }

    @Test func aTouchscreenPinchGoesToTheRecognizerHoldingBothFingers() {
        let (harness, photo) = makePhoto()
        let left = Node(identifier: "left", frame: Rect(x: 100, y: 100, width: 200, height: 400))
        let right = Node(identifier: "right", frame: Rect(x: 300, y: 100, width: 200, height: 400))
        photo.addChild(left)
        photo.addChild(right)
        let log = RecognizerLog()
        attachPinch(to: photo, log: log)
        attachPinch(to: left, log: log, name: "left-pinch")
        attachPinch(to: right, log: log, name: "right-pinch")
        harness.touchDown(at: Point(x: 250, y: 300), contact: 0)
        harness.touchDown(at: Point(x: 350, y: 300), contact: 1)
        harness.gesture(.pinch, .began, touchType: .direct, at: Point(x: 300, y: 300))
        harness.touchMove(to: Point(x: 200, y: 300), contact: 0)
        harness.touchMove(to: Point(x: 400, y: 300), contact: 1)
        harness.wait(.milliseconds(100))
        harness.gesture(.pinch, .changed, touchType: .direct, scale: 2, at: Point(x: 300, y: 300))
        harness.gesture(.pinch, .ended, touchType: .direct, scale: 2, at: Point(x: 300, y: 300))
        harness.touchUp(at: Point(x: 200, y: 300), contact: 0)
        harness.touchUp(at: Point(x: 400, y: 300), contact: 1)
        // Each half holds one finger, so the pinch is the photo's, which holds both.
        #expect(
            log.entries == [
                "pinch began ×1.0 0.0/s (300.0, 300.0) 2",
                "pinch changed ×2.0 10.0/s (300.0, 300.0) 2",
                "pinch ended ×2.0 10.0/s (300.0, 300.0) 2",
            ])
        // The halves' pinches shared a finger with the photo's, which took it.
        #expect(
            harness.traceLines == [
                "photo pinch: possible → began", "left left-pinch: possible → failed",
                "right right-pinch: possible → failed", "photo pinch: began → changed",
                "photo pinch: changed → ended",
            ])
    }

    @Test func fingersThatLiftWithoutAPinchFailIt() {
        let (harness, photo) = makePhoto()
        let log = RecognizerLog()
        attachPinch(to: photo, log: log)
        harness.touchDown(at: Point(x: 250, y: 300), contact: 0)
        harness.touchDown(at: Point(x: 350, y: 300), contact: 1)
        harness.touchUp(at: Point(x: 250, y: 300), contact: 0)
        #expect(harness.traceLines.isEmpty)
        harness.touchUp(at: Point(x: 350, y: 300), contact: 1)
        #expect(harness.traceLines == ["photo pinch: possible → failed"])
        #expect(log.entries.isEmpty)
        // A click is no pinch's business: a pinch holds fingers only.
        harness.click(at: Point(x: 300, y: 300))
        #expect(harness.traceLines == ["photo pinch: possible → failed"])
    }

    @Test func settingTheScaleMakesLaterValuesRelativeToIt() {
        let (harness, photo) = makePhoto()
        let pinch = PinchGestureRecognizer()
        var increments: [Double] = []
        pinch.addTarget { recognizer in
            guard let pinch = recognizer as? PinchGestureRecognizer else { return }
            increments.append(rounded(pinch.scale))
            pinch.scale = 1
        }
        photo.addGestureRecognizer(pinch)
        harness.movePointer(to: Point(x: 300, y: 250))
        harness.gesture(.pinch, .began)
        harness.gesture(.pinch, .changed, scale: 2)
        harness.gesture(.pinch, .changed, scale: 3)
        harness.gesture(.pinch, .ended, scale: 3)
        // 1, then ×2, then ×1.5 (3 / 2), then nothing more.
        #expect(increments == [1, 2, 1.5, 1])
        // A new pinch starts from the classifier's scale again.
        increments.removeAll()
        harness.gesture(.pinch, .began)
        harness.gesture(.pinch, .cancelled, scale: 0.5)
        #expect(increments == [1, 0.5])
        #expect(
            harness.traceLines == [
                "photo pinch: possible → began", "photo pinch: began → changed", "photo pinch: changed → changed",
                "photo pinch: changed → ended", "photo pinch: possible → began", "photo pinch: began → cancelled",
            ])
    }

    @Test func aRotationAddsUpTheClassifiersTurnsInRadians() {
        let (harness, photo) = makePhoto()
        let log = RecognizerLog()
        attachRotation(to: photo, log: log)
        harness.movePointer(to: Point(x: 300, y: 250))
        harness.gesture(.pinch, .began)
        harness.wait(.milliseconds(100))
        harness.gesture(.pinch, .changed, rotation: 45)
        harness.wait(.milliseconds(100))
        harness.gesture(.pinch, .changed, rotation: -90)
        harness.gesture(.pinch, .ended)
        // 45° in 0.1 s is π/4 and 7.85 rad/s; then back by π/2.
        #expect(
            log.entries == [
                "rotation began 0.0 0.0/s", "rotation changed 0.785 7.854/s", "rotation changed -0.785 -15.708/s",
                "rotation ended -0.785 -15.708/s",
            ])
    }

    @Test func pinchAndRotationOnOneNodeRecognizeTogetherOnlyWhenADelegateAllows() {
        final class Together: GestureRecognizerDelegate {
            func gestureRecognizer(
                _ recognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
            ) -> Bool { true }
        }
        for allowed in [false, true] {
            let (harness, photo) = makePhoto()
            let log = RecognizerLog()
            let pinch = attachPinch(to: photo, log: log)
            attachRotation(to: photo, log: log)
            let together = Together()
            if allowed { pinch.delegate = together }
            harness.touchDown(at: Point(x: 250, y: 300), contact: 0)
            harness.touchDown(at: Point(x: 350, y: 300), contact: 1)
            harness.gesture(.pinch, .began, touchType: .direct, at: Point(x: 300, y: 300))
            harness.gesture(.pinch, .changed, touchType: .direct, scale: 1.5, rotation: 90, at: Point(x: 300, y: 300))
            harness.gesture(.pinch, .ended, touchType: .direct, scale: 1.5, at: Point(x: 300, y: 300))
            let pinchLines = [
                "pinch began ×1.0 0.0/s (300.0, 300.0) 2", "pinch changed ×1.5 0.0/s (300.0, 300.0) 2",
                "pinch ended ×1.5 0.0/s (300.0, 300.0) 2",
            ]
            if allowed {
                #expect(
                    log.entries == [
                        pinchLines[0], "rotation began 0.0 0.0/s", pinchLines[1], "rotation changed 1.571 0.0/s",
                        pinchLines[2], "rotation ended 1.571 0.0/s",
                    ])
            } else {
                // The one added first takes the pinch.
                #expect(log.entries == pinchLines)
                #expect(
                    harness.traceLines == [
                        "photo pinch: possible → began", "photo rotation: possible → failed",
                        "photo pinch: began → changed", "photo pinch: changed → ended",
                    ])
            }
        }
    }
}

/// A value rounded to three decimals, for readable logs.
func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
