import Foundation

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

    /// (x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)
    func spring(displacement: Double, velocity: Double, seconds: Double) -> Double {
        (displacement + (velocity + omega * displacement) * seconds) * exp(-omega * seconds)
    }
}
