import InputEvents
import Testing

@testable import Classification

@Suite struct WheelDebounceTests {
    private let start = Timestamp(microseconds: 1_000_000)

    @Test func largeStepsPassUntilASmallOneArmsTheDebounce() {
        var debounce = WheelDebounce(thresholds: .default)
        #expect(debounce.step(120, at: start) == 120)
        #expect(debounce.stateName == "passThrough")
        // 15 is below a quarter detent: from now on steps gather until they pass min(47, 15).
        #expect(debounce.step(15, at: start + .milliseconds(10)) == 0)
        #expect(debounce.step(15, at: start + .milliseconds(20)) == 30)
        #expect(debounce.stateName == "scrolling")
        #expect(debounce.step(15, at: start + .milliseconds(30)) == 15)
        // A reversal gathers again.
        #expect(debounce.step(-15, at: start + .milliseconds(40)) == 0)
        #expect(debounce.step(-15, at: start + .milliseconds(50)) == -30)
        // So does a rest longer than 500 ms.
        #expect(debounce.step(-15, at: start + .milliseconds(551)) == 0)
        #expect(debounce.stateName == "accumulating")
    }
}
