public import EventModel
public import InputEvents

/// One decision of the classifier's state machines, explained: why a touch did not tap, why two
/// fingers did not scroll, why a tap was ignored. A translator records them only while it
/// explains itself (``DeviceTranslator/isExplaining``); `wayfinder … --why` prints them.
///
/// The machines that decide also record the numbers they decided on, so an explanation is never
/// a second judgement of the input:
///
/// ```swift
/// translator.isExplaining = true
/// translator.process(frame, at: frame.time, into: &output)
/// var decisions: [ClassificationDecision] = []
/// translator.takeDecisions(into: &decisions)
/// for decision in decisions { print("why: \(decision)") }  // why: 1-finger touch did not tap: moved 4.4 mm, more than 1.3 mm
/// ```
public struct ClassificationDecision: Hashable, Sendable, CustomStringConvertible {
    /// When the decision was taken.
    public var time: Timestamp
    /// What was decided, with the numbers it was decided on.
    public var reason: Reason

    /// Creates a decision.
    public init(time: Timestamp, reason: Reason) {
        self.time = time
        self.reason = reason
    }

    /// What was decided. Distances are millimetres on a touchpad, points on a touchscreen;
    /// durations are milliseconds.
    public enum Reason: Hashable, Sendable {
        /// A touch sequence on a touchpad did not tap: a finger lifted further than the limit
        /// from where it landed.
        case touchMovedTooFar(fingers: Int, millimetres: Double, limit: Double)
        /// A touch sequence on a touchpad did not tap: it lasted longer than the tap timeout.
        /// `judgedOnTimeAlone` when the pad is semi-multitouch and the touch had two fingers or
        /// more, whose positions are a bounding box rather than fingers.
        case touchHeldTooLong(fingers: Int, milliseconds: Int64, limit: Int64, judgedOnTimeAlone: Bool)
        /// A touch sequence on a touchpad did not tap: a physical button was pressed during it.
        case touchPressedButton(fingers: Int)
        /// A touch sequence on a touchpad did not tap: more fingers than the limit were down at
        /// once (a hand resting, not a tap).
        case touchHadTooManyFingers(fingers: Int, limit: Int)
        /// A touch sequence on a touchpad did not tap: a finger became a palm while down (the
        /// firmware's `MT_TOOL_PALM`, or a pressure above the palm threshold).
        case touchBecamePalm(fingers: Int)
        /// A finger resting at the bottom of a clickpad while another moved is a thumb, ignored
        /// until it lifts.
        case restingThumbIgnored
        /// A tap did not click because tapping is off.
        case tappingOff(fingers: Int)
        /// A tap was ignored because a paired keyboard was typed on `sinceKey` milliseconds
        /// before.
        case tapIgnoredWhileTyping(fingers: Int, sinceKey: Int64)
        /// A touch that landed while a paired keyboard was typed on is ignored until it lifts
        /// (or typing stops and it landed after the last key).
        case touchIgnoredWhileTyping(sinceKey: Int64)
        /// A touch that landed while a paired pointing stick moved the pointer is ignored until it
        /// lifts (or the stick rests and it landed after the stick's last event).
        case touchIgnoredWhileTrackpointing(sinceEvent: Int64)
        /// Two fingers lifted, or changed, before they scrolled: neither travelled far enough.
        case scrollNotStarted(millimetres: Double, limit: Double)
        /// Two fingers did not scroll: they moved in directions further apart than the limit.
        case scrollDirectionsApart(degrees: Double, limit: Double)
        /// With tap-and-drag, a tap's button stays down for the drag timeout.
        case tapHeldForDrag(button: PointerButton, milliseconds: Int64)
        /// A touch after a tap, within the drag timeout, moved or stayed: it drags with the tap's
        /// button held.
        case tapDragBegan(button: PointerButton)
        /// With drag lock, the dragging finger lifted and the button stays down (`milliseconds`
        /// nil: until a tap).
        case dragLocked(button: PointerButton, milliseconds: Int64?)
        /// Three or four fingers moved together with three-finger drag on: the primary button is
        /// held while they drag.
        case threeFingerDragBegan(fingers: Int)
        /// The dragging fingers lifted: the primary button stays down this long for them to come
        /// back.
        case threeFingerDragWaiting(milliseconds: Int64)
        /// A tap while a three-finger drag held the button ended the drag, and did not click.
        case threeFingerDragEndedByTap
        /// The left and right buttons went down this far apart, within the limit: a middle click.
        case middleButtonEmulated(milliseconds: Int64, limit: Int64)
        /// A left or right press waited for the other button and counts alone.
        case middleButtonNotEmulated(code: KeyCode, milliseconds: Int64)
        /// The scroll button was held long enough: movement scrolls until it is released.
        case buttonScrollArmed(milliseconds: Int64)
        /// The scroll button was released without scrolling: a click.
        case buttonScrollClicked
        /// A pointer movement ended: `raw` points before acceleration moved the pointer `moved`
        /// points, with factors from `smallestFactor` to `largestFactor`.
        case pointerMoved(raw: Double, moved: Double, smallestFactor: Double, largestFactor: Double)
        /// A finger in a touchpad's scroll edge started scrolling.
        case edgeScrollBegan(vertical: Bool)
        /// A touchscreen touch did not tap: it moved further than the limit (a pan, whose
        /// positions the stream carries).
        case touchscreenMovedTooFar(points: Double, limit: Double)
        /// A touchscreen touch did not tap: it lasted the long-press duration.
        case touchscreenHeldTooLong(milliseconds: Int64, limit: Int64)
        /// A touch sequence on a touchscreen did not tap: a touch became a palm while down and
        /// was cancelled.
        case touchscreenTouchBecamePalm
    }

