import Geometry
import InputEvents
import Testing

@testable import Classification

@Suite struct ScrollStickTests {
    private let start = Timestamp(microseconds: 1_000_000)

    @Test func pushesScrollUntilTheStickRestsForTheEndTimeout() {
        var stick = ScrollStick(thresholds: .default)
        #expect(stick.nextDeadline == nil)
        #expect(stick.push(Vector(x: 0, y: 4), at: start) == .scroll(Vector(x: 0, y: 4), phase: .began))
        let second = start + .milliseconds(50)
        #expect(stick.push(Vector(x: 0, y: 6), at: second) == .scroll(Vector(x: 0, y: 6), phase: .changed))
        #expect(stick.nextDeadline == second + .milliseconds(150))
        // 6 points in the 50 ms after the first sample.
        #expect(stick.end(at: second + .milliseconds(100)) == .ended(velocity: Vector(x: 0, y: 120)))
        #expect(stick.nextDeadline == nil)
        #expect(stick.end(at: second + .milliseconds(200)) == nil)
    }
}
