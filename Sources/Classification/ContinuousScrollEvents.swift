import EventModel
import Geometry

extension ClassifiedEvent {
    /// A continuous scroll's movement (two fingers, a scroll stick), in points.
    static func continuousScroll(_ delta: Vector, phase: ScrollPhase) -> ClassifiedEvent {
        .scroll(source: .continuous, delta: delta, v120: nil, phase: phase, velocity: nil)
    }

    /// The end of a continuous scroll, with its release velocity in points per second.
    static func continuousScrollEnded(velocity: Vector) -> ClassifiedEvent {
        .scroll(source: .continuous, delta: .zero, v120: nil, phase: .ended, velocity: velocity)
    }
}
