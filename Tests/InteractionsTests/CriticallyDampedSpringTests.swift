import Foundation
import Testing

@testable import Interactions

/// When a bounce comes to rest: the search that skips milliseconds finds the same millisecond as
/// trying every one.
@Suite struct CriticallyDampedSpringTests {
    /// The answer by trying every millisecond in turn, the definition the search must keep.
    private static func restTriedMillisecondByMillisecond(
        _ spring: CriticallyDampedSpring, restDistance: Double
    ) -> Duration {
        var milliseconds = 0
        while milliseconds < CriticallyDampedSpring.longestRest {
            let seconds = Double(milliseconds) / 1000
            if abs(spring.displacement(after: seconds)) < restDistance,
                abs(spring.velocity(after: seconds)) < restDistance * spring.frequency
            {
                break
            }
            milliseconds += 1
        }
        return .milliseconds(milliseconds)
    }

    /// Magnitudes from a thousandth to `largest`, three to an order, each with both signs, and 0.
    private static func sweep(upTo largest: Double) -> [Double] {
        var magnitudes: [Double] = []
        var value = 0.001
        while value <= largest {
            magnitudes.append(value)
            value *= 2.154_434_69  // ∛10
        }
        return [0] + magnitudes + magnitudes.map { -$0 }
    }

    @Test func skippingFindsTheSameMillisecondAsTryingEach() {
        // Every combination of a sweep of frequencies, displacements (to 3,000 points), velocities
        // (to 30,000 points a second) and rest distances: 16,236 springs.
        var springs: [(CriticallyDampedSpring, Double)] = []
        for frequency in [0.5, 3, 12, 40] {
            for displacement in Self.sweep(upTo: 3_000) {
                for velocity in Self.sweep(upTo: 30_000) where velocity == 0 || abs(velocity) >= 0.1 {
                    for restDistance in [0.002, 0.5, 5] {
                        springs.append(
                            (
                                CriticallyDampedSpring(
                                    frequency: frequency, displacement: displacement, velocity: velocity),
                                restDistance
                            ))
                    }
                }
            }
        }
        // The scroll view's and the zoom's own: a content edge overshot, a zoom past its limit,
        // and a velocity that first carries the spring away from rest or across it.
        for (displacement, velocity) in [(0.0, 0.0), (120, 0), (-40, -3_000), (0, 5_000), (10, -900), (2, -24)] {
            springs.append((CriticallyDampedSpring(frequency: 12, displacement: displacement, velocity: velocity), 0.5))
        }
        springs.append((CriticallyDampedSpring(frequency: 12, displacement: 0.4, velocity: 0), 0.01))
        // Degenerate ones take as long as they did: no frequency, numbers that are not finite.
        springs.append((CriticallyDampedSpring(frequency: 0, displacement: 3, velocity: 0), 0.5))
        springs.append((CriticallyDampedSpring(frequency: 12, displacement: .nan, velocity: 0), 0.5))
        springs.append((CriticallyDampedSpring(frequency: 12, displacement: 1, velocity: .infinity), 0.5))
        let found = springs.map { $0.0.restDuration(restDistance: $0.1) }
        let tried = springs.map { Self.restTriedMillisecondByMillisecond($0.0, restDistance: $0.1) }
        // Every one the same (listed by spring where not, rather than thousands of durations).
        let differing = springs.indices.filter { found[$0] != tried[$0] }.map { (springs[$0], found[$0], tried[$0]) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // The springs cover quick rests, slow ones and ones that never rest within the limit.
        #expect(Set(tried.map { $0 == .zero ? 0 : $0 < .seconds(1) ? 1 : $0 < .seconds(10) ? 2 : 3 }) == [0, 1, 2, 3])
    }
}
