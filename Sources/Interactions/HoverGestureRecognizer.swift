import EventModel
import Geometry
import InputEvents

/// The hover's state machine.
///
/// ```
/// idle ─pointer entered─▶ hovering (began) ─pointer moved─▶ hovering (changed)
///                            └─pointer exited─▶ idle (ended)
/// ```
struct HoverMachine: Equatable {
    enum State: Equatable {
        case idle
        case hovering
    }

    private(set) var state: State = .idle

    mutating func handle(_ input: RecognizerInput, at time: Timestamp) -> Proposal {
        switch (state, input) {
        case (.idle, .hover(.entered, _)):
            state = .hovering
            return .to(.began)
        case (.hovering, .hover(.moved, _)):
            return .to(.changed)
        case (.hovering, .hover(.exited, _)):
            state = .idle
            return .to(.ended)
        case (.idle, .hover(.moved, _)), (.idle, .hover(.exited, _)), (.hovering, .hover(.entered, _)),
            (_, .touchBegan), (_, .touchMoved), (_, .touchHeld), (_, .touchDragged), (_, .touchEnded),
            (_, .touchCancelled), (_, .scroll), (_, .gesture):
            return .none
        }
    }

    mutating func reset() { state = .idle }
}

/// Recognizes the pointer hovering over a node, as `UIHoverGestureRecognizer`: continuous, it
/// begins when the pointer comes over the node (or one of its descendants), changes as it moves
/// there, and ends when it leaves.
///
/// The pointer is a mouse's or a touchpad's (an absolute pointer's too); fingers on a touchscreen
/// do not hover. Hovering follows every pointer motion, with a button held or not, and content
/// scrolling under a still pointer. Hover recognizers recognize alongside every other recognizer:
/// a hover never stops a tap, a pan or another hover, and nothing stops it.
///
/// ```swift
/// let hover = HoverGestureRecognizer()
/// hover.addTarget { recognizer in
///     button.isHighlighted = recognizer.state == .began || recognizer.state == .changed
/// }
/// button.addGestureRecognizer(hover)
/// ```
public final class HoverGestureRecognizer: GestureRecognizer {
    @exclusivity(unchecked) private var machine = HoverMachine()

    /// Creates a hover recognizer.
    /// - Parameter name: The name in trace lines.
    public init(name: String = "hover") {
        super.init(
            name: name, traits: InputTraits(heldTouchTypes: TouchTypeSets.none, watchesHover: true, hasTimers: false))
    }

    override func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal {
        machine.handle(input, at: time)
    }

    override func resetMachine() { machine.reset() }
}
