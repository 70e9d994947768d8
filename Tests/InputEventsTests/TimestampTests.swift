import Testing

@testable import InputEvents

@Suite struct TimestampTests {
    @Test func addsAndSubtractsDurations() {
        let start = Timestamp(seconds: 10, microseconds: 250)
        #expect((start + .milliseconds(500)).microseconds == 10_500_250)
        #expect((start + .milliseconds(500)) - start == .milliseconds(500))
    }

    @Test func printsSixDigitMicroseconds() {
        #expect(Timestamp(seconds: 3, microseconds: 42).description == "3.000042")
        #expect(Timestamp(microseconds: -1).wholeSeconds == -1)
        #expect(Timestamp(microseconds: -1).microsecondsOfSecond == 999_999)
    }

    /// Whole microseconds the slow way: through `components`, which the fast path of durations
    /// under about 9.2 s skips.
    private static func microsecondsThroughComponents(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    @Test func wholeMicrosecondsAgreeWithComponentsOnBothSidesOfSixtyFourBits() {
        // Attoseconds at the edges of 64 bits (about ±9.22 s), as the two words of a duration.
        let top = UInt64(bitPattern: Int64.max)
        let edges = [
            Duration(_high: 0, low: top - 1), Duration(_high: 0, low: top), Duration(_high: 0, low: top + 1),
            Duration(_high: 0, low: UInt64.max), Duration(_high: -1, low: top + 1), Duration(_high: -1, low: top),
            Duration(_high: -1, low: 0), Duration(_high: -1, low: UInt64.max),
        ]
        let durations: [Duration] =
            [
                .zero, .nanoseconds(1), .nanoseconds(-1), .nanoseconds(999), .nanoseconds(-999),
                .microseconds(1), .microseconds(-1), .milliseconds(16), .milliseconds(-500), .seconds(9),
                .seconds(-9), .seconds(10), .seconds(-10), .seconds(3_600), .seconds(-86_400),
                .seconds(1_000_000_000), .seconds(-1_000_000_000),
            ] + edges
        #expect(durations.map(\.wholeMicroseconds) == durations.map(Self.microsecondsThroughComponents))
    }

    @Test func durationsOfWholeMicrosecondsEqualTheStandardOnes() {
        let largestFast = Int64.max / 1_000_000_000_000
        let values: [Int64] = [
            0, 1, -1, 16_667, -16_667, 9_000_000, largestFast, largestFast + 1, -largestFast, -largestFast - 1,
            Int64.max, Int64.min, 86_400_000_000,
        ]
        #expect(values.map(Duration.wholeMicroseconds) == values.map(Duration.microseconds))
        #expect(values.map { Duration.wholeMicroseconds($0).wholeMicroseconds } == values)
        #expect(Timestamp(microseconds: 5) - Timestamp(microseconds: 12) == .microseconds(-7))
    }
}
