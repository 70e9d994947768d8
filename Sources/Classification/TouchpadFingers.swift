/// How many fingers are on a touchpad, which tracked contacts they are, and how many the pad
/// counts without tracking them.
///
/// The count is not the number of tracked contacts. Palms and a thumb holding a clickpad's button
/// do not count, and the kernel's tool keys (`BTN_TOOL_DOUBLETAP` … `BTN_TOOL_QUINTTAP`) say how
/// many fingers touch, which can differ from the contacts tracked in either direction:
///
/// - **More fingers than tracked contacts** (single-touch pads, semi-multitouch pads, pads with
///   two slots that count up to four or five fingers): the fingers beyond the tracked contacts
///   exist without a position. They count for taps, clickfinger, scrolling and gestures. Such a
///   finger is judged as the topmost tracked contact is (a palm when it is one), because the
///   extra fingers of a pad that cannot track them are reported where that contact is: libinput
///   places its "fake touches" there and copies its pressure.
/// - **Contacts without a position**: a slot with a tracking ID whose position never came (see
///   `Contact.hasPosition`) is a finger the pad counts but does not place: it counts as an
///   untracked finger, never as the topmost contact or a palm by where its unset position lies.
/// - **Fewer fingers than tracked contacts**: some firmware keeps a slot open for a moment after
///   its finger lifted. Where the pad reports each contact's pressure, the contacts are trusted
///   and the lower count is ignored (pressure says which contacts touch, as it does for libinput);
///   otherwise the tool keys are the better witness and the contacts in the highest slots count as
///   lifted until the tracked ones match the keys, which is libinput's rule for pads that detect
///   touches by their keys alone.
///
/// ```
/// two slots, tool keys say 3:  slot 0 ●  slot 1 ●  + 1 untracked        count 3, tracked {0, 1}
/// no pressure, keys say 1:     slot 0 ●  slot 1 ○ (taken as lifted)     count 1, tracked {0}
/// ```
struct TouchpadFingers: Hashable, Sendable {
    /// The fingers on the pad: the tracked contacts that are fingers, plus the untracked ones.
    var count = 0
    /// The slot of the first tracked finger, or -1.
    var first = -1
    /// The slot of the second tracked finger, or -1.
    var second = -1
    /// The slots of the tracked contacts that are fingers: the fingers with a position.
    var tracked = SlotSet()
    /// The fingers the tool keys report beyond the tracked contacts (without a position).
    var untracked = 0

    /// No finger.
    static let none = TouchpadFingers()

    /// Counts the fingers among `contacts`.
    ///
    /// - Parameters:
    ///   - contacts: the contacts, by slot.
    ///   - slots: the slots of the tracked contacts on the pad.
    ///   - toolFingerCount: the fingers the tool keys report, or nil for a pad without tool keys.
    ///   - keysOverruleContacts: whether a tool count lower than the tracked contacts makes the
    ///     contacts in the highest slots count as lifted (pads without contact pressure).
    ///   - isFinger: whether the active contact in a slot is a finger.
    init(
        contacts: [Contact], active slots: SlotSet, toolFingerCount: Int?, keysOverruleContacts: Bool,
        isFinger: (Int) -> Bool
    ) {
        var touching = slots.count
        if keysOverruleContacts, let toolFingerCount, toolFingerCount < touching {
            touching = max(0, toolFingerCount)
        }
        var visited = 0
        var topmost = -1
        for slot in slots {
            // The slots iterate in ascending order: those past `touching` are the highest ones.
            guard visited < touching else { break }
            visited += 1
            guard contacts[slot].hasPosition else {
                // A finger whose position never came counts as an untracked one.
                if isFinger(slot) {
                    count += 1
                    untracked += 1
                }
                continue
            }
            if topmost < 0 || contacts[slot].position.y < contacts[topmost].position.y { topmost = slot }
            guard isFinger(slot) else { continue }
            count += 1
            tracked.insert(slot)
            if first < 0 { first = slot } else if second < 0 { second = slot }
        }
        if let toolFingerCount, toolFingerCount > touching, topmost < 0 || isFinger(topmost) {
            untracked += toolFingerCount - touching
            count += toolFingerCount - touching
        }
    }

    private init() {}
}
