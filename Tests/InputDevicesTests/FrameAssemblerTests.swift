import InputDevices
import InputEvents
import Testing

@Suite struct FrameAssemblerTests {
    let x = Events.at(1000, .relative, RelativeAxis.x.rawValue, 3)
    let y = Events.at(1000, .relative, RelativeAxis.y.rawValue, -2)
    let left = Events.at(2000, .key, KeyCode.leftButton.rawValue, 1)

    @Test func groupsEventsUpToEachReport() throws {
        let io = ScriptedDeviceIO(normal: [
            .event(x), .event(y), .event(Events.report(1000)), .event(left), .event(Events.report(2000)),
        ])
        var assembler = FrameAssembler()
        #expect(
            try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [x, y, Events.report(1000)])))
        #expect(
            try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [left, Events.report(2000)])))
        #expect(try assembler.readFrame(from: io, path: "p") == .wouldBlock)
    }

    @Test func keepsAPartialFrameAcrossWouldBlock() throws {
        let io = ScriptedDeviceIO(normal: [.event(x), .wouldBlock, .event(y), .event(Events.report(1000))])
        var assembler = FrameAssembler()
        #expect(try assembler.readFrame(from: io, path: "p") == .wouldBlock)
        #expect(
            try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [x, y, Events.report(1000)])))
    }

    @Test func droppedEventsDiscardThePartialFrameAndResynchronize() throws {
        let syncedX = Events.at(3000, .absolute, AbsoluteAxis.x.rawValue, 500)
        let syncedButton = Events.at(3000, .key, KeyCode.leftButton.rawValue, 0)
        let io = ScriptedDeviceIO(
            normal: [.event(x), .dropped, .event(left), .event(Events.report(4000))],
            synchronize: [.synchronized(syncedX), .synchronized(syncedButton), .synchronized(Events.report(3000))]
        )
        var assembler = FrameAssembler()
        // `x` was part of the damaged frame: it never appears.
        #expect(
            try assembler.readFrame(from: io, path: "p")
                == .synchronized(EventFrame(events: [syncedX, syncedButton, Events.report(3000)]))
        )
        // The resynchronisation ends with EAGAIN, then normal reading resumes.
        #expect(
            try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [left, Events.report(4000)])))
        #expect(
            io.log.modes == [
                .normal, .normal, .synchronize, .synchronize, .synchronize, .synchronize, .normal, .normal,
            ])
    }

    @Test func aResynchronisationCanHoldSeveralFrames() throws {
        // libevdev ends touches in one frame and starts new ones in the next.
        let end = Events.at(10, .absolute, AbsoluteAxis.multitouchTrackingID.rawValue, -1)
        let start = Events.at(10, .absolute, AbsoluteAxis.multitouchTrackingID.rawValue, 7)
        let io = ScriptedDeviceIO(
            normal: [.dropped],
            synchronize: [
                .synchronized(end), .synchronized(Events.report(10)), .synchronized(start),
                .synchronized(Events.report(10)),
            ]
        )
        var assembler = FrameAssembler()
        #expect(
            try assembler.readFrame(from: io, path: "p") == .synchronized(EventFrame(events: [end, Events.report(10)])))
        #expect(
            try assembler.readFrame(from: io, path: "p")
                == .synchronized(EventFrame(events: [start, Events.report(10)])))
        #expect(try assembler.readFrame(from: io, path: "p") == .wouldBlock)
    }

    @Test func aResynchronisationWithoutReportIsClosedWithOne() throws {
        let synced = Events.at(5000, .key, KeyCode.leftButton.rawValue, 0)
        let io = ScriptedDeviceIO(normal: [.dropped], synchronize: [.synchronized(synced)])
        var assembler = FrameAssembler()
        let result = try assembler.readFrame(from: io, path: "p")
        #expect(result == .synchronized(EventFrame(events: [synced, Events.report(5000)])))
    }

    /// Only motion was lost: the resynchronisation finds nothing changed and says so, once; then
    /// normal reading goes on.
    @Test func anEmptyResynchronisationReportsTheLossWithoutAFrame() throws {
        let io = ScriptedDeviceIO(normal: [.event(x), .dropped, .event(y), .event(Events.report(1000))])
        var assembler = FrameAssembler()
        #expect(try assembler.readFrame(from: io, path: "p") == .lost)
        #expect(try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [y, Events.report(1000)])))
        #expect(try assembler.readFrame(from: io, path: "p") == .wouldBlock)
    }

    /// A resynchronisation that finds nothing changed but closes with a SYN_REPORT of its own is
    /// a loss too, not an empty frame.
    @Test func aResynchronisationOfOnlyAReportIsALoss() throws {
        let io = ScriptedDeviceIO(
            normal: [.dropped, .event(y), .event(Events.report(6000))],
            synchronize: [.synchronized(Events.report(5000))])
        var assembler = FrameAssembler()
        #expect(try assembler.readFrame(from: io, path: "p") == .lost)
        #expect(try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [y, Events.report(6000)])))
    }

    /// A resynchronisation that brought frames reports no loss of its own when it ends.
    @Test func aResynchronisationWithFramesEndsWithoutALoss() throws {
        let synced = Events.at(5000, .key, KeyCode.leftButton.rawValue, 0)
        let io = ScriptedDeviceIO(
            normal: [.dropped, .event(y), .event(Events.report(6000))],
            synchronize: [.synchronized(synced), .synchronized(Events.report(5000))])
        var assembler = FrameAssembler()
        #expect(
            try assembler.readFrame(from: io, path: "p")
                == .synchronized(EventFrame(events: [synced, Events.report(5000)])))
        #expect(try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [y, Events.report(6000)])))
    }

    @Test func aRawDroppedEventAlsoStartsAResynchronisation() throws {
        let io = ScriptedDeviceIO(normal: [
            .event(x), .event(Events.dropped(1500)), .event(y), .event(Events.report(2000)),
        ])
        var assembler = FrameAssembler()
        #expect(try assembler.readFrame(from: io, path: "p") == .lost)
        #expect(try assembler.readFrame(from: io, path: "p") == .frame(EventFrame(events: [y, Events.report(2000)])))
        #expect(io.log.modes == [.normal, .normal, .synchronize, .normal, .normal])
    }

    @Test func removalDiscardsThePartialFrameAndSticks() throws {
        let io = ScriptedDeviceIO(normal: [.event(x), .removed, .event(y), .event(Events.report(1000))])
        var assembler = FrameAssembler()
        #expect(try assembler.readFrame(from: io, path: "p") == .removed)
        #expect(assembler.isRemoved)
        #expect(try assembler.readFrame(from: io, path: "p") == .removed)
        #expect(io.log.modes.count == 2, "nothing is read after removal")
    }

    @Test func removalDuringResynchronisationIsRemoval() throws {
        let io = ScriptedDeviceIO(normal: [.dropped], synchronize: [.removed])
        var assembler = FrameAssembler()
        #expect(try assembler.readFrame(from: io, path: "p") == .removed)
    }

    @Test func readErrorsAreTypedWithPathAndErrno() {
        let io = ScriptedDeviceIO(normal: [.event(x), .failure(Errno(rawValue: 5))])
        var assembler = FrameAssembler()
        #expect(throws: DeviceError(.read, errno: Errno(rawValue: 5), path: "/dev/input/event9")) {
            try assembler.readFrame(from: io, path: "/dev/input/event9")
        }
    }

    /// Twenty frames of one relative motion each, a millisecond apart.
    private static var twentyMotionFrames: [EventReadStatus] {
        (0..<20).flatMap { index in
            [EventReadStatus.event(Events.at(Int64(index), .relative, 0, 1)), .event(Events.report(Int64(index)))]
        }
    }

    @Test func theFrameBuffersAreReusedOnceTheCallerLetsGo() throws {
        let io = ScriptedDeviceIO(normal: Self.twentyMotionFrames)
        var assembler = FrameAssembler()
        var addresses: Set<Int> = []
        for _ in 0..<20 {
            guard case .frame(let frame) = try assembler.readFrame(from: io, path: "p") else {
                Issue.record("expected a frame")
                return
            }
            addresses.insert(frame.events.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
        }
        #expect(addresses.count == 2, "every frame used one of the assembler's two buffers")
    }

    @Test func aFrameHeldWhileTheNextIsReadCostsNoNewBuffer() throws {
        let io = ScriptedDeviceIO(normal: Self.twentyMotionFrames)
        var assembler = FrameAssembler()
        var addresses: Set<Int> = []
        // A live loop's way: the frame just read is kept while the next one is read, and let go
        // of before the one after.
        var held: EventFrame?
        for index in 0..<20 {
            guard case .frame(let frame) = try assembler.readFrame(from: io, path: "p") else {
                Issue.record("expected a frame")
                return
            }
            #expect(held?.events.last?.time == (index == 0 ? nil : Timestamp(microseconds: Int64(index - 1))))
            addresses.insert(frame.events.withUnsafeBufferPointer { Int(bitPattern: $0.baseAddress) })
            held = frame
        }
        #expect(addresses.count == 2, "the held frame's buffer was not copied for the next frame")
    }
}
