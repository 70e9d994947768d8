/// How many fingers are on a touchpad, and which tracked contacts are the first two of them.
///
/// The count is not the number of tracked contacts: palms and a thumb holding a clickpad's
/// button do not count, and the kernel's tool keys (`BTN_TOOL_DOUBLETAP` … `BTN_TOOL_QUINTTAP`)
/// report fingers beyond the contacts the pad tracks (single-touch pads, semi-multitouch pads with
/// three fingers, pads with fewer slots than fingers). Whatever counts fingers differently later
/// (a pad that reports more fingers than slots) changes this value, not its readers.
struct TouchpadFingers: Hashable, Sendable {
    /// The fingers on the pad: the tracked contacts that are fingers, plus those the tool keys
    /// report beyond every tracked contact.
    var count = 0
    /// The slot of the first tracked finger, or -1.
    var first = -1
    /// The slot of the second tracked finger, or -1.
    var second = -1

    /// No finger.
    static let none = TouchpadFingers()

    /// Counts the fingers among `contacts`.
    ///
    /// - Parameters:
    ///   - active: the slots of the tracked contacts on the pad.
    ///   - toolFingerCount: the fingers the tool keys report, or nil for a pad without tool keys.
    ///   - isFinger: whether the active contact in a slot is a finger.
    init(active slots: SlotSet, toolFingerCount: Int?, isFinger: (Int) -> Bool) {
        var active = 0
        for slot in slots {
            active += 1
            guard isFinger(slot) else { continue }
            count += 1
            if first < 0 { first = slot } else if second < 0 { second = slot }
        }
        if let toolFingerCount, toolFingerCount > active {
            count += toolFingerCount - active
        }
    }

    private init() {}
}
