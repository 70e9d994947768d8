import EventModel
import Geometry
import InputEvents

/// Recognizes fingers pinching, as `UIPinchGestureRecognizer`: continuous, it begins when the
/// classifier's pinch begins, changes as the fingers spread or close, and ends when they lift.
///
/// It takes a touchpad's pinch (at the pointer) and a touchscreen's (when it holds every finger:
/// its node is under all of them), as UIKit's takes both direct touches and trackpad pinches. Its
/// ``GestureRecognizer/location`` is where the pinch happens: the pointer, or the fingers' centre.
///
/// ```swift
/// let pinch = PinchGestureRecognizer()
/// pinch.addTarget { recognizer in
///     guard let pinch = recognizer as? PinchGestureRecognizer else { return }
///     photo.zoom(by: pinch.scale, about: pinch.location)
/// }
/// photo.addGestureRecognizer(pinch)
/// ```
public final class PinchGestureRecognizer: GestureRecognizer {
    @exclusivity(unchecked) private var machine = PinchTracking()

    /// The fingers' spread relative to where the pinch began: 1 at `began`, 2 when they are twice
    /// as far apart. Setting it (often to 1, to read the change since the last event) makes later
    /// values relative to the new one, as in UIKit.
    public var scale: Double {
        get { machine.scale }
        set { machine.scale = newValue }
    }

    /// How fast the scale changes, in scale factor per second.
    public var velocity: Double { machine.scaleVelocity }

    /// Creates a pinch recognizer.
    /// - Parameter name: The name in trace lines.
    public init(name: String = "pinch") {
        super.init(name: name, traits: .followsPinch)
    }

    override func resetMachine() { machine.reset() }

    override func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal {
        machine.handle(input, at: time, heldTouches: numberOfTouches)
    }
}
