public import EventModel
public import InputDevices
public import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// What a live source reports: devices coming and going, and their frames.
public enum LiveInput: Sendable {
    /// A device appeared (at start-up or plugged in), with the instance it is known by.
    ///
    /// Boxed: a description is large and rare, and inline it would make every frame's input as
    /// large, and every copy of one go through the enum's outlined value witnesses.
    indirect case added(DeviceInstance, DeviceDescription)
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

/// A live source an application's own loop can wait on: its descriptors go into the
/// application's `poll`/epoll/GLib/Dispatch wait, and ``LiveInputSource/poll(timeout:into:)``
/// with a zero timeout reads what is ready without blocking. ``LiveLoop/drain()`` drives one.
///
/// ```swift
/// var requests: [PollRequest] = []
/// source.appendPollRequests(to: &requests)   // every device, hotplug, stop signals if asked
/// // wait until one is readable, or until source.pollTimeout, or until the runtime's deadline
/// ```
public protocol PollableInputSource: LiveInputSource {
    /// Appends the descriptors to wait on now, each with the events it waits for. The set
    /// changes as devices come and go: ask again after every poll.
    func appendPollRequests(to requests: inout [PollRequest])
    /// The longest a wait may last before the source has something to do without any descriptor
    /// being ready: zero when input is waiting to be handed on (devices opened at the start), a
    /// participant's timer; nil when only its descriptors matter.
    var pollTimeout: Duration? { get }
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
///
/// Three ways to run it (see <doc:EmbeddingTheRuntime>):
/// - `try loop.run()` blocks its thread until the source stops.
/// - `try await loop.run()` waits without blocking a thread, on the
///   caller's actor, until the source stops or the task is cancelled.
/// - An application's own loop waits on ``fileDescriptor()`` with ``timeout``, and calls
///   ``drain()`` when either is over.
///
/// A loop and its runtime belong to one thread or actor at a time (see <doc:Concurrency>).
///
/// Its buffers are marked `@exclusivity(unchecked)`: only the loop's own methods touch them, a
/// wake-up at a time, and the dynamic checks would cost every wake-up for nothing. The one access
/// held while calling out is the runtime's to `produced`, while it hands events to `onEvent`;
/// the loop's methods called from there (which <doc:Concurrency> rules out) stop at a
/// precondition instead of reaching it.
public final class LiveLoop {
    private let runtime: Runtime
    private let source: any LiveInputSource
    private let now: () -> Timestamp
    @exclusivity(unchecked) private var inputs: [LiveInput] = []
    @exclusivity(unchecked) private var produced: [WayfinderEvent] = []
    /// The epoll set an application waits on, once asked for.
    private var readiness: ReadinessSet?
    /// The source's descriptors, asked for after every drain (a buffer kept from drain to drain).
    private var requests: [PollRequest] = []
    /// Whether the loop has finished: devices removed, source closed.
    @exclusivity(unchecked) public private(set) var isFinished = false
    /// Whether the runtime is being fed, and so may be calling out to `onEvent` with `produced`.
    @exclusivity(unchecked) private var isFeeding = false

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
        precondition(!isFeeding, Self.reentranceMessage)
        defer { finish() }
        while !isFinished {
            inputs.removeAllKeepingCapacity()
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
    }

    // MARK: In an application's own loop

    /// A descriptor that becomes readable when the source has input: an epoll descriptor over
    /// every descriptor of the source (devices, hotplug, stop signals when asked for), kept
    /// current as devices come and go. Add it to the application's own loop (epoll, `poll`,
    /// GLib, a `DispatchSource`), together with ``timeout``, and call ``drain()`` when it is
    /// readable or the timeout is over. Nil when the source has no descriptors to give (it is no
    /// ``PollableInputSource``): run the loop with `run()` then.
    /// - Throws: `DeviceError` when the epoll descriptor cannot be made.
    public func fileDescriptor() throws(DeviceError) -> Int32? {
        guard source is any PollableInputSource else { return nil }
        if readiness == nil {
            readiness = try ReadinessSet()
            syncDescriptors()
        }
        return readiness?.fileDescriptor
    }

    /// The earliest time at which the runtime has something to do without new input.
    public var nextDeadline: Timestamp? { runtime.nextDeadline }

    /// How long the application's loop may wait at most before calling ``drain()``: until the
    /// runtime's next deadline, or zero when the source has input waiting already (the devices
    /// opened at the start); nil when only the descriptor matters.
    public var timeout: Duration? {
        var limit = runtime.nextDeadline.map { deadline in max(.zero, deadline - now()) }
        if let pollable = source as? any PollableInputSource, let own = pollable.pollTimeout {
            limit = min(limit ?? own, own)
        }
        return limit
    }

    /// Reads what the source has ready without blocking and feeds it to the runtime; then fires
    /// the deadlines that are due. Once the source has stopped (a stop signal, the end of a
    /// recording), removes every device and closes the source, and returns false.
    ///
    /// The clock is read once, before reading: a frame read now was stamped before any deadline
    /// fired after it, so the events are those a replay of the same frames gives, however late
    /// the application's loop wakes.
    /// - Throws: What the source throws while reading.
    @discardableResult
    public func drain() throws -> Bool {
        precondition(!isFeeding, Self.reentranceMessage)
        guard !isFinished else { return false }
        let current = now()
        inputs.removeAll(keepingCapacity: true)
        let isRunning: Bool
        do {
            isRunning = try source.poll(timeout: .zero, into: &inputs)
        } catch {
            finish()
            throw error
        }
        feed()
        guard isRunning else {
            finish()
            return false
        }
        if let deadline = runtime.nextDeadline, deadline <= current {
            produced.removeAll(keepingCapacity: true)
            runtime.advance(to: current, into: &produced)
        }
        if readiness != nil { syncDescriptors() }
        return true
    }

    /// Stops: removes every device (cancelling gestures, releasing keys and buttons) and closes
    /// the source. `run()` and ``drain()`` do it when the source stops; call it when the
    /// application quits first. Calling it again does nothing.
    public func finish() {
        precondition(!isFeeding, Self.reentranceMessage)
        guard !isFinished else { return }
        isFinished = true
        produced.removeAll(keepingCapacity: true)
        runtime.removeAllDevices(at: now(), into: &produced)
        source.close()
        requests.removeAll()
        readiness?.update(to: requests)
    }

    /// Makes the epoll set the source's descriptors.
    private func syncDescriptors() {
        guard let pollable = source as? any PollableInputSource else { return }
        requests.removeAll(keepingCapacity: true)
        pollable.appendPollRequests(to: &requests)
        readiness?.update(to: requests)
    }

    /// Why the loop stops a call from inside the runtime's handlers.
    private static let reentranceMessage =
        "LiveLoop: run(), drain() and finish() cannot be called from inside the runtime's onEvent"

    private func feed() {
        guard !inputs.isEmpty else { return }
        // Nothing here throws: cleared after the loop rather than by a `defer`.
        isFeeding = true
        // By index: iterating would copy every input out of the buffer first.
        var index = 0
        while index < inputs.count {
            // The runtime's `onEvent` and `events` carry the output; the buffer is only reused.
            produced.removeAllKeepingCapacity()
            switch inputs[index] {
            case .added(let instance, let description):
                runtime.addDevice(instance, description: description, at: now(), into: &produced)
            case .frame(let id, let frame): runtime.process(frame, from: id, into: &produced)
            case .removed(let id): runtime.removeDevice(id, at: now(), into: &produced)
            }
            index += 1
        }
        isFeeding = false
        inputs.removeAllKeepingCapacity()
    }
}
