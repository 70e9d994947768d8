public import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a live source reports: devices coming and going, and their frames.
public enum LiveInput: Sendable {
    /// A device appeared (at start-up or plugged in).
    case added(DeviceID, DeviceDescription)
    /// A device sent a frame.
    case frame(DeviceID, EventFrame)
    /// A device went away (unplugged, or its descriptor hung up).
    case removed(DeviceID)
}

/// Where live input comes from: attached devices and the hotplug monitor, as pollable file
/// descriptors.
public protocol LiveInputSource: AnyObject {
    /// Reports the devices attached at start-up.
    func start(into output: inout [LiveInput]) throws
    /// The descriptors to poll now: every device, and the hotplug monitor.
    var descriptors: [Int32] { get }
    /// Reads what a readable (or hung-up) descriptor has, without blocking.
    func read(_ descriptor: Int32, into output: inout [LiveInput]) throws
    /// Whether nothing more can come (every descriptor closed and no monitor); the loop then ends.
    var isFinished: Bool { get }
    /// Releases grabs and closes every device.
    func close()
}

/// The live event loop: polls every device, the hotplug monitor and a stop signal, and arms one
/// timer (the poll timeout) for the runtime's earliest deadline.
///
/// ```
/// poll(devices…, monitor, stop pipe; timeout = nextDeadline − now)
///   readable device  → frames → runtime.process   (deadlines before each frame fire first)
///   monitor          → added / removed devices
///   timeout          → runtime.advance(to: now)
///   stop (SIGINT, SIGTERM) → runtime.removeAllDevices: gestures cancelled, keys released;
///                            grabs released; the loop returns
/// ```
///
/// Readable descriptors are always drained before a deadline fires, so a frame that the kernel
/// stamped before a deadline is seen before the deadline, as in a replay.
public final class LiveLoop {
    private let runtime: Runtime
    private let source: any LiveInputSource
    private let now: () -> Timestamp
    private var inputs: [LiveInput] = []

    /// Creates a loop.
    /// - Parameters:
    ///   - runtime: The runtime to feed.
    ///   - source: The devices.
    ///   - clock: The current time on the clock the devices stamp their events with.
    public init(
        runtime: Runtime, source: any LiveInputSource, clock: @escaping () -> Timestamp = LiveLoop.realtimeClock
    ) {
        self.runtime = runtime
        self.source = source
        self.now = clock
        inputs.reserveCapacity(64)
    }

    /// The kernel's default clock for input events (`CLOCK_REALTIME`, unless a device was switched
    /// to another with `EVIOCSCLOCKID`).
    public static func realtimeClock() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(seconds: Int64(time.tv_sec), microseconds: Int64(time.tv_nsec) / 1000)
    }

    /// Runs until the stop descriptor becomes readable or the source is finished; then removes every
    /// device (cancelling gestures, releasing keys and buttons) and closes the source.
    /// - Parameter stopDescriptor: A descriptor that becomes readable when the loop must stop (the
    ///   read end of ``StopSignal``'s pipe), or nil.
    /// - Throws: What the source throws while reading.
    public func run(stopDescriptor: Int32? = nil) throws {
        defer { source.close() }
        inputs.removeAll(keepingCapacity: true)
        try source.start(into: &inputs)
        feed()
        var descriptors: [pollfd] = []
        while !source.isFinished {
            descriptors.removeAll(keepingCapacity: true)
            for descriptor in source.descriptors {
                descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
            }
            if let stopDescriptor {
                descriptors.append(pollfd(fd: stopDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let timeout = timeoutMilliseconds()
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                break
            }
            if let stopDescriptor, descriptors.last?.fd == stopDescriptor, descriptors.last!.revents != 0 {
                break
            }
            for entry in descriptors where entry.revents != 0 && entry.fd != stopDescriptor {
                try source.read(entry.fd, into: &inputs)
            }
            feed()
            if ready == 0, let deadline = runtime.nextDeadline {
                runtime.advance(to: max(deadline, now()))
            }
        }
        runtime.removeAllDevices(at: now())
    }

    private func feed() {
        for input in inputs {
            switch input {
            case .added(let id, let description): runtime.addDevice(id, description: description, at: now())
            case .frame(let id, let frame): runtime.process(frame, from: id)
            case .removed(let id): runtime.removeDevice(id, at: now())
            }
        }
        inputs.removeAll(keepingCapacity: true)
    }

    /// Milliseconds until the earliest deadline (rounded up, so the deadline has passed when poll
    /// returns), or -1 to wait for input only.
    private func timeoutMilliseconds() -> Int32 {
        guard let deadline = runtime.nextDeadline else { return -1 }
        let remaining = deadline.microseconds - now().microseconds
        if remaining <= 0 { return 0 }
        return Int32(min(Int64(Int32.max), (remaining + 999) / 1000))
    }
}

/// SIGINT and SIGTERM as a readable pipe (the self-pipe trick): the signal handler only writes one
/// byte, and the event loop polls the read end.
public final class StopSignal {
    /// The descriptor to poll.
    public let descriptor: Int32

    /// Installs the handlers.
    public init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        } else {
            ends = [-1, -1]
        }
        descriptor = ends[0]
        stopSignalWriteEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(stopSignalWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
    }

    /// Whether a signal arrived (reading it, without blocking).
    public var isSignalled: Bool {
        var byte: UInt8 = 0
        return read(descriptor, &byte, 1) == 1
    }

    deinit {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        close(descriptor)
        close(stopSignalWriteEnd)
    }
}

/// The write end of the stop pipe, for the signal handler (which can capture nothing).
nonisolated(unsafe) private var stopSignalWriteEnd: Int32 = -1
