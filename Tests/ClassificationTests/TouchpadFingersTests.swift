import DeviceProfiles
import EventModel
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

@testable import Classification

/// Pads that count more (or fewer) fingers with their tool keys than they track in slots. The
/// streams are the ones the hardware suite replays with libinput watching (`ScriptedStreams`).
@Suite struct TouchpadFingersTests {
    private let start = Timestamp(microseconds: 1_000_000)
    private let tapAndClickfinger = DeviceSettings(tapToClick: true, clickMethod: .fingers)

    private func at(_ milliseconds: Int64, _ event: ClassifiedEvent) -> ClassifiedInput {
        ClassifiedInput(time: start + .milliseconds(milliseconds), event: event)
    }

    /// A physical click of `button`, pressed at `down` and released at `up` (milliseconds).
    private func click(
        _ button: PointerButton, by trigger: ButtonTrigger, code: KeyCode, from down: Int64, to up: Int64
    ) -> [ClassifiedInput] {
        [
            at(down, .button(button, state: .down, trigger: trigger, code: code)),
            at(up, .button(button, state: .up, trigger: trigger, code: code)),
        ]
    }

    /// Classifies a stream of `ScriptedStreams.fingerCount` with its own settings, and what its
    /// deadlines produce in the second after it.
    private func classifyStream(_ name: String) throws -> [ClassifiedInput] {
        let stream = ScriptedStreams.stream(name)
        let options = DeviceSettings(
            tapToClick: stream.tapToClick, clickMethod: stream.clickfinger ? .fingers : nil,
            accelerationProfile: flatPointer.accelerationProfile)
        let end = (stream.frames.last?.time ?? start) + .seconds(1)
        return try classify(stream.device, stream.frames, options: options, until: end)
    }

    // MARK: Taps

