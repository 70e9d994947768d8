import Geometry
import InputEvents

/// What touches the surface, as the kernel reports it per contact (`ABS_MT_TOOL_TYPE`).
struct ContactTool: RawRepresentable, Hashable, Sendable {
    /// The kernel's numeric value.
    var rawValue: Int32

    /// A finger. The corresponding kernel constant is `MT_TOOL_FINGER`.
    static let finger = ContactTool(rawValue: 0)
    /// A pen. The corresponding kernel constant is `MT_TOOL_PEN`.
    static let pen = ContactTool(rawValue: 1)
    /// A palm the firmware recognised. The corresponding kernel constant is `MT_TOOL_PALM`.
    static let palm = ContactTool(rawValue: 2)
}

/// One contact on a touch surface, in device units and millimetres: what the device reported,
/// without any verdict about it (palms, gestures and taps keep their own state).
struct Contact: Hashable, Sendable {
    /// Whether the contact is on the surface.
    var isActive = false
    /// Whether it landed in the current frame.
    var isNew = false
    /// Whether it lifted in the current frame (then `isActive` is false).
    var didEnd = false
    /// The raw position in device units.
    var rawX: Int32 = 0
    var rawY: Int32 = 0
    /// The position in millimetres from the surface's top-left corner.
    var position = Vector.zero
    /// The position at the end of the previous frame.
    var previous = Vector.zero
    /// The position after hysteresis, in device units: it moves only when the raw position leaves
    /// a window of the axis's fuzz around it (libinput's touchpad hysteresis).
    var centerX: Int32 = 0
    var centerY: Int32 = 0
    /// Where and when it landed.
    var origin = Vector.zero
    var downTime = Timestamp.zero
    /// Pressure (`ABS_MT_PRESSURE`), when the device reports it.
    var pressure: Int32 = 0
    /// What the device says touches (`ABS_MT_TOOL_TYPE`).
    var tool = ContactTool.finger
    /// Whether the device reported a position for the contact since it landed. Some firmware
    /// gives a slot a tracking ID but never a position (a two-slot Cypress clickpad does so for a
    /// third finger), or the position a frame later: until one comes, the contact is a finger
    /// without a position, whose coordinates (the slot's previous contact's, or (0, 0)) must not
    /// be taken for a place on the surface. (The kernel drops a value equal to the slot's last, so
    /// a finger landing exactly where the slot's previous one lifted has no position until it
    /// moves.) Set every frame for the contacts on the surface.
    var hasPosition = true

    /// The movement since the previous frame, in millimetres.
    var delta: Vector { position - previous }
}

/// A set of contact slots, kept as a bitmask: going through it costs what is in it, not the
/// number of slots (a touchscreen has ten slots and usually one finger).
struct SlotSet: Hashable, Sendable, Sequence, IteratorProtocol {
    private var bits: UInt32 = 0

    /// The empty set.
    init() {}

    /// Whether the set holds `slot`.
    @inline(__always)
    func contains(_ slot: Int) -> Bool { bits & (1 << UInt32(slot)) != 0 }
    /// Adds a slot.
    @inline(__always)
    mutating func insert(_ slot: Int) { bits |= 1 << UInt32(slot) }
    /// Removes a slot.
    @inline(__always)
    mutating func remove(_ slot: Int) { bits &= ~(1 << UInt32(slot)) }
    /// The number of slots in the set.
    var count: Int { bits.nonzeroBitCount }
    /// Whether the set holds no slot.
    var isEmpty: Bool { bits == 0 }
    /// The slots in both sets.
    func intersection(_ other: SlotSet) -> SlotSet {
        var result = self
        result.bits &= other.bits
        return result
    }
    /// The slots in either set.
    func union(_ other: SlotSet) -> SlotSet {
        var result = self
        result.bits |= other.bits
        return result
    }

    /// The lowest slot, removed from the set (the set is its own iterator, in ascending order).
    mutating func next() -> Int? {
        guard bits != 0 else { return nil }
        let slot = bits.trailingZeroBitCount
        bits &= bits - 1
        return slot
    }
}

/// Position events of one slot that have arrived but are not yet written to its contact.
struct HeldPosition: Hashable, Sendable {
    /// The bit of `axes` for `x`.
    static let x: UInt8 = 1 << 0
    /// The bit of `axes` for `y`.
    static let y: UInt8 = 1 << 1
    /// The raw values.
    var x: Int32 = 0
    var y: Int32 = 0
    /// Which of `x` and `y` arrived.
    var axes: UInt8 = 0

