import Classification
import EventModel
import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

/// What the classifier makes of the bundled real recordings: what a person watching would say
/// happened (see the recordings' `SOURCES.md`).
@Suite struct RecordingClassificationTests {
    private static let clickpadDescription = "touchpad/xit_synaptics-clickpad.desc"
    private static let hp8470pDescription = "touchpad/evemu-devices_synaptics-hp8470p.desc"

    private func load(_ path: String, description: String? = nil) throws -> RecordedDevice {
        let recording = try Recording.load(
            contentsOf: Fixtures.recording(path),
            descriptionURL: description.map(Fixtures.recording)
        )
        return try #require(recording.devices.first)
    }

    private func run(
        _ path: String,
        description: String? = nil,
        options: DeviceSettings = DeviceSettings(),
        advance: AdvanceGranularity = .framesOnly
    ) throws -> [ClassifiedInput] {
        let device = try load(path, description: description)
        let end = (device.frames.last?.time ?? .zero) + .seconds(2)
        return try classify(device.description, device.frames, options: options, advance: advance, until: end)
    }

    /// Everything but pointer motion and contact positions.
    private func interactions(_ inputs: [ClassifiedInput]) -> [ClassifiedInput] {
        inputs.filter {
            switch $0.event {
            case .motion, .position, .touch: false
            default: true
            }
        }
    }

    // MARK: Touchpads

