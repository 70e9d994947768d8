import Classification
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

@Suite struct PointerTranslatorTests {
    @Test func buttonsMapToLogicalButtons() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        for code in [KeyCode.leftButton, .rightButton, .middleButton, .sideButton, .extraButton] {
            script.key(code, 1)
            script.wait(.milliseconds(50))
            script.key(code, 0)
            script.wait(.milliseconds(50))
        }
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "button primary down button", "button primary up button",
                "button secondary down button", "button secondary up button",
                "button middle down button", "button middle up button",
                "button back down button", "button back up button",
                "button forward down button", "button forward up button",
            ]
        )
        guard case .button(_, _, _, let code) = output[2].event else {
            Issue.record("expected a button")
            return
        }
        #expect(code == .rightButton)
    }

    @Test func leftHandedSwapsPrimaryAndSecondary() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.key(.leftButton, 0)
        script.key(.rightButton, 1)
        script.key(.rightButton, 0)
        let output = try classify(script.device, script.frames, options: DeviceSettings(leftHanded: true))
        #expect(
            summaries(output) == [
                "button secondary down button", "button secondary up button",
                "button primary down button", "button primary up button",
            ]
        )
    }

    @Test func buttonAutorepeatAndReleaseWithoutPressAreIgnored() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.rightButton, 0)  // released without a press
        script.key(.rightButton, 1)
        script.wait(.milliseconds(250))
        script.key(.rightButton, 2)  // the kernel's autorepeat
        script.key(.rightButton, 2)
        script.key(.rightButton, 0)
        script.key(.rightButton, 0)  // released twice
        let output = try classify(script.device, script.frames)
        #expect(summaries(output) == ["button secondary down button", "button secondary up button"])
    }

    /// Flat at speed 0, a count of a mouse of unknown resolution (1000 dpi) is one point.
    @Test func motionIsInPoints() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.move(dx: 3, dy: -4)
        let output = try classify(script.device, script.frames, options: flatPointer)
        #expect(output.map(\.event) == [.motion(delta: Vector(x: 3, y: -4), unaccelerated: Vector(x: 3, y: -4))])
    }

    /// A motion carries where the pointer went and the hand's movement before acceleration: a
    /// 1,600-dpi mouse's 16 and 8 counts are 10 and 5 counts of a 1000-dpi mouse, whatever the
    /// profile; flat at speed 0 the pointer moves exactly that, adaptive moves it otherwise.
    @Test func motionCarriesTheUnacceleratedDelta() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.move(dx: 16, dy: 8)
        let raw = Vector(x: 10, y: 5)
        let flat = try classify(
            script.device, script.frames, options: DeviceSettings(accelerationProfile: .flat, dotsPerInch: 1600))
        #expect(flat.map(\.event) == [.motion(delta: raw, unaccelerated: raw)])
        let adaptive = try classify(script.device, script.frames, options: DeviceSettings(dotsPerInch: 1600))
        guard adaptive.count == 1, case .motion(let delta, let unaccelerated) = adaptive[0].event else {
            Issue.record("expected one motion: \(summaries(adaptive))")
            return
        }
        #expect(unaccelerated == raw)
        #expect(delta != raw)
    }

    @Test func pointerDragBeginsWithoutDelay() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.wait(.milliseconds(8))
        script.move(dx: 2, dy: 0)  // within the drag threshold
        script.wait(.milliseconds(8))
        script.move(dx: 2, dy: 0)  // past it, 16 ms after the press
        let began = script.now
        script.wait(.milliseconds(8))
        script.move(dx: 5, dy: 1)
        script.wait(.milliseconds(8))
        script.key(.leftButton, 0)
        let output = try classify(
            script.device, script.frames, options: flatPointer, until: script.now + .seconds(1))
        #expect(
            summaries(output) == [
                "button primary down button", "motion", "motion", "drag began indirectPointer", "motion",
                "drag changed indirectPointer", "drag ended indirectPointer", "button primary up button",
            ]
        )
        #expect(output[3].time == began)
        #expect(
            output[3].event
                == .drag(phase: .began, touchType: .indirectPointer, translation: Vector(x: 4, y: 0), position: nil))
        #expect(
            output[6].event
                == .drag(phase: .ended, touchType: .indirectPointer, translation: Vector(x: 9, y: 1), position: nil))
    }

    /// The adaptive profile slows a slow first move of 8 counts to under three points; the hand
    /// moved 8 counts, so the drag begins with that first motion, and its translation is what the
    /// pointer moved (the hardware case `live-classification` injects this move).
    @Test func adaptiveSlowFirstMoveDragsAtOnce() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.wait(.milliseconds(10))
        script.move(dx: 8, dy: 0)
        script.wait(.milliseconds(10))
        script.move(dx: 8, dy: 2)
        script.wait(.milliseconds(10))
        script.key(.leftButton, 0)
        let output = try classify(script.device, script.frames, options: DeviceSettings())
        #expect(
            summaries(output) == [
                "button primary down button", "motion", "drag began indirectPointer", "motion",
                "drag changed indirectPointer", "drag ended indirectPointer", "button primary up button",
            ]
        )
        guard case .motion(let first, _) = output[1].event, case .motion(let second, _) = output[3].event else {
            Issue.record("expected motions at 1 and 3: \(summaries(output))")
            return
        }
        #expect(first.length < ClassificationThresholds.default.pointerDragThreshold)
        #expect(output[2].time == output[1].time)
        #expect(
            output[2].event
                == .drag(phase: .began, touchType: .indirectPointer, translation: first, position: nil))
        #expect(
            output[5].event
                == .drag(phase: .ended, touchType: .indirectPointer, translation: first + second, position: nil))
    }

    @Test func longPressWithMouseBeginsAfterHalfASecond() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        let pressed = script.now
        script.wait(.milliseconds(100))
        script.move(dx: 1, dy: 1)  // a wobble within the allowable movement
        script.wait(.milliseconds(600))
        script.key(.leftButton, 0)
        let output = try classify(script.device, script.frames)
        #expect(
            summaries(output) == [
                "button primary down button", "motion", "longPress began indirectPointer",
                "longPress ended indirectPointer", "button primary up button",
            ]
        )
        #expect(output[2].time == pressed + .milliseconds(500))
    }

    @Test func movingAfterLongPressCancelsItAndDrags() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.wait(.milliseconds(600))
        script.move(dx: 12, dy: 0)
        script.wait(.milliseconds(10))
        script.key(.leftButton, 0)
        let output = try classify(script.device, script.frames, options: flatPointer)
        #expect(
            summaries(output) == [
                "button primary down button", "longPress began indirectPointer", "motion",
                "longPress cancelled indirectPointer", "drag began indirectPointer", "drag ended indirectPointer",
                "button primary up button",
            ]
        )
    }

    @Test func removalMidDragCancelsAndReleasesButtons() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.key(.middleButton, 1)
        script.wait(.milliseconds(10))
        script.move(dx: 10, dy: 0)
        let removal = script.now + .milliseconds(5)
        let output = try classify(script.device, script.frames, removeAt: removal)
        #expect(
            summaries(output) == [
                "button primary down button", "button middle down button", "motion", "drag began indirectPointer",
                "drag cancelled indirectPointer", "button primary up button", "button middle up button",
            ]
        )
        #expect(output.suffix(3).allSatisfy { $0.time == removal })
    }

    /// On a disconnect the kernel releases held buttons itself, in a frame ending with
    /// `SYN_REPORT` 1, before the node goes away: the drag is cancelled, not ended.
    @Test func kernelReleaseMidDragCancels() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.wait(.milliseconds(10))
        script.move(dx: 10, dy: 0)
        script.wait(.milliseconds(10))
        let released = script.now
        var frames = script.frames
        frames.append(
            EventFrame(events: [
                InputEvent(time: released, type: .key, code: KeyCode.leftButton.rawValue, value: 0),
                InputEvent(time: released, type: .synchronization, code: SynchronizationCode.report.rawValue, value: 1),
            ])
        )
        let output = try classify(script.device, frames)
        #expect(
            summaries(output) == [
                "button primary down button", "motion", "drag began indirectPointer",
                "drag cancelled indirectPointer", "button primary up button",
            ]
        )
        #expect(output.suffix(2).allSatisfy { $0.time == released })
    }

    /// A release a person made ends the drag; the kernel's autorepeat mark alone changes nothing.
    @Test func ordinaryReleaseEndsTheDrag() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.key(.leftButton, 1)
        script.wait(.milliseconds(10))
        script.move(dx: 10, dy: 0)
        script.key(.leftButton, 0)
        let output = try classify(script.device, script.frames)
        #expect(summaries(output).suffix(2) == ["drag ended indirectPointer", "button primary up button"])
    }

    @Test func combinedKeyboardAndPointerGetsBoth() throws {
        var device = ScriptedDevice.keyboard(name: "Cover")
        device.supportedCodes[.relative] = [RelativeAxis.x.rawValue, RelativeAxis.y.rawValue]
        device.supportedCodes[.key]?.formUnion([KeyCode.leftButton.rawValue, KeyCode.rightButton.rawValue])
        #expect(device.kind == .keyboard)
        var script = InputScript(device: device)
        script.key(.enter, 1)
        script.key(.enter, 0)
        script.move(dx: 5, dy: 2)
        script.key(.leftButton, 1)
        script.key(.leftButton, 0)
        let output = try classify(device, script.frames)
        #expect(
            summaries(output) == [
                "key 28 down", "key 28 up", "motion", "button primary down button", "button primary up button",
            ]
        )
    }
}