    /// Sets the contact's raw position to the values that arrived.
    func write(to contact: inout Contact) {
        if axes & Self.x != 0 { contact.rawX = x }
        if axes & Self.y != 0 { contact.rawY = y }
    }
}

/// How a device reports its contacts.
enum ContactProtocol: Hashable, Sendable {
    /// Multitouch protocol B: slots with tracking IDs (`ABS_MT_SLOT`).
    case slots
    /// Multitouch protocol A: anonymous contacts, each ended by `SYN_MT_REPORT`.
    case anonymous
    /// One position (`ABS_X`/`ABS_Y`) and `BTN_TOUCH`.
    case singleTouch
}

/// Tracks the contacts of a touch surface from whole frames, for every protocol the kernel uses.
///
/// Storage is allocated once: a fixed number of slots, reused frame after frame.
struct TouchContacts {
    /// The most contacts tracked; further slots are ignored.
    static let maximumContacts = 10

    let contactProtocol: ContactProtocol
    /// The kernel codes compared against, per event.
    let codes = KernelCodes()
    let geometry: SurfaceGeometry
    private(set) var contacts: [Contact]
    /// The slots whose contact is on the surface.
    private(set) var active = SlotSet()
    /// The slots whose contact landed or lifted in the current frame.
    private(set) var changed = SlotSet()
    /// The slots with something to look at in the current frame: on the surface, or just lifted.
    var live: SlotSet { active.union(changed) }
    /// The slots whose contact the device has reported a position for since it landed (see
    /// `Contact.hasPosition`; `endFrame` adds the current frame's), and those with a position
    /// event in the current frame (a slot joins when its held position is written).
    private var positionedSlots = SlotSet()
    private var positionedInFrame = SlotSet()
    /// The slots whose contact, landed in an earlier frame, got its first position in this one:
    /// for the parts that follow positions, it lands now.
    private(set) var arrivedPositions = SlotSet()
    /// The slots with a pressure or tool type event in the current frame (multitouch protocol B;
    /// the other protocols report every contact's whole state each frame, see
    /// `restatedSlots`).
    private var reportedPressureOrTool = SlotSet()
    /// Whether a finger-count key or `BTN_TOUCH` changed in the current frame.
    private(set) var toolKeysChanged = false
    private var currentSlot = 0
    /// The number of slots (`contacts.count`, which never changes).
    private let slotCount: Int
    /// Multitouch protocol B: the current slot's position events not yet written to `contacts`.
    /// Writing a contact checks that the array is not shared; holding the values until the slot
    /// changes or the frame ends writes a moving finger once per frame instead of once per axis.
    private var held = HeldPosition()
    /// Protocol A: the contacts reported so far in this frame, and the one being described.
    private var anonymousCount = 0
    private var pending = Contact()
    private var pendingHasPosition = false
    /// Protocol A: the contacts reported in this frame, matched to slots at the end of the frame.
    private var reports: [Contact]
    private var reportSlots: [Int]
    private var slotClaimed: [Bool]
    /// The hysteresis margins, in device units (the axes' fuzz; 0 turns it off).
    private let marginX: Int32
    private let marginY: Int32
    /// Single touch and tool keys.
    private var singleX: Int32 = 0
    private var singleY: Int32 = 0
    private(set) var toolKeys: ToolKeys
    /// Whether the device reports each contact's pressure (`ABS_MT_PRESSURE`, or `ABS_PRESSURE`
    /// for one contact), by which a touch is told from a finger hovering or lifting.
    let reportsContactPressure: Bool
    /// The lowest and highest absolute axis the protocol reads: every other axis is dropped
    /// before the per-axis comparisons (a touchpad repeats its first contact on `ABS_X`,
    /// `ABS_Y` and `ABS_PRESSURE`, and reports widths, in most frames).
    private let lowestAxis: UInt16
    private let highestAxis: UInt16

