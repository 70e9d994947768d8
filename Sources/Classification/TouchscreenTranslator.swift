import EventModel
import Geometry
import InputEvents

/// Classifies a touchscreen: every contact's position, taps, long press, drag after the
/// long-press (lift) delay, and pinch, swipe and hold with two or more touches.
///
/// - Every contact's `touch` events carry its slot as `contact`, from its landing (`down`) to
///   its lift (`up`), so that simultaneous touches are told apart.
/// - The *primary* contact is the first to land on an empty screen: the single-touch press
///   follows it. Other contacts count toward a tap's fingers.
/// - A **tap** is judged by `TouchSequence`: every contact lifts before the long-press duration
///   and none moved further than a resting touch may (3 mm, above a noisy panel's wobble).
/// - A **long press** and a **drag** follow `PressGesture` in touch mode: a contact that moves
///   before the delay is a pan, which is the interaction layer's to recognise from positions; a
///   second contact before the delay stops the long press.
/// - **Pinch, swipe and hold** follow `TouchscreenGesture`; when one begins, the single-touch
///   press is cancelled (a begun long press or drag ends as `cancelled`).
/// - A contact is a **touch from its first position**: firmware may send a tracking ID a frame
///   before the position (or never one); until then it is reported nowhere and counts for
///   nothing, and when the position comes it lands.
/// - A **palm** (a contact whose tool the firmware reports as a palm when it lands) is no touch
///   until it lifts: it has no positions and counts for no press, tap or gesture, as libinput
///   ignores palm touches on touchscreens and UIKit and Android cancel them. A touch that the
///   firmware calls a palm only later is cancelled then: its lift is reported, the press it
///   drives is cancelled (a begun long press or drag ends as `cancelled`), the touch sequence
///   taps no more, and the gestures go on with the touches left.
struct TouchscreenTranslator: PointingPart {
    private var contacts: TouchContacts
    private let pointsPerMillimetre: Double
    private var press: PressGesture
    private var sequence: TouchSequence
    private var gestures: TouchscreenGesture
    /// The slot of the primary contact, or nil.
    private var primary: Int?
    /// Where the last primary contact landed, as a fraction of the screen: a tap's position.
    private var tapPosition = Vector.zero
    /// The contacts reported down and not yet up: a slot can end one contact and start the next
    /// within a frame, and each lift reported must follow its own landing.
    private var reportedDown = SlotSet()
    /// The slots whose contact landed as a palm.
    private var palms = SlotSet()
    /// The decisions recorded while explaining.
    var log = DecisionLog()

    init(device: DeviceDescription, thresholds: ClassificationThresholds) {
        // Without a resolution, one device unit is one point (see
        // `ClassificationThresholds.touchscreenPointsPerMillimetre`): a size of one unit per
        // millimetre makes millimetres and units the same.
        let geometry = SurfaceGeometry(device: device, fallbackSize: PhysicalSize(width: 0, height: 0))
        let unitGeometry: SurfaceGeometry
        if geometry.hasResolution {
            unitGeometry = geometry
            pointsPerMillimetre = thresholds.touchscreenPointsPerMillimetre
        } else {
            let xInfo = device.absoluteAxes[.multitouchPositionX] ?? device.absoluteAxes[.x]
            let yInfo = device.absoluteAxes[.multitouchPositionY] ?? device.absoluteAxes[.y]
            let width = Double(xInfo?.maximum ?? 1) - Double(xInfo?.minimum ?? 0)
            let height = Double(yInfo?.maximum ?? 1) - Double(yInfo?.minimum ?? 0)
            unitGeometry = SurfaceGeometry(device: device, fallbackSize: PhysicalSize(width: width, height: height))
            pointsPerMillimetre = 1
        }
        contacts = TouchContacts(device: device, geometry: unitGeometry)
        press = PressGesture(mode: .touch, thresholds: thresholds)
        sequence = TouchSequence(thresholds: thresholds)
        gestures = TouchscreenGesture(
            slotCount: contacts.contacts.count, size: unitGeometry.size, pointsPerUnit: pointsPerMillimetre,
            thresholds: thresholds)
    }

    /// When the long press or a hold begins if the touches stay still (updated after every
    /// input).
    private(set) var nextDeadline: Timestamp?

