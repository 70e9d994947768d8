import Classification
import DeviceProfiles
import EventModel
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

@Suite struct TouchpadTranslatorTests {
    /// One finger lands, and 10 ms later moves 1 mm: 100 mm/s (1 mm over 10.001 ms, libinput
    /// adding 1 µs), on the adaptive touchpad curve's plateau, 0.9. The speed before was 0 (factor
    /// min(0.9, 0.3) = 0.3), halfway 50 mm/s (0.9): Simpson's mean is (0.9 + 0.3 + 4 · 0.9) / 6 =
    /// 0.8, times libinput's touchpad slowdown 0.2968, of the millimetre's 1000/25.4 points.
    @Test func oneFingerMovesThePointerInPoints() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(10))
        script.move(finger: 0, byMillimetres: 1, 0)
        script.sync()
        script.wait(.milliseconds(10))
        script.lift(fingers: [0])
        let output = try classify(script.device, script.frames)
        let expected = 1000 / 25.4 * ((0.9 + 0.3 + 4 * 0.9) / 6 * 0.2968)
        // The 20 ms touch that moved 1 mm is a tap as well (reported whatever tap-to-click says).
        guard output.count == 2, case .motion(let delta, _) = output[0].event,
            output[1].event == .tap(fingers: 1, touchType: .indirectPointer, position: nil)
        else {
            Issue.record("expected one motion and a tap, got \(output)")
            return
        }
        #expect(abs(delta.x - expected) < 1e-9 && delta.y == 0, "\(delta) != (\(expected), 0)")
    }

    @Test func twoFingerScrollBeginsChangesAndEndsWithVelocity() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 40, 40)
        script.put(finger: 1, atPercent: 55, 40)
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 0, 12, over: .milliseconds(120), steps: 12)
        script.wait(.milliseconds(10))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(collapsed(output) == ["scroll began down", "scroll changed down", "scroll ended"])
        var total = 0.0
        for input in output {
            if case .scroll(.continuous, let delta, nil, _, _) = input.event {
                #expect(delta.x == 0)
                total += delta.y
            }
        }
        // The fingers travel 12 mm; the first 1.5 mm decide that this is a scroll.
        #expect(total > 10 * 160 / 25.4 && total <= 12 * 160 / 25.4 + 0.001)
        guard case .scroll(.continuous, .zero, nil, .ended, let velocity?) = output.last?.event else {
            Issue.record("expected an ended scroll")
            return
        }
        // 1 mm per 10 ms is 100 mm/s.
        #expect(abs(velocity.y - 100 * 160 / 25.4) < 1)
        #expect(velocity.x == 0)
    }

    @Test func fingersRollingBackAsTheyLiftDoNotScrollBack() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 40, 30)
        script.put(finger: 1, atPercent: 55, 30)
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 0, 10, over: .milliseconds(100))
        script.wait(.milliseconds(100))
        script.swipe(fingers: [0, 1], byMillimetres: 0, -0.5, over: .milliseconds(60), steps: 3)
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(collapsed(output) == ["scroll began down", "scroll changed down", "scroll ended"])
        guard case .scroll(.continuous, _, nil, .ended, let velocity?) = output.last?.event else {
            Issue.record("expected an ended scroll")
            return
        }
        // The fingers had stopped: no fling either way.
        #expect(velocity == .zero)
    }

    @Test func aRealReversalScrollsBack() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 40, 30)
        script.put(finger: 1, atPercent: 55, 30)
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 0, 10, over: .milliseconds(100))
        script.swipe(fingers: [0, 1], byMillimetres: 0, -6, over: .milliseconds(60), steps: 6)
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(collapsed(output) == ["scroll began down", "scroll changed down", "scroll changed up", "scroll ended"])
    }

    @Test func horizontalScrollScrollsRightWhenFingersMoveRight() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 40, 30)
        script.put(finger: 1, atPercent: 40, 50)
        script.sync()
        script.swipe(fingers: [0, 1], byMillimetres: 10, 1, over: .milliseconds(100))
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(collapsed(output) == ["scroll began right", "scroll changed right", "scroll ended"])
    }

    /// Two fingers moving apart 1 mm each per frame pinch (they used to make nothing before
    /// pinches were recognised): once both travelled 1.5 mm in opposite directions the pinch
    /// begins, at the 24 mm they are apart then; each frame spreads them 2 mm more.
    @Test func fingersMovingApartPinch() throws {
        let script = spreadingTwoFingers()
        let start = script.frames[0].time
        func pinch(_ phase: GesturePhase, scale: Double = 1) -> ClassifiedEvent {
            .gesture(Gesture(kind: .pinch, phase: phase, fingers: 2, touchType: .indirectPointer, scale: scale))
        }
        var expected = [ClassifiedInput(time: start + .milliseconds(20), event: pinch(.began))]
        for frame in 3...10 {
            let scale = Double(20 + 2 * frame) / 24
            expected.append(
                ClassifiedInput(time: start + .milliseconds(Int64(frame) * 10), event: pinch(.changed, scale: scale)))
        }
        expected.append(ClassifiedInput(time: start + .milliseconds(100), event: pinch(.ended, scale: 40.0 / 24)))
        #expect(try classify(script.device, script.frames) == expected)
    }

    private func press(at x: Double, _ y: Double, fingers: [(Double, Double)] = [], options: DeviceSettings) throws
        -> [String]
    {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: x, y)
        for (index, finger) in fingers.enumerated() {
            script.put(finger: index + 1, atPercent: finger.0, finger.1)
        }
        script.sync()
        // Pressed 30 ms after landing: two fingers resting longer would begin a hold first.
        script.wait(.milliseconds(30))
        script.key(.leftButton, 1)
        script.wait(.milliseconds(90))
        script.key(.leftButton, 0)
        script.wait(.milliseconds(30))
        script.lift(fingers: Array(0...fingers.count))
        return summaries(try classify(script.device, script.frames, options: options))
    }

    @Test func buttonAreasDecideByWherePressed() throws {
        let areas = DeviceSettings(clickMethod: .buttonAreas)
        let secondary = try press(at: 90, 95, options: areas)
        #expect(secondary == ["button secondary down buttonArea", "button secondary up buttonArea"])
        let middle = try press(at: 50, 95, options: areas)
        #expect(middle == ["button middle down buttonArea", "button middle up buttonArea"])
        let primary = try press(at: 20, 95, options: areas)
        #expect(primary == ["button primary down buttonArea", "button primary up buttonArea"])
        // Above the strip (the strip is min(10 mm, 15 % of 60 mm) = 9 mm): primary.
        #expect(
            try press(at: 90, 80, options: areas) == ["button primary down buttonArea", "button primary up buttonArea"])
        // Two fingers in the main area press the primary button by area.
        #expect(
            try press(at: 40, 40, fingers: [(55, 40)], options: areas) == [
                "button primary down buttonArea", "button primary up buttonArea",
            ]
        )
    }

    @Test func fingerCountDecidesWithClickfinger() throws {
        let fingers = DeviceSettings(clickMethod: .fingers)
        #expect(
            try press(at: 90, 95, options: fingers) == ["button primary down fingers", "button primary up fingers"])
        #expect(
            try press(at: 40, 40, fingers: [(55, 40)], options: fingers) == [
                "button secondary down fingers", "button secondary up fingers",
            ]
        )
        #expect(
            try press(at: 40, 40, fingers: [(50, 40), (60, 45)], options: fingers) == [
                "button middle down fingers", "button middle up fingers",
            ]
        )
        // 24 mm apart vertically on a 60 mm pad, one of them in the bottom 20 mm: a thumb.
        #expect(
            try press(at: 40, 50, fingers: [(45, 90)], options: fingers) == [
                "button primary down fingers", "button primary up fingers",
            ]
        )
        // 24 mm apart vertically but both above the bottom 20 mm: two fingers.
        #expect(
            try press(at: 40, 10, fingers: [(45, 50)], options: fingers) == [
                "button secondary down fingers", "button secondary up fingers",
            ]
        )
        // 70 mm apart horizontally: a resting thumb, not a second finger.
        #expect(
            try press(at: 10, 40, fingers: [(80, 40)], options: fingers) == [
                "button primary down fingers", "button primary up fingers",
            ]
        )
    }

    @Test func appleTouchpadsDefaultToClickfinger() throws {
        let device = ScriptedDevice.touchpad(name: "Apple", vendorID: 0x05ac, busType: 0x03)
        var script = InputScript(device: device)
        script.put(finger: 0, atPercent: 40, 40)
        script.put(finger: 1, atPercent: 55, 40)
        script.sync()
        script.key(.leftButton, 1)
        script.key(.leftButton, 0)
        script.lift(fingers: [0, 1])
        #expect(
            summaries(try classify(device, script.frames)) == [
                "button secondary down fingers", "button secondary up fingers",
            ])
    }

    private func tapScript(
        fingers: Int, hold: Duration, moving: Double = 0, device: DeviceDescription = ScriptedDevice.touchpad()
    ) -> InputScript {
        var script = InputScript(device: device)
        for finger in 0..<fingers {
            script.put(finger: finger, atPercent: 30 + Double(finger) * 12, 50)
        }
        script.sync()
        script.wait(hold / 2)
        for finger in 0..<fingers { script.move(finger: finger, byMillimetres: moving, 0) }
        script.sync()
        script.wait(hold / 2)
        script.lift(fingers: Array(0..<fingers))
        return script
    }

    /// A tap's button goes down at the lift and, with tap-and-drag (on by default), comes up once
    /// the drag timeout has passed: 160 ms + 20 ms per finger.
    @Test func tapsClickWhenTappingIsOn() throws {
        let on = DeviceSettings(tapToClick: true)
        for (fingers, button, timeout) in [(1, "primary", 180), (2, "secondary", 200), (3, "middle", 220)] {
            let script = tapScript(fingers: fingers, hold: .milliseconds(80))
            let output = try classify(script.device, script.frames, options: on, until: script.now + .seconds(1))
            // Two fingers resting 40 ms begin a hold, which the tap cancels.
            let hold = fingers == 2 ? ["hold began 2 indirectPointer", "hold cancelled 2 indirectPointer"] : []
            let holdTimes = fingers == 2 ? [script.now - .milliseconds(40), script.now] : []
            #expect(
                summaries(output) == hold + [
                    "tap \(fingers) indirectPointer", "button \(button) down tap", "button \(button) up tap",
                ]
            )
            #expect(output.map(\.time) == holdTimes + [script.now, script.now, script.now + .milliseconds(timeout)])
        }
    }

    @Test func withoutTapAndDragATapClicksAtOnce() throws {
        let script = tapScript(fingers: 1, hold: .milliseconds(80))
        let output = try classify(
            script.device, script.frames, options: DeviceSettings(tapToClick: true, tapAndDrag: false),
            until: script.now + .seconds(1))
        #expect(summaries(output) == ["tap 1 indirectPointer", "button primary down tap", "button primary up tap"])
        #expect(output.map(\.time) == [script.now, script.now, script.now])
    }

    @Test func leftHandedOneFingerTapIsSecondary() throws {
        let one = tapScript(fingers: 1, hold: .milliseconds(80))
        let options = DeviceSettings(tapToClick: true, leftHanded: true)
        #expect(
            summaries(try classify(one.device, one.frames, options: options, until: one.now + .seconds(1))) == [
                "tap 1 indirectPointer", "button secondary down tap", "button secondary up tap",
            ]
        )
    }

    @Test func tapsAreOnByDefaultOnPadsWithoutAButton() throws {
        var device = ScriptedDevice.touchpad()
        device.supportedCodes[.key]?.remove(KeyCode.leftButton.rawValue)
        let one = tapScript(fingers: 1, hold: .milliseconds(80), device: device)
        #expect(
            summaries(try classify(device, one.frames, until: one.now + .seconds(1))) == [
                "tap 1 indirectPointer", "button primary down tap", "button primary up tap",
            ]
        )
    }

    /// Tap-to-click is off by default on a pad with a button: the tap is reported, and no click
    /// follows.
    @Test func tapsDoNotClickByDefaultOnPadsWithAButton() throws {
        let one = tapScript(fingers: 1, hold: .milliseconds(80))
        let output = try classify(one.device, one.frames, until: one.now + .seconds(1))
        #expect(summaries(output) == ["tap 1 indirectPointer"])
    }

    @Test func longTouchesAndMovingTouchesAreNotTaps() throws {
        let on = DeviceSettings(tapToClick: true)
        let long = tapScript(fingers: 1, hold: .milliseconds(200))
        #expect(try classify(long.device, long.frames, options: on).isEmpty)
        let moving = tapScript(fingers: 1, hold: .milliseconds(80), moving: 2)
        #expect(summaries(try classify(moving.device, moving.frames, options: on)) == ["motion"])
    }

    @Test func heavyContactsArePalms() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 50, 50, pressure: 200)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 10, 0, over: .milliseconds(100))
        script.lift(fingers: [0])
        #expect(try classify(script.device, script.frames, options: DeviceSettings(tapToClick: true)).isEmpty)
    }

    @Test func touchesStartingInTheEdgeZoneArePalms() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 2, 50)
        script.sync()
        script.wait(.milliseconds(300))
        script.swipe(fingers: [0], byMillimetres: 0, 10, over: .milliseconds(100))
        script.lift(fingers: [0])
        #expect(try classify(script.device, script.frames).isEmpty)
    }

    @Test func thumbPressingInTheButtonStripLetsAnotherFingerDrag() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 20, 96)  // the thumb, on the left button area
        script.put(finger: 1, atPercent: 50, 40)  // the index finger
        script.sync()
        script.wait(.milliseconds(30))
        script.key(.leftButton, 1)
        script.swipe(fingers: [1], byMillimetres: 8, 0, over: .milliseconds(80), steps: 4)
        script.key(.leftButton, 0)
        script.lift(fingers: [0, 1])
        let output = try classify(script.device, script.frames)
        #expect(
            collapsed(output) == [
                "button primary down buttonArea", "motion", "drag began indirectPointer", "motion",
                "drag changed indirectPointer", "motion", "drag changed indirectPointer", "motion",
                "drag changed indirectPointer", "drag ended indirectPointer", "button primary up buttonArea",
            ]
        )
    }

    @Test func touchLeavingTheEdgeZoneQuicklyIsAFinger() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 3, 50)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 20, 0, over: .milliseconds(100), steps: 5)
        script.lift(fingers: [0])
        let output = try classify(script.device, script.frames)
        // Moving inward out of the 8 mm zone within 200 ms: the pointer moves once it is out.
        #expect(collapsed(output) == ["motion"])
    }

    @Test func pressingAndMovingDragsAndRemovalCancels() throws {
        var script = InputScript(device: ScriptedDevice.touchpad())
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.wait(.milliseconds(30))
        script.key(.leftButton, 1)
        script.swipe(fingers: [0], byMillimetres: 5, 0, over: .milliseconds(50), steps: 5)
        let output = try classify(script.device, script.frames, removeAt: script.now + .milliseconds(10))
        #expect(
            collapsed(output) == [
                "button primary down buttonArea", "motion", "drag began indirectPointer", "motion",
                "drag changed indirectPointer", "motion", "drag changed indirectPointer", "motion",
                "drag changed indirectPointer", "drag cancelled indirectPointer", "button primary up buttonArea",
            ]
        )
    }
}

