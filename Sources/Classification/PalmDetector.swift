import DeviceProfiles
import InputEvents

/// Decides, contact by contact, which touches on a touchpad are palms to be ignored.
///
/// Each contact has its own verdict, reached in this order every frame:
///
/// ```
/// finger      --tool is MT_TOOL_PALM / pressure above the threshold--> palm
/// finger      --landed in an edge zone---------------------------------> edgeCandidate
/// edgeCandidate --left the zone inward within the escape timeout-------> finger
/// edgeCandidate --still in the zone after the escape timeout-----------> palm
/// palm        --(until the contact lifts)-------------------------------> palm
/// finger      --a resting thumb (TouchpadGestureRecognition says so)-----> thumb
/// thumb       --(until the contact lifts)-------------------------------> thumb
/// ```
///
/// On a timeline, with `L` the landing in an edge zone and `|` the escape timeout (200 ms):
///
/// ```
/// L--moved inward--|      a finger from the frame it leaves the zone
/// L----------------|--    a palm for the rest of the touch
/// ```
///
/// Only the pressure and tool rules judge a contact whose position never came (see
/// `Contact.hasPosition`): its unset position would lie in the left edge zone.
///
/// A contact that lands gets a fresh verdict; a lifted contact keeps its last one until its slot
/// is reused, so that whoever judges lifts (taps) can still tell a palm.
struct PalmDetector {
    /// One contact's verdict.
    enum Verdict: Hashable, Sendable {
        /// A finger.
        case finger
        /// Landed in an edge zone: a palm unless it leaves the zone inward before the escape
        /// timeout.
        case edgeCandidate
        /// A palm for the rest of the touch.
        case palm
        /// A thumb that rested while other fingers moved, ignored for the rest of the touch as a
        /// palm is.
        case thumb
    }

    /// A contact whose pressure is above this is a palm; nil when the device reports no pressure,
    /// or its range cannot exceed the threshold.
    private let pressureThreshold: Int32?
    /// The width of the left and right edge zones in millimetres, or nil when the pad has none.
    private let edgeZoneWidth: Double?
    private let padWidth: Double
    /// The escape timeout in microseconds (rounded down: a touch older than this has not escaped).
    private let escapeTimeout: Int64
    private var verdicts: [Verdict]
    /// The slots whose verdict is `edgeCandidate`: the only verdict that changes with time and
    /// position alone, so the only one judged again in a frame that reports nothing new about
    /// its contact.
    private var edgeCandidates = SlotSet()
    /// Whether a verdict changed in the last `update` (a contact's landing included): when none
    /// did, the same contacts are fingers as in the frame before.
    private(set) var changedVerdicts = false

    init(
        device: DeviceDescription, profile: DeviceProfile, size: PhysicalSize, slotCount: Int,
        thresholds: ClassificationThresholds
    ) {
        if let info = device.absoluteAxes[.multitouchPressure] {
            let threshold = profile.palmPressureThreshold ?? thresholds.palmPressureThreshold
            pressureThreshold = threshold < info.maximum ? threshold : nil
        } else {
            pressureThreshold = nil
        }
        if profile.usesEdgePalmZones ?? true, size.width >= thresholds.palmEdgeMinimumPadWidth {
            edgeZoneWidth = min(thresholds.palmEdgeZoneWidth, size.width * thresholds.palmEdgeZoneFraction)
        } else {
            edgeZoneWidth = nil
        }
        padWidth = size.width
        escapeTimeout = thresholds.palmEdgeEscapeTimeout.flooredMicroseconds
        verdicts = [Verdict](repeating: .finger, count: slotCount)
    }

    /// Whether the contact in `slot` is a palm (or still an edge candidate, which counts as one).
    func isPalm(_ slot: Int) -> Bool { verdicts[slot] != .finger }

    /// The contact in `slot` is a thumb resting while other fingers move: it is ignored, as a
    /// palm, until it lifts.
    mutating func ignoreThumb(in slot: Int) {
        setVerdict(.thumb, in: slot)
    }

    /// Changes one verdict, keeping `edgeCandidates` in step.
    private mutating func setVerdict(_ verdict: Verdict, in slot: Int) {
        verdicts[slot] = verdict
        if verdict == .edgeCandidate { edgeCandidates.insert(slot) } else { edgeCandidates.remove(slot) }
    }

    /// Judges every active contact of the frame that just ended (see
    /// `update(_:restated:live:at:)`, to which every live slot is restated).
    @discardableResult
    mutating func update(_ contacts: [Contact], live: SlotSet, at time: Timestamp) -> Bool {
        update(contacts, restated: live, live: live, at: time)
    }

    /// Judges the active contacts of the frame that just ended whose verdict may change: those
    /// whose pressure or tool may have (a finger or palm verdict changes only by them) and the
    /// edge candidates. A frame in which the same fingers only moved judges nothing.
    ///
    /// - Parameters:
    ///   - contacts: the contacts, by slot.
    ///   - restated: the slots that landed, lifted, or whose pressure or tool was reported in
    ///     this frame (`TouchContacts.restatedSlots`).
    ///   - live: the slots that are active or changed in this frame (the others are left alone).
    ///   - time: the frame's time.
    /// - Returns: whether a contact that was a finger before this frame became a palm in it (its
    ///   tool or pressure said so while it was down): it stops counting without having lifted.
    ///
    /// Inlined: in most frames it only finds that there is nothing to judge.
    @discardableResult
    @inline(__always)
    mutating func update(_ contacts: [Contact], restated: SlotSet, live: SlotSet, at time: Timestamp) -> Bool {
        changedVerdicts = false
        let judged = restated.union(edgeCandidates.intersection(live))
        guard !judged.isEmpty else { return false }
        return judge(judged, of: contacts, at: time)
    }

    /// Judges the contacts in `judged` (see `update(_:restated:live:at:)`).
    private mutating func judge(_ judged: SlotSet, of contacts: [Contact], at time: Timestamp) -> Bool {
        var fingerBecamePalm = false
        for slot in judged {
            let contact = contacts[slot]
            // A contact that landed starts as a finger, even one that lifted again in the frame.
            let before = contact.isNew ? .finger : verdicts[slot]
            let after = contact.isActive ? next(after: before, for: contact, at: time) : before
            // Most frames change no verdict: writing only changes spares the array's check that
            // it is not shared.
            if after != verdicts[slot] {
                setVerdict(after, in: slot)
                changedVerdicts = true
            }
            if contact.isActive, !contact.isNew, before == .finger, after == .palm { fingerBecamePalm = true }
        }
        return fingerBecamePalm
    }

    private func next(after verdict: Verdict, for contact: Contact, at time: Timestamp) -> Verdict {
        if contact.tool == .palm { return .palm }
        if let pressureThreshold, contact.pressure > pressureThreshold { return .palm }
        // The edge zones judge positions the device reported, never a slot's unset (0, 0).
        guard let edgeZoneWidth, contact.hasPosition else { return verdict }
        let inZone = contact.position.x < edgeZoneWidth || contact.position.x > padWidth - edgeZoneWidth
        if contact.isNew { return inZone ? .edgeCandidate : verdict }
        switch verdict {
        case .finger, .palm, .thumb:
            return verdict
        case .edgeCandidate:
            if time.microseconds(since: contact.downTime) > escapeTimeout { return .palm }
            return inZone ? .edgeCandidate : .finger
        }
    }

    /// Forgets every verdict (the device went away).
    mutating func reset() {
        for slot in verdicts.indices { verdicts[slot] = .finger }
        edgeCandidates = SlotSet()
    }
}
