import InputEvents
import Testing

@testable import Classification

@Suite struct TouchpadTapTests {
    private let start = Timestamp(microseconds: 1_000_000)

    @Test func fingersLiftingWithinTheTimeoutTap() {
        var tap = TouchpadTap(isSemiMultitouch: false, thresholds: .default)
        #expect(tap.frame(fingers: 2, previous: 0, liftDistance: 0, isButtonHeld: false, at: start) == nil)
        #expect(tap.stateName == "touching")
        let lift = start + .milliseconds(180)
        #expect(
            tap.frame(fingers: 0, previous: 2, liftDistance: 1.3, isButtonHeld: false, at: lift) == .tapped(fingers: 2))
        #expect(tap.stateName == "idle")
    }

    @Test func aLateLiftAFarLiftOrAPressIsNoTap() {
        var late = TouchpadTap(isSemiMultitouch: false, thresholds: .default)
        _ = late.frame(fingers: 1, previous: 0, liftDistance: 0, isButtonHeld: false, at: start)
        let tooLate = start + .milliseconds(181)
        #expect(
            late.frame(fingers: 0, previous: 1, liftDistance: 0, isButtonHeld: false, at: tooLate)
                == .notTapped(fingers: 1, .heldTooLong(milliseconds: 181, judgedOnTimeAlone: false)))

        var far = TouchpadTap(isSemiMultitouch: false, thresholds: .default)
        _ = far.frame(fingers: 1, previous: 0, liftDistance: 0, isButtonHeld: false, at: start)
        let soon = start + .milliseconds(50)
        #expect(
            far.frame(fingers: 0, previous: 1, liftDistance: 1.31, isButtonHeld: false, at: soon)
                == .notTapped(fingers: 1, .moved(millimetres: 1.31)))

        var pressed = TouchpadTap(isSemiMultitouch: false, thresholds: .default)
        _ = pressed.frame(fingers: 1, previous: 0, liftDistance: 0, isButtonHeld: false, at: start)
        pressed.buttonPressed()
        #expect(pressed.stateName == "dead")
        #expect(
            pressed.frame(fingers: 0, previous: 1, liftDistance: 0, isButtonHeld: false, at: soon)
                == .notTapped(fingers: 1, .buttonPressed))
        #expect(pressed.stateName == "idle")
    }

    @Test func aLaterLandingRestartsTheTimeoutAndCountsTheMostFingers() {
        var tap = TouchpadTap(isSemiMultitouch: false, thresholds: .default)
        _ = tap.frame(fingers: 1, previous: 0, liftDistance: 0, isButtonHeld: false, at: start)
        let second = start + .milliseconds(150)
        _ = tap.frame(fingers: 3, previous: 1, liftDistance: 0, isButtonHeld: false, at: second)
        _ = tap.frame(fingers: 1, previous: 3, liftDistance: 0, isButtonHeld: false, at: second + .milliseconds(100))
        let lift = second + .milliseconds(170)
        #expect(
            tap.frame(fingers: 0, previous: 1, liftDistance: 0, isButtonHeld: false, at: lift) == .tapped(fingers: 3))
    }

    @Test func semiMultitouchPairsAreJudgedOnTimeAlone() {
        var tap = TouchpadTap(isSemiMultitouch: true, thresholds: .default)
        _ = tap.frame(fingers: 2, previous: 0, liftDistance: 0, isButtonHeld: false, at: start)
        #expect(!tap.measuresLifts)
        let lift = start + .milliseconds(100)
        #expect(
            tap.frame(fingers: 0, previous: 2, liftDistance: 9, isButtonHeld: false, at: lift) == .tapped(fingers: 2))
    }

    @Test func landingWhileAButtonIsHeldIsNoTap() {
        var tap = TouchpadTap(isSemiMultitouch: false, thresholds: .default)
        _ = tap.frame(fingers: 1, previous: 0, liftDistance: 0, isButtonHeld: true, at: start)
        #expect(tap.stateName == "dead")
        #expect(
            tap.frame(fingers: 0, previous: 1, liftDistance: 0, isButtonHeld: false, at: start + .milliseconds(50))
                == .notTapped(fingers: 1, .buttonPressed))
    }
}