    /// The tap's button comes up once the drag timeout for three fingers (220 ms) has passed:
    /// tap-and-drag is on by default.
    @Test func threeFingersOnTwoSlotsTapTheMiddleButton() throws {
        #expect(
            try classifyStream("three-finger-tap") == [
                at(30, .tap(fingers: 3, touchType: .indirectPointer, position: nil)),
                at(30, .button(.middle, state: .down, trigger: .tap, code: nil)),
                at(250, .button(.middle, state: .up, trigger: .tap, code: nil)),
            ])
    }

    @Test func fourFingersOnTwoSlotsTapNothing() throws {
        #expect(try classifyStream("four-finger-tap") == [])
    }

    @Test func aFourthFingerLandingLaterKillsTheTap() throws {
        var script = InputScript(device: ScriptedStreams.twoSlotClickpad())
        script.put(finger: 0, atPercent: 40, 45)
        script.put(finger: 1, atPercent: 55, 45)
        script.untrackedFingers = 1
        script.sync()
        script.wait(.milliseconds(10))
        script.untrackedFingers = 2
        script.sync()
        script.wait(.milliseconds(10))
        script.untrackedFingers = 1
        script.sync()
        script.wait(.milliseconds(10))
        script.untrackedFingers = 0
        script.lift(fingers: [0, 1])
        #expect(try classify(script.device, script.frames, options: tapAndClickfinger) == [])
    }

    /// A semi-multitouch pad (two slots holding the corners of a bounding box) counts its third
    /// finger with its tool keys: a three-finger tap is the middle button there too.
    @Test func threeFingersOnASemiMultitouchPadTapTheMiddleButton() throws {
        var device = ScriptedStreams.twoSlotClickpad()
        device.properties.insert(.semiMultitouch)
        var script = InputScript(device: device)
        script.put(finger: 0, atPercent: 30, 40)
        script.put(finger: 1, atPercent: 50, 45)
        script.untrackedFingers = 1
        script.sync()
        script.wait(.milliseconds(40))
        script.untrackedFingers = 0
        script.lift(fingers: [0, 1])
        #expect(
            try classify(device, script.frames, options: tapAndClickfinger, until: script.now + .seconds(1)) == [
                at(40, .tap(fingers: 3, touchType: .indirectPointer, position: nil)),
                at(40, .button(.middle, state: .down, trigger: .tap, code: nil)),
                at(260, .button(.middle, state: .up, trigger: .tap, code: nil)),
            ])
    }

    // MARK: Physical clicks

    @Test func threeFingersPressingAreTheMiddleButtonWithClickfinger() throws {
        #expect(
            try classifyStream("three-finger-click")
                == click(.middle, by: .fingers, code: .leftButton, from: 20, to: 100))
    }

    /// Firmware that counts fingers itself reports the press as `BTN_RIGHT`: the click method
    /// decides all the same.
    @Test func aFirmwareRightButtonUnderThreeFingersIsTheMiddleButton() throws {
        #expect(
            try classifyStream("three-finger-click-firmware-right")
                == click(.middle, by: .fingers, code: .rightButton, from: 20, to: 100))
    }

    @Test func twoFingersPressingAreTheSecondaryButtonWhateverTheFirmwareSends() throws {
        for (name, code) in [
            ("two-finger-click", KeyCode.leftButton), ("two-finger-click-firmware-right", .rightButton),
        ] {
            #expect(
                try classifyStream(name) == click(.secondary, by: .fingers, code: code, from: 20, to: 100))
        }
    }

    /// With button areas, two fingers pressing in the main area are a primary click, even when the
    /// firmware reports `BTN_RIGHT`: the area decides.
    @Test func aFirmwareRightButtonFollowsTheButtonAreas() throws {
        let script = ScriptedStreams.click(fingers: 2, codes: [.rightButton])
        #expect(
            try classify(script.device, script.frames)
                == click(.primary, by: .buttonArea, code: .rightButton, from: 20, to: 100))
    }

    /// A clickpad has one switch: a second code going down while it is held (the firmware reports
    /// `BTN_LEFT` and then `BTN_RIGHT` for one press) makes no second click.
    @Test func aSecondCodeForTheSameSwitchIsMerged() throws {
        #expect(
            try classifyStream("two-finger-click-two-codes")
                == click(.secondary, by: .fingers, code: .leftButton, from: 20, to: 100))
    }

    // MARK: Palms

    /// A palm rests at the top of the pad and a finger below it; the tool keys count three. The
    /// untracked finger is judged as the topmost contact is: a palm. One finger presses.
    @Test func untrackedFingersUnderATopmostPalmArePalms() throws {
        #expect(
            try pressWithPalm(atTop: true) == click(.primary, by: .fingers, code: .leftButton, from: 20, to: 20))
    }

    /// The same with the palm at the bottom: the topmost contact is a finger, so the untracked
    /// finger counts and two fingers press.
    @Test func untrackedFingersUnderATopmostFingerAreFingers() throws {
        #expect(
            try pressWithPalm(atTop: false) == click(.secondary, by: .fingers, code: .leftButton, from: 20, to: 20))
    }

    /// A palm (pressure 200) and a finger rest on the two-slot clickpad while its keys count a
    /// third finger; 20 ms later the pad is pressed and released, and everything lifts.
    private func pressWithPalm(atTop: Bool) throws -> [ClassifiedInput] {
        var script = InputScript(device: ScriptedStreams.twoSlotClickpad())
        script.put(finger: 0, atPercent: 45, atTop ? 20 : 70, pressure: 200)
        script.put(finger: 1, atPercent: 50, atTop ? 60 : 30)
        script.untrackedFingers = 1
        script.sync()
        script.wait(.milliseconds(20))
        script.key(.leftButton, 1)
        script.key(.leftButton, 0)
        script.untrackedFingers = 0
        script.lift(fingers: [0, 1])
        return try classify(script.device, script.frames, options: tapAndClickfinger)
    }

    // MARK: Tool keys counting fewer fingers than slots

    /// On a pad that reports contact pressure, the slots are trusted: two fingers scroll.
    @Test func slotsWinOverLaggingKeysWithPressure() throws {
        #expect(
            collapsed(try classifyStream("keys-lag-with-pressure")) == [
                "scroll began down", "scroll changed down", "scroll ended",
            ])
    }

    /// Without contact pressure the keys are the better witness: the contact in the higher slot
    /// counts as lifted, and the remaining finger moves the pointer 2 mm per frame from the frame
    /// after the count changed (the frame that changes it starts the pointer afresh).
    @Test func keysWinOverSlotsWithoutPressure() throws {
        let motion = Vector(x: 0, y: 2 * flatTouchpadPointsPerMillimetre)
        let unaccelerated = Vector(x: 0, y: 2 * 1000 / 25.4)
        #expect(
            try classifyStream("keys-lag-without-pressure")
                == (2...6).map { at(Int64($0) * 10, .motion(delta: motion, unaccelerated: unaccelerated)) })
    }

    // MARK: Scroll

    /// A pad with one slot that counts two fingers with its keys scrolls with them: the untracked
    /// finger stands where the tracked one is.
    @Test func oneSlotPadsScrollWithTheirUntrackedSecondFinger() throws {
        var script = InputScript(device: ScriptedDevice.touchpad(slots: 1))
        script.put(finger: 0, atPercent: 50, 30)
        script.untrackedFingers = 1
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 0, 10, over: .milliseconds(100))
        script.untrackedFingers = 0
        script.lift(fingers: [0])
        #expect(
            collapsed(try classify(script.device, script.frames)) == [
                "scroll began down", "scroll changed down", "scroll ended",
            ])
    }

    // MARK: The count itself

    private func contacts(_ positions: [(Double, Double)]) -> ([Contact], SlotSet) {
        var contacts = [Contact](repeating: Contact(), count: 5)
        var active = SlotSet()
        for (slot, (x, y)) in positions.enumerated() {
            contacts[slot].isActive = true
            contacts[slot].position = Vector(x: x, y: y)
            active.insert(slot)
        }
        return (contacts, active)
    }

    /// The count with each field given.
    private func fingers(count: Int, first: Int, second: Int, tracked: SlotSet, untracked: Int) -> TouchpadFingers {
        var fingers = TouchpadFingers.none
        fingers.count = count
        fingers.first = first
        fingers.second = second
        fingers.tracked = tracked
        fingers.untracked = untracked
        return fingers
    }

    private func slots(_ list: Int...) -> SlotSet {
        var set = SlotSet()
        for slot in list { set.insert(slot) }
        return set
    }

    @Test func keysBeyondTheSlotsAddUntrackedFingers() {
        let (contacts, active) = contacts([(40, 30), (55, 30)])
        let counted = TouchpadFingers(
            contacts: contacts, active: active, toolFingerCount: 4, keysOverruleContacts: true
        ) { _ in true }
        #expect(counted == fingers(count: 4, first: 0, second: 1, tracked: slots(0, 1), untracked: 2))
    }

    /// The untracked fingers are judged as the topmost tracked contact: under a palm at the top
    /// they do not count.
    @Test func untrackedFingersFollowTheTopmostContact() {
        let (contacts, active) = contacts([(40, 10), (55, 30)])
        let underPalm = TouchpadFingers(
            contacts: contacts, active: active, toolFingerCount: 3, keysOverruleContacts: true
        ) { $0 != 0 }
        #expect(underPalm == fingers(count: 1, first: 1, second: -1, tracked: slots(1), untracked: 0))
        let underFinger = TouchpadFingers(
            contacts: contacts, active: active, toolFingerCount: 3, keysOverruleContacts: true
        ) { $0 != 1 }
        #expect(underFinger == fingers(count: 2, first: 0, second: -1, tracked: slots(0), untracked: 1))
    }

    @Test func keysBelowTheSlotsEndTheHighestSlotsOnlyWhenTheyOverrule() {
        let (contacts, active) = contacts([(40, 30), (55, 30), (70, 30)])
        let overruled = TouchpadFingers(
            contacts: contacts, active: active, toolFingerCount: 1, keysOverruleContacts: true
        ) { _ in true }
        #expect(overruled == fingers(count: 1, first: 0, second: -1, tracked: slots(0), untracked: 0))
        let trusted = TouchpadFingers(
            contacts: contacts, active: active, toolFingerCount: 1, keysOverruleContacts: false
        ) { _ in true }
        #expect(trusted == fingers(count: 3, first: 0, second: 1, tracked: slots(0, 1, 2), untracked: 0))
    }
}
