import Foundation
import InputDevices
import InputEvents
import Testing

/// End-to-end tests on kernel devices made through uinput. They need `/dev/uinput` (and udev to
/// create the node), so they run only with `WAYFINDER_HARDWARE_TESTS=1`, as in the virtual
/// machine suite.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WAYFINDER_HARDWARE_TESTS"] == "1"))
struct HardwareDeviceTests {
    static let mouse = DeviceDescription(
        name: "Wayfinder test mouse",
        identity: DeviceIdentity(busType: 0x03, vendorID: 0x1234, productID: 0x5678, version: 1),
        supportedCodes: [
            .synchronization: [0],
            .key: [KeyCode.leftButton.rawValue, KeyCode.rightButton.rawValue, KeyCode.middleButton.rawValue],
            .relative: [RelativeAxis.x.rawValue, RelativeAxis.y.rawValue, RelativeAxis.wheel.rawValue],
        ]
    )

    /// Waits (polling the node) until a frame arrives, for at most five seconds.
    static func nextFrame(of device: inout InputDevice) throws -> FrameReadResult {
        for _ in 0..<50 {
            let result = try device.readFrame()
            if result != .wouldBlock { return result }
            let descriptor = device.withFileDescriptor { $0 }
            _ = try Readiness.waitForReadable([descriptor], timeout: .milliseconds(100))
        }
        return .wouldBlock
    }

    /// Returns the node of a virtual device once it can be opened.
    static func open(_ virtual: borrowing VirtualDevice) throws -> InputDevice {
        let nodePath = virtual.nodePath
        let path = try #require(nodePath)
        var lastError: DeviceError?
        for _ in 0..<50 {
            do throws(DeviceError) {
                return try InputDevice(opening: path)
            } catch {
                lastError = error
                _ = try? Readiness.waitForReadable([], timeout: .milliseconds(100))
            }
        }
        throw try #require(lastError)
    }

    @Test func aVirtualMouseIsDescribedAndReadFrameByFrame() throws {
        let virtual = try VirtualDevice(Self.mouse)
        var device = try Self.open(virtual)
        #expect(device.description.name == Self.mouse.name)
        #expect(device.description.identity == Self.mouse.identity)
        #expect(device.description.supportedCodes[.relative] == Self.mouse.supportedCodes[.relative])
        #expect(device.description.kind == .mouse)

        try virtual.send([
            InputEvent(time: .zero, type: .relative, code: RelativeAxis.x.rawValue, value: 5),
            InputEvent(time: .zero, type: .relative, code: RelativeAxis.y.rawValue, value: -3),
            .report(at: .zero),
        ])
        guard case .frame(let frame) = try Self.nextFrame(of: &device) else {
            Issue.record("no frame")
            return
        }
        #expect(frame.events.map(\.value) == [5, -3, 0])
        #expect(frame.isComplete)
    }

    @Test func aGrabIsExclusiveAndReleasedWithTheHandle() throws {
        let virtual = try VirtualDevice(Self.mouse)
        let nodePath = virtual.nodePath
        let path = try #require(nodePath)
        do {
            var first = try Self.open(virtual)
            try first.grab()
            var second = try InputDevice(opening: path)
            #expect(throws: DeviceError(.grab, errno: .busy, path: path)) { try second.grab() }
        }
        // Both handles are gone: the grab was released, so a new one succeeds.
        var third = try InputDevice(opening: path)
        try third.grab()
        let isGrabbed = third.isGrabbed
        #expect(isGrabbed)
    }

    @Test func aFloodOfEventsEndsInASynchronizedFrame() throws {
        let virtual = try VirtualDevice(Self.mouse)
        var device = try Self.open(virtual)
        // Far more than the kernel's per-client buffer holds, ending with the button held.
        for _ in 0..<2000 {
            try virtual.send([
                InputEvent(time: .zero, type: .relative, code: RelativeAxis.x.rawValue, value: 1),
                .report(at: .zero),
            ])
        }
        try virtual.send([
            InputEvent(time: .zero, type: .key, code: KeyCode.leftButton.rawValue, value: 1),
            .report(at: .zero),
        ])
        var sawSynchronized = false
        var leftButtonIsDown = false
        while case let result = try Self.nextFrame(of: &device), result != .wouldBlock {
            switch result {
            case .synchronized(let frame), .frame(let frame):
                if case .synchronized = result { sawSynchronized = true }
                for event in frame.events where event.keyCode == .leftButton {
                    leftButtonIsDown = event.value != 0
                }
            case .lost, .wouldBlock, .removed: break
            }
            if leftButtonIsDown { break }
        }
        #expect(sawSynchronized, "the overflow was reported and resynchronised")
        #expect(leftButtonIsDown, "the state after the overflow is right")
    }

    @Test func unpluggingIsRemoval() throws {
        var device: InputDevice
        do {
            let virtual = try VirtualDevice(Self.mouse)
            device = try Self.open(virtual)
        }
        #expect(try Self.nextFrame(of: &device) == .removed)
    }
}
