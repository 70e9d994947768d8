#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Something besides the devices that a wait of the live loop also serves, with descriptors and
/// a deadline of its own: a connection to the accessibility bus is one. Add it to a session's
/// wait (``InputSession/poll(timeout:participants:_:)``, ``Readiness/waitForReadable(_:timeout:participants:)``)
/// and it is served in the same `poll(2)`: no thread of its own, no second loop.
///
/// ```
/// poll(devices…, monitor, stop signals, participants' descriptors;
///      timeout = min(the caller's timeout, every participant's pollTimeout))
///   then each participant's handlePoll with what its descriptors did (possibly nothing)
/// ```
///
/// ```swift
/// final class Bus: PollParticipant {
///     func appendPollRequests(to requests: inout [PollRequest]) {
///         requests.append(PollRequest(descriptor: socket, events: Int16(POLLIN)))
///     }
///     var pollTimeout: Duration? { nextTimer }
///     func handlePoll(_ results: ArraySlice<PollRequest>) { … }
/// }
/// ```
public protocol PollParticipant: AnyObject {
    /// Appends the descriptors to wait on now, each with the events it waits for.
    func appendPollRequests(to requests: inout [PollRequest])
    /// The longest the wait may last before the participant has something to do; nil: no limit.
    var pollTimeout: Duration? { get }
    /// The wait is over (a descriptor is ready, or a timeout passed): `results` are the requests
    /// the participant appended, in order, with what happened.
    func handlePoll(_ results: ArraySlice<PollRequest>)
}

/// One descriptor of a wait: what to wait for, and what happened (`struct pollfd`'s fields).
public struct PollRequest: Hashable, Sendable {
    /// The file descriptor.
    public var descriptor: Int32
    /// What to wait for (`POLLIN`, `POLLOUT`).
    public var events: Int16
    /// What happened (`POLLIN`, `POLLOUT`, `POLLERR`, `POLLHUP`); zero before the wait.
    public var returnedEvents: Int16

    /// Creates a request.
    public init(descriptor: Int32, events: Int16, returnedEvents: Int16 = 0) {
        self.descriptor = descriptor
        self.events = events
        self.returnedEvents = returnedEvents
    }
}

extension Readiness {
    /// Waits like ``waitForReadable(_:timeout:)`` while also serving `participants`: their
    /// descriptors join the same `poll(2)`, the wait lasts at most as long as the earliest of
    /// their timeouts, and each participant's ``PollParticipant/handlePoll(_:)`` runs after the
    /// wait.
    /// - Returns: For each of `descriptors`, whether it is readable (or has hung up).
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/poll``.
    public static func waitForReadable(
        _ descriptors: [FileDescriptor],
        timeout: Duration?,
        participants: [any PollParticipant]
    ) throws(DeviceError) -> [Bool] {
        guard !participants.isEmpty else { return try waitForReadable(descriptors, timeout: timeout) }
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        var scratch = ParticipantScratch()
        try wait(&entries, ownCount: entries.count, timeout: timeout, participants: participants, scratch: &scratch)
        return entries.map(isReadable)
    }

    /// What a wait with participants keeps from one wait to the next, so that a loop that waits
    /// again and again allocates nothing once the buffers have grown.
    struct ParticipantScratch {
        /// The participants' requests, all of them, in participant order.
        var requests: [PollRequest] = []
        /// Where each participant's requests are in `requests`.
        var ranges: [Range<Int>] = []
    }

    /// `poll(2)` on the first `ownCount` of `entries` together with the participants'
    /// descriptors, at most as long as `timeout` and the earliest of their timeouts; then each
    /// participant handles what its descriptors did. The participants' entries are appended after
    /// the caller's for the wait and taken off again, so `entries` ends as long as it began, with
    /// the caller's `revents` set.
    static func wait(
        _ entries: inout [pollfd],
        ownCount: Int,
        timeout: Duration?,
        participants: [any PollParticipant],
        scratch: inout ParticipantScratch
    ) throws(DeviceError) {
        for index in 0..<ownCount { entries[index].revents = 0 }
        guard !participants.isEmpty || entries.count > ownCount else {
            // The session alone (`run --json`, every wake-up of a live loop without a bus):
            // nothing to gather, append or hand back, and emptying buffers that stay empty
            // still costs calls.
            return try wait(&entries, timeout: timeout)
        }
        scratch.requests.removeAll(keepingCapacity: true)
        scratch.ranges.removeAll(keepingCapacity: true)
        var limit = timeout
        for participant in participants {
            let start = scratch.requests.count
            participant.appendPollRequests(to: &scratch.requests)
            scratch.ranges.append(start..<scratch.requests.count)
            if let own = participant.pollTimeout { limit = min(limit ?? own, own) }
        }
        for request in scratch.requests {
            entries.append(pollfd(fd: request.descriptor, events: request.events, revents: 0))
        }
        defer { entries.removeSubrange(ownCount...) }
        try wait(&entries, timeout: limit)
        for index in scratch.requests.indices {
            scratch.requests[index].returnedEvents = entries[ownCount + index].revents
        }
        for (participant, range) in zip(participants, scratch.ranges) {
            participant.handlePoll(scratch.requests[range])
        }
    }
}
