internal import CLinuxInput

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// One descriptor that becomes readable when any of a set of descriptors is ready: an epoll
/// descriptor, for an application's own loop to wait on in place of a set that changes as
/// devices come and go.
///
/// ```swift
/// var set = try ReadinessSet()
/// set.update(to: requests)               // after each read: devices added, devices gone
/// set.fileDescriptor                     // wait on this one
/// ```
public struct ReadinessSet: ~Copyable {
    /// The epoll descriptor.
    public let fileDescriptor: Int32
    /// The descriptors in the set, sorted.
    private var members: [Int32] = []
    /// The next set, built in a buffer kept between updates.
    private var wanted: [Int32] = []

    /// Makes an empty set.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/poll``.
    public init() throws(DeviceError) {
        let descriptor = wayfinder_epoll_create()
        guard descriptor >= 0 else { throw DeviceError(.poll, errno: .current) }
        fileDescriptor = descriptor
    }

    deinit { close(fileDescriptor) }

    /// Makes the set hold exactly the requests' descriptors, each waiting for its events: adds
    /// the new, removes the gone. Allocates nothing when the set does not change.
    public mutating func update(to requests: [PollRequest]) {
        wanted.removeAll(keepingCapacity: true)
        for request in requests { wanted.append(request.descriptor) }
        wanted.sort()
        guard wanted != members else { return }
        for descriptor in members where !Self.contains(wanted, descriptor) {
            _ = wayfinder_epoll_remove(fileDescriptor, descriptor)
        }
        for request in requests where !Self.contains(members, request.descriptor) {
            _ = wayfinder_epoll_add(fileDescriptor, request.descriptor, UInt32(UInt16(bitPattern: request.events)))
        }
        swap(&members, &wanted)
    }

    /// The descriptors in the set, in ascending order.
    public var descriptors: [Int32] { members }

    private static func contains(_ sorted: [Int32], _ descriptor: Int32) -> Bool {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < descriptor { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == descriptor
    }
}

/// A timer on `CLOCK_MONOTONIC` with a descriptor (a timerfd) that becomes readable when it
/// expires: for a source whose input is due at set times to wake a loop that waits on
/// descriptors.
public struct DescriptorTimer: ~Copyable {
    /// The timer's descriptor; readable once the timer has expired, until ``acknowledge()``.
    public let fileDescriptor: Int32

    /// Makes a disarmed timer.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/poll``.
    public init() throws(DeviceError) {
        let descriptor = wayfinder_timerfd_create()
        guard descriptor >= 0 else { throw DeviceError(.poll, errno: .current) }
        fileDescriptor = descriptor
    }

    deinit { close(fileDescriptor) }

    /// The current time on `CLOCK_MONOTONIC`, in microseconds.
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1000
    }

    /// Arms the timer to expire at a `CLOCK_MONOTONIC` time in microseconds (at once when it has
    /// passed); nil disarms it.
    public func expire(atMicroseconds time: Int64?) {
        guard let time else {
            _ = wayfinder_timerfd_set_absolute(fileDescriptor, 0, 0)
            return
        }
        // Zero would disarm: a time that has passed is one nanosecond after the clock's start.
        let (seconds, microseconds) = time.quotientAndRemainder(dividingBy: 1_000_000)
        let nanoseconds = max(microseconds * 1000, seconds == 0 ? 1 : 0)
        _ = wayfinder_timerfd_set_absolute(fileDescriptor, max(seconds, 0), nanoseconds)
    }

    /// Reads the expirations, so that the descriptor is no longer readable until the next one.
    public func acknowledge() {
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
    }
}
