import Foundation

/// A critically damped spring pulling a value back to where it rests: the fastest return that
/// never crosses the rest position, as UIScrollView's bounce does not.
///
/// With angular frequency ω, a start `x₀` away from rest moving at `v₀` is
/// `(x₀ + (v₀ + ω·x₀)·t)·e^(−ω·t)` away after `t` seconds. Scroll views bring content back from
/// past an edge with it (``ScrollAxisMotion``), and zooming back inside its limits (``ZoomMotion``).
struct CriticallyDampedSpring: Hashable, Sendable {
    /// The angular frequency, per second.
    var frequency: Double
    /// How far from rest the value starts.
    var displacement: Double
    /// How fast the value starts moving, per second.
    var velocity: Double

    /// How far from rest the value is after a time.
    func displacement(after seconds: Double) -> Double {
        (displacement + (velocity + frequency * displacement) * seconds) * exp(-frequency * seconds)
    }

    /// How fast the value moves after a time, per second.
    func velocity(after seconds: Double) -> Double {
        let b = velocity + frequency * displacement
        return (b - frequency * (displacement + b * seconds)) * exp(-frequency * seconds)
    }

    /// When the spring counts as at rest: both its distance from rest and its speed are below what
    /// one frame could show (`restDistance`, and `restDistance`·ω per second). Searched in whole
    /// milliseconds, so the end is the same whatever the frame cadence; at most 10 s.
    func restDuration(restDistance: Double) -> Duration {
        var milliseconds = 0
        while milliseconds < 10_000 {
            let seconds = Double(milliseconds) / 1000
            if abs(displacement(after: seconds)) < restDistance,
                abs(velocity(after: seconds)) < restDistance * frequency
            {
                break
            }
            milliseconds += 1
        }
        return .milliseconds(milliseconds)
    }
}
