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
/// does, and returns to hi-res if hi-res values appear:
///
/// ```
/// legacyOnly      (no hi-res axis: legacy ×120, for ever)
/// undecided       --hi-res value------------> highResolution
/// undecided       --legacy-only frame-------> legacyFallback
/// legacyFallback  --hi-res value------------> highResolution
/// highResolution  (legacy values ignored, for ever)
/// ```
///
/// Hi-res steps then pass through a `WheelDebounce`.
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

    private var source: Source
    private var debounce: WheelDebounce

    /// The state's name, for transition traces.
    var stateName: String {
        let sourceName =
            switch source {
            case .legacyOnly: "legacyOnly"
            case .undecided: "undecided"
            case .highResolution: "highResolution"
            case .legacyFallback: "legacyFallback"
            }
        return sourceName + "/" + debounce.stateName
    }

    init(advertisesHighResolution: Bool, thresholds: ClassificationThresholds) {
        source = advertisesHighResolution ? .undecided : .legacyOnly
        debounce = WheelDebounce(thresholds: thresholds)
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
        return debounce.step(raw, at: time)
    }
}
