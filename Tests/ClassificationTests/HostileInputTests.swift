import Classification
import EventModel
import Geometry
import InputEvents
import Testing
import WayfinderTestSupport

/// Devices misbehave: values at the ends of their range, slots that do not exist, releases of
/// keys never pressed, ranges that are empty. None of it may crash the classifier.
@Suite struct HostileInputTests {
    private static let extremes: [Int32] = [.min, .max, -1, 0, 1, .min + 1, .max - 1]

    private static func hostileFrames(for device: DeviceDescription) -> [EventFrame] {
        var script = InputScript(device: device)
        var events: [(EventType, UInt16)] = []
        for (type, codes) in device.supportedCodes where type != .synchronization {
            for code in codes { events.append((type, code)) }
        }
        events.append((.absolute, AbsoluteAxis.multitouchSlot.rawValue))
        events.append((.absolute, AbsoluteAxis.multitouchTrackingID.rawValue))
        events.sort { ($0.0.rawValue, $0.1) < ($1.0.rawValue, $1.1) }
        for round in 0..<4 {
            for (index, (type, code)) in events.enumerated() {
                script.add(type, code, extremes[(index + round) % extremes.count])
                // Relative axes add up within a frame: send each twice.
                if type == .relative { script.add(type, code, extremes[(index + round) % extremes.count]) }
                if index % 3 == 0 {
                    script.add(.synchronization, SynchronizationCode.multitouchReport.rawValue, 0)
                }
                if index % 5 == 0 { script.sync() }
                script.wait(.milliseconds(7))
            }
            script.sync()
        }
        return script.frames
    }

    @Test(arguments: [
        ScriptedDevice.mouse(highResolution: true),
        ScriptedDevice.mouse(name: "HID 04b3:3103", vendorID: 0x04b3, productID: 0x3103),
        ScriptedDevice.touchpad(),
        ScriptedDevice.touchpad(isClickpad: false, vendorID: 0x05ac, busType: 0x03),
        ScriptedDevice.touchscreen(),
        ScriptedDevice.keyboard(),
    ])
    func extremeValuesNeitherCrashNorStickKeys(device: DeviceDescription) throws {
        let frames = Self.hostileFrames(for: device)
        let end = (frames.last?.time ?? .zero) + .seconds(1)
        let output = try classify(
            device, frames, options: DeviceSettings(tapToClick: true), until: end, removeAt: end)
        // Whatever went down came up.
        var downs = 0
        var ups = 0
        for input in output {
            switch input.event {
            case .key(_, .down, _, _, _), .button(_, .down, _, _): downs += 1
            case .key(_, .up, _, _, _), .button(_, .up, _, _): ups += 1
            default: break
            }
        }
        #expect(downs == ups)
    }

    /// The first frame's time in the tracking-ID tests below; each later frame comes 10 ms after.
    private static let firstFrame = Timestamp(microseconds: 1_000_000)

    /// Classifies a scripted touchscreen whose frames each set slot 0's tracking ID to the values
    /// given, in order, one frame every 10 ms from ``firstFrame``; the screen goes away a second
    /// after the last.
    private func classifyTrackingIDs(_ frames: [[Int32]]) throws -> [ClassifiedInput] {
        let trackingID = AbsoluteAxis.multitouchTrackingID.rawValue
        var time = Self.firstFrame
        var events: [EventFrame] = []
        // Each landing comes with its position, (0, 0): a touch is on the screen from its first
        // position.
        let positions = [AbsoluteAxis.multitouchPositionX.rawValue, AbsoluteAxis.multitouchPositionY.rawValue]
        for values in frames {
            events.append(
                EventFrame(
                    events: values.flatMap { value in
                        [InputEvent(time: time, type: .absolute, code: trackingID, value: value)]
                            + (value >= 0
                                ? positions.map { InputEvent(time: time, type: .absolute, code: $0, value: 0) } : [])
                    } + [.report(at: time)]))
            time += .milliseconds(10)
        }
        let end = time - .milliseconds(10) + .seconds(1)
        return try classify(ScriptedDevice.touchscreen(), events, until: end, removeAt: end)
    }

    /// Slot 0's contact landing or lifting in the frame `index` of the tracking-ID tests.
    private func position(frame index: Int, isDown: Bool) -> ClassifiedInput {
        ClassifiedInput(
            time: Self.firstFrame + .milliseconds(10 * index),
            event: .touch(isDown ? .down : .up, position: .zero, contact: 0))
    }

