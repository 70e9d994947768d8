import InputEvents

// Timestamps are whole microseconds, so the classifier compares elapsed times as whole
// microseconds too: `Duration` arithmetic goes through 128-bit multiplication and division,
// which costs more than everything else a frame does.

extension Duration {
    /// The duration in microseconds, rounded down: `elapsed > d` ⇔ `elapsed > d.flooredMicroseconds`
    /// and `elapsed <= d` ⇔ `elapsed <= d.flooredMicroseconds` for whole microseconds `elapsed`.
    var flooredMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000_000)
        return seconds * 1_000_000 + quotient - (remainder < 0 ? 1 : 0)
    }

    /// The duration in microseconds, rounded up: `elapsed >= d` ⇔ `elapsed >= d.ceiledMicroseconds`
    /// and `elapsed < d` ⇔ `elapsed < d.ceiledMicroseconds` for whole microseconds `elapsed`.
    var ceiledMicroseconds: Int64 {
        let (seconds, attoseconds) = components
        let (quotient, remainder) = attoseconds.quotientAndRemainder(dividingBy: 1_000_000_000_000)
        return seconds * 1_000_000 + quotient + (remainder > 0 ? 1 : 0)
    }
}

extension Timestamp {
    /// The microseconds from `earlier` to this timestamp.
    func microseconds(since earlier: Timestamp) -> Int64 { microseconds - earlier.microseconds }

    /// The earlier of two deadlines, either of which may be unset. Folding machines' deadlines
    /// one after the other (`earliest = .earliest(earliest, next)`), `b` is usually unset: it is
    /// looked at first, so that a machine without a deadline costs a branch.
    static func earliest(_ a: Timestamp?, _ b: Timestamp?) -> Timestamp? {
        guard let b else { return a }
        guard let a else { return b }
        return min(a, b)
    }
}