    init(device: DeviceDescription, geometry: SurfaceGeometry) {
        self.geometry = geometry
        if device.supports(.multitouchSlot) {
            contactProtocol = .slots
        } else if device.supports(.multitouchPositionX) {
            contactProtocol = .anonymous
        } else {
            contactProtocol = .singleTouch
        }
        toolKeys = ToolKeys(device: device)
        reportsContactPressure =
            contactProtocol == .singleTouch
            ? device.supports(AbsoluteAxis.pressure) : device.supports(AbsoluteAxis.multitouchPressure)
        let slotCount: Int
        if contactProtocol == .slots, let info = device.absoluteAxes[.multitouchSlot] {
            slotCount = Int(max(0, min(Int32(Self.maximumContacts - 1), info.maximum))) + 1
        } else {
            slotCount = Self.maximumContacts
        }
        contacts = [Contact](repeating: Contact(), count: slotCount)
        self.slotCount = slotCount
        reports = [Contact](repeating: Contact(), count: Self.maximumContacts)
        reportSlots = [Int](repeating: -1, count: Self.maximumContacts)
        slotClaimed = [Bool](repeating: false, count: slotCount)
        let xInfo = device.absoluteAxes[.multitouchPositionX] ?? device.absoluteAxes[.x]
        let yInfo = device.absoluteAxes[.multitouchPositionY] ?? device.absoluteAxes[.y]
        marginX = max(0, xInfo?.fuzz ?? 0)
        marginY = max(0, yInfo?.fuzz ?? 0)
        let axes: [UInt16]
        switch contactProtocol {
        case .slots:
            axes = [codes.slot, codes.trackingID, codes.positionX, codes.positionY, codes.pressure, codes.toolType]
        case .anonymous:
            axes = [codes.positionX, codes.positionY, codes.pressure, codes.toolType]
        case .singleTouch:
            axes = [codes.absoluteX, codes.absoluteY]
        }
        lowestAxis = axes.min() ?? 0
        highestAxis = axes.max() ?? 0
    }

    /// The slots whose pressure or tool may differ from the previous frame's: with slots, those
    /// that landed, lifted or had a pressure or tool event; otherwise every contact on the
    /// surface or just lifted (their whole state is reported again every frame).
    var restatedSlots: SlotSet {
        contactProtocol == .slots ? changed.union(reportedPressureOrTool).intersection(live) : live
    }

    /// How many fingers the tool keys say are down, or nil when the device has no tool keys.
    var toolFingerCount: Int? { toolKeys.fingerCount }

    /// The number of contacts on the surface.
    var activeCount: Int { active.count }

    /// Prepares for a new frame: positions become previous positions, new/ended marks clear.
    /// (A slot without a contact keeps its stale values; nothing reads them, and a contact that
    /// lands there starts afresh.)
    mutating func beginFrame() {
        let live = live
        contacts.withUnsafeMutableBufferPointer { contacts in
            for index in live {
                contacts[index].previous = contacts[index].position
                contacts[index].isNew = false
                contacts[index].didEnd = false
            }
        }
        changed = SlotSet()
        positionedInFrame = SlotSet()
        arrivedPositions = SlotSet()
        reportedPressureOrTool = SlotSet()
        toolKeysChanged = false
        anonymousCount = 0
    }

    /// Handles `BTN_TOUCH` and the finger-count keys.
    mutating func handleKey(_ code: KeyCode, value: Int32) {
        toolKeys.handle(code, value: value, codes: codes)
        toolKeysChanged = true
    }

    /// Handles an absolute axis event; axes the protocol does not read cost a comparison, and a
    /// slot's position (most events) is held where the event is read.
    @inline(__always)
    mutating func handleAbsolute(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp) {
        guard axis.rawValue >= lowestAxis, axis.rawValue <= highestAxis else { return }
        if contactProtocol == .slots, axis.rawValue == codes.positionX || axis.rawValue == codes.positionY {
            return holdPosition(value, isX: axis.rawValue == codes.positionX)
        }
        handleContactAxis(axis, value: value, at: time)
    }

    /// Multitouch protocol B: a position event of the current slot, held until the slot changes
    /// or the frame ends (see `held`).
    @inline(__always)
    private mutating func holdPosition(_ value: Int32, isX: Bool) {
        guard currentSlot >= 0, currentSlot < slotCount else { return }
        if isX {
            held.x = value
            held.axes |= HeldPosition.x
        } else {
            held.y = value
            held.axes |= HeldPosition.y
        }
        // The slot joins `positionedInFrame` when its held values are written. (Updating the
        // sets here read them right after the frame's start cleared them, with loads that the
        // processor could not forward from those stores: a stall per position event.)
    }

