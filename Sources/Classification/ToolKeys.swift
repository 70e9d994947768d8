import InputEvents

/// The keys with which the kernel says how many fingers touch, whether or not it tracks them:
/// `BTN_TOUCH` and `BTN_TOOL_FINGER`, `BTN_TOOL_DOUBLETAP`, `BTN_TOOL_TRIPLETAP`,
/// `BTN_TOOL_QUADTAP`, `BTN_TOOL_QUINTTAP` (one, two, three, four, five fingers).
///
/// A pad with fewer slots than fingers, a semi-multitouch pad or a single-touch pad reports the
/// fingers it cannot track only here.
struct ToolKeys: Hashable, Sendable {
    /// Whether the device has finger-count keys at all.
    let isReported: Bool
    /// One bit per finger-count key, from one finger (bit 0) to five (bit 4).
    private var fingerBits: UInt8 = 0
    /// Whether `BTN_TOUCH` is down.
    private(set) var isTouching = false

    init(device: DeviceDescription) {
        isReported = device.supports(.toolFinger) || device.supports(.toolDoubleTap)
    }

    /// Handles a key event; keys other than these are ignored.
    mutating func handle(_ code: KeyCode, value: Int32, codes: KernelCodes) {
        let bit: UInt8
        switch code.rawValue {
        case codes.touch:
            isTouching = value != KeyEventValue.released
            return
        case codes.toolFinger: bit = 0b00001
        case codes.toolDoubleTap: bit = 0b00010
        case codes.toolTripleTap: bit = 0b00100
        case codes.toolQuadTap: bit = 0b01000
        case codes.toolQuintTap: bit = 0b10000
        default: return
        }
        if value != KeyEventValue.released { fingerBits |= bit } else { fingerBits &= ~bit }
    }

    /// How many fingers the keys say are down (the most of those whose key is down), or nil when
    /// the device has no finger-count keys.
    var fingerCount: Int? {
        guard isReported else { return nil }
        guard fingerBits != 0 else { return 0 }
        // The highest key down wins: the kernel may leave a lower one down for a frame.
        return UInt8.bitWidth - fingerBits.leadingZeroBitCount
    }

    /// Releases every key (the device went away).
    mutating func reset() {
        fingerBits = 0
        isTouching = false
    }
}
