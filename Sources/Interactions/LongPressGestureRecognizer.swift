import Classification
import EventModel
import Geometry
import InputEvents

/// The long press's state machine.
///
/// With the system's duration the classifier decides, and its decision arrives with the touch
/// (``RecognizerInput/touchHeld(_:)``); with a duration of the recognizer's own, the classifier's
/// press gesture runs here with that duration on the touch's movement. Either way one machine,
/// ``PressGesture``, decides what a long press is.
///
/// ```
/// idle ──down (buttons match)──▶ waiting ──held──────────────▶ recognized ─┬─moved──▶ changed
///   │                │ duration 0 ─────────────────────────▶ recognized   ├─lifted─▶ ended
///   └─buttons differ─▶ failed     waiting ─dragged / lifted─▶ failed       └─cancelled─▶ cancelled
/// ```
///
/// A timeline for the default 500 ms: `D----| B~~~~U` is touch down, the long press is held
/// (began), moves (changed), up (ended).
struct LongPressMachine {
    enum State {
        case idle
        /// Waiting for the system's long press (the classifier's).
        case waitingForSystem
        /// Timing a duration of the recognizer's own with a press gesture of its own; `last` is
        /// where the touch was, to turn locations into the movement the press gesture takes.
        case timing(press: PressGesture, last: Point)
        case recognized
    }

    private(set) var state: State = .idle
    /// The press gesture's output, reused.
    private var events: [ClassifiedInput] = []

    mutating func handle(
        _ input: RecognizerInput,
        at time: Timestamp,
        minimumPressDuration: Duration?,
        allowableMovement: Double,
        buttonMaskRequired: ButtonMask
    ) -> Proposal {
        switch (state, input) {
        case (.idle, .touchBegan(let sample)):
            guard sample.buttons.isSuperset(of: buttonMaskRequired) else { return .to(.failed) }
            guard let duration = minimumPressDuration else {
                state = .waitingForSystem
                return .none
            }
            if duration <= .zero {
                state = .recognized
                return .to(.began)
            }
            var press = PressGesture(
                mode: .touch, longPressDuration: duration, allowableMovement: allowableMovement,
                dragThreshold: allowableMovement)
            press.press(at: time)
            state = .timing(press: press, last: sample.location)
            return .none
        case (.waitingForSystem, .touchHeld):
            state = .recognized
            return .to(.began)
        case (.waitingForSystem, .touchMoved), (.waitingForSystem, .touchBegan):
            return .none
        case (.waitingForSystem, .touchDragged), (.waitingForSystem, .touchEnded),
            (.waitingForSystem, .touchCancelled):
            state = .idle
            return .to(.failed)
        case (.timing(var press, let last), .touchMoved(let sample)),
            (.timing(var press, let last), .touchDragged(let sample)),
            (.timing(var press, let last), .touchHeld(let sample)):
            events.removeAll(keepingCapacity: true)
            press.move(by: sample.location - last, at: time, into: &events)
            // A press that moved too far before its deadline stops being a long press for good.
            guard press.nextDeadline != nil else {
                state = .idle
                return .to(.failed)
            }
            state = .timing(press: press, last: sample.location)
            return .none
        case (.timing, .touchEnded), (.timing, .touchCancelled):
            state = .idle
            return .to(.failed)
        case (.recognized, .touchMoved), (.recognized, .touchDragged):
            return .to(.changed)
        case (.recognized, .touchEnded):
            state = .idle
            return .to(.ended)
        case (.recognized, .touchCancelled):
            state = .idle
            return .to(.cancelled)
        case (_, .scroll), (_, .gesture), (_, .hover), (.idle, .touchMoved), (.idle, .touchHeld),
            (.idle, .touchDragged), (.idle, .touchEnded),
            (.idle, .touchCancelled), (.timing, .touchBegan), (.recognized, .touchBegan), (.recognized, .touchHeld):
            // The system's long press under a long press of the recognizer's own is no movement.
            return .none
        }
    }

    var nextDeadline: Timestamp? {
        if case .timing(let press, _) = state { return press.nextDeadline }
        return nil
    }

    mutating func advance(to time: Timestamp) -> Proposal {
        guard case .timing(var press, _) = state, let deadline = press.nextDeadline, deadline <= time else {
            return .none
        }
        events.removeAll(keepingCapacity: true)
        press.advance(to: time, into: &events)
        state = .recognized
        return .to(.began)
    }

    mutating func reset() { state = .idle }
}

/// Recognizes a touch held still for a minimum duration, as `UILongPressGestureRecognizer`:
/// continuous, it begins when the duration passes, changes as the touch moves, and ends when it
/// lifts. With a pointer, it is a long click with the primary button.
///
/// By default it is the system's long press: it begins exactly when the classifier's `longPress`
/// does, so the event stream and the recognizer never disagree. Setting ``minimumPressDuration``
/// times a long press of the recognizer's own with the same press gesture.
///
/// ```swift
/// let longPress = LongPressGestureRecognizer()
/// longPress.addTarget { if $0.state == .began { showMenu() } }
/// node.addGestureRecognizer(longPress)
/// ```
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the touch must be held: nil for the system's long press (the classifier's
    /// duration); zero begins on touch down.
    @exclusivity(unchecked) public var minimumPressDuration: Duration?
    /// How far the touch may move before a duration of the recognizer's own passes, in points.
    @exclusivity(unchecked) public var allowableMovement: Double
    /// The buttons a pointer must hold (finger and pencil touches count as primary).
    @exclusivity(unchecked) public var buttonMaskRequired: ButtonMask = .primary

    @exclusivity(unchecked) private var machine = LongPressMachine()
    @exclusivity(unchecked) private var settings: (duration: Duration?, movement: Double, buttons: ButtonMask)?

    /// Creates a long-press recognizer.
    /// - Parameters:
    ///   - name: The name in trace lines.
    ///   - minimumPressDuration: How long the touch must be held: nil (the default) for the system's
    ///     long press, 0 to begin on touch down.
    ///   - thresholds: Where the allowable movement comes from.
    public init(
        name: String = "long-press",
        minimumPressDuration: Duration? = nil,
        thresholds: InteractionThresholds = InteractionThresholds()
    ) {
        self.minimumPressDuration = minimumPressDuration
        self.allowableMovement = thresholds.allowableMovement
        super.init(name: name)
    }

    override func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal {
        // Settings changed during a gesture apply to the next one.
        if case .touchBegan = input {
            settings = (minimumPressDuration, allowableMovement, buttonMaskRequired)
        }
        let current = settings ?? (minimumPressDuration, allowableMovement, buttonMaskRequired)
        return machine.handle(
            input,
            at: time,
            minimumPressDuration: current.duration,
            allowableMovement: current.movement,
            buttonMaskRequired: current.buttons
        )
    }

    override var machineDeadline: Timestamp? { machine.nextDeadline }

    override func proposal(advancingTo time: Timestamp) -> Proposal { machine.advance(to: time) }

    override func resetMachine() {
        machine.reset()
        settings = nil
    }
}
