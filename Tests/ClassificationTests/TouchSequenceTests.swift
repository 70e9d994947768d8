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

    /// A contact may wander 3 mm (18.9 pt at 160 points per inch) from where it landed, more than
    /// a noisy panel moves a resting finger; further is no tap.
    @Test func movingOrHoldingIsNoTap() {
        let limit = 3 * 160 / 25.4
        var resting = TouchSequence(thresholds: .default)
        _ = resting.contactLanded(at: start)
        resting.contact(movedBy: limit)
        #expect(resting.lastContactLifted(at: start + .milliseconds(100)) == .tapped(fingers: 1))

        var moving = TouchSequence(thresholds: .default)
        _ = moving.contactLanded(at: start)
        moving.contact(movedBy: limit + 0.01)
        #expect(moving.lastContactLifted(at: start + .milliseconds(100)) == .moved(points: limit + 0.01))

        var holding = TouchSequence(thresholds: .default)
        _ = holding.contactLanded(at: start)
        #expect(holding.lastContactLifted(at: start + .milliseconds(500)) == .heldTooLong(milliseconds: 500))
        #expect(holding.lastContactLifted(at: start + .milliseconds(600)) == nil)
    }
}
