internal import CLinuxInput

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Turns SIGINT (Ctrl-C), SIGTERM, SIGHUP (the terminal closed) and SIGQUIT into something an
/// event loop can poll: a pipe that becomes readable when one arrives (the self-pipe technique).
///
/// While it exists, these signals no longer end the process; the loop sees them, stops,
/// releases its grabs and returns. Destroying it restores the default actions. Create one at a
/// time.
///
/// ```swift
/// let stop = try StopSignals()
/// // poll the devices and stop.withFileDescriptor { … } together
/// if stop.receivedSignal() != nil { break }
/// ```
public struct StopSignals: ~Copyable {
    private let readDescriptor: Int32
    private let writeDescriptor: Int32

    /// Installs the handlers.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/installSignalHandlers``.
    public init() throws(DeviceError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else {
            throw DeviceError(.installSignalHandlers, errno: .current)
        }
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        guard wayfinder_install_stop_signal_handlers(descriptors[1]) == 0 else {
            let errno = Errno.current
            close(descriptors[0])
            close(descriptors[1])
            throw DeviceError(.installSignalHandlers, errno: errno)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        wayfinder_remove_stop_signal_handlers()
        wayfinder_restore_stop_signal_mask()
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Returns the number of the last signal received since the previous call (`SIGINT` is 2,
    /// `SIGTERM` 15), or nil when none arrived. Never blocks.
    public func receivedSignal() -> Int32? {
        var last: Int32?
        var byte: UInt8 = 0
        while true {
            let count = read(readDescriptor, &byte, 1)
            if count == 1 {
                last = Int32(byte)
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                return last
            }
        }
    }

    /// Calls a closure with the descriptor that becomes readable when a signal arrives.
    public func withFileDescriptor<Result, Failure: Error>(
        _ body: (FileDescriptor) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(FileDescriptor(rawValue: readDescriptor))
    }
}

/// Waits until some of a set of descriptors are readable.
public enum Readiness {
    /// Returns, for each descriptor, whether it is readable (or has hung up), waiting at most
    /// `timeout` (forever when nil). Retries `EINTR` until the timeout.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/poll``.
    public static func waitForReadable(
        _ descriptors: [FileDescriptor],
        timeout: Duration?
    ) throws(DeviceError) -> [Bool] {
        var entries = descriptors.map { pollfd(fd: $0.rawValue, events: Int16(POLLIN), revents: 0) }
        try wait(&entries, timeout: timeout)
        return entries.map(isReadable)
    }

    /// Whether a waited-on entry's descriptor is readable, or has hung up or failed (a read then
    /// says which).
    static func isReadable(_ entry: pollfd) -> Bool {
        entry.revents & Int16(POLLIN | POLLHUP | POLLERR) != 0
    }

    /// `poll(2)` on `entries`, at most `timeout` (forever when nil), retrying `EINTR`.
    static func wait(_ entries: inout [pollfd], timeout: Duration?) throws(DeviceError) {
        let milliseconds = timeout.map { Int32(clamping: $0.wholeMillisecondsRoundedUp) } ?? -1
        while true {
            let count = poll(&entries, nfds_t(entries.count), milliseconds)
            if count >= 0 { return }
            if errno == EINTR { continue }
            throw DeviceError(.poll, errno: .current)
        }
    }
}

extension Duration {
    /// The duration in milliseconds, rounded up so that a poll never wakes before the deadline.
    fileprivate var wholeMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return attoseconds % 1_000_000_000_000_000 > 0 ? milliseconds + 1 : milliseconds
    }
}
