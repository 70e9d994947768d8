public import Geometry

/// What a multi-finger gesture is.
public enum GestureKind: String, Hashable, Sendable, CaseIterable {
    /// Two or more fingers moving apart or together, or turning: `scale` and `rotation` apply.
    case pinch
    /// Three or more fingers moving together in one direction.
    case swipe
    /// Fingers resting on the surface without moving.
    case hold
}

/// One event of a multi-finger gesture on a touchpad or a touchscreen.
///
/// A gesture starts with `began`, goes on with `changed` and finishes with one `ended` or
/// `cancelled` (a hold is cancelled when its fingers start to move or to tap, as it then becomes
/// another gesture). The finger count is fixed for the gesture's life: a finger that lands or
/// lifts ends it, and another may begin.
///
/// ```swift
/// let pinch = Gesture(kind: .pinch, phase: .changed, fingers: 2, touchType: .indirectPointer,
///                     delta: Vector(x: 0, y: 0), scale: 1.25, rotation: -3)
/// ```
public struct Gesture: Hashable, Sendable {
    /// What the gesture is.
    public var kind: GestureKind
    /// Where the gesture is in its life.
    public var phase: GesturePhase
    /// How many fingers make it.
    public var fingers: Int
    /// `indirectPointer` on a touchpad, `direct` on a touchscreen.
    public var touchType: TouchType
    /// How far the fingers' centre moved since the gesture's previous event, in points (zero for a
    /// hold and on `began`, unless the movement that started the gesture is carried there).
    public var delta: Vector
    /// For a pinch: the distance between the fingers relative to where the gesture began (1 at
    /// `began`, 2 when the fingers are twice as far apart). 1 for the other kinds.
    public var scale: Double
    /// For a pinch: how far the fingers turned since the gesture's previous event, in degrees,
    /// clockwise positive. 0 for the other kinds.
    public var rotation: Double
    /// For direct touch: the fingers' centre as a fraction of the surface (0 to 1); nil on a
    /// touchpad, where a gesture happens at the pointer.
    public var position: Vector?

    /// Creates a gesture event.
    public init(
        kind: GestureKind,
        phase: GesturePhase,
        fingers: Int,
        touchType: TouchType,
        delta: Vector = .zero,
        scale: Double = 1,
        rotation: Double = 0,
        position: Vector? = nil
    ) {
        self.kind = kind
        self.phase = phase
        self.fingers = fingers
        self.touchType = touchType
        self.delta = delta
        self.scale = scale
        self.rotation = rotation
        self.position = position
    }
}
