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

    /// The longest a spring is searched for rest.
    static let longestRest = 10_000  // milliseconds

    /// When the spring counts as at rest: both its distance from rest and its speed are below what
    /// one frame could show (`restDistance`, and `restDistance`·ω per second). Searched in whole
    /// milliseconds, so the end is the same whatever the frame cadence; at most 10 s.
    ///
    /// The answer is the first whole millisecond at which both hold, found without trying every
    /// one: where a condition fails by a margin, the milliseconds in which it cannot yet hold are
    /// skipped. Distance changes at most as fast as the spring can move and speed as fast as it
    /// can accelerate (for t ≥ 0, e^(−ωt) ≤ 1 and t·e^(−ωt) ≤ 1/(ωe), so the speed stays under
    /// |v₀| + |b|/e and the acceleration under ω(|b| + |v₀| + |b|/e), where b = v₀ + ω·x₀). A
    /// margin far above rounding keeps every skipped millisecond one that fails as computed too.
    func restDuration(restDistance: Double) -> Duration {
        let restSpeed = restDistance * frequency
        let b = velocity + frequency * displacement
        let fastest = abs(velocity) + abs(b) / M_E
        let sharpest = frequency * (abs(b) + abs(velocity) + abs(b) / M_E)
        // Rounding in the distance and speed is below 1e-15 of these sizes; 1e-9 of them is safe.
        let distanceMargin = 1e-9 * (abs(displacement) + 10 * abs(b) + restDistance)
        let speedMargin = 1e-9 * (abs(velocity) + 10 * frequency * abs(b) + frequency * abs(displacement) + restSpeed)
        var milliseconds = 0
        while milliseconds < Self.longestRest {
            let seconds = Double(milliseconds) / 1000
            let distance = abs(displacement(after: seconds))
            let skip: Int
            if distance < restDistance {
                let speed = abs(velocity(after: seconds))
                if speed < restSpeed { break }
                skip = Self.millisecondsStillFailing(excess: speed - restSpeed - speedMargin, rate: sharpest)
            } else {
                skip = Self.millisecondsStillFailing(excess: distance - restDistance - distanceMargin, rate: fastest)
            }
            milliseconds += max(1, skip)
        }
        return .milliseconds(min(milliseconds, Self.longestRest))
    }

    /// How many whole milliseconds a value `excess` above its threshold, changing at most at
    /// `rate` per second, stays above it; 0 when that cannot be told (not finite, or no excess).
    private static func millisecondsStillFailing(excess: Double, rate: Double) -> Int {
        let milliseconds = excess / rate * 1000
        guard milliseconds.isFinite, milliseconds >= 1 else { return 0 }
        return Int(min(milliseconds, Double(longestRest)))
    }
}
