import InputEvents

/// Turns one wheel axis's legacy (`REL_WHEEL`) and high-resolution (`REL_WHEEL_HI_RES`) values
/// into v120 steps, counting each detent once.
///
/// The kernel sends both axes from a hi-res wheel, but not in lock-step: the generic HID driver
/// sends `REL_WHEEL` before `REL_WHEEL_HI_RES` in the same frame, from a remainder it never
/// resets; Logitech's HID++ driver sends the hi-res value first and a `REL_WHEEL` once half a
/// detent has gathered, resetting after a second of rest. So this never derives one from the
/// other: a device that advertises the hi-res axis is read from it alone.
///
/// A device that advertises the hi-res axis but sends only legacy frames (a driver or quirk that
/// disabled it) falls back to legacy values ×120 after the first legacy-only frame, as libinput
/// does, and returns to hi-res if hi-res values appear.
///
/// Jitter: a wheel that ever sends less than a quarter detent (a free-spinning or fine wheel)
/// wobbles a few units back and forth at rest. As libinput does, such a wheel's steps are
/// gathered until they exceed `min(47, smallest step)`, and gathering starts again after 500 ms of
/// rest or a change of direction:
///
/// ```
/// none ──|step| < 30──▶ accumulating ──|sum| > threshold──▶ scrolling
///                           ▲                                   │
///                           └──── 500 ms rest / reversal ───────┘
/// ```
struct WheelAxis: Hashable, Sendable {
    private enum Source: Hashable, Sendable {
        /// The device has no hi-res axis: legacy ×120.
        case legacyOnly
        /// The device advertises hi-res; nothing has arrived yet.
        case undecided
        /// Hi-res values are arriving: legacy values are ignored.
        case highResolution
        /// The device advertises hi-res but sent a legacy-only frame first.
        case legacyFallback
    }

    private enum Debounce: Hashable, Sendable {
        /// No small step seen: values pass straight through.
        case passThrough
        /// Swallowing steps until they add up.
        case accumulating(sum: Double)
        /// Passing steps through, in one direction, until a pause or a reversal.
        case scrolling(direction: Double, lastTime: Timestamp)
    }

    private var source: Source
    private var debounce: Debounce = .passThrough
    private var smallestStep: Double = .infinity
    private let thresholds: ClassificationThresholds

    /// The state's name, for transition traces.
    var stateName: String {
        let sourceName =
            switch source {
            case .legacyOnly: "legacyOnly"
            case .undecided: "undecided"
            case .highResolution: "highResolution"
            case .legacyFallback: "legacyFallback"
            }
        let debounceName =
            switch debounce {
            case .passThrough: "passThrough"
            case .accumulating: "accumulating"
            case .scrolling: "scrolling"
            }
        return sourceName + "/" + debounceName
    }

    init(advertisesHighResolution: Bool, thresholds: ClassificationThresholds) {
        source = advertisesHighResolution ? .undecided : .legacyOnly
        self.thresholds = thresholds
    }

    /// Returns the v120 value of one frame for this axis (0 when nothing is to be scrolled).
    ///
    /// - Parameters:
    ///   - legacy: the frame's `REL_WHEEL` value, if it had one.
    ///   - highResolution: the frame's `REL_WHEEL_HI_RES` value, if it had one.
    mutating func v120(legacy: Int32?, highResolution: Int32?, at time: Timestamp) -> Double {
        let raw: Double
        switch source {
        case .legacyOnly:
            guard let legacy else { return 0 }
            return Double(legacy) * 120
        case .undecided, .legacyFallback:
            if let highResolution {
                source = .highResolution
                raw = Double(highResolution)
            } else if let legacy {
                source = .legacyFallback
                return Double(legacy) * 120
            } else {
                return 0
            }
        case .highResolution:
            guard let highResolution else { return 0 }
            raw = Double(highResolution)
        }
        return debounced(raw, at: time)
    }

    private mutating func debounced(_ value: Double, at time: Timestamp) -> Double {
        guard value != 0 else { return 0 }
        smallestStep = min(smallestStep, abs(value))
        switch debounce {
        case .passThrough:
            guard abs(value) < thresholds.wheelJitterTriggerV120 else { return value }
            debounce = .accumulating(sum: 0)
            return debounced(value, at: time)
        case .accumulating(let sum):
            let total = sum + value
            if abs(total) > min(thresholds.wheelAccumulationV120, smallestStep) {
                debounce = .scrolling(direction: total.sign == .minus ? -1 : 1, lastTime: time)
                return total
            }
            debounce = .accumulating(sum: total)
            return 0
        case .scrolling(let direction, let lastTime):
            let reversed = (value < 0) != (direction < 0)
            if reversed || time - lastTime > thresholds.wheelScrollTimeout {
                debounce = .accumulating(sum: 0)
                return debounced(value, at: time)
            }
            debounce = .scrolling(direction: direction, lastTime: time)
            return value
        }
    }
}
