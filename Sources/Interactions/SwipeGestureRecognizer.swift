import EventModel
public import Geometry
import InputEvents

/// The directions a swipe may take, as `UISwipeGestureRecognizer.Direction`.
public struct SwipeDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Toward the right (positive x).
    public static let right = SwipeDirection(rawValue: 1 << 0)
    /// Toward the left.
    public static let left = SwipeDirection(rawValue: 1 << 1)
    /// Upward (negative y).
    public static let up = SwipeDirection(rawValue: 1 << 2)
    /// Downward.
    public static let down = SwipeDirection(rawValue: 1 << 3)

    /// The direction a movement takes, when it runs along one axis closely enough: the movement
    /// across the axis at most `maximumDeviation` times the movement along it. Empty otherwise.
    public init(of movement: Vector, maximumDeviation: Double) {
        let along = max(abs(movement.x), abs(movement.y))
        let across = min(abs(movement.x), abs(movement.y))
        guard along > 0, across <= along * maximumDeviation else {
            self = []
            return
        }
        if abs(movement.x) >= abs(movement.y) {
            self = movement.x > 0 ? .right : .left
        } else {
            self = movement.y > 0 ? .down : .up
        }
    }

    /// The directions' names, joined with `+` (`left`, `left+right`).
    public var description: String {
        var names: [String] = []
        if contains(.right) { names.append("right") }
        if contains(.left) { names.append("left") }
        if contains(.up) { names.append("up") }
        if contains(.down) { names.append("down") }
        return names.joined(separator: "+")
    }
}

/// The swipe's state machine. It interprets what the classifier decided and detects nothing of its
/// own: a one-finger swipe is a touch that moved (as far as the classifier's drag or pan needs) and
/// lifted quickly; a multi-finger swipe is the classifier's swipe.
///
/// ```
/// one finger:  idle ─down─▶ tracking ─moved (pan distance, or the classifier's drag)─▶ moving
///              moving ─up within the duration, along a direction in the mask─▶ ended
///              tracking / moving ─up otherwise, another finger, the duration passes─▶ failed
/// gesture:     idle ─swipe began (fingers as required)─▶ swiping ─changed─▶ swiping
///              swiping ─ended, along a direction in the mask─▶ ended; otherwise failed
/// ```
///
/// `D~~~U` within 500 ms, mostly along x and to the left: a swipe left.
struct SwipeMachine: Equatable {
    enum State: Equatable {
        case idle
        /// One finger down at `origin`; `isMoving` once it moved as far as a pan needs.
        case tracking(origin: Point, deadline: Timestamp, isMoving: Bool)
        /// The classifier's swipe, moved by `translation` so far.
        case swiping(translation: Vector)
    }

    struct Settings: Equatable {
        var directions: SwipeDirection
        var touches: Int
        var movement: Double
        var duration: Duration
        var deviation: Double
    }

    private(set) var state: State = .idle
    /// The direction of the last swipe recognized.
    private(set) var direction: SwipeDirection = []

    mutating func handle(_ input: RecognizerInput, at time: Timestamp, settings: Settings) -> Proposal {
        switch (state, input) {
        case (.idle, .touchBegan(let sample)):
            // Several fingers swipe as the classifier's swipe: their touches only say who holds them.
            guard settings.touches == 1 else { return .none }
            state = .tracking(origin: sample.location, deadline: time + settings.duration, isMoving: false)
            return .none
        case (.tracking, .touchBegan):
            return fail()
        case (.tracking(let origin, let deadline, let isMoving), .touchMoved(let sample)),
            (.tracking(let origin, let deadline, let isMoving), .touchDragged(let sample)):
            let moves = isMoving || sample.isDragging || sample.location.distance(to: origin) >= settings.movement
            state = .tracking(origin: origin, deadline: deadline, isMoving: moves)
            return .none
        case (.tracking(let origin, _, let isMoving), .touchEnded(let sample)):
            guard isMoving || sample.location.distance(to: origin) >= settings.movement else { return fail() }
            return finish(moving: sample.location - origin, settings: settings)
        case (.tracking, .touchHeld), (.tracking, .touchCancelled), (.swiping, .touchCancelled):
            return fail()
        case (.idle, .gesture(let gesture, _)):
            guard gesture.kind == .swipe, gesture.phase == .began else { return .none }
            guard gesture.fingers == settings.touches else { return .to(.failed) }
            state = .swiping(translation: gesture.delta)
            return .none
        case (.swiping(let translation), .gesture(let gesture, _)):
            guard gesture.kind == .swipe else { return .none }
            let moved = translation + gesture.delta
            switch gesture.phase {
            case .began, .changed:
                state = .swiping(translation: moved)
                return .none
            case .ended:
                return finish(moving: moved, settings: settings)
            case .cancelled:
                return fail()
            }
        case (.tracking, .gesture):
            // Fingers swiping while one is tracked: the classifier's gesture is not one finger's.
            return fail()
        case (.idle, .touchMoved), (.idle, .touchHeld), (.idle, .touchDragged), (.idle, .touchEnded),
            (.idle, .touchCancelled), (.swiping, .touchBegan), (.swiping, .touchMoved), (.swiping, .touchHeld),
            (.swiping, .touchDragged), (.swiping, .touchEnded), (_, .scroll), (_, .hover):
            return .none
        }
    }