    /// Found by the classifier's fuzz target: a contact whose tracking ID is set and cleared in
    /// one frame (here by a negative ID other than -1) was reported down and never up, so it
    /// stayed down after the screen was removed.
    @Test func aContactThatLandsAndLiftsInOneFrameIsReportedUpAgain() throws {
        let output = try classifyTrackingIDs([[3, -11_927_232]])
        #expect(
            output == [
                position(frame: 0, isDown: true),
                position(frame: 0, isDown: false),
                ClassifiedInput(time: Self.firstFrame, event: .tap(fingers: 1, touchType: .direct, position: .zero)),
            ])
    }

    /// Found by the classifier's fuzz target after the finger-count merge: a slot whose contact
    /// lifts and whose next contact lands in the same frame reported the new contact's landing
    /// and then the old one's lift, so the new contact was up in the stream while still down,
    /// and its own lift came for a contact already up.
    @Test func aSlotThatEndsOneContactAndStartsTheNextInOneFrameLiftsTheFirstThenLandsTheSecond() throws {
        let output = try classifyTrackingIDs([[1], [-1, 2], [-1]])
        let third = Self.firstFrame + .milliseconds(20)
        #expect(
            output == [
                position(frame: 0, isDown: true),
                position(frame: 1, isDown: false),
                position(frame: 1, isDown: true),
                position(frame: 2, isDown: false),
                // Two contacts within the tap time, the last lifting: a two-finger tap.
                ClassifiedInput(time: third, event: .tap(fingers: 2, touchType: .direct, position: .zero)),
            ])
    }

    /// The same slot lifting, landing and lifting again within one frame: both contacts are
    /// reported, each down then up.
    @Test func aSlotThatLiftsLandsAndLiftsInOneFrameReportsBothContacts() throws {
        let output = try classifyTrackingIDs([[1], [-1, 2, -1]])
        let second = Self.firstFrame + .milliseconds(10)
        #expect(
            output == [
                position(frame: 0, isDown: true),
                position(frame: 1, isDown: false),
                position(frame: 1, isDown: true),
                position(frame: 1, isDown: false),
                ClassifiedInput(time: second, event: .tap(fingers: 2, touchType: .direct, position: .zero)),
            ])
    }

    /// A protocol A touchscreen (contacts without slots, each ended by `SYN_MT_REPORT`) whose
    /// contact jumps from (2,000,000,000, 2,000,000,000) to the opposite corner, far beyond its
    /// axes' range: matching the contact to the previous frame's squared the distance in `Int64`,
    /// which overflowed and trapped (issue 23, case 1). The kernel does not clamp these values.
    static func protocolAScreen() -> DeviceDescription {
        var device = ScriptedDevice.touchscreen(name: "Protocol A Screen")
        for axis in [AbsoluteAxis.multitouchSlot, .multitouchTrackingID] {
            device.absoluteAxes[axis] = nil
            device.supportedCodes[.absolute]?.remove(axis.rawValue)
        }
        return device
    }

    /// Frames of one protocol A contact at each of `positions` in turn, 10 ms apart from
    /// ``firstFrame``, then a frame without contacts.
    static func protocolAFrames(_ positions: [(Int32, Int32)]) -> [EventFrame] {
        let report = SynchronizationCode.multitouchReport.rawValue
        var frames: [EventFrame] = []
        var time = firstFrame
        for (x, y) in positions {
            frames.append(
                EventFrame(events: [
                    InputEvent(time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionX.rawValue, value: x),
                    InputEvent(time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionY.rawValue, value: y),
                    InputEvent(time: time, type: .synchronization, code: report, value: 0), .report(at: time),
                ]))
            time += .milliseconds(10)
        }
        frames.append(
            EventFrame(events: [
                InputEvent(time: time, type: .synchronization, code: report, value: 0), .report(at: time),
            ]))
        return frames
    }

    @Test func aProtocolAContactFarBeyondItsRangeDoesNotOverflow() throws {
        let device = Self.protocolAScreen()
        let frames = Self.protocolAFrames([(2_000_000_000, 2_000_000_000), (-2_000_000_000, -2_000_000_000)])
        let output = try classify(device, frames)
        // One contact, landing at one end and moving to the other (the points are the device
        // units on the screen's scale, however far off it).
        let far = Vector(x: 1_000_000, y: 1_666_666.666_666_666_7)
        let near = Vector(x: -1_000_000, y: -1_666_666.666_666_666_7)
        #expect(
            output == [
                ClassifiedInput(
                    time: Self.firstFrame, event: .touch(.down, position: far, contact: 0)),
                ClassifiedInput(
                    time: Self.firstFrame + .milliseconds(10),
                    event: .touch(.move, position: near, contact: 0)),
                ClassifiedInput(
                    time: Self.firstFrame + .milliseconds(20),
                    event: .touch(.up, position: near, contact: 0)),
            ])
    }

    @Test func emptyAxisRangesDoNotDivideByZero() throws {
        var device = ScriptedDevice.touchpad()
        for axis in [AbsoluteAxis.x, .y, .multitouchPositionX, .multitouchPositionY] {
            device.absoluteAxes[axis] = AbsoluteAxisInfo(minimum: 500, maximum: 500, resolution: 0)
        }
        var script = InputScript(device: device)
        script.put(finger: 0, atPercent: 50, 50)
        script.sync()
        script.swipe(fingers: [0], byMillimetres: 3, 3, over: .milliseconds(30), steps: 3)
        script.lift(fingers: [0])
        let output = try classify(device, script.frames)
        for input in output {
            if case .motion(let delta, _) = input.event {
                #expect(delta.x.isFinite && delta.y.isFinite)
            }
        }
    }
}
