import InputDevices
import InputEvents
import Testing

@Suite struct DeviceHandleTests {
    @Test func aGrabIsReleasedWhenTheHandleGoesAway() throws {
        let io = ScriptedDeviceIO(normal: [])
        let log = io.log
        do {
            var device = DeviceHandle(io: io, path: "/dev/input/event1", description: Events.emptyDescription)
            try device.grab()
            try device.grab()  // a second grab is a no-op
            let isGrabbed = device.isGrabbed
            #expect(isGrabbed)
        }
        #expect(log.grabCalls == [true, false])
    }

    @Test func noGrabMeansNoRelease() {
        let io = ScriptedDeviceIO(normal: [])
        let log = io.log
        do {
            let device = DeviceHandle(io: io, path: "/dev/input/event1", description: Events.emptyDescription)
            let isGrabbed = device.isGrabbed
            #expect(!isGrabbed)
        }
        #expect(log.grabCalls.isEmpty)
    }

    @Test func aRemovedDeviceIsNotUngrabbed() throws {
        let io = ScriptedDeviceIO(normal: [.removed])
        let log = io.log
        do {
            var device = DeviceHandle(io: io, path: "/dev/input/event1", description: Events.emptyDescription)
            try device.grab()
            #expect(try device.readFrame() == .removed)
            let isRemoved = device.isRemoved
            #expect(isRemoved)
        }
        #expect(log.grabCalls == [true])
    }

    @Test func anExplicitReleaseIsNotRepeated() throws {
        let io = ScriptedDeviceIO(normal: [])
        let log = io.log
        do {
            var device = DeviceHandle(io: io, path: "/dev/input/event1", description: Events.emptyDescription)
            try device.grab()
            try device.releaseGrab()
            let isGrabbed = device.isGrabbed
            #expect(!isGrabbed)
        }
        #expect(log.grabCalls == [true, false])
    }

    @Test func aBusyGrabIsATypedErrorNamingTheDevice() {
        let io = ScriptedDeviceIO(normal: [])
        io.log.grabError = .busy
        var device = DeviceHandle(io: io, path: "/dev/input/event4", description: Events.emptyDescription)
        #expect(throws: DeviceError(.grab, errno: .busy, path: "/dev/input/event4")) { try device.grab() }
        let isGrabbed = device.isGrabbed
        #expect(!isGrabbed)
        let message = String(describing: DeviceError(.grab, errno: .busy, path: "/dev/input/event4"))
        #expect(message.hasPrefix("cannot grab /dev/input/event4: "))
        #expect(message.contains("EBUSY"))
    }

    @Test func readsFramesThroughTheHandle() throws {
        let event = Events.at(1, .key, KeyCode.escape.rawValue, 1)
        let io = ScriptedDeviceIO(normal: [.event(event), .event(Events.report(1))])
        var device = DeviceHandle(io: io, path: "/dev/input/event1", description: Events.emptyDescription)
        #expect(try device.readFrame() == .frame(EventFrame(events: [event, Events.report(1)])))
        #expect(try device.readFrame() == .wouldBlock)
    }
}
