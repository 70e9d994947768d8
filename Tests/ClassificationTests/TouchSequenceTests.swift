import InputEvents
import Testing

@testable import Classification

@Suite struct TouchSequenceTests {
    private let start = Timestamp(microseconds: 1_000_000)

    @Test func contactsLiftingSoonAndStillTap() {
        var sequence = TouchSequence(thresholds: .default)
        #expect(sequence.contactLanded(at: start) == 0)
        #expect(sequence.contactLanded(at: start + .milliseconds(30)) == 1)
        sequence.contact(movedBy: 10)
        #expect(sequence.lastContactLifted(at: start + .milliseconds(499)) == .tapped(fingers: 2))
        #expect(!sequence.isTouching)
    }

    @Test func movingOrHoldingIsNoTap() {
        var moving = TouchSequence(thresholds: .default)
        _ = moving.contactLanded(at: start)
        moving.contact(movedBy: 10.01)
        #expect(moving.lastContactLifted(at: start + .milliseconds(100)) == .moved(points: 10.01))

        var holding = TouchSequence(thresholds: .default)
        _ = holding.contactLanded(at: start)
        #expect(holding.lastContactLifted(at: start + .milliseconds(500)) == .heldTooLong(milliseconds: 500))
        #expect(holding.lastContactLifted(at: start + .milliseconds(600)) == nil)
    }
}
