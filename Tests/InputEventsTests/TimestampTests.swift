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
}
