import EventModel
import Foundation
import Geometry
import InputEvents
import Testing

/// The scroll view's documented motion, computed from the published formulas so that tests check
/// the implementation against them rather than against its own output. Suites that check scrolling
/// adopt it to use the formulas by name.
protocol DocumentedScrollMotion {}

extension DocumentedScrollMotion {
    /// UIScrollView.DecelerationRate.normal, per millisecond.
    var rate: Double { 0.998 }
    /// UIScrollView's rubber-band coefficient.
    var coefficient: Double { 0.55 }
    /// The bounce spring's angular frequency (InteractionThresholds.bounceFrequency).
    var omega: Double { 12.0 }

    /// x₀ + v₀·(rᵗ − 1)/ln r, with v₀ in points per millisecond and t in milliseconds.
    func decelerated(from origin: Double, velocity: Double, milliseconds: Double) -> Double {
        origin + velocity / 1000 * (pow(rate, milliseconds) - 1) / log(rate)
    }

    /// (1 − 1/(x·c/d + 1))·d
    func rubberBand(_ x: Double, dimension: Double) -> Double {
        (1 - 1 / (x * coefficient / dimension + 1)) * dimension
    }

    /// One animation frame at 60 Hz (InteractionThresholds.animationFrameInterval).
    var frameInterval: Duration { .microseconds(16_667) }

    /// The content offsets reported after `start` (a release), through `end`, along one axis, with
    /// the milliseconds since `start`: the motion as the runtime reported it, one offset per
    /// animation frame.
    func offsets(
        in events: [TimedPayload],
        after start: Timestamp,
        through end: Timestamp,
        along axis: KeyPath<Vector, Double>
    ) -> [(milliseconds: Double, offset: Double)] {
        events.compactMap { event in
            guard case .contentOffset(_, let offset) = event.payload, event.time > start, event.time <= end else {
                return nil
            }
            return (Double((event.time - start).wholeMicroseconds) / 1000, offset[keyPath: axis])
        }
    }

    /// The animation frames after `start` through `end`, in milliseconds since `start`.
    func frames(after start: Timestamp, through end: Timestamp) -> [Double] {
        var result: [Double] = []
        var time = start + frameInterval
        while time <= end {
            result.append(Double((time - start).wholeMicroseconds) / 1000)
            time += frameInterval
        }
        return result
    }

    /// Checks that the content offsets reported after a release come one per animation frame
    /// through `end`, each where `expected` puts it at its time (milliseconds since the release).
    func expectOffsets(
        in events: [TimedPayload],
        after release: Timestamp,
        through end: Timestamp,
        along axis: KeyPath<Vector, Double>,
        follow expected: (Double) -> Double,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let reported = offsets(in: events, after: release, through: end, along: axis)
        #expect(
            reported.map(\.milliseconds) == frames(after: release, through: end), sourceLocation: sourceLocation)
        for (milliseconds, offset) in reported {
            #expect(
                abs(offset - expected(milliseconds)) < 1e-6, "at \(milliseconds) ms", sourceLocation: sourceLocation)
        }
    }

    /// (x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)
    func spring(displacement: Double, velocity: Double, seconds: Double) -> Double {
        (displacement + (velocity + omega * displacement) * seconds) * exp(-omega * seconds)
    }
}
