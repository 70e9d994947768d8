import EventModel
import Geometry
import InputEvents

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A pinch in progress: the line between its two followed fingers, by which its scale and
/// rotation are measured, in the surface's units.
struct PinchProgress: Hashable, Sendable {
    /// The distance between the fingers when the pinch began: scale 1.
    let initialDistance: Double
    /// From the first followed finger to the second, at the previous event.
    private(set) var span: Vector
    /// The fingers' centre at the previous event.
    private(set) var centre: Vector
    /// The scale at the previous event.
    private(set) var scale = 1.0

    /// Begins a pinch whose fingers are `span` apart about `centre`; nil when they are at one
    /// point, where no scale can be measured.
    init?(span: Vector, centre: Vector) {
        guard span.length > 0 else { return nil }
        initialDistance = span.length
        self.span = span
        self.centre = centre
    }

    /// The fingers are now `span` apart about `centre`: how far the centre moved since the
    /// previous event, the scale, and the rotation since the previous event in degrees (clockwise
    /// positive); nil when nothing changed.
    mutating func change(span new: Vector, centre newCentre: Vector) -> (
        movement: Vector, scale: Double, rotation: Double
    )? {
        let movement = newCentre - centre
        let newScale = new.length / initialDistance
        let rotation = turnDegrees(from: span, to: new)
        guard movement != .zero || newScale != scale || rotation != 0 else { return nil }
        span = new
        centre = newCentre
        scale = newScale
        return (movement, newScale, rotation)
    }
}

/// What a begun gesture of moving fingers is.
enum GestureMotion: Hashable, Sendable {
    case pinch(PinchProgress)
    case swipe
}

/// Writes the gesture events of one device: its touch type, and the fingers of the gesture in
/// progress.
struct GestureEvents {
    let touchType: TouchType
    /// The fingers the current gesture is made of.
    var fingers = 0

    init(touchType: TouchType) {
        self.touchType = touchType
    }

    /// A gesture event of the current gesture.
    func gesture(
        _ kind: GestureKind, _ phase: GesturePhase, delta: Vector = .zero, scale: Double = 1, rotation: Double = 0,
        position: Vector? = nil
    ) -> Gesture {
        Gesture(
            kind: kind, phase: phase, fingers: fingers, touchType: touchType, delta: delta, scale: scale,
            rotation: rotation, position: position)
    }

    /// Appends a gesture event of the current gesture.
    func emit(
        _ kind: GestureKind, _ phase: GesturePhase, delta: Vector = .zero, scale: Double = 1, rotation: Double = 0,
        position: Vector? = nil, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        let event = gesture(kind, phase, delta: delta, scale: scale, rotation: rotation, position: position)
        output.append(ClassifiedInput(time: time, event: .gesture(event)))
    }

    /// Appends the end of a pinch or swipe (`ended` or `cancelled`), a pinch with its last scale.
    func finish(
        _ motion: GestureMotion, _ phase: GesturePhase, position: Vector? = nil, at time: Timestamp,
        into output: inout [ClassifiedInput]
    ) {
        switch motion {
        case .swipe: emit(.swipe, phase, position: position, at: time, into: &output)
        case .pinch(let pinch): emit(.pinch, phase, scale: pinch.scale, position: position, at: time, into: &output)
        }
    }
}

/// The angle from `a` to `b` in degrees, in (−180, 180]: positive when `b` is turned clockwise
/// from `a` on a surface whose y axis points down (the way a touch surface reports positions).
/// Zero when either vector is zero.
func turnDegrees(from a: Vector, to b: Vector) -> Double {
    let cross = a.x * b.y - a.y * b.x
    let dot = a.x * b.x + a.y * b.y
    guard cross != 0 || dot != 0 else { return 0 }
    return atan2(cross, dot) * 180 / Double.pi
}