    /// The parts' state names, for transition traces.
    func appendStateNames(to names: inout [(String, String)]) {
        names.append(("touch press", press.stateName))
        names.append(("touch sequence", sequence.stateName))
        names.append(("touch gestures", gestures.stateName))
    }

    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        press.advance(to: time, into: &output)
        if let (hold, deadline) = gestures.advance(to: time) {
            press.cancel(at: deadline, into: &output)
            output.append(ClassifiedInput(time: deadline, event: .gesture(hold)))
        }
        updateNextDeadline()
    }

    private mutating func updateNextDeadline() {
        nextDeadline = .earliest(gestures.nextDeadline, press.nextDeadline)
    }

    /// A frame starts: positions become previous positions.
    mutating func beginFrame() {
        contacts.beginFrame()
    }

    /// Follows `BTN_TOUCH` and the tool keys.
    mutating func handleButton(_ code: KeyCode, value: Int32, at time: Timestamp, into output: inout [ClassifiedInput])
    {
        contacts.handleKey(code, value: value)
    }

    mutating func handleRelative(_ axis: RelativeAxis, value: Int32) {}

    /// Inlined into the frame loop: most of a touch surface's events are absolute axes.
    @inline(__always)
    mutating func handleAbsolute(_ axis: AbsoluteAxis, value: Int32, at time: Timestamp) {
        contacts.handleAbsolute(axis, value: value, at: time)
    }

    mutating func handleContactReport() {
        contacts.handleContactReport()
    }

    /// Where a contact is, as a fraction of the screen. (`mutating` although it changes nothing:
    /// called from a mutating method, a non-mutating one gets a copy of the whole translator.)
    private mutating func fraction(of contact: Contact) -> Vector {
        contacts.geometry.fraction(x: contact.rawX, y: contact.rawY)
    }

    mutating func finishFrame(at time: Timestamp, into output: inout [ClassifiedInput]) {
        defer { updateNextDeadline() }
        contacts.endFrame(at: time)
        // Palms land and lift unseen: only touches change the count.
        var countChanged = false
        for index in contacts.changed {
            let contact = contacts.contacts[index]
            if contact.didEnd, !palms.contains(index) { countChanged = true }
            if contact.isNew, contact.tool == .palm {
                palms.insert(index)
            } else {
                palms.remove(index)
                if contact.isNew { countChanged = true }
            }
        }
        // A touch the firmware calls a palm while it is down is cancelled.
        for index in contacts.active where !palms.contains(index) {
            let contact = contacts.contacts[index]
            guard !contact.isNew, contact.tool == .palm else { continue }
            palms.insert(index)
            countChanged = true
            sequence.cancel()
            if index == primary {
                press.cancel(at: time, into: &output)
                primary = nil
            }
            if reportedDown.contains(index) {
                reportedDown.remove(index)
                output.append(
                    ClassifiedInput(
                        time: time,
                        event: .touch(.up, position: fraction(of: contact), contact: index)))
            }
        }
        var touches = contacts.active
        for index in palms { touches.remove(index) }
        // A touch is on the screen from its first position: firmware may send it a frame after
        // the tracking ID (or never).
        for index in contacts.active where !contacts.contacts[index].hasPosition { touches.remove(index) }
        if contacts.arrivedPositions.count > 0 { countChanged = true }
        let active = touches.count
        // Gestures first: one that begins stops the single-touch press before this frame's
        // movement could turn it into a drag.
        if countChanged || !gestures.isIdle,
            let began = gestures.frame(
                contacts: contacts.contacts, active: touches, countChanged: countChanged, at: time, into: &output)
        {
            press.cancel(at: time, into: &output)
            output.append(ClassifiedInput(time: time, event: .gesture(began)))
        }
        for index in contacts.live {
            let contact = contacts.contacts[index]
            // A contact down before this frame that lifted, whether or not its slot already holds
            // the next one: its lift comes before that one lands.
            if contact.didEnd, reportedDown.contains(index) {
                reportLift(of: contact, in: index, at: time, into: &output)
            }
            guard !palms.contains(index) else { continue }
            if contact.isNew && contact.hasPosition || contacts.arrivedPositions.contains(index) {
                reportedDown.insert(index)
                let position = fraction(of: contact)
                output.append(
                    ClassifiedInput(
                        time: time, event: .touch(.down, position: position, contact: index)))
                let landedBefore = sequence.contactLanded(at: time)
                if primary == nil, active == 1 || landedBefore == 0 {
                    primary = index
                    tapPosition = position
                    press.position = tapPosition
                    press.press(at: time)
                } else {
                    press.interrupt()
                }
            } else if contact.isActive, contact.hasPosition {
                sequence.contact(movedBy: (contact.position - contact.origin).length * pointsPerMillimetre)
                guard contact.delta != .zero else { continue }
                let position = fraction(of: contact)
                output.append(
                    ClassifiedInput(
                        time: time, event: .touch(.move, position: position, contact: index)))
                if index == primary {
                    press.position = position
                    if press.followsMovement {
                        press.move(by: contact.delta * pointsPerMillimetre, at: time, into: &output)
                    }
                }
            }
            // A contact that landed and lifted within this frame: its landing was just reported,
            // so its lift is too.
            if contact.didEnd, !contact.isActive, reportedDown.contains(index) {
                reportLift(of: contact, in: index, at: time, into: &output)
            }
        }
        guard active == 0, sequence.isTouching else { return }
        if primary != nil {
            press.release(at: time, into: &output)
            primary = nil
        }
        switch sequence.lastContactLifted(at: time) {
        case .tapped(let fingers)?:
            output.append(
                ClassifiedInput(time: time, event: .tap(fingers: fingers, touchType: .direct, position: tapPosition))
            )
        case .moved(let points)?:
            log.record(.touchscreenMovedTooFar(points: points, limit: sequence.allowableMovementPoints), at: time)
        case .heldTooLong(let milliseconds)?:
            log.record(
                .touchscreenHeldTooLong(milliseconds: milliseconds, limit: sequence.maximumMilliseconds), at: time)
        case .cancelledByPalm?:
            log.record(.touchscreenTouchBecamePalm, at: time)
        case nil:
            break
        }
    }

    /// Reports a contact's lift and releases the press if it was the primary contact.
    private mutating func reportLift(
        of contact: Contact, in index: Int, at time: Timestamp, into output: inout [ClassifiedInput]
    ) {
        reportedDown.remove(index)
        let position = fraction(of: contact)
        output.append(
            ClassifiedInput(time: time, event: .touch(.up, position: position, contact: index)))
        if index == primary {
            press.position = position
            press.release(at: time, into: &output)
            primary = nil
        }
    }

    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        gestures.reset(at: time, into: &output)
        press.cancel(at: time, into: &output)
        for index in reportedDown {
            let position = fraction(of: contacts.contacts[index])
            output.append(
                ClassifiedInput(
                    time: time, event: .touch(.up, position: position, contact: index)))
        }
        reportedDown = SlotSet()
        palms = SlotSet()
        primary = nil
        sequence.reset()
        contacts.reset()
        updateNextDeadline()
    }
}