/// Pads that do not speak multitouch protocol B.
@Suite struct TouchpadProtocolTests {
    /// A pad with one position (`ABS_X`/`ABS_Y`) and finger-count tool keys, 100×60 mm.
    private static let singleTouchPad = DeviceDescription(
        name: "Single-touch pad",
        identity: DeviceIdentity(busType: 0x11, vendorID: 2, productID: 1, version: 0),
        properties: [.pointer, .buttonPad],
        supportedCodes: [
            .synchronization: [0, 1],
            .key: Set([KeyCode.leftButton, .touch, .toolFinger, .toolDoubleTap, .toolTripleTap].map(\.rawValue)),
            .absolute: [AbsoluteAxis.x.rawValue, AbsoluteAxis.y.rawValue],
        ],
        absoluteAxes: [
            .x: AbsoluteAxisInfo(minimum: 0, maximum: 4000, resolution: 40),
            .y: AbsoluteAxisInfo(minimum: 0, maximum: 2400, resolution: 40),
        ]
    )

    @Test func singleTouchPadScrollsWithTwoFingersAndCountsThemForClicks() throws {
        var script = InputScript(device: Self.singleTouchPad)
        script.add(.key, KeyCode.touch.rawValue, 1)
        script.add(.key, KeyCode.toolDoubleTap.rawValue, 1)
        script.add(.absolute, AbsoluteAxis.x.rawValue, 2000)
        script.add(.absolute, AbsoluteAxis.y.rawValue, 1000)
        script.sync()
        for step in 1...10 {
            script.wait(.milliseconds(10))
            script.add(.absolute, AbsoluteAxis.y.rawValue, 1000 + Int32(step) * 40)
            script.sync()
        }
        script.add(.key, KeyCode.toolDoubleTap.rawValue, 0)
        script.add(.key, KeyCode.touch.rawValue, 0)
        script.sync()
        script.wait(.milliseconds(100))
        script.add(.key, KeyCode.touch.rawValue, 1)
        script.add(.key, KeyCode.toolTripleTap.rawValue, 1)
        script.sync()
        script.key(.leftButton, 1)
        script.key(.leftButton, 0)
        let output = try classify(Self.singleTouchPad, script.frames, options: DeviceSettings(clickMethod: .fingers))
        #expect(
            collapsed(output) == [
                "scroll began down", "scroll changed down", "scroll ended", "button middle down fingers",
                "button middle up fingers",
            ]
        )
    }

    /// A semi-multitouch pad reports two slots (the corners of a bounding box) and counts further
    /// fingers only with its tool keys.
    @Test func semiMultitouchPadCountsThreeFingersFromToolKeys() throws {
        var device = ScriptedDevice.touchpad(vendorID: 0x05ac, busType: 0x03)
        device.properties.insert(.semiMultitouch)
        device.absoluteAxes[.multitouchSlot] = AbsoluteAxisInfo(minimum: 0, maximum: 1)
        var script = InputScript(device: device)
        script.put(finger: 0, atPercent: 30, 40)
        script.put(finger: 1, atPercent: 50, 45)
        script.sync()
        // A third finger: the slots stay two, the tool key says three.
        script.add(.toolDoubleTap, 0)
        script.add(.toolTripleTap, 1)
        script.sync()
        script.key(.leftButton, 1)
        script.key(.leftButton, 0)
        script.add(.toolTripleTap, 0)
        script.add(.toolDoubleTap, 1)
        script.sync()
        script.lift(fingers: [0, 1])
        let output = try classify(device, script.frames)
        #expect(summaries(output) == ["button middle down fingers", "button middle up fingers"])
    }

    /// Protocol A (`SYN_MT_REPORT` after each contact, no slots) as the bcm5974 driver of the
    /// bundled Apple recording sends it.
    @Test func protocolAContactsAreTrackedByOrder() throws {
        var device = ScriptedDevice.touchpad(vendorID: 0x05ac, busType: 0x03, hasPressure: false)
        device.absoluteAxes[.multitouchSlot] = nil
        device.absoluteAxes[.multitouchTrackingID] = nil
        device.supportedCodes[.absolute]?.remove(AbsoluteAxis.multitouchSlot.rawValue)
        device.supportedCodes[.absolute]?.remove(AbsoluteAxis.multitouchTrackingID.rawValue)
        var script = InputScript(device: device)
        func contacts(_ positions: [(Int32, Int32)], tool: KeyCode?, release: KeyCode? = nil) {
            for (x, y) in positions {
                script.add(.absolute, AbsoluteAxis.multitouchPositionX.rawValue, x)
                script.add(.absolute, AbsoluteAxis.multitouchPositionY.rawValue, y)
                script.add(.synchronization, SynchronizationCode.multitouchReport.rawValue, 0)
            }
            if positions.isEmpty { script.add(.synchronization, SynchronizationCode.multitouchReport.rawValue, 0) }
            if let release { script.add(release, 0) }
            if let tool { script.add(tool, 1) }
            script.sync()
            script.wait(.milliseconds(10))
        }
        contacts([(1600, 1200)], tool: .toolFinger)
        contacts([(1600, 1200), (2200, 1200)], tool: .toolDoubleTap, release: .toolFinger)
        for step: Int32 in 1...8 {
            // The kernel may list the contacts in any order: here it swaps them every other frame.
            let left = (Int32(1600), 1200 + step * 20)
            let right = (Int32(2200), 1200 + step * 20)
            contacts(step % 2 == 0 ? [right, left] : [left, right], tool: nil)
        }
        // Every protocol A frame reports every contact, the button's frames too.
        script.add(.leftButton, 1)
        contacts([(1600, 1360), (2200, 1360)], tool: nil)
        script.add(.leftButton, 0)
        contacts([(1600, 1360), (2200, 1360)], tool: nil)
        contacts([], tool: nil, release: .toolDoubleTap)
        let output = try classify(device, script.frames)
        #expect(
            collapsed(output) == [
                "scroll began down", "scroll changed down", "scroll ended", "button secondary down fingers",
                "button secondary up fingers",
            ]
        )
    }
}
