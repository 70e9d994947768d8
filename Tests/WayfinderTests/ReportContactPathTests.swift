import Geometry
import InputEvents
import Testing
import Wayfinder
import WayfinderTestSupport

/// A contact's path in a report: every point counted, at most ``ContactPaths/maximumDrawnPoints``
/// drawn, so that a finger resting for minutes draws in the space of one resting for seconds.
@Suite struct ReportContactPathTests {
    /// A finger that lands, rests wobbling by a device unit or two for 2,000 frames (ten
    /// seconds at 200 Hz; firmware sends a frame only when it moved), and lifts.
    static func restingFinger(frames count: Int) -> (device: DeviceDescription, frames: [EventFrame], xs: [Int32]) {
        let device = ScriptedStreams.twoSlotClickpad()
        let axis = AbsoluteAxis.multitouchPositionX.rawValue
        var frames: [EventFrame] = []
        var xs: [Int32] = []
        for index in 0..<count {
            let time = Timestamp(microseconds: 1_000_000 + Int64(index) * 5_000)
            // A wobble of −1, 0, +1 units around 3000, never the same twice in a row.
            let x: Int32 = 3000 + Int32([0, 1, 0, -1][index % 4])
            xs.append(x)
            var events: [InputEvent] = []
            if index == 0 {
                events.append(
                    InputEvent(time: time, type: .absolute, code: AbsoluteAxis.multitouchSlot.rawValue, value: 0))
                events.append(
                    InputEvent(time: time, type: .absolute, code: AbsoluteAxis.multitouchTrackingID.rawValue, value: 7))
                events.append(
                    InputEvent(
                        time: time, type: .absolute, code: AbsoluteAxis.multitouchPositionY.rawValue, value: 2500))
            }
            events.append(InputEvent(time: time, type: .absolute, code: axis, value: x))
            events.append(.report(at: time))
            frames.append(EventFrame(events: events))
        }
        let end = Timestamp(microseconds: 1_000_000 + Int64(count) * 5_000)
        frames.append(
            EventFrame(events: [
                InputEvent(time: end, type: .absolute, code: AbsoluteAxis.multitouchTrackingID.rawValue, value: -1),
                .report(at: end),
            ]))
        return (device, frames, xs)
    }

    @Test func aLongRestIsThinnedToEveryFourthPointAndItsLast() throws {
        let (device, frames, xs) = Self.restingFinger(frames: 2_000)
        var paths = try #require(ContactPaths(device: device))
        for frame in frames { paths.follow(frame) }
        #expect(paths.paths.count == 1)
        let path = try #require(paths.paths.first)
        #expect(path.pointCount == 2_000)
        // 2,000 points in at most 500: every fourth (0, 4, …, 1996), then the last (1999).
        let kept = Array(stride(from: 0, to: 2_000, by: 4)) + [1_999]
        let minimum = Double(device.absoluteAxes[.multitouchPositionX]?.minimum ?? 0)
        let size = try #require(device.physicalSize)
        let unitsPerMillimetre = Double(device.absoluteAxes[.multitouchPositionX]?.span ?? 1) / size.width
        #expect(path.points.map(\.x) == kept.map { (Double(xs[$0]) - minimum) / unitsPerMillimetre })
    }

    @Test func aShortTouchKeepsEveryPoint() throws {
        let (device, frames, xs) = Self.restingFinger(frames: 40)
        var paths = try #require(ContactPaths(device: device))
        for frame in frames { paths.follow(frame) }
        let path = try #require(paths.paths.first)
        #expect(path.pointCount == 40)
        #expect(path.points.count == xs.count)
    }
}