    /// The decision in one line, with its numbers: `1-finger touch did not tap: moved 4.4 mm,
    /// more than 1.3 mm`.
    public var description: String {
        switch reason {
        case .touchMovedTooFar(let fingers, let distance, let limit):
            return "\(fingers)-finger touch did not tap: moved \(Self.decimal(distance)) mm, "
                + "more than \(Self.decimal(limit)) mm"
        case .touchHeldTooLong(let fingers, let milliseconds, let limit, let timeAlone):
            return "\(fingers)-finger touch did not tap: held \(milliseconds) ms, longer than \(limit) ms"
                + (timeAlone ? " (semi-multitouch pad: two fingers are a bounding box, judged on time alone)" : "")
        case .touchPressedButton(let fingers):
            return "\(fingers)-finger touch did not tap: a button was pressed during it"
        case .touchHadTooManyFingers(let fingers, let limit):
            return "\(fingers)-finger touch did not tap: more than \(limit) fingers"
        case .touchBecamePalm(let fingers):
            return "\(fingers)-finger touch did not tap: a finger became a palm while down"
        case .restingThumbIgnored:
            return "a finger resting at the bottom while another moved: a thumb, ignored until it lifts"
        case .tappingOff(let fingers):
            return "\(fingers)-finger tap did not click: tap-to-click is off "
                + "(the default on a pad with a physical button)"
        case .tapIgnoredWhileTyping(let fingers, let sinceKey):
            return "\(fingers)-finger tap ignored while typing (key \(sinceKey) ms ago)"
        case .touchIgnoredWhileTyping(let sinceKey):
            return "touch ignored while typing (key \(sinceKey) ms ago)"
        case .touchIgnoredWhileTrackpointing(let sinceEvent):
            return "touch ignored while the pointing stick moves (stick event \(sinceEvent) ms ago)"
        case .scrollNotStarted(let distance, let limit):
            return "no scroll: \(Self.decimal(distance)) mm of travel, less than \(Self.decimal(limit)) mm"
        case .scrollDirectionsApart(let degrees, let limit):
            return "no scroll: the fingers moved \(Int(degrees.rounded()))° apart, more than \(Int(limit.rounded()))°"
        case .tapHeldForDrag(let button, let milliseconds):
            return "tap holds \(button.rawValue) down for \(milliseconds) ms: touch again to drag"
        case .tapDragBegan(let button):
            return "touch after a tap: dragging with \(button.rawValue) held"
        case .dragLocked(let button, let milliseconds):
            return "drag lock: \(button.rawValue) stays down "
                + (milliseconds.map { "for \($0) ms after the lift" } ?? "until a tap")
        case .threeFingerDragBegan(let fingers):
            return "\(fingers) fingers moved together: three-finger drag, primary held"
        case .threeFingerDragWaiting(let milliseconds):
            return
                "three-finger drag: primary stays down for \(milliseconds) ms: put the fingers back to go on dragging"
        case .threeFingerDragEndedByTap:
            return "tap ends the three-finger drag: primary up, no click"
        case .middleButtonEmulated(let milliseconds, let limit):
            return "left and right buttons pressed \(milliseconds) ms apart, within \(limit) ms: a middle click"
        case .middleButtonNotEmulated(let code, let milliseconds):
            return "\(code.streamName) waited \(milliseconds) ms for the other button: not a middle click"
        case .buttonScrollArmed(let milliseconds):
            return "scroll button held \(milliseconds) ms: movement scrolls"
        case .buttonScrollClicked:
            return "scroll button released without scrolling: a click"
        case .pointerMoved(let raw, let moved, let smallest, let largest):
            return "pointer moved \(Self.decimal(moved)) pt for \(Self.decimal(raw)) pt unaccelerated: factor "
                + WayfinderEvent.fixed(smallest, digits: 2)
                + (largest == smallest ? "" : "–" + WayfinderEvent.fixed(largest, digits: 2))
        case .edgeScrollBegan(let vertical):
            return "finger in the \(vertical ? "right" : "bottom") edge: edge scrolling"
        case .touchscreenMovedTooFar(let points, let limit):
            return "touch did not tap: moved \(Self.decimal(points)) pt, more than \(Self.decimal(limit)) pt "
                + "(a pan: only its positions report it)"
        case .touchscreenHeldTooLong(let milliseconds, let limit):
            return "touch did not tap: held \(milliseconds) ms, \(limit) ms or longer"
        case .touchscreenTouchBecamePalm:
            return "touch did not tap: a touch became a palm while down and was cancelled"
        }
    }

