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

    /// SplitMix64: the same numbers on every run.
    private struct Numbers {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        /// A number in `range`.
        mutating func number(in range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        /// A magnitude between 10⁻³ and 10^`exponent`, spread over the orders, of either sign.
        mutating func signedMagnitude(upTo exponent: Double) -> Double {
            let magnitude = pow(10, number(in: -3...exponent))
            return next() & 1 == 0 ? magnitude : -magnitude
        }
    }

    @Test func skippingFindsTheSameMillisecondAsTryingEach() {
        var numbers = Numbers(state: 22)
        var springs: [(CriticallyDampedSpring, Double)] = []
        for _ in 0..<4_000 {
            let spring = CriticallyDampedSpring(
                frequency: numbers.number(in: 0.5...40),
                displacement: numbers.next() % 8 == 0 ? 0 : numbers.signedMagnitude(upTo: 3.5),
                velocity: numbers.next() % 8 == 0 ? 0 : numbers.signedMagnitude(upTo: 4.5))
            springs.append((spring, [0.5, 0.01, 1, 5, 0.002][Int(numbers.next() % 5)]))
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
        // Every one the same (listed by spring where not, rather than 4,000 durations).
        let differing = springs.indices.filter { found[$0] != tried[$0] }.map { (springs[$0], found[$0], tried[$0]) }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // The springs cover quick rests, slow ones and ones that never rest within the limit.
        #expect(Set(tried.map { $0 == .zero ? 0 : $0 < .seconds(1) ? 1 : $0 < .seconds(10) ? 2 : 3 }) == [0, 1, 2, 3])
    }
}
