import Geometry
import InputEvents

/// Measures the velocity of a stream of deltas over a recent window, with fixed storage.
///
/// Windows are given in whole microseconds, rounded down (`Duration.flooredMicroseconds`): a
/// sample belongs to the window when it is at most that old.
struct VelocityTracker: Hashable, Sendable {
    private static let capacity = 32
    /// The samples' times, in microseconds.
    private var times = [Int64](repeating: 0, count: capacity)
    private var deltas = [Vector](repeating: .zero, count: capacity)
    private var count = 0
    private var next = 0

    mutating func reset() {
        count = 0
        next = 0
    }

    mutating func add(_ delta: Vector, at time: Timestamp) {
        times[next] = time.microseconds
        deltas[next] = delta
        next = (next + 1) % Self.capacity
        count = min(count + 1, Self.capacity)
    }

    /// The sum of the deltas of the last `window` before `time`.
    func sum(at time: Timestamp, window: Int64) -> Vector {
        var result = Vector.zero
        for offset in 0..<count {
            let index = (next - 1 - offset + Self.capacity) % Self.capacity
            guard time.microseconds - times[index] <= window else { break }
            result = result + deltas[index]
        }
        return result
    }

    /// The velocity in units per second over the samples of the last `window` before `time`:
    /// the movement after the oldest sample in the window divided by the time it took. Zero when
    /// fewer than two samples fall in the window (the movement had stopped).
    func velocity(at time: Timestamp, window: Int64) -> Vector {
        var sum = Vector.zero
        var newest: Int64?
        var oldest: Int64?
        var oldestDelta = Vector.zero
        for offset in 0..<count {
            let index = (next - 1 - offset + Self.capacity) % Self.capacity
            guard time.microseconds - times[index] <= window else { break }
            if newest == nil { newest = times[index] }
            sum = sum + deltas[index]
            oldest = times[index]
            oldestDelta = deltas[index]
        }
        guard let newest, let oldest, newest > oldest else { return .zero }
        return (sum - oldestDelta) * (1 / Duration.microseconds(newest - oldest).inSeconds)
    }
}
