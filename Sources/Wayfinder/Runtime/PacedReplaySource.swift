import EventModel
public import InputDevices
public import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Recordings played as live input, at the pace they were recorded: a timer descriptor (a
/// timerfd on `CLOCK_MONOTONIC`) becomes readable when the next frame is due, so an
/// application's own loop waits on it as it would on devices, and ``LiveLoop`` drives it as it
/// drives ``DeviceSessionSource``. For trying an application's loop without the hardware.
///
/// The recordings' frames are moved onto the monotonic clock so that the first frame is due when
/// the source is made. Every device is added at that time and stays until the end (the last
/// frame plus its ``quietTime``), when the source stops. Its clock, ``now()``, moves only when the
/// source is polled: frames due by then are handed on, and deadlines up to then fire after them.
/// So the events are the same however late the loop wakes: those of a replay of the recordings,
/// up to the end.
///
/// ```swift
/// let source = try PacedReplaySource(replay: try Replay.load([ReplayInput(path: "mouse.evemu")]))
/// let loop = LiveLoop(runtime: runtime, source: source, clock: source.now)
/// // wait on try loop.fileDescriptor() with loop.timeout; loop.drain(); …
/// ```
public final class PacedReplaySource: PollableInputSource {
    /// How long the source stays after the last frame before it stops, unless told otherwise:
    /// for what the last frames set going (a tap's timeout, a hover's end) to be seen.
    public static let defaultQuietTime: Duration = .seconds(1)
    /// How long the source stays after the last frame before it stops.
    public let quietTime: Duration

    private let replay: Replay
    private var steps: Replay.Steps
    /// The next frame, read and not yet due.
    private var pending: EventFrame?
    private var pendingSource = 0
    private let timer: DescriptorTimer
    /// How far the recordings' times move onto the monotonic clock, in microseconds.
    private let shift: Int64
    /// The time of the first frame on the monotonic clock.
    public let startTime: Timestamp
    private var current: Timestamp
    private var lastFrameTime: Timestamp
    private var hasStarted = false
    private var isClosed = false

    /// Prepares to play a replay from now on, staying `quietTime` after the last frame.
    /// - Throws: What the replay's readers throw when opened; `DeviceError` when the timer cannot
    ///   be made.
    public init(replay: Replay, quietTime: Duration = PacedReplaySource.defaultQuietTime) throws {
        self.replay = replay
        self.quietTime = quietTime
        steps = try replay.makeSteps()
        timer = try DescriptorTimer()
        let now = DescriptorTimer.now()
        startTime = Timestamp(microseconds: now)
        current = startTime
        lastFrameTime = startTime
        var first: Int64?
        var step = try steps.next()
        while let found = step {
            if case .frame(let frame) = found.action {
                first = frame.time.microseconds
                pending = frame
                pendingSource = found.source
                break
            }
            step = try steps.next()
        }
        shift = now - (first ?? now)
        if var frame = pending {
            move(&frame)
            pending = frame
        }
        timer.expire(atMicroseconds: now)
    }

    /// The source's time on the monotonic clock: where the last poll left it. Give it to
    /// ``LiveLoop`` as its clock.
    public func now() -> Timestamp { current }

    /// When the source stops: the last frame plus ``quietTime``, once every frame has been read.
    private var end: Timestamp? { pending == nil ? lastFrameTime + quietTime : nil }

    public func appendPollRequests(to requests: inout [PollRequest]) {
        guard !isClosed else { return }
        requests.append(PollRequest(descriptor: timer.fileDescriptor, events: Int16(POLLIN)))
    }

    public var pollTimeout: Duration? { hasStarted ? nil : .zero }

    public func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
        guard !isClosed else { return false }
        if let timeout, timeout > .zero {
            _ = try Readiness.waitForReadable([FileDescriptor(rawValue: timer.fileDescriptor)], timeout: timeout)
        }
        timer.acknowledge()
        if hasStarted {
            let real = Timestamp(microseconds: DescriptorTimer.now())
            current = max(current, end.map { min(real, $0) } ?? real)
        } else {
            hasStarted = true
            for index in replay.sources.indices {
                output.append(.added(replay.instance(of: index), replay.sources[index].description))
            }
        }
        while let frame = pending, frame.time <= current {
            output.append(.frame(DeviceID(rawValue: pendingSource), frame))
            lastFrameTime = frame.time
            pending = nil
            try readNextFrame()
        }
        // Woken late, past the end that the last frame now sets: the source's time stops there
        // (the loop has advanced no further than the previous poll's time, before that frame).
        if let end, current > end { current = end }
        if let end, current >= end { return false }
        timer.expire(atMicroseconds: (pending?.time ?? end ?? current).microseconds)
        return true
    }

    public func close() {
        isClosed = true
        timer.expire(atMicroseconds: nil)
    }

    private func readNextFrame() throws {
        while let step = try steps.next() {
            guard case .frame(var frame) = step.action else { continue }
            move(&frame)
            pending = frame
            pendingSource = step.source
            return
        }
    }

    /// Moves a frame onto the monotonic clock.
    private func move(_ frame: inout EventFrame) {
        for index in frame.events.indices { frame.events[index].time.microseconds += shift }
    }
}
