public import InputDevices
public import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Waits so that replayed events come out with their recorded timing: the one place where
/// Wayfinder's commands wait for the clock (`--realtime`, the demo's pauses). The runtime itself
/// never reads a clock.
///
/// ```swift
/// var pacer = Pacer()
/// try replay.run(through: runtime, beforeStep: { pacer.wait(until: $0) })
/// ```
public struct Pacer {
    private var start: Timestamp?
    private var origin: Timestamp?

    /// Creates a pacer; the first time it is asked to wait for becomes "now".
    public init() {}

    /// Waits until `time` (on a replay's time line) is as far from the first time waited for as
    /// the monotonic clock is from when that first time was seen.
    public mutating func wait(until time: Timestamp) {
        if let remaining = delay(until: time) { Self.sleep(for: remaining) }
    }

    /// How long to wait before `time` (on a replay's time line) comes, or nil when it has come;
    /// the first time asked for becomes "now". For a caller that waits its own way
    /// (``wait(for:serving:until:)``).
    public mutating func delay(until time: Timestamp) -> Duration? {
        let now = Self.now()
        guard let start, let origin else {
            self.start = now
            self.origin = time
            return nil
        }
        let remaining = (time - origin) - (now - start)
        return remaining > .zero ? remaining : nil
    }

    /// The time on the replay's time line now: the first time waited for, plus what the monotonic
    /// clock measured since; nil before the first wait.
    public var currentTime: Timestamp? {
        guard let start, let origin else { return nil }
        return origin + (Self.now() - start)
    }

    /// Waits for a duration while serving `participants` (their descriptors and timeouts join
    /// the wait, and they handle what happened): a real-time replay keeps the accessibility bus
    /// answered while it paces. Returns early once `isDone` says so, checked after each wake.
    public static func wait(
        for duration: Duration,
        serving participants: [any PollParticipant],
        until isDone: () -> Bool = { false }
    ) throws {
        guard !participants.isEmpty else { return sleep(for: duration) }
        let deadline = now() + duration
        while !isDone() {
            let remaining = deadline - now()
            guard remaining > .zero else { return }
            _ = try Readiness.waitForReadable([], timeout: remaining, participants: participants)
        }
    }

    /// The monotonic clock.
    static func now() -> Timestamp {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Timestamp(seconds: Int64(now.tv_sec), microseconds: Int64(now.tv_nsec) / 1000)
    }

    /// Blocks the thread for a duration, resuming after signals.
    public static func sleep(for duration: Duration) {
        guard duration > .zero else { return }
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) != 0, errno == EINTR { request = left }
    }
}
