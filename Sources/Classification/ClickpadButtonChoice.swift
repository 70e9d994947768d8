import DeviceProfiles
import EventModel
import Geometry
import InputEvents

/// Decides which logical button a clickpad press is: by the area the fingers rest in (software
/// button areas) or by how many fingers are down (clickfinger). It holds no state: the decision
/// is taken once, at the press, from the frame's contacts.
///
/// Button areas: the bottom strip, min(10 mm, 15 %) of the pad's height, is split into a primary
/// area (left of 37.5 %), a middle area and a secondary area (right of 62.5 %); a press with a
/// contact in the secondary area is secondary, else one in the middle area is middle, else it is
/// primary. Clickfinger: one finger is primary, two secondary, three or more middle; two fingers
/// further apart than 40×30 mm, or a finger and a thumb resting in the bottom 20 mm of a tall pad,
/// count as one.
struct ClickpadButtonChoice {
    /// How presses are decided.
    var method: ClickMethod
    private let size: PhysicalSize
    /// The height of the bottom strip of software buttons, in millimetres.
    private let stripHeight: Double
    private let secondaryAreaStart: Double
    private let middleAreaStart: Double
    private let maximumSpreadX: Double
    private let maximumSpreadY: Double
    private let thumbSpreadY: Double
    private let thumbPadHeight: Double
    private let thumbZoneHeight: Double

    init(method: ClickMethod, size: PhysicalSize, thresholds: ClassificationThresholds) {
        self.method = method
        self.size = size
        stripHeight = min(thresholds.buttonAreaHeight, size.height * thresholds.buttonAreaHeightFraction)
        secondaryAreaStart = thresholds.secondaryAreaStart
        middleAreaStart = thresholds.middleAreaStart
        maximumSpreadX = thresholds.clickfingerMaximumSpreadX
        maximumSpreadY = thresholds.clickfingerMaximumSpreadY
        thumbSpreadY = thresholds.clickfingerThumbSpreadY
        thumbPadHeight = thresholds.clickfingerThumbPadHeight
        thumbZoneHeight = thresholds.clickfingerThumbZoneHeight
    }

    /// Whether a contact rests in the bottom strip of software buttons (only with button areas).
    ///
    /// The finger holding a clickpad's button down there is a thumb: a person presses with it and
    /// drags with another finger, so it counts for neither the finger count nor motion while a
    /// button is held (libinput likewise keeps button-area fingers out of gestures).
    func isInButtonStrip(_ contact: Contact) -> Bool {
        method == .buttonAreas && contact.position.y >= size.height - stripHeight
    }

    /// The logical button of a press.
    ///
    /// - Parameters:
    ///   - contacts: the frame's contacts.
    ///   - fingers: the fingers counted before the press.
    ///   - mapping: the person's handedness.
    func decision(
        contacts: [Contact], fingers: TouchpadFingers, mapping: ButtonMapping
    ) -> TouchpadButtons.Decision {
        switch method {
        case .buttonAreas:
            var button = mapping.primary
            for contact in contacts where contact.isActive && contact.tool != .palm && contact.hasPosition {
                guard contact.position.y >= size.height - stripHeight else { continue }
                let fraction = contact.position.x / size.width
                if fraction > secondaryAreaStart {
                    button = mapping.secondary
                } else if fraction >= middleAreaStart, button == mapping.primary {
                    button = .middle
                }
            }
            return TouchpadButtons.Decision(button: button, trigger: .buttonArea)
        case .fingers:
            var count = fingers.count
            if count == 2, fingers.second >= 0,
                isFingerAndThumb(contacts[fingers.first].position, contacts[fingers.second].position)
            {
                count = 1
            }
            let button: PointerButton =
                switch count {
                case 2: mapping.secondary
                case 3...: .middle
                default: mapping.primary
                }
            return TouchpadButtons.Decision(button: button, trigger: .fingers)
        }
    }

    /// Whether two fingers are too far apart to be two fingers pressing together: one of them is
    /// a resting thumb.
    private func isFingerAndThumb(_ first: Vector, _ second: Vector) -> Bool {
        let spreadY = abs(first.y - second.y)
        let thumbZone = size.height - thumbZoneHeight
        let oneInThumbZone = (first.y >= thumbZone) != (second.y >= thumbZone)
        return abs(first.x - second.x) > maximumSpreadX
            || spreadY > maximumSpreadY
            || (spreadY > thumbSpreadY && size.height >= thumbPadHeight && oneInThumbZone)
    }
}
