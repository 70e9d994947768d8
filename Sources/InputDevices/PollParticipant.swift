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
        var requests = descriptors.map { PollRequest(descriptor: $0.rawValue, events: Int16(POLLIN)) }
        var ranges: [Range<Int>] = []
        var limit = timeout
        for participant in participants {
            let start = requests.count
            participant.appendPollRequests(to: &requests)
            ranges.append(start..<requests.count)
            if let own = participant.pollTimeout { limit = min(limit ?? own, own) }
        }
        var entries = requests.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
        try wait(&entries, timeout: limit)
        for index in requests.indices { requests[index].returnedEvents = entries[index].revents }
        for (participant, range) in zip(participants, ranges) { participant.handlePoll(requests[range]) }
        return entries.prefix(descriptors.count).map { $0.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 }
    }
}
