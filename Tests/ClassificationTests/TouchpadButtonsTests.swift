import EventModel
import InputEvents
import Testing

@testable import Classification

@Suite struct TouchpadButtonsTests {
    private let primary = TouchpadButtons.Decision(button: .primary, trigger: .buttonArea)
    private let secondary = TouchpadButtons.Decision(button: .secondary, trigger: .button)

    @Test func aPressKeepsItsDecisionUntilItsRelease() {
        var buttons = TouchpadButtons()
        #expect(buttons.press(.leftButton, as: primary) == .pressed(primary, code: .leftButton))
        #expect(buttons.press(.leftButton, as: secondary) == nil)
        #expect(buttons.isAnyHeld)
        #expect(buttons.release(.leftButton) == .released(primary, code: .leftButton))
        #expect(buttons.release(.leftButton) == nil)
        #expect(!buttons.isAnyHeld)
    }

    @Test func removalReleasesInCodeOrder() {
        var buttons = TouchpadButtons()
        _ = buttons.press(.rightButton, as: secondary)
        _ = buttons.press(.leftButton, as: primary)
        #expect(buttons.releaseFirst() == .released(primary, code: .leftButton))
        #expect(buttons.releaseFirst() == .released(secondary, code: .rightButton))
        #expect(buttons.releaseFirst() == nil)
    }

    @Test func aFramesEventsAreGatheredWithoutAutorepeat() {
        var buttons = TouchpadButtons()
        buttons.gather(.leftButton, value: 1)
        buttons.gather(.leftButton, value: 2)
        buttons.gather(.rightButton, value: 0)
        #expect(buttons.pendingCount == 2)
        #expect(buttons.pendingEvent(0) == (.leftButton, 1))
        #expect(buttons.pendingEvent(1) == (.rightButton, 0))
        buttons.clearPending()
        #expect(buttons.pendingCount == 0)
    }
}
