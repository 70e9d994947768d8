/// A descriptor a bus connection needs its owner's event loop to wait on, and for what.
///
/// The loop adds these to its own `poll(2)` set, waits at most ``AccessibilityBus/timeout``, and
/// hands back what happened with ``AccessibilityBus/handle(_:)``: no thread of its own, no second
/// loop.
///
/// ```swift
/// var entries = bus.pollDescriptors.map { pollfd(fd: $0.descriptor, events: $0.events, revents: 0) }
/// poll(&entries, nfds_t(entries.count), timeoutMilliseconds)
/// bus.handle(entries.map { PollDescriptor.Readiness(descriptor: $0.fd, events: $0.revents) })
/// ```
public struct PollDescriptor: Hashable, Sendable {
    /// The file descriptor.
    public var descriptor: Int32
    /// Whether to wake when it can be read.
    public var readable: Bool
    /// Whether to wake when it can be written.
    public var writable: Bool

    /// Creates a descriptor to wait on.
    public init(descriptor: Int32, readable: Bool, writable: Bool) {
        self.descriptor = descriptor
        self.readable = readable
        self.writable = writable
    }

    /// The `poll(2)` event bits (`POLLIN`, `POLLOUT`).
    public var events: Int16 { (readable ? 0x001 : 0) | (writable ? 0x004 : 0) }

    /// What a wait found for one descriptor.
    public struct Readiness: Hashable, Sendable {
        /// The file descriptor.
        public var descriptor: Int32
        /// The `poll(2)` result bits (`revents`): `POLLIN`, `POLLOUT`, `POLLERR`, `POLLHUP`.
        public var events: Int16

        /// Creates a result.
        public init(descriptor: Int32, events: Int16) {
            self.descriptor = descriptor
            self.events = events
        }
    }
}
