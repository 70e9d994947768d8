import InputDevices
import InputEvents
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The read loop over a real descriptor: a pipe stands in for an event node and carries
/// `struct input_event` records written with `write(2)`.
@Suite struct FileDescriptorDeviceIOTests {
    /// A pipe whose read end is non-blocking, handed to a device handle.
    struct PipeDevice: ~Copyable {
        var device: DeviceHandle<FileDescriptorDeviceIO>
        /// The write end, or -1 once closed: closing a number twice could close another test's
        /// descriptor that reused it meanwhile (the suites run in parallel).
        private(set) var writeDescriptor: Int32

        init() throws {
            var descriptors: [Int32] = [-1, -1]
            try #require(pipe(&descriptors) == 0)
            _ = fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK)
            device = DeviceHandle(
                taking: FileDescriptor(rawValue: descriptors[0]),
                path: "pipe",
                description: Events.emptyDescription
            )
            writeDescriptor = descriptors[1]
        }

        deinit { if writeDescriptor >= 0 { close(writeDescriptor) } }

        func write(_ events: [InputEvent]) throws {
            try write(bytes: FileDescriptorDeviceIO.bytes(of: events))
        }

        func write(bytes: [UInt8]) throws {
            let written = bytes.withUnsafeBytes { Glibc.write(writeDescriptor, $0.baseAddress, $0.count) }
            try #require(written == bytes.count)
        }

        mutating func closeWriteEnd() {
            close(writeDescriptor)
            writeDescriptor = -1
        }
    }

    let press = Events.at(1_700_000_000_123_456, .key, KeyCode.leftButton.rawValue, 1)
    let motion = Events.at(1_700_000_000_123_456, .relative, RelativeAxis.x.rawValue, -7)

    @Test func eventsSurviveTheKernelLayout() throws {
        let bytes = FileDescriptorDeviceIO.bytes(of: [press])
        #expect(bytes.count == 24 || bytes.count == 16)
    }

    @Test func readsWholeFramesWithTheirTimes() throws {
        var pipe = try PipeDevice()
        let report = Events.report(1_700_000_000_123_456)
        try pipe.write([press, motion, report])
        #expect(try pipe.device.readFrame() == .frame(EventFrame(events: [press, motion, report])))
        #expect(try pipe.device.readFrame() == .wouldBlock)
    }

    @Test func aFrameSplitAcrossWritesAndInsideAnEventIsReassembled() throws {
        var pipe = try PipeDevice()
        let report = Events.report(1_700_000_000_123_456)
        let bytes = FileDescriptorDeviceIO.bytes(of: [press, motion, report])
        let cut = bytes.count / 3 + 5  // inside the second event
        try pipe.write(bytes: Array(bytes[..<cut]))
        #expect(try pipe.device.readFrame() == .wouldBlock)
        try pipe.write(bytes: Array(bytes[cut...]))
        #expect(try pipe.device.readFrame() == .frame(EventFrame(events: [press, motion, report])))
    }

    @Test func manyFramesInOneWriteComeOutOneByOne() throws {
        var pipe = try PipeDevice()
        var events: [InputEvent] = []
        for index in 0..<100 {  // more than one read(2) batch
            events += [Events.at(Int64(index), .relative, 0, Int32(index)), Events.report(Int64(index))]
        }
        try pipe.write(events)
        for index in 0..<100 {
            let expected = EventFrame(events: [
                Events.at(Int64(index), .relative, 0, Int32(index)), Events.report(Int64(index)),
            ])
            #expect(try pipe.device.readFrame() == .frame(expected))
        }
        #expect(try pipe.device.readFrame() == .wouldBlock)
    }

    @Test func droppedEventsDiscardTheDamagedFrame() throws {
        var pipe = try PipeDevice()
        let after = Events.at(9, .relative, RelativeAxis.y.rawValue, 4)
        // motion, SYN_DROPPED, press, SYN_REPORT (end of the damaged frame), after, SYN_REPORT
        try pipe.write([motion, Events.dropped(5), press, Events.report(6)])
        // No state to read again without libevdev: the loss is all there is to say.
        #expect(try pipe.device.readFrame() == .lost)
        #expect(try pipe.device.readFrame() == .wouldBlock)
        try pipe.write([after, Events.report(9)])
        #expect(try pipe.device.readFrame() == .frame(EventFrame(events: [after, Events.report(9)])))
    }

    @Test func theDamagedFrameMayArriveLater() throws {
        var pipe = try PipeDevice()
        try pipe.write([Events.dropped(5), press])
        #expect(try pipe.device.readFrame() == .lost)
        #expect(try pipe.device.readFrame() == .wouldBlock)
        try pipe.write([Events.report(6), motion, Events.report(7)])
        #expect(try pipe.device.readFrame() == .frame(EventFrame(events: [motion, Events.report(7)])))
    }

    @Test func endOfFileIsRemoval() throws {
        var pipe = try PipeDevice()
        try pipe.write([press])
        pipe.closeWriteEnd()
        #expect(try pipe.device.readFrame() == .removed)
        let isRemoved = pipe.device.isRemoved
        #expect(isRemoved)
    }

    @Test func grabbingAPipeFailsWithATypedError() throws {
        var pipe = try PipeDevice()
        #expect(throws: DeviceError(.grab, errno: .notATerminal, path: "pipe")) { try pipe.device.grab() }
    }

    @Test func theDescriptorIsLentForPolling() throws {
        let pipe = try PipeDevice()
        let descriptor = pipe.device.withFileDescriptor { $0 }
        #expect(try Readiness.waitForReadable([descriptor], timeout: .zero) == [false])
        try pipe.write([press])
        #expect(try Readiness.waitForReadable([descriptor], timeout: .zero) == [true])
    }
}
