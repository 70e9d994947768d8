public import EventModel
public import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a live source reports: devices coming and going, and their frames.
public enum LiveInput: Sendable {
    /// A device appeared (at start-up or plugged in), with the instance it is known by.
    case added(DeviceInstance, DeviceDescription)
    /// A device sent a frame.
    case frame(DeviceID, EventFrame)
    /// A device went away (unplugged, or its descriptor hung up).
    case removed(DeviceID)
}

/// Where live input comes from: attached devices and the hotplug monitor, waited on together.
public protocol LiveInputSource: AnyObject {
    /// Waits until input arrives or the timeout passes, then appends everything that can be read
    /// without blocking (devices added and removed, frames).
    /// - Parameters:
    ///   - timeout: How long to wait at most; nil waits for input.
    ///   - output: Where the inputs are appended.
    /// - Returns: false when the source has stopped (SIGINT or SIGTERM, or nothing left to read).
    func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool
    /// Releases grabs and closes every device.
    func close()
}

/// The live event loop: waits on the devices, the hotplug monitor and the stop signals, with one
/// timer (the wait's timeout) for the runtime's earliest deadline.
///
/// ```
/// wait(devices…, monitor, stop signals; timeout = nextDeadline − now)
///   frames           → runtime.process   (deadlines before each frame fire first)
///   added / removed  → runtime.addDevice / removeDevice
///   timeout          → runtime.advance(to: now)
///   SIGINT, SIGTERM  → runtime.removeAllDevices: gestures cancelled, keys released;
///                      grabs released; the loop returns
/// ```
///
/// Everything readable is processed before a deadline fires, so a frame the kernel stamped before
/// a deadline is seen before it, as in a replay.
public final class LiveLoop {
    private let runtime: Runtime
    private let source: any LiveInputSource
    private let now: () -> Timestamp
    private var inputs: [LiveInput] = []
    private var produced: [WayfinderEvent] = []

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
        produced.reserveCapacity(64)
    }

    /// The kernel's default clock for input events (`CLOCK_REALTIME`, unless a device was switched
    /// to another with `EVIOCSCLOCKID`).
    public static func realtimeClock() -> Timestamp {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Timestamp(seconds: Int64(time.tv_sec), microseconds: Int64(time.tv_nsec) / 1000)
    }

    /// Runs until the source stops; then removes every device (cancelling gestures, releasing
    /// keys and buttons) and closes the source.
    /// - Throws: What the source throws while waiting.
    public func run() throws {
        defer { source.close() }
        while true {
            inputs.removeAll(keepingCapacity: true)
            let timeout = runtime.nextDeadline.map { deadline in max(.zero, deadline - now()) }
            let isRunning = try source.poll(timeout: timeout, into: &inputs)
            feed()
            guard isRunning else { break }
            if let deadline = runtime.nextDeadline {
                let current = now()
                if deadline <= current {
                    produced.removeAll(keepingCapacity: true)
                    runtime.advance(to: current, into: &produced)
                }
            }
        }
        produced.removeAll(keepingCapacity: true)
        runtime.removeAllDevices(at: now(), into: &produced)
    }

    private func feed() {
        for input in inputs {
            // The runtime's `onEvent` and `events` carry the output; the buffer is only reused.
            produced.removeAll(keepingCapacity: true)
            switch input {
            case .added(let instance, let description):
                runtime.addDevice(instance, description: description, at: now(), into: &produced)
            case .frame(let id, let frame): runtime.process(frame, from: id, into: &produced)
            case .removed(let id): runtime.removeDevice(id, at: now(), into: &produced)
            }
        }
        inputs.removeAll(keepingCapacity: true)
    }
}
