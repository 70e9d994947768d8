import Classification
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

/// Wheels: legacy, hi-res as the two kernel drivers send it, jitter, and devices that advertise
/// hi-res but send legacy values.
@Suite struct WheelScrollTests {
    /// The generic HID driver: 4 hi-res events of 30 per detent, `REL_WHEEL` written *before*
    /// `REL_WHEEL_HI_RES` in the frame where the accumulated value reaches a detent.
    @Test func genericHIDHighResolutionCountsEachDetentOnce() throws {
        var script = InputScript(device: ScriptedDevice.mouse(highResolution: true))
        var remainder: Int32 = 0
        for _ in 0..<8 {
            script.wait(.milliseconds(8))
            remainder += 30
            if remainder >= 120 {
                script.add(.wheel, 1)
                remainder -= 120
            }
            script.add(.wheelHighResolution, 30)
            script.sync()
        }
        let output = try classify(script.device, script.frames)
        #expect(summaries(output) == Array(repeating: "scroll discrete 0,-30", count: 8))
        #expect(totalV120(output) == Vector(x: 0, y: -240))
        for input in output {
            guard case .scroll(_, let delta, _, _, _) = input.event else { continue }
            #expect(delta == Vector(x: 0, y: -10))  // 40 points per detent, scrolling up
        }
    }

    /// Logitech HID++: `REL_WHEEL_HI_RES` first, 15 per event (8 per detent), and a `REL_WHEEL`
    /// once the remainder reaches half a detent, after which the remainder is reduced by 120.
    @Test func hidppHighResolutionCountsEachDetentOnce() throws {
        var script = InputScript(
            device: ScriptedDevice.mouse(name: "Logitech MX", vendorID: 0x046d, highResolution: true))
        var remainder: Int32 = 0
        for _ in 0..<16 {
            script.wait(.milliseconds(8))
            script.add(.wheelHighResolution, -15)
            remainder -= 15
            if abs(remainder) >= 60 {
                script.add(.wheel, -1)
                remainder += 120
            }
            script.sync()
        }
        let output = try classify(script.device, script.frames)
        // Steps under a quarter detent turn on debouncing: the first step is held until the
        // second, then everything passes.
        #expect(summaries(output) == ["scroll discrete 0,30"] + Array(repeating: "scroll discrete 0,15", count: 14))
        #expect(totalV120(output) == Vector(x: 0, y: 240))
    }

    @Test func jitteryFreeSpinWheelRestsUntilItReallyTurns() throws {
        var script = InputScript(device: ScriptedDevice.mouse(highResolution: true))
        for value: Int32 in [8, -8, 8, -8, 8, -8] {
            script.wait(.milliseconds(20))
            script.add(.wheelHighResolution, value)
            script.sync()
        }
        let jitterFrames = script.frames.count
        for _ in 0..<5 {
            script.wait(.milliseconds(5))
            script.add(.wheelHighResolution, 24)
            script.sync()
        }
        let output = try classify(script.device, script.frames)
        #expect(output.allSatisfy { $0.time > script.frames[jitterFrames - 1].time })
        #expect(summaries(output) == ["scroll discrete 0,-24"] + Array(repeating: "scroll discrete 0,-24", count: 4))
    }

    @Test func legacyWheelGivesOneDetentPerUnit() throws {
        var script = InputScript(device: ScriptedDevice.mouse())
        script.add(.wheel, 1)
        script.sync()
        script.wait(.milliseconds(30))
        script.add(.wheel, -2)
        script.sync()
        script.wait(.milliseconds(30))
        script.add(.horizontalWheel, 1)
        script.sync()
        let output = try classify(script.device, script.frames)
        #expect(summaries(output) == ["scroll discrete 0,-120", "scroll discrete 0,240", "scroll discrete 120,0"])
        guard case .scroll(_, let delta, _, _, _) = output[2].event else {
            Issue.record("expected a scroll")
            return
        }
        #expect(delta == Vector(x: 40, y: 0))
    }

    @Test func deviceAdvertisingHighResolutionButSendingLegacyFallsBack() throws {
        var script = InputScript(device: ScriptedDevice.mouse(highResolution: true))
        for _ in 0..<3 {
            script.wait(.milliseconds(40))
            script.add(.wheel, -1)
            script.sync()
        }
        let output = try classify(script.device, script.frames)
        #expect(summaries(output) == Array(repeating: "scroll discrete 0,120", count: 3))
    }

    @Test func fractionalHighResolutionStepsPassThrough() throws {
        var script = InputScript(device: ScriptedDevice.mouse(highResolution: true))
        for _ in 0..<3 {
            script.wait(.milliseconds(10))
            script.add(.horizontalWheelHighResolution, 40)
            script.sync()
        }
        let output = try classify(script.device, script.frames)
        #expect(summaries(output) == Array(repeating: "scroll discrete 40,0", count: 3))
    }

    @Test func scrollPointStickScrollsContinuouslyAndEnds() throws {
        let device = ScriptedDevice.mouse(name: "HID 04b3:3103", vendorID: 0x04b3, productID: 0x3103)
        var script = InputScript(device: device)
        for value: Int32 in [-5, -20, -63, -63, -30] {
            script.wait(.milliseconds(20))
            script.add(.wheel, value)
            script.sync()
        }
        let last = script.now
        let output = try classify(device, script.frames, until: last + .seconds(1))
        #expect(collapsed(output) == ["scroll began down", "scroll changed down", "scroll ended"])
        let ended = try #require(output.last)
        #expect(ended.time == last + .milliseconds(150))
        guard case .scroll(.continuous, _, nil, .ended, let velocity?) = ended.event else {
            Issue.record("expected an ended scroll with a velocity")
            return
        }
        // The stick ended because nothing came for 150 ms: content stops with it, no fling.
        #expect(velocity == .zero)
    }
}
