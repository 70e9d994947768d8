/// A point in time with microsecond precision, as the kernel stamps input events.
///
/// Timestamps come from the device (the kernel's event time) or from a recording; nothing in the
/// classification pipeline reads a clock. Compare them, and add or subtract a `Duration`:
///
/// ```swift
/// let deadline = frame.time + .milliseconds(500)
/// if now >= deadline { … }
/// ```
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Microseconds since the timestamp's epoch (the kernel's clock, or a recording's first event).
    public var microseconds: Int64

    /// Creates a timestamp from microseconds since the epoch.
    public init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Creates a timestamp from whole seconds and the microseconds within that second, as in the
    /// kernel's `struct input_event` and in evemu and libinput-record files.
    public init(seconds: Int64, microseconds: Int64) {
        self.microseconds = seconds * 1_000_000 + microseconds
    }

    /// The epoch itself.
    public static let zero = Timestamp(microseconds: 0)

    /// The time in seconds, as a floating-point number (what the JSON event stream prints).
    public var seconds: Double { Double(microseconds) / 1_000_000 }

    /// The whole seconds part, as written in `struct input_event` (`tv_sec`).
    public var wholeSeconds: Int64 { microseconds.floorDivided(by: 1_000_000) }

    /// The microseconds within the second, as written in `struct input_event` (`tv_usec`).
    public var microsecondsOfSecond: Int64 { microseconds - wholeSeconds * 1_000_000 }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.microseconds < rhs.microseconds }

    /// Returns the timestamp a duration later (microsecond precision; finer parts are truncated).
    public static func + (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(microseconds: lhs.microseconds + rhs.wholeMicroseconds)
    }

    /// Returns the timestamp a duration earlier.
    public static func - (lhs: Timestamp, rhs: Duration) -> Timestamp {
        Timestamp(microseconds: lhs.microseconds - rhs.wholeMicroseconds)
    }

    /// Returns the duration from `rhs` to `lhs`.
    public static func - (lhs: Timestamp, rhs: Timestamp) -> Duration {
        .wholeMicroseconds(lhs.microseconds - rhs.microseconds)
    }

    /// Moves the timestamp later by a duration.
    public static func += (lhs: inout Timestamp, rhs: Duration) { lhs = lhs + rhs }

    /// `seconds.microseconds`, six digits after the point, as evemu writes it.
    public var description: String {
        let fraction = String(microsecondsOfSecond)
        return "\(wholeSeconds)." + String(repeating: "0", count: max(0, 6 - fraction.count)) + fraction
    }
}

extension Duration {
    /// Attoseconds in a microsecond.
    private static let attosecondsPerMicrosecond: Int64 = 1_000_000_000_000

    /// The duration in whole microseconds, truncated toward zero.
    ///
    /// A duration is 128 bits of attoseconds. Those under about 9.2 s (every threshold, frame
    /// interval and gap between two frames) fit in 64 bits and take one division; `components`,
    /// which the others go through, divides 128-bit numbers, and a deadline or a frame time is
    /// worked out this way several times a frame.
    public var wholeMicroseconds: Int64 {
        let low = Int64(bitPattern: _low)
        if _high == low >> 63 { return low / Self.attosecondsPerMicrosecond }
        let (seconds, attoseconds) = components
        return seconds * 1_000_000 + attoseconds / Self.attosecondsPerMicrosecond
    }

    /// A duration of whole microseconds: `.microseconds(_:)` without its 128-bit multiplication
    /// when the attoseconds fit in 64 bits (under about 9.2 s).
    public static func wholeMicroseconds(_ microseconds: Int64) -> Duration {
        let (attoseconds, overflow) = microseconds.multipliedReportingOverflow(by: attosecondsPerMicrosecond)
        guard !overflow else { return .microseconds(microseconds) }
        return Duration(_high: attoseconds >> 63, low: UInt64(bitPattern: attoseconds))
    }

    /// The duration in seconds, as a floating-point number.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

extension Int64 {
    /// Division that rounds toward negative infinity.
    @inlinable
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