    /// A number with one decimal, as the stream writes numbers.
    static func decimal(_ value: Double) -> String { WayfinderEvent.fixed(value, digits: 1) }
}

/// The decisions one part records while its translator explains itself; nothing is recorded (or
/// built) otherwise.
struct DecisionLog {
    /// Whether decisions are recorded.
    var isEnabled = false
    private var entries: [ClassificationDecision] = []

    /// Records a decision, if recording.
    mutating func record(_ reason: @autoclosure () -> ClassificationDecision.Reason, at time: Timestamp) {
        guard isEnabled else { return }
        entries.append(ClassificationDecision(time: time, reason: reason()))
    }

    /// Moves the recorded decisions to `buffer`.
    mutating func take(into buffer: inout [ClassificationDecision]) {
        guard !entries.isEmpty else { return }
        buffer.append(contentsOf: entries)
        entries.removeAll(keepingCapacity: true)
    }
}

extension Int64 {
    /// Microseconds as whole milliseconds, rounded to the nearest.
    var roundedMilliseconds: Int64 { (self + 500) / 1000 }
}

/// The angle in degrees (0…180) whose cosine is `cosine`.
func degrees(fromCosine cosine: Double) -> Double {
    let clamped = min(1, max(-1, cosine))
    let sine = (1 - clamped * clamped).squareRoot()
    return clamped >= 0 ? atan2Degrees(sine, clamped) : 180 - atan2Degrees(sine, -clamped)
}