    var nextDeadline: Timestamp? {
        if case .tracking(_, let deadline, _) = state { return deadline }
        return nil
    }

    /// The duration passed with the finger still down: too slow for a swipe.
    mutating func advance(to time: Timestamp) -> Proposal {
        guard let deadline = nextDeadline, time >= deadline else { return .none }
        return fail()
    }

    private mutating func finish(moving movement: Vector, settings: Settings) -> Proposal {
        state = .idle
        let direction = SwipeDirection(of: movement, maximumDeviation: settings.deviation)
        guard !direction.isEmpty, settings.directions.contains(direction) else { return .to(.failed) }
        self.direction = direction
        return .to(.ended)
    }

    private mutating func fail() -> Proposal {
        state = .idle
        return .to(.failed)
    }

    mutating func reset() { state = .idle }
}

/// Recognizes a swipe in one of the allowed directions, as `UISwipeGestureRecognizer`: discrete,
/// it ends when the swipe is over, or fails.
///
/// With one touch required, a swipe is a touch that moves (as far as a pan or the classifier's
/// drag needs) and lifts within half a second, along one of ``direction``: a finger's flick, or a
/// quick click-and-drag. With more, it is the classifier's swipe with that many fingers: three or
/// four on a touchpad (at the pointer), or on a touchscreen when the recognizer holds every finger.
/// ``swipedDirection`` says which way the last one went.
///
/// ```swift
/// let swipe = SwipeGestureRecognizer(direction: .left)
/// swipe.addTarget { _ in row.showDeleteButton() }
/// row.addGestureRecognizer(swipe)
/// ```
public final class SwipeGestureRecognizer: GestureRecognizer {
    /// The directions that count; one of them, or several.
    @exclusivity(unchecked) public var direction: SwipeDirection
    /// How many fingers make the swipe: 1 for a flick of a finger or a click-and-drag, 3 or 4 for
    /// a touchpad's swipe.
    @exclusivity(unchecked) public var numberOfTouchesRequired: Int
    /// How long a one-finger swipe may take, from down to up.
    @exclusivity(unchecked) public var maximumDuration: Duration
    /// How far a swipe may stray from its direction (see
    /// ``InteractionThresholds/swipeMaximumDeviation``).
    @exclusivity(unchecked) public var maximumDeviation: Double
    /// How far a one-finger touch must move to be moving at all: a pan's minimum movement.
    @exclusivity(unchecked) public var minimumMovement: Double
    /// The direction of the last swipe recognized.
    public var swipedDirection: SwipeDirection { machine.direction }

    @exclusivity(unchecked) private var machine = SwipeMachine()
    /// The settings of the gesture under way: changes apply from the next gesture.
    @exclusivity(unchecked) private var settings: SwipeMachine.Settings?

    /// Creates a swipe recognizer.
    /// - Parameters:
    ///   - name: The name in trace lines.
    ///   - direction: The directions that count; `.right` by default, as in UIKit.
    ///   - numberOfTouchesRequired: How many fingers make the swipe.
    ///   - thresholds: Where the duration, the deviation and the movement come from.
    public init(
        name: String = "swipe",
        direction: SwipeDirection = .right,
        numberOfTouchesRequired: Int = 1,
        thresholds: InteractionThresholds = InteractionThresholds()
    ) {
        self.direction = direction
        self.numberOfTouchesRequired = max(1, numberOfTouchesRequired)
        maximumDuration = thresholds.swipeMaximumDuration
        maximumDeviation = thresholds.swipeMaximumDeviation
        minimumMovement = thresholds.panMinimumMovement
        super.init(name: name, traits: InputTraits(extraTouches: .taken, gesture: .swipe))
    }

    override func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal {
        if machine.state == .idle || settings == nil {
            settings = SwipeMachine.Settings(
                directions: direction, touches: max(1, numberOfTouchesRequired), movement: minimumMovement,
                duration: maximumDuration, deviation: maximumDeviation)
        }
        guard let settings else { return .none }
        return machine.handle(input, at: time, settings: settings)
    }

    override var machineDeadline: Timestamp? { machine.nextDeadline }

    override func proposal(advancingTo time: Timestamp) -> Proposal { machine.advance(to: time) }

    override func resetMachine() {
        machine.reset()
        settings = nil
    }
}
