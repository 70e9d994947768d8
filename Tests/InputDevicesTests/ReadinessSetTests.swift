import InputDevices
import InputEvents
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// An application's own loop waits on one descriptor for a session's devices: the session gives
/// its descriptors, and a `ReadinessSet` turns them into one that is readable when any of them is.
@Suite struct ReadinessSetTests {
    private static func isReadable(_ descriptor: Int32) throws -> Bool {
        try Readiness.waitForReadable([FileDescriptor(rawValue: descriptor)], timeout: .zero) == [true]
    }

    @Test func aSessionsDescriptorsInOneSetWakeTheLoopAndFollowTheDevices() throws {
        let bank = try PipeBank(names: ["a", "b"])
        let session = try bank.makeSession(["a", "b"])
        var requests: [PollRequest] = []
        session.appendPollRequests(to: &requests)
        // Two devices, no hotplug monitor, no stop signals: two descriptors waiting for POLLIN.
        #expect(requests.map(\.events) == [Int16(POLLIN), Int16(POLLIN)])
        #expect(session.hasPendingEvents)

        var set = try ReadinessSet()
        set.update(to: requests)
        #expect(set.descriptors == requests.map(\.descriptor).sorted())
        #expect(try !Self.isReadable(set.fileDescriptor))

        var events: [SessionEvent] = []
        #expect(try session.poll(timeout: .zero) { events.append($0) })
        #expect(!session.hasPendingEvents)
        #expect(events.map(\.path) == ["a", "b"])

        // A frame on `b` makes the set readable; reading it makes it quiet again.
        bank.write("b", [InputEvent(time: .zero, type: .synchronization, code: 0, value: 0)])
        #expect(try Self.isReadable(set.fileDescriptor))
        events.removeAll()
        #expect(try session.poll(timeout: .zero) { events.append($0) })
        #expect(events.map(\.path) == ["b"])
        #expect(try !Self.isReadable(set.fileDescriptor))

        // `a` unplugged: the session reports it, and the set follows the session's descriptors.
        bank.unplug("a")
        #expect(try Self.isReadable(set.fileDescriptor))
        events.removeAll()
        #expect(try session.poll(timeout: .zero) { events.append($0) })
        #expect(events == [.removed(path: "a")])
        requests.removeAll()
        session.appendPollRequests(to: &requests)
        set.update(to: requests)
        #expect(set.descriptors == requests.map(\.descriptor))
        #expect(requests.count == 1)
        #expect(try !Self.isReadable(set.fileDescriptor))
    }

    @Test func aTimerDescriptorIsReadableOnceItsTimeHasPassed() throws {
        let timer = try DescriptorTimer()
        #expect(try !Self.isReadable(timer.fileDescriptor))
        timer.expire(atMicroseconds: DescriptorTimer.now())
        #expect(try Readiness.waitForReadable([FileDescriptor(rawValue: timer.fileDescriptor)], timeout: nil) == [true])
        timer.acknowledge()
        #expect(try !Self.isReadable(timer.fileDescriptor))
        timer.expire(atMicroseconds: DescriptorTimer.now() + 3_600_000_000)
        #expect(try !Self.isReadable(timer.fileDescriptor))
    }
}

extension SessionEvent {
    /// The path of the device the event is about ("" for a failure).
    var path: String {
        switch self {
        case .added(let path, _), .removed(let path), .frame(let path, _), .synchronized(let path, _),
            .dropped(let path):
            path
        case .failed: ""
        }
    }
}
