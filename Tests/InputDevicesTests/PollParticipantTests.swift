import Testing

@testable import InputDevices

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Extra descriptors served in the same wait as a session's own.
@Suite struct PollParticipantTests {
    /// A pipe, closed when the test ends.
    final class Pipe {
        let read: Int32
        let write: Int32
        init() {
            var descriptors: [Int32] = [-1, -1]
            _ = pipe(&descriptors)
            read = descriptors[0]
            write = descriptors[1]
        }
        deinit {
            close(read)
            close(write)
        }
        func send() { _ = Glibc.write(write, "x", 1) }
    }

    /// Waits on one descriptor with a timeout, and records what each wait found.
    final class Recorder: PollParticipant {
        let descriptor: Int32?
        let pollTimeout: Duration?
        var seen: [[PollRequest]] = []
        init(descriptor: Int32?, timeout: Duration?) {
            self.descriptor = descriptor
            pollTimeout = timeout
        }
        func appendPollRequests(to requests: inout [PollRequest]) {
            if let descriptor { requests.append(PollRequest(descriptor: descriptor, events: Int16(POLLIN))) }
        }
        func handlePoll(_ results: ArraySlice<PollRequest>) { seen.append(Array(results)) }
    }

    @Test func aReadyParticipantEndsTheWaitAndIsToldWhatHappened() throws {
        let own = Pipe()
        let theirs = Pipe()
        let recorder = Recorder(descriptor: theirs.read, timeout: nil)
        theirs.send()
        let readable = try Readiness.waitForReadable(
            [FileDescriptor(rawValue: own.read)], timeout: nil, participants: [recorder])
        #expect(readable == [false])
        #expect(
            recorder.seen == [
                [PollRequest(descriptor: theirs.read, events: Int16(POLLIN), returnedEvents: Int16(POLLIN))]
            ])
    }

    @Test func theCallersDescriptorsStillComeFirstAndAParticipantWithNothingReadyHearsSo() throws {
        let own = Pipe()
        let theirs = Pipe()
        let recorder = Recorder(descriptor: theirs.read, timeout: nil)
        own.send()
        let readable = try Readiness.waitForReadable(
            [FileDescriptor(rawValue: own.read)], timeout: nil, participants: [recorder])
        #expect(readable == [true])
        #expect(recorder.seen == [[PollRequest(descriptor: theirs.read, events: Int16(POLLIN))]])
    }

    @Test func aParticipantsTimeoutShortensAWaitWithoutOne() throws {
        let own = Pipe()
        // Due now: a wait that would last forever returns at once.
        let recorder = Recorder(descriptor: nil, timeout: .zero)
        let readable = try Readiness.waitForReadable(
            [FileDescriptor(rawValue: own.read)], timeout: nil, participants: [recorder])
        #expect(readable == [false])
        #expect(recorder.seen == [[]])
    }
}
