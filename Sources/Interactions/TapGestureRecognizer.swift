import Classification
import Geometry
import InputEvents

/// The tap's state machine.
///
/// ```
/// idle ─down─▶ down(1) ─up─▶ [count reached] ended
///                  │          [else] waiting ─down─▶ down(n+1) …
///                  └─moved too far─▶ failed       waiting ─interval passes─▶ failed
/// ```
///
/// A double tap: `D-U--D-U` with each `U--D` gap under the multiple-tap interval.
struct TapMachine: Equatable {
    enum State: Equatable {
        case idle
        case down(count: Int, origin: Point)
        case waiting(count: Int, origin: Point, deadline: Timestamp)
    }

    private(set) var state: State = .idle

    mutating func handle(
        _ input: RecognizerInput,
        at time: Timestamp,
        numberOfTapsRequired: Int,
        buttonMaskRequired: ButtonMask,
        allowableMovement: Double,
        multipleTapInterval: Duration
    ) -> Proposal {
        switch (state, input) {
        case (.idle, .touchBegan(let sample)):
            guard sample.buttons == buttonMaskRequired else { return fail() }
            state = .down(count: 1, origin: sample.location)
            return .none
        case (.waiting(let count, let origin, _), .touchBegan(let sample)):
            guard sample.buttons == buttonMaskRequired, sample.location.distance(to: origin) <= allowableMovement
            else { return fail() }
            state = .down(count: count + 1, origin: origin)
            return .none
        case (.down(_, let origin), .touchMoved(let sample)), (.down(_, let origin), .touchDragged(let sample)):
            // A press that drags may still be a tap if it stayed close enough: a pointer's drag
            // threshold is smaller than a tap's allowable movement.
            return sample.location.distance(to: origin) > allowableMovement ? fail() : .none
        case (.down(let count, let origin), .touchEnded(let sample)):
            guard sample.location.distance(to: origin) <= allowableMovement else { return fail() }
            if count >= numberOfTapsRequired {
                state = .idle
                return .to(.ended)
            }
            state = .waiting(count: count, origin: origin, deadline: time + multipleTapInterval)
            return .none
        case (.down, .touchCancelled), (.waiting, .touchCancelled):
            return fail()
        case (_, .scroll), (_, .gesture), (_, .hover), (_, .touchHeld), (.idle, .touchMoved), (.idle, .touchDragged),
            (.idle, .touchEnded),
            (.idle, .touchCancelled), (.down, .touchBegan), (.waiting, .touchMoved), (.waiting, .touchDragged),
            (.waiting, .touchEnded):
            return .none
        }
    }

    private mutating func fail() -> Proposal {
        state = .idle
        return .to(.failed)
    }

    var nextDeadline: Timestamp? {
        switch state {
        case .waiting(_, _, let deadline): deadline
        case .idle, .down: nil
        }
    }

    mutating func advance(to time: Timestamp) -> Proposal {
        switch state {
        case .waiting(_, _, let deadline) where time >= deadline: fail()
        case .waiting, .idle, .down: .none
        }
    }

    mutating func reset() { state = .idle }
}

/// Recognizes one or more taps or clicks, as `UITapGestureRecognizer`: discrete, it ends when the
/// last tap lifts. With `buttonMaskRequired = .secondary` and `allowedTouchTypes = [.indirectPointer]`
/// it is a secondary click.
public final class TapGestureRecognizer: GestureRecognizer {
    /// How many taps make the gesture.
    @exclusivity(unchecked) public var numberOfTapsRequired: Int
    /// The buttons that must hold every tap (finger and pencil touches count as primary).
    @exclusivity(unchecked) public var buttonMaskRequired: ButtonMask = .primary
    /// How far a tap may move, in points.
    @exclusivity(unchecked) public var allowableMovement: Double
    /// The longest gap between taps.
    @exclusivity(unchecked) public var multipleTapInterval: Duration

    @exclusivity(unchecked) private var machine = TapMachine()

    /// Creates a tap recognizer.
    /// - Parameters:
    ///   - name: The name in trace lines.
    ///   - numberOfTapsRequired: How many taps make the gesture.
    ///   - thresholds: Where the allowable movement and the multiple-tap interval come from.
    public init(
        name: String = "tap",
        numberOfTapsRequired: Int = 1,
        thresholds: InteractionThresholds = InteractionThresholds()
    ) {
        self.numberOfTapsRequired = max(1, numberOfTapsRequired)
        self.allowableMovement = thresholds.allowableMovement
        self.multipleTapInterval = thresholds.multipleTapInterval
        super.init(name: name)
    }

    private struct Settings {
        var taps: Int
        var buttons: ButtonMask
        var movement: Double
        var interval: Duration
    }

    /// The settings of the gesture under way: changes apply from the next gesture.
    @exclusivity(unchecked) private var settings: Settings?

    override func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal {
        if machine.state == .idle || settings == nil {
            settings = Settings(
                taps: numberOfTapsRequired,
                buttons: buttonMaskRequired,
                movement: allowableMovement,
                interval: multipleTapInterval
            )
        }
        guard let settings else { return .none }
        return machine.handle(
            input,
            at: time,
            numberOfTapsRequired: max(1, settings.taps),
            buttonMaskRequired: settings.buttons,
            allowableMovement: settings.movement,
            multipleTapInterval: settings.interval
        )
    }

    override var machineDeadline: Timestamp? { machine.nextDeadline }

    override func proposal(advancingTo time: Timestamp) -> Proposal { machine.advance(to: time) }

    override func resetMachine() {
        machine.reset()
        settings = nil
    }
}
