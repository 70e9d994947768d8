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
        let now = Self.now()
        guard let start, let origin else {
            self.start = now
            self.origin = time
            return
        }
        let remaining = (time - origin) - (now - start)
        if remaining > .zero { Self.sleep(for: remaining) }
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
