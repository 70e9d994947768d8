import EventModel
import Geometry
import InputEvents

/// Recognizes fingers turning, as `UIRotationGestureRecognizer`: continuous, it follows the
/// classifier's pinch (the gesture that reports the fingers' turn) from its beginning to its end.
///
/// It takes a touchpad's pinch (at the pointer) and a touchscreen's (when it holds every finger).
/// A pinch and a rotation recognizer on one node recognize together when a delegate allows it, as
/// in UIKit; otherwise the one added first takes the gesture.
///
/// ```swift
/// let rotation = RotationGestureRecognizer()
/// rotation.addTarget { recognizer in
///     guard let rotation = recognizer as? RotationGestureRecognizer else { return }
///     dial.angle = rotation.rotation
/// }
/// dial.addGestureRecognizer(rotation)
/// ```
public final class RotationGestureRecognizer: GestureRecognizer {
    @exclusivity(unchecked) private var machine = PinchTracking()

    /// How far the fingers turned since the gesture began, in radians, clockwise positive (y points
    /// down). Setting it makes later values relative to the new one, as in UIKit.
    public var rotation: Double {
        get { machine.rotation }
        set { machine.rotation = newValue }
    }

    /// How fast the fingers turn, in radians per second.
    public var velocity: Double { machine.rotationVelocity }

    /// Creates a rotation recognizer.
    /// - Parameter name: The name in trace lines.
    public init(name: String = "rotation") {
        super.init(name: name, traits: .followsPinch)
    }

    override func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal {
        machine.handle(input, at: time, heldTouches: numberOfTouches)
    }

    override func resetMachine() { machine.reset() }
}