    private mutating func handleContactAxis(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp) {
        switch contactProtocol {
        case .slots:
            switch axis.rawValue {
            // Positions first: the cases are compared in order, and most events are positions.
            case codes.positionX, codes.positionY:
                // Held where the event is read (`handleAbsolute`).
                holdPosition(value, isX: axis.rawValue == codes.positionX)
            case codes.slot:
                writeHeldPosition()
                currentSlot = Int(value)
            case codes.trackingID:
                guard contacts.indices.contains(currentSlot) else { return }
                if value < 0 {
                    if contacts[currentSlot].isActive {
                        contacts[currentSlot].isActive = false
                        contacts[currentSlot].didEnd = true
                        active.remove(currentSlot)
                        changed.insert(currentSlot)
                    }
                } else if !contacts[currentSlot].isActive {
                    // A position before the tracking ID in the same frame is the new contact's.
                    let isPositioned = positionedInFrame.contains(currentSlot) || held.axes != 0
                    if !isPositioned { positionedSlots.remove(currentSlot) }
                    contacts[currentSlot].isActive = true
                    contacts[currentSlot].isNew = true
                    contacts[currentSlot].downTime = time
                    contacts[currentSlot].tool = .finger
                    active.insert(currentSlot)
                    changed.insert(currentSlot)
                }
            case codes.pressure:
                guard contacts.indices.contains(currentSlot) else { return }
                contacts[currentSlot].pressure = value
                reportedPressureOrTool.insert(currentSlot)
            case codes.toolType:
                guard contacts.indices.contains(currentSlot) else { return }
                contacts[currentSlot].tool = ContactTool(rawValue: value)
                reportedPressureOrTool.insert(currentSlot)
            default:
                return
            }
        case .anonymous:
            switch axis.rawValue {
            case codes.positionX:
                pending.rawX = value
                pendingHasPosition = true
            case codes.positionY:
                pending.rawY = value
                pendingHasPosition = true
            case codes.pressure:
                pending.pressure = value
            case codes.toolType:
                pending.tool = ContactTool(rawValue: value)
            default:
                return
            }
        case .singleTouch:
            switch axis.rawValue {
            case codes.absoluteX: singleX = value
            case codes.absoluteY: singleY = value
            default: return
            }
        }
    }

    /// Protocol A: one contact has been described.
    mutating func handleContactReport() {
        guard contactProtocol == .anonymous, pendingHasPosition else { return }
        if anonymousCount < reports.count {
            reports[anonymousCount] = pending
            anonymousCount += 1
        }
        pendingHasPosition = false
    }

    /// Completes the frame: updates activity for protocols without tracking IDs and converts
    /// positions to millimetres.
    mutating func endFrame(at time: Timestamp) {
        switch contactProtocol {
        case .slots:
            break
        case .anonymous:
            matchReports(at: time)
        case .singleTouch:
            let active = toolKeys.isTouching || (toolFingerCount ?? 0) > 0
            contacts[0].rawX = singleX
            contacts[0].rawY = singleY
            setActive(0, active, at: time)
        }
        let (active, geometry, marginX, marginY) = (active, geometry, marginX, marginY)
        if held.axes != 0 { positionedInFrame.insert(currentSlot) }
        positionedSlots = positionedSlots.union(positionedInFrame)
        // Without slots every contact is reported with its position.
        let positioned = contactProtocol == .slots ? positionedSlots : active
        var arrived = SlotSet()
        defer { arrivedPositions = arrived }
        // The current slot's held positions are written here, with the rest of the frame's work
        // on the contacts (with slots; the other protocols hold none).
        let (held, heldSlot) = (held, currentSlot)
        self.held.axes = 0
        contacts.withUnsafeMutableBufferPointer { contacts in
            if held.axes != 0 { held.write(to: &contacts[heldSlot]) }
            for index in active {
                // A position that arrives after the landing starts the contact afresh, as a
                // landing does (without counting as one).
                let positionArrived = !contacts[index].hasPosition && positioned.contains(index)
                if positionArrived, !contacts[index].isNew { arrived.insert(index) }
                contacts[index].hasPosition = positioned.contains(index)
                if contacts[index].isNew || positionArrived {
                    contacts[index].centerX = contacts[index].rawX
                    contacts[index].centerY = contacts[index].rawY
                } else {
                    contacts[index].centerX = Self.hysteresis(
                        contacts[index].rawX, center: contacts[index].centerX, margin: marginX)
                    contacts[index].centerY = Self.hysteresis(
                        contacts[index].rawY, center: contacts[index].centerY, margin: marginY)
                }
                contacts[index].position = geometry.millimetres(
                    x: contacts[index].centerX, y: contacts[index].centerY)
                if contacts[index].isNew || positionArrived {
                    contacts[index].origin = contacts[index].position
                    contacts[index].previous = contacts[index].position
                }
            }
        }
    }

