import EventModel
import Geometry
import InputEvents

/// Follows one classified pinch for a recognizer: its life, its scale and its rotation, and how
/// fast they change. The classifier decides that fingers pinch (its thresholds); this machine only
/// reads what it reports, for a touchpad's pinch and a touchscreen's alike.
///
/// ```
/// idle ─pinch began─▶ pinching ─pinch changed─▶ pinching (changed) ─pinch ended─▶ idle (ended)
///   │                     └─pinch cancelled / touches cancelled─▶ idle (cancelled)
///   └─the last touch it holds lifts with no pinch─▶ idle (failed)
/// ```
///
/// Scale is the classifier's: the fingers' spread relative to where the pinch began. Rotation adds
/// up the classifier's turns (degrees per event, clockwise positive) in radians. Velocities are per
/// second, measured between the last two events. Either value may be set during the gesture (to
/// read changes since the last event): later ones follow on from it, until the next pinch.
struct PinchTracking: Equatable {
    enum State: Equatable {
        case idle
        case pinching(lastTime: Timestamp)
    }

    private(set) var state: State = .idle
    /// The classifier's scale of the pinch under way (1 at `began`).
    private var gestureScale: Double = 1
    /// What the classifier's scale is multiplied by since the scale was set.
    private var scaleFactor: Double = 1
    /// How far the fingers turned since the pinch began, in radians, clockwise positive, as the
    /// classifier reported it.
    private var gestureRotation: Double = 0
    /// What is added to the classifier's rotation since the rotation was set.
    private var rotationOffset: Double = 0
    /// How fast the classifier's scale changes, in scale factor per second.
    private var gestureScaleVelocity: Double = 0
    /// How fast the fingers turn, in radians per second.
    private(set) var rotationVelocity: Double = 0

    /// The fingers' spread relative to where the pinch began, or to where it was last set.
    var scale: Double {
        get { gestureScale * scaleFactor }
        set { scaleFactor = gestureScale != 0 ? newValue / gestureScale : 1 }
    }

    /// How far the fingers turned since the pinch began, or since it was last set, in radians.
    var rotation: Double {
        get { gestureRotation + rotationOffset }
        set { rotationOffset = newValue - gestureRotation }
    }

    /// How fast the scale changes, in scale factor per second.
    var scaleVelocity: Double { gestureScaleVelocity * scaleFactor }

    /// Takes one input; `heldTouches` is how many touches the recognizer holds, this one included.
    mutating func handle(_ input: RecognizerInput, at time: Timestamp, heldTouches: Int) -> Proposal {
        switch (state, input) {
        case (.idle, .gesture(let gesture, _)):
            guard gesture.kind == .pinch, gesture.phase == .began else { return .none }
            state = .pinching(lastTime: time)
            gestureScale = gesture.scale
            scaleFactor = 1
            gestureRotation = gesture.rotation * .pi / 180
            rotationOffset = 0
            gestureScaleVelocity = 0
            rotationVelocity = 0
            return .to(.began)
        case (.pinching(let lastTime), .gesture(let gesture, _)):
            guard gesture.kind == .pinch else { return .none }
            let seconds = (time - lastTime).inSeconds
            let turn = gesture.rotation * .pi / 180
            if seconds > 0 {
                gestureScaleVelocity = (gesture.scale - gestureScale) / seconds
                rotationVelocity = turn / seconds
            }
            gestureScale = gesture.scale
            gestureRotation += turn
            switch gesture.phase {
            case .began, .changed:
                state = .pinching(lastTime: time)
                return .to(.changed)
            case .ended:
                state = .idle
                return .to(.ended)
            case .cancelled:
                state = .idle
                return .to(.cancelled)
            }
        case (.idle, .touchEnded):
            // The fingers lifted and the classifier saw no pinch in them.
            return heldTouches <= 1 ? .to(.failed) : .none
        case (.idle, .touchCancelled):
            return .to(.failed)
        case (.pinching, .touchCancelled):
            state = .idle
            return .to(.cancelled)
        case (_, .touchBegan), (_, .touchMoved), (_, .touchHeld), (_, .touchDragged), (.pinching, .touchEnded),
            (_, .scroll), (_, .hover):
            // A finger lifting ends the classifier's pinch, which says so itself.
            return .none
        }
    }

    mutating func reset() { state = .idle }
}
