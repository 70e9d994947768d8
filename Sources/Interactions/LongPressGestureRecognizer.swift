import Classification
import Geometry
import InputEvents

/// The long press's state machine.
///
/// ```
/// idle ──touch down (buttons match)──▶ pressed ──deadline──▶ recognized ─┬─moved──▶ changed
///   │                 │ duration 0 ──────────────▶ recognized            ├─lifted─▶ ended
///   └─buttons differ──▶ failed        pressed ─moved too far / lifted─▶ failed
///                                              recognized ─cancelled─▶ cancelled
/// ```
///
/// A timeline for the default 500 ms: `D----| B~~~~U` is touch down, the deadline passes (began),
/// moves (changed), up (ended).
struct LongPressMachine: Equatable {
    enum State: Equatable {
        case idle
        case pressed(origin: Point, deadline: Timestamp)
        case recognized
    }

    private(set) var state: State = .idle

    mutating func handle(
        _ input: RecognizerInput,
        at time: Timestamp,
        minimumPressDuration: Duration,
        allowableMovement: Double,
        buttonMaskRequired: ButtonMask
    ) -> Proposal {
        switch (state, input) {
        case (.idle, .touchBegan(let sample)):
            guard sample.buttons.isSuperset(of: buttonMaskRequired) else { return .to(.failed) }
            if minimumPressDuration <= .zero {
                state = .recognized
                return .to(.began)
            }
            state = .pressed(origin: sample.location, deadline: time + minimumPressDuration)
            return .none
        case (.pressed(let origin, _), .touchMoved(let sample)):
            if sample.location.distance(to: origin) > allowableMovement {
                state = .idle
                return .to(.failed)
            }
            return .none
        case (.pressed, .touchEnded), (.pressed, .touchCancelled):
            state = .idle
            return .to(.failed)
        case (.recognized, .touchMoved):
            return .to(.changed)
        case (.recognized, .touchEnded):
            state = .idle
            return .to(.ended)
        case (.recognized, .touchCancelled):
            state = .idle
            return .to(.cancelled)
        case (_, .scroll), (.idle, .touchMoved), (.idle, .touchEnded), (.idle, .touchCancelled),
            (.pressed, .touchBegan), (.recognized, .touchBegan):
            return .none
        }
    }

    var nextDeadline: Timestamp? {
        switch state {
        case .pressed(_, let deadline): deadline
        case .idle, .recognized: nil
        }
    }

    mutating func advance(to time: Timestamp) -> Proposal {
        switch state {
        case .pressed(_, let deadline) where time >= deadline:
            state = .recognized
            return .to(.began)
        case .pressed, .idle, .recognized:
            return .none
        }
    }

    mutating func reset() { state = .idle }
}

/// Recognizes a touch held still for a minimum duration, as `UILongPressGestureRecognizer`:
/// continuous, it begins when the duration passes, changes as the touch moves, and ends when it
/// lifts. With a pointer, it is a long click with the primary button.
///
/// ```swift
/// let longPress = LongPressGestureRecognizer()
/// longPress.addTarget { if $0.state == .began { showMenu() } }
/// node.addGestureRecognizer(longPress)
/// ```
public final class LongPressGestureRecognizer: GestureRecognizer {
    /// How long the touch must be held; zero begins on touch down.
    public var minimumPressDuration: Duration
    /// How far the touch may move before the duration passes, in points.
    public var allowableMovement: Double
    /// The buttons a pointer must hold (finger and pencil touches count as primary).
    public var buttonMaskRequired: ButtonMask = .primary

    private var machine = LongPressMachine()
    private var settings: (duration: Duration, movement: Double, buttons: ButtonMask)?

    /// Creates a long-press recognizer.
    /// - Parameters:
    ///   - name: The name in trace lines.
    ///   - minimumPressDuration: How long the touch must be held; 0 begins on touch down.
    ///   - thresholds: Where the default duration and allowable movement come from.
    public init(
        name: String = "long-press",
        minimumPressDuration: Duration? = nil,
        thresholds: InteractionThresholds = InteractionThresholds()
    ) {
        self.minimumPressDuration = minimumPressDuration ?? thresholds.longPressMinimumDuration
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
