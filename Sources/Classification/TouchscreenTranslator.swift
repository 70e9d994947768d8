import EventModel
import Geometry
import InputEvents

/// Classifies a touchscreen: the position of the first contact, taps, long press, and drag
/// after the long-press (lift) delay.
///
/// - The *primary* contact is the first to land on an empty screen; `position` events follow it
///   (`isDown` false when it lifts). Other contacts count toward a tap's fingers.
/// - A **tap** is judged by `TouchSequence`: every contact lifts before the long-press duration
///   and none moved more than the allowable movement (10 pt).
/// - A **long press** and a **drag** follow `PressGesture` in touch mode: a contact that moves
///   before the delay is a pan, which is the interaction layer's to recognise from positions; a
///   second contact before the delay stops the long press.
struct TouchscreenTranslator: PointingPart {
    private var contacts: TouchContacts
    private let pointsPerMillimetre: Double
    private var press: PressGesture
    private var sequence: TouchSequence
    /// The slot of the primary contact, or nil.
    private var primary: Int?
    /// Where the last primary contact landed, as a fraction of the screen: a tap's position.
    private var tapPosition = Vector.zero
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
    }

    /// When the long press begins if the contact stays still (updated after every input).
    private(set) var nextDeadline: Timestamp?

    /// The parts' state names, for transition traces.
    func appendStateNames(to names: inout [(String, String)]) {
        names.append(("touch press", press.stateName))
        names.append(("touch sequence", sequence.stateName))
    }

    mutating func advance(to time: Timestamp, into output: inout [ClassifiedInput]) {
        press.advance(to: time, into: &output)
        nextDeadline = press.nextDeadline
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
        defer { nextDeadline = press.nextDeadline }
        contacts.endFrame(at: time)
        let active = contacts.activeCount
        for index in contacts.live {
            let contact = contacts.contacts[index]
            if contact.isNew {
                let landedBefore = sequence.contactLanded(at: time)
                if primary == nil, active == 1 || landedBefore == 0 {
                    primary = index
                    tapPosition = fraction(of: contact)
                    press.position = tapPosition
                    press.press(at: time)
                    output.append(
                        ClassifiedInput(
                            time: time, event: .position(tapPosition, touchType: .direct, isDown: true, contact: index))
                    )
                } else {
                    press.interrupt()
                }
            } else if contact.isActive {
                sequence.contact(movedBy: (contact.position - contact.origin).length * pointsPerMillimetre)
                if index == primary, contact.delta != .zero {
                    let position = fraction(of: contact)
                    press.position = position
                    output.append(
                        ClassifiedInput(
                            time: time, event: .position(position, touchType: .direct, isDown: true, contact: index)))
                    press.move(by: contact.delta * pointsPerMillimetre, at: time, into: &output)
                }
            }
            // Also for a contact that landed and lifted within this frame: its down position
            // was just reported, so its lift is too.
            if contact.didEnd, index == primary {
                let position = fraction(of: contact)
                press.position = position
                output.append(
                    ClassifiedInput(
                        time: time, event: .position(position, touchType: .direct, isDown: false, contact: index)))
                press.release(at: time, into: &output)
                primary = nil
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
        case nil:
            break
        }
    }

    mutating func removeDevice(at time: Timestamp, into output: inout [ClassifiedInput]) {
        press.cancel(at: time, into: &output)
        if let primary {
            let position = fraction(of: contacts.contacts[primary])
            output.append(
                ClassifiedInput(
                    time: time, event: .position(position, touchType: .direct, isDown: false, contact: primary)))
        }
        primary = nil
        sequence.reset()
        contacts.reset()
        nextDeadline = press.nextDeadline
    }
}