    /// Writes the held position events to the current slot's contact (with slots).
    private mutating func writeHeldPosition() {
        guard held.axes != 0 else { return }
        let (held, slot) = (held, currentSlot)
        contacts.withUnsafeMutableBufferPointer { held.write(to: &$0[slot]) }
        positionedInFrame.insert(slot)
        self.held.axes = 0
    }

    /// Keeps `center` while `value` stays within `margin` of it; otherwise follows `value` at
    /// `margin` behind, so that sensor jitter smaller than the axis's fuzz moves nothing.
    static func hysteresis(_ value: Int32, center: Int32, margin: Int32) -> Int32 {
        let difference = Int64(value) - Int64(center)
        if abs(difference) <= Int64(margin) { return center }
        return Int32(clamping: difference > 0 ? Int64(value) - Int64(margin) : Int64(value) + Int64(margin))
    }

    /// Protocol A: the kernel lists contacts without identity, in any order. Each reported contact
    /// is matched to the nearest contact of the previous frame (greedily, closest pair first);
    /// unmatched reports are new contacts, unmatched contacts have lifted.
    private mutating func matchReports(at time: Timestamp) {
        for slot in slotClaimed.indices { slotClaimed[slot] = false }
        for report in 0..<anonymousCount { reportSlots[report] = -1 }
        while true {
            var best: (report: Int, slot: Int, distance: UInt64)?
            for report in 0..<anonymousCount where reportSlots[report] < 0 {
                for slot in contacts.indices where contacts[slot].isActive && !slotClaimed[slot] {
                    let distance = Self.squaredDistance(reports[report], contacts[slot])
                    if best.map({ distance < $0.distance }) ?? true { best = (report, slot, distance) }
                }
            }
            guard let best else { break }
            reportSlots[best.report] = best.slot
            slotClaimed[best.slot] = true
        }
        for report in 0..<anonymousCount where reportSlots[report] < 0 {
            guard let slot = contacts.indices.first(where: { !contacts[$0].isActive && !slotClaimed[$0] }) else {
                break
            }
            reportSlots[report] = slot
            slotClaimed[slot] = true
        }
        for slot in contacts.indices where !slotClaimed[slot] {
            setActive(slot, false, at: time)
        }
        for report in 0..<anonymousCount {
            let slot = reportSlots[report]
            guard slot >= 0 else { continue }
            setActive(slot, true, at: time)
            contacts[slot].rawX = reports[report].rawX
            contacts[slot].rawY = reports[report].rawY
            contacts[slot].pressure = reports[report].pressure
            contacts[slot].tool = reports[report].tool
        }
    }

    /// The squared distance between two contacts' raw positions, saturating: the kernel does not
    /// clamp positions to the axis range, and two contacts at opposite ends of `Int32` are
    /// 2^33 units apart on each axis, whose squares add up beyond any 64-bit integer.
    static func squaredDistance(_ a: Contact, _ b: Contact) -> UInt64 {
        let dx = (Int64(a.rawX) - Int64(b.rawX)).magnitude
        let dy = (Int64(a.rawY) - Int64(b.rawY)).magnitude
        let (sum, overflow) = (dx * dx).addingReportingOverflow(dy * dy)
        return overflow ? .max : sum
    }

    private mutating func setActive(_ index: Int, _ active: Bool, at time: Timestamp) {
        if active, !contacts[index].isActive {
            contacts[index].isActive = true
            contacts[index].isNew = true
            contacts[index].downTime = time
            self.active.insert(index)
            changed.insert(index)
        } else if !active, contacts[index].isActive {
            contacts[index].isActive = false
            contacts[index].didEnd = true
            self.active.remove(index)
            changed.insert(index)
        }
    }

    /// Ends every contact (the device went away).
    mutating func reset() {
        for index in contacts.indices {
            contacts[index] = Contact()
        }
        active = SlotSet()
        changed = SlotSet()
        positionedSlots = SlotSet()
        positionedInFrame = SlotSet()
        reportedPressureOrTool = SlotSet()
        held = HeldPosition()
        toolKeys.reset()
        toolKeysChanged = true
        anonymousCount = 0
        pendingHasPosition = false
    }
}
