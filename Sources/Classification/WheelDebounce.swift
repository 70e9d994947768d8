import InputEvents

/// Debounces a hi-res wheel that wobbles at rest.
///
/// A wheel that ever sends less than a quarter detent (a free-spinning or fine wheel) wobbles a
/// few units back and forth at rest. As libinput does, such a wheel's steps are gathered until
/// they exceed `min(47, smallest step)`, and gathering starts again after 500 ms of rest or a
/// change of direction:
///
/// ```
/// passThrough  --|step| < 30-----------------> accumulating
/// accumulating --|sum| > threshold------------> scrolling      (the sum passes)
/// scrolling    --step in the same direction---> scrolling      (the step passes)
/// scrolling    --500 ms rest / reversal-------> accumulating
/// ```
///
/// On a timeline, with `s` a small step and `|` the rest timeout after the last step:
///
/// ```
/// s s s(sum > 47) s s s-----|  s s     held, passed ×4, then held again after the rest
/// ```
struct WheelDebounce: Hashable, Sendable {
    private enum State: Hashable, Sendable {
        /// No small step seen: values pass straight through.
        case passThrough
        /// Swallowing steps until they add up.
        case accumulating(sum: Double)
        /// Passing steps through, in one direction, until a pause or a reversal.
        case scrolling(direction: Double, lastTime: Timestamp)
    }

    private var state = State.passThrough
    private var smallestStep: Double = .infinity
    private let triggerV120: Double
    private let accumulationV120: Double
    /// The rest timeout in microseconds (rounded down: a longer rest ends the scrolling).
    private let timeout: Int64

    init(thresholds: ClassificationThresholds) {
        triggerV120 = thresholds.wheelJitterTriggerV120
        accumulationV120 = thresholds.wheelAccumulationV120
        timeout = thresholds.wheelScrollTimeout.flooredMicroseconds
    }

    /// The name of the state, for transition traces.
    var stateName: String {
        switch state {
        case .passThrough: "passThrough"
        case .accumulating: "accumulating"
        case .scrolling: "scrolling"
        }
    }

    /// One step of the wheel, in v120; returns what scrolls now (0 while held back).
    mutating func step(_ value: Double, at time: Timestamp) -> Double {
        guard value != 0 else { return 0 }
        smallestStep = min(smallestStep, abs(value))
        switch state {
        case .passThrough:
            guard abs(value) < triggerV120 else { return value }
            state = .accumulating(sum: 0)
            return step(value, at: time)
        case .accumulating(let sum):
            let total = sum + value
            if abs(total) > min(accumulationV120, smallestStep) {
                state = .scrolling(direction: total.sign == .minus ? -1 : 1, lastTime: time)
                return total
            }
            state = .accumulating(sum: total)
            return 0
        case .scrolling(let direction, let lastTime):
            let reversed = (value < 0) != (direction < 0)
            if reversed || time.microseconds(since: lastTime) > timeout {
                state = .accumulating(sum: 0)
                return step(value, at: time)
            }
            state = .scrolling(direction: direction, lastTime: time)
            return value
        }
    }
}
