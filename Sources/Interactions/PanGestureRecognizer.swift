import Classification
public import EventModel
public import Geometry
import InputEvents

/// Where a pan's movement comes from.
public enum PanSource: Hashable, Sendable {
    /// A touch dragged across the node: a finger, a pencil, or a pointer with its primary button.
    case touch(TouchType)
    /// Scrolling from a wheel or a touchpad, taken as panning.
    case scroll(ScrollSource)
}

/// The pan's state machine.
///
/// ```
/// idle ─down─▶ tracking ─moved ≥ minimum─▶ panning ─moved─▶ changed ─up─▶ ended
///                 └─up─▶ failed                     └─cancelled─▶ cancelled
/// idle ─continuous scroll began─▶ scrolling ─changed─▶ changed ─ended─▶ ended
/// idle ─discrete scroll─▶ began, ended
/// ```
///
/// Scrolling moves content the way a finger does: scrolling down (positive delta) pans up, so the
/// translation is the negated sum of the scroll deltas.
struct PanMachine: Equatable {
    enum State: Equatable {
        case idle
        case tracking(origin: Point)
        case panning(origin: Point, last: Point, lastTime: Timestamp)
        case scrolling
    }

    private(set) var state: State = .idle
    private(set) var translation: Vector = .zero
    private(set) var velocity: Vector = .zero
    private(set) var source: PanSource?

    mutating func handle(
        _ input: RecognizerInput,
        at time: Timestamp,
        minimumMovement: Double,
        allowedScrollTypes: ScrollTypeMask
    ) -> Proposal {
        switch (state, input) {
        case (.idle, .touchBegan(let sample)):
            guard sample.buttons.contains(.primary) else { return .to(.failed) }
            state = .tracking(origin: sample.location)
            source = .touch(sample.touchType)
            translation = .zero
            velocity = .zero
            return .none
        case (.tracking(let origin), .touchMoved(let sample)):
            guard sample.location.distance(to: origin) >= minimumMovement else { return .none }
            state = .panning(origin: origin, last: sample.location, lastTime: time)
            translation = sample.location - origin
            return .to(.began)
        case (.tracking, .touchEnded), (.tracking, .touchCancelled):
            state = .idle
            return .to(.failed)
        case (.panning(let origin, let last, let lastTime), .touchMoved(let sample)):
            track(to: sample.location, origin: origin, last: last, lastTime: lastTime, at: time)
            return .to(.changed)
        case (.panning(let origin, let last, let lastTime), .touchEnded(let sample)):
            track(to: sample.location, origin: origin, last: last, lastTime: lastTime, at: time)
            state = .idle
            return .to(.ended)
        case (.panning, .touchCancelled):
            state = .idle
            return .to(.cancelled)
        case (.idle, .scroll(let sample)):
            guard allowedScrollTypes.allows(sample.source) else { return .none }
            source = .scroll(sample.source)
            translation = -sample.delta
            velocity = .zero
            guard let phase = sample.phase else { return Proposal(first: .began, second: .ended) }
            switch phase {
            case .began, .changed:
                state = .scrolling
                return .to(.began)
            case .ended:
                // An `ended` with no sequence before it (the start was taken by someone else).
                return .none
            }
        case (.scrolling, .scroll(let sample)):
            translation = translation - sample.delta
            switch sample.phase {
            case .began?, .changed?:
                return .to(.changed)
            case .ended?:
                velocity = -sample.velocity
                state = .idle
                return .to(.ended)
            case nil:
                // A wheel turned during a touchpad scroll: take it as more of the same.
                return .to(.changed)
            }
        case (_, .touchHeld), (_, .touchDragged), (.idle, .touchMoved), (.idle, .touchEnded), (.idle, .touchCancelled),
            (.tracking, .touchBegan), (.tracking, .scroll), (.panning, .touchBegan), (.panning, .scroll),
            (.scrolling, .touchBegan), (.scrolling, .touchMoved), (.scrolling, .touchEnded):
            // The classifier's long press and drag come with no movement of their own (the motion
            // that made the drag arrived just before it): nothing for a pan.
            return .none
        case (.scrolling, .touchCancelled), (_, .gesture), (_, .hover):
            return .none
        }
    }

    private mutating func track(to location: Point, origin: Point, last: Point, lastTime: Timestamp, at time: Timestamp)
    {
        let elapsed = (time - lastTime).inSeconds
        if elapsed > 0 { velocity = (location - last) * (1 / elapsed) }
        translation = location - origin
        state = .panning(origin: origin, last: location, lastTime: time)
    }

    mutating func reset() { state = .idle }
}

/// Recognizes a touch dragged across a node, and, when allowed, scrolling, as
/// `UIPanGestureRecognizer`: continuous, it begins once the touch has moved far enough (or on the
/// first scroll), changes as it moves, and ends when it lifts (or the scroll ends).
///
/// `allowedScrollTypes` is empty by default, as `allowedScrollTypesMask`: a pan then ignores wheels
/// and touchpads, and only a click-and-drag moves it. `.continuous` takes touchpad scrolling,
/// `.all` takes wheels too. Touch panning is the same whatever the mask.
public final class PanGestureRecognizer: GestureRecognizer {
    /// The scrolling the pan takes as panning.
    @exclusivity(unchecked) public var allowedScrollTypes: ScrollTypeMask = []
    /// How far a touch must move before the pan begins, in points.
    @exclusivity(unchecked) public var minimumMovement: Double

    @exclusivity(unchecked) private var machine = PanMachine()

    /// The movement since the pan began, in points (for scrolling, the way content follows a finger:
    /// scrolling down gives a negative y).
    @exclusivity(unchecked) public private(set) var translation: Vector = .zero
    /// The pan's velocity in points per second; for a touchpad scroll, the classifier's velocity at
    /// its end, negated like the translation.
    @exclusivity(unchecked) public private(set) var velocity: Vector = .zero
    /// Where the current or last pan came from.
    @exclusivity(unchecked) public private(set) var source: PanSource?

    /// Creates a pan recognizer.
    /// - Parameters:
    ///   - name: The name in trace lines.
    ///   - allowedScrollTypes: The scrolling taken as panning; none by default.
    ///   - thresholds: Where the minimum movement comes from.
    public init(
        name: String = "pan",
        allowedScrollTypes: ScrollTypeMask = [],
        thresholds: InteractionThresholds = InteractionThresholds()
    ) {
        self.allowedScrollTypes = allowedScrollTypes
        self.minimumMovement = thresholds.panMinimumMovement
        // A pan follows the touch that began it; other fingers change nothing.
        super.init(name: name, traits: InputTraits(extraTouches: .ignored, hasTimers: false))
    }

    override func acceptsScroll(from source: ScrollSource) -> Bool { allowedScrollTypes.allows(source) }

    /// The settings of the gesture under way: changes apply from the next gesture.
    @exclusivity(unchecked) private var settings: (movement: Double, scrollTypes: ScrollTypeMask)?

    override func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal {
        if machine.state == .idle || settings == nil { settings = (minimumMovement, allowedScrollTypes) }
        guard let settings else { return .none }
        let proposal = machine.handle(
            input,
            at: time,
            minimumMovement: settings.movement,
            allowedScrollTypes: settings.scrollTypes
        )
        translation = machine.translation
        velocity = machine.velocity
        source = machine.source
        return proposal
    }

    override func resetMachine() {
        machine.reset()
        settings = nil
    }
}