    @Test func clickpadTwoFingerScrollDownIsOneSequenceDown() throws {
        let output = try run(
            "touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events", description: Self.clickpadDescription)
        // The fingers rest more than 40 ms before they move: a two-finger hold, cancelled when
        // they scroll (libinput reports the same hold).
        #expect(
            collapsed(output) == [
                "hold began 2 indirectPointer", "hold cancelled 2 indirectPointer", "scroll began down",
                "scroll changed down", "scroll ended",
            ])
    }

    @Test func clickpadTwoFingerScrollUpIsOneSequenceUp() throws {
        let output = try run(
            "touchpad/xit_synaptics-clickpad.two-finger-scroll-up.events", description: Self.clickpadDescription)
        // One finger lands 82 ms before the second and moves the pointer a little; the two rest
        // more than 40 ms before they move: a hold, cancelled when they scroll.
        #expect(
            collapsed(output) == [
                "motion", "hold began 2 indirectPointer", "hold cancelled 2 indirectPointer", "scroll began up",
                "scroll changed up", "scroll ended",
            ])
    }

    @Test func clickpadBottomRightPressIsSecondaryByArea() throws {
        let output = try run(
            "touchpad/xit_synaptics-clickpad.right-phys-click.events", description: Self.clickpadDescription)
        #expect(
            summaries(interactions(output)) == ["button secondary down buttonArea", "button secondary up buttonArea"])
    }

    @Test func clickpadBottomLeftPressIsPrimaryByArea() throws {
        let output = try run(
            "touchpad/xit_synaptics-clickpad.left-phys-click.events", description: Self.clickpadDescription)
        // The finger resting in the strip counts again after the release: its lift is no tap.
        #expect(summaries(interactions(output)) == ["button primary down buttonArea", "button primary up buttonArea"])
    }

    @Test func clickpadPressesFollowTheClickMethodOption() throws {
        let output = try run(
            "touchpad/xit_synaptics-clickpad.right-phys-click.events",
            description: Self.clickpadDescription,
            options: DeviceSettings(clickMethod: .fingers)
        )
        #expect(summaries(interactions(output)) == ["button primary down fingers", "button primary up fingers"])
    }

    /// The Cypress firmware reports a two-finger press as `BTN_RIGHT`; the pad's profile counts the
    /// fingers of a press (clickfinger), and two fingers are secondary. Before the press the
    /// fingers rest side by side for over 150 ms and one drifts 1 mm: no pinch, a scroll once
    /// they move (libinput scrolls by the drift at once), but their average moves less than
    /// 1.5 mm before the press, so nothing scrolls.
    @Test func cypressTwoFingerPressIsSecondaryByFingerCount() throws {
        let output = try run("touchpad/evemu-devices_cypress-clickpad.two-finger-press.evemu")
        #expect(summaries(interactions(output)) == ["button secondary down fingers", "button secondary up fingers"])
    }

    @Test func appleClickpadCountsFingersFromToolKeys() throws {
        let output = try run("touchpad/evemu-devices_bcm5974-apple.three-finger-click.evemu")
        #expect(
            summaries(interactions(output)) == [
                "button primary down fingers", "button primary up fingers",
                "button secondary down fingers", "button secondary up fingers",
                "button middle down fingers", "button middle up fingers",
            ]
        )
    }

    @Test func alpsTapsTapWhenTappingIsOn() throws {
        let on = DeviceSettings(tapToClick: true)
        let single = try run("touchpad/evemu-devices_alps-glidepoint.single-tap.evemu", options: on)
        #expect(
            summaries(interactions(single)) == [
                "tap 1 indirectPointer", "button primary down tap", "button primary up tap",
            ])
        let clicksAtOnce = DeviceSettings(tapToClick: true, tapAndDrag: false)
        let double = try run("touchpad/evemu-devices_alps-glidepoint.double-tap.evemu", options: clicksAtOnce)
        #expect(
            summaries(interactions(double)) == [
                "tap 1 indirectPointer", "button primary down tap", "button primary up tap",
                "tap 1 indirectPointer", "button primary down tap", "button primary up tap",
            ]
        )
    }

    /// With tap-and-drag (the default) the second touch lands 102 ms after the first tap, while
    /// its button is held: the pad's 2 mm landing jump moves the pointer with the button down, a
    /// drag, and the quick lift back where it landed is a second tap: the button comes up, goes
    /// down again and comes up after the drag timeout.
    @Test func alpsDoubleTapWithTapAndDragHoldsTheButtonBetweenTheTaps() throws {
        let double = try run(
            "touchpad/evemu-devices_alps-glidepoint.double-tap.evemu", options: DeviceSettings(tapToClick: true))
        #expect(
            summaries(interactions(double)) == [
                "tap 1 indirectPointer", "button primary down tap",
                "drag began indirectPointer", "drag changed indirectPointer", "drag changed indirectPointer",
                "drag changed indirectPointer", "drag changed indirectPointer",
                "tap 1 indirectPointer", "drag ended indirectPointer", "button primary up tap",
                "button primary down tap", "button primary up tap",
            ]
        )
        let lift = Timestamp(microseconds: 222_372)
        #expect(interactions(double).suffix(2).map(\.time) == [lift, lift + .milliseconds(180)])
    }

    /// The two fingers stay down 194 ms after the second one lands: longer than the 180 ms a tap
    /// may last. As for libinput, that is not a tap; the bounding box of this semi-multitouch pad
    /// moves less than a scroll needs, so nothing is classified.
    @Test func alpsTwoFingerTouchIsTooLongForATap() throws {
        let output = try run(
            "touchpad/evemu-devices_alps-glidepoint.2-finger-tap.evemu",
            options: DeviceSettings(tapToClick: true)
        )
        #expect(interactions(output).isEmpty)
    }

    /// The first touch lands, wanders 1.35 mm (libinput's 1.3 mm threshold fails it) and lifts
    /// 1.2 mm from where it landed, after hysteresis: a tap. The second touch is held.
    @Test func clickpadTapRecordingTapsOnceWhenTappingIsOn() throws {
        let output = try run(
            "touchpad/xit_synaptics-clickpad.tap.events",
            description: Self.clickpadDescription,
            options: DeviceSettings(tapToClick: true)
        )
        #expect(
            summaries(interactions(output)) == [
                "tap 1 indirectPointer", "button primary down tap", "button primary up tap",
            ])
        let clickpadDefault = try run(
            "touchpad/xit_synaptics-clickpad.tap.events", description: Self.clickpadDescription)
        // Off by default: the tap without a click.
        #expect(summaries(interactions(clickpadDefault)) == ["tap 1 indirectPointer"])
    }

    @Test func alpsTapsAreNotClicksByDefault() throws {
        let single = try run("touchpad/evemu-devices_alps-glidepoint.single-tap.evemu")
        #expect(summaries(interactions(single)) == ["tap 1 indirectPointer"])
    }

    @Test func hp8470pHorizontalStartsWithAHorizontalScroll() throws {
        let output = try run(
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-horizontal.events",
            description: Self.hp8470pDescription
        )
        let scrolls = interactions(output).filter {
            if case .scroll = $0.event { return true }
            return false
        }
        let first = try #require(scrolls.first)
        guard case .scroll(.continuous, let delta, nil, .began, nil) = first.event else {
            Issue.record("expected a continuous scroll to begin first, got \(first.event)")
            return
        }
        #expect(delta.y == 0 && delta.x != 0)
        let start = try #require(output.first?.time)
        #expect(first.time - start < .milliseconds(250))
        // The first sequence is horizontal and ends.
        var sequence: [ClassifiedEvent] = []
        for input in scrolls {
            sequence.append(input.event)
            if case .scroll(_, _, _, .ended, _) = input.event { break }
        }
        #expect(sequence.count > 2)
        for event in sequence {
            if case .scroll(.continuous, let delta, _, _, _) = event {
                #expect(delta.y == 0)
            } else {
                Issue.record("unexpected \(event) inside the first scroll")
            }
        }
    }

    /// The same recording as a whole: the two fingers rest before they scroll (a hold, cancelled
    /// by the scroll); then the second finger flickers on and off while the fingers spread, which
    /// is two pinches, each cancelled when the second finger stays off for 100 ms. libinput 1.22
    /// also reports two pinches here (see the recordings' SOURCES.md).
    @Test func hp8470pHorizontalScrollsThenPinchesTwice() throws {
        let output = try run(
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-horizontal.events",
            description: Self.hp8470pDescription
        )
        #expect(
            collapsed(interactions(output)) == [
                "hold began 2 indirectPointer", "hold cancelled 2 indirectPointer", "scroll began right",
                "scroll changed right", "scroll ended", "pinch began 2 indirectPointer",
                "pinch changed 2 indirectPointer",
                "pinch cancelled 2 indirectPointer", "pinch began 2 indirectPointer", "pinch changed 2 indirectPointer",
                "pinch cancelled 2 indirectPointer",
            ])
    }

    @Test func hp8470pOneFingerRecordingOnlyMovesThePointer() throws {
        let output = try run(
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-vertical.events",
            description: Self.hp8470pDescription
        )
        #expect(collapsed(output) == ["motion"])
    }

    // MARK: Mice

    @Test func ultrathinWheelGivesOneDiscreteScrollPerEvent() throws {
        let device = try load("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu")
        let output = try classify(device.description, device.frames)
        var expected: [Double] = []
        for frame in device.frames {
            for event in frame.events where event.type == .relative && event.code == RelativeAxis.wheel.rawValue {
                expected.append(-Double(event.value) * 120)
            }
        }
        #expect(expected.count == 32)
        let scrolls: [Double] = output.compactMap {
            if case .scroll(.discrete, let delta, let v120?, nil, nil) = $0.event {
                #expect(delta.y == v120.y / 3)  // 40 points a detent, what a scroll view moves
                return v120.y
            }
            return nil
        }
        #expect(scrolls == expected)
        let buttons = summaries(output).filter { $0.hasPrefix("button") }
        #expect(buttons.filter { $0 == "button primary down button" }.count == 4)
        #expect(buttons.filter { $0 == "button secondary down button" }.count == 2)
        #expect(buttons.filter { $0.hasSuffix("up button") }.count == 6)
    }

    @Test func scrollPointStickIsContinuous() throws {
        let output = try run(
            "mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll.events",
            description: "mouse/evemu-devices_ibm-scrollpoint-mo18b.desc"
        )
        let scrolls = interactions(output)
        #expect(!scrolls.isEmpty)
        var open = false
        for input in scrolls {
            guard case .scroll(.continuous, _, nil, let phase?, _) = input.event else {
                Issue.record("expected only continuous scrolls, got \(input.event)")
                continue
            }
            switch phase {
            case .began:
                #expect(!open)
                open = true
            case .changed: #expect(open)
            case .ended:
                #expect(open)
                open = false
            }
        }
        #expect(!open)
    }

    @Test func saitekClicksTwiceAndRightClicksOnce() throws {
        let output = try run(
            "mouse/evemu-devices_saitek-rat5.events", description: "mouse/evemu-devices_saitek-rat5.desc")
        let buttons = summaries(output).filter { $0.hasPrefix("button") }
        #expect(
            buttons == [
                "button primary down button", "button primary up button", "button secondary down button",
                "button secondary up button", "button primary down button", "button primary up button",
            ]
        )
    }

    // MARK: Keyboards

    @Test func k400ControlRepeatsThenControlC() throws {
        let options = DeviceSettings(keyboardLayout: KeyboardLayout(rules: "evdev", model: "pc105", layout: "us"))
        let output = try run("keyboard/evemu-devices_logitech-k400-plus.evemu", options: options)
        let lines = collapsed(output)
        #expect(lines.first == "key 29 down ctrl")
        #expect(lines.contains("key 29 repeat ctrl"))
        #expect(lines.contains("key 46 down ctrl"))
        let repeatIndex = try #require(lines.firstIndex(of: "key 29 repeat ctrl"))
        let cIndex = try #require(lines.firstIndex(of: "key 46 down ctrl"))
        #expect(repeatIndex < cIndex)
    }

    @Test func surfaceTypeCoverIsAKeyboardWithAPointer() throws {
        let output = try run("keyboard/evemu-devices_microsoft-surface-type-cover.evemu")
        // The first frame releases Enter, which was pressed before the recording began: ignored.
        #expect(collapsed(output) == ["key 28 down", "key 28 up", "key 28 down", "key 28 up", "motion"])
    }

    @Test func lenovoKeyboardHoldsControlAndCUntilRemoved() throws {
        let device = try load("keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard.evemu")
        let end = try #require(device.frames.last?.time)
        let options = DeviceSettings(keyboardLayout: KeyboardLayout(rules: "evdev", model: "pc105", layout: "us"))
        let output = try classify(device.description, device.frames, options: options, removeAt: end)
        // Released at removal, in code order: never a stuck key.
        #expect(summaries(output) == ["key 29 down ctrl", "key 46 down ctrl", "key 29 up", "key 46 up"])
    }

    // MARK: Touchscreens

    @Test func atmelFastTapsAreNineDirectTaps() throws {
        let output = try run("touchscreen/evemu-devices_atmel-maxtouch.1-finger-fast-taps.evemu")
        #expect(summaries(interactions(output)) == Array(repeating: "tap 1 direct", count: 9))
    }

    @Test func atmelDragMovesBeforeTheDelaySoItIsAPan() throws {
        let output = try run("touchscreen/evemu-devices_atmel-maxtouch.1-finger-drag-up-down.evemu")
        #expect(interactions(output).isEmpty)
        #expect(collapsed(output) == ["touch", "touch up"])
    }

    // MARK: Timing

    static let everyRecording: [(String, String?)] = [
        ("touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events", clickpadDescription),
        ("touchpad/xit_synaptics-clickpad.left-phys-click.events", clickpadDescription),
        ("touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-horizontal.events", hp8470pDescription),
        ("touchpad/evemu-devices_bcm5974-apple.three-finger-click.evemu", nil),
        ("touchpad/evemu-devices_cypress-clickpad.two-finger-press.evemu", nil),
        ("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu", nil),
        ("mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll.events", "mouse/evemu-devices_ibm-scrollpoint-mo18b.desc"),
        ("mouse/evemu-devices_saitek-rat5.events", "mouse/evemu-devices_saitek-rat5.desc"),
        ("keyboard/evemu-devices_logitech-k400-plus.evemu", nil),
        ("touchscreen/evemu-devices_atmel-maxtouch.1-finger-drag-up-down.evemu", nil),
        ("touchscreen/evemu-devices_atmel-maxtouch.1-finger-fast-taps.evemu", nil),
    ]

    @Test(arguments: [AdvanceGranularity.everyFrame, .everyMillisecond, .everyThirdFrame])
    func recordingsGiveTheSameOutputWhateverTheBatching(granularity: AdvanceGranularity) throws {
        let options = DeviceSettings(tapToClick: true)
        for (path, description) in Self.everyRecording {
            let reference = try run(path, description: description, options: options)
            let batched = try run(path, description: description, options: options, advance: granularity)
            #expect(batched == reference, "\(path)")
        }
    }
}
