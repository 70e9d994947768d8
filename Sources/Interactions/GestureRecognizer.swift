import Classification
public import EventModel
public import Geometry
public import InputEvents

/// Where a gesture recognizer is, in UIKit's words.
///
/// A continuous recognizer goes `possible → began → changed… → ended | cancelled`, or
/// `possible → failed`; a discrete one goes `possible → ended | failed`. After its gesture is over
/// it returns to `possible`.
public enum RecognizerState: String, Hashable, Sendable, CustomStringConvertible {
    /// Waiting for input it recognizes.
    case possible
    /// A continuous gesture started.
    case began
    /// A continuous gesture moved on.
    case changed
    /// The gesture finished: a continuous one was let go, a discrete one was recognized.
    case ended
    /// A continuous gesture was cancelled after it began.
    case cancelled
    /// The input was not this gesture, or another recognizer took it.
    case failed

    /// Whether the recognizer has taken its input: `began`, `changed` or `ended`.
    public var isRecognized: Bool {
        switch self {
        case .began, .changed, .ended: true
        case .possible, .cancelled, .failed: false
        }
    }

    /// Whether the gesture is over: `ended`, `cancelled` or `failed`.
    public var isFinished: Bool {
        switch self {
        case .ended, .cancelled, .failed: true
        case .possible, .began, .changed: false
        }
    }

    public var description: String { rawValue }
}

/// Pointer buttons a recognizer requires, as `UIEvent.ButtonMask`.
public struct ButtonMask: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The primary button, and every finger or pencil touch.
    public static let primary = ButtonMask(rawValue: 1 << 0)
    /// The secondary button: a right button, a clickpad's button area, a two-finger click or tap.
    public static let secondary = ButtonMask(rawValue: 1 << 1)
    /// The middle button.
    public static let middle = ButtonMask(rawValue: 1 << 2)

    /// The mask of one logical button (back, forward and others have no bit and give an empty mask).
    public init(_ button: PointerButton) {
        switch button {
        case .primary: self = .primary
        case .secondary: self = .secondary
        case .middle: self = .middle
        case .back, .forward, .other: self = []
        }
    }
}

/// The kinds of scrolling a pan recognizer takes as panning, as `UIScrollTypeMask`.
public struct ScrollTypeMask: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Continuous scrolling: two fingers on a touchpad.
    public static let continuous = ScrollTypeMask(rawValue: 1 << 0)
    /// Discrete scrolling: a wheel's detents.
    public static let discrete = ScrollTypeMask(rawValue: 1 << 1)
    /// Both.
    public static let all: ScrollTypeMask = [.continuous, .discrete]

    /// Whether the mask takes scrolling from a source.
    public func allows(_ source: ScrollSource) -> Bool {
        switch source {
        case .continuous: contains(.continuous)
        case .discrete: contains(.discrete)
        }
    }
}

/// Which touch a sample belongs to: the same from the touch's beginning to its end, as a `UITouch`
/// object is.
///
/// A finger or a pencil is known by its kind and the contact number the classifier gives it (the
/// touchscreen's slot); the pointer's press is ``pointer``. A number may be used again by a later
/// touch, once the earlier one has ended.
public struct TouchIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The kind of touch.
    public var touchType: TouchType
    /// The contact number among simultaneous touches of that kind.
    public var contact: Int

    /// Creates an identifier.
    public init(touchType: TouchType, contact: Int) {
        self.touchType = touchType
        self.contact = contact
    }

    /// The pointer's press: a mouse or touchpad button held down.
    public static let pointer = TouchIdentifier(touchType: .indirectPointer, contact: 0)

    public var description: String { "\(touchType.rawValue) \(contact)" }
}

/// One touch as recognizers see it: which touch it is, where it is in window coordinates, what kind
/// it is, and which buttons hold it down (`.primary` for a finger or a pencil).
public struct TouchSample: Hashable, Sendable {
    /// Which touch this is.
    public var touch: TouchIdentifier
    /// The location, in window coordinates.
    public var location: Point
    /// The kind of touch.
    public var touchType: TouchType { touch.touchType }
    /// The buttons held.
    public var buttons: ButtonMask
    /// Whether the classifier has decided that the touch drags (see
    /// ``RecognizerInput/touchDragged(_:)``).
    public var isDragging: Bool

    /// Creates a sample.
    /// - Parameters:
    ///   - location: The location, in window coordinates.
    ///   - touchType: The kind of touch.
    ///   - contact: The contact number among simultaneous touches of that kind.
    ///   - buttons: The buttons held.
    ///   - isDragging: Whether the classifier has decided that the touch drags.
    public init(
        location: Point,
        touchType: TouchType,
        contact: Int = 0,
        buttons: ButtonMask,
        isDragging: Bool = false
    ) {
        self.touch = TouchIdentifier(touchType: touchType, contact: contact)
        self.location = location
        self.buttons = buttons
        self.isDragging = isDragging
    }
}

/// One scroll as recognizers see it.
public struct ScrollSample: Hashable, Sendable {
    /// Discrete (a wheel) or continuous (a touchpad).
    public var source: ScrollSource
    /// How far to scroll, in points (positive y scrolls down). Wheel detents are already converted
    /// with the line height.
    public var delta: Vector
    /// The continuous sequence's phase; nil for a discrete scroll, which is a whole sequence.
    public var phase: ScrollPhase?
    /// On a continuous `ended`, the scroll's velocity in points per second.
    public var velocity: Vector

    /// Creates a sample.
    public init(source: ScrollSource, delta: Vector, phase: ScrollPhase?, velocity: Vector = .zero) {
        self.source = source
        self.delta = delta
        self.phase = phase
        self.velocity = velocity
    }
}

/// Where the pointer is relative to a node that watches it hover.
public enum HoverPhase: String, Hashable, Sendable {
    /// The pointer came over the node (or one of its descendants).
    case entered
    /// The pointer moved while over the node.
    case moved
    /// The pointer left the node.
    case exited
}

/// What the interaction system feeds each recognizer.
///
/// Whether a press is held still long enough (a long press) or moves far enough to drag is decided
/// once, by the classifier's press gesture, and reaches recognizers as ``touchHeld(_:)`` and
/// ``touchDragged(_:)``: the event stream's `longPress` and `drag` and the recognizers that follow
/// them can never disagree.
public enum RecognizerInput: Hashable, Sendable {
    /// A touch went down (a finger, a pencil, or a pointer button).
    case touchBegan(TouchSample)
    /// The touch moved.
    case touchMoved(TouchSample)
    /// The classifier's long press began for the touch: it was held still for the long-press
    /// duration.
    case touchHeld(TouchSample)
    /// The classifier's drag began for the touch: a pointer press moved past the drag threshold, or
    /// a held finger moved on.
    case touchDragged(TouchSample)
    /// The touch lifted.
    case touchEnded(TouchSample)
    /// The touch was taken away (Escape, a device removal, a classifier's cancel).
    case touchCancelled
    /// A scroll from a wheel or a touchpad.
    case scroll(ScrollSample)
    /// A multi-finger gesture the classifier recognized (a touchpad's, or a touchscreen's whose
    /// fingers the recognizer holds), and where it happens in window coordinates: the pointer for a
    /// touchpad, the fingers' centre on a touchscreen.
    case gesture(Gesture, location: Point)
    /// The pointer, with no button held or with one, came over, moved over, or left the
    /// recognizer's node; the location is in window coordinates.
    case hover(HoverPhase, Point)

    /// The sample of the touch the input belongs to, for the inputs of one touch.
    var touchSample: TouchSample? {
        switch self {
        case .touchBegan(let sample), .touchMoved(let sample), .touchHeld(let sample), .touchDragged(let sample),
            .touchEnded(let sample):
            sample
        case .touchCancelled, .scroll, .gesture, .hover:
            nil
        }
    }
}

/// Decides, for one recognizer, whether it may begin and whether it may recognize together with
/// another.
public protocol GestureRecognizerDelegate: AnyObject {
    /// Whether the recognizer may leave `possible`. Returning false fails it.
    func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool
    /// Whether the two may both recognize the same input. Either side's delegate saying yes is
    /// enough.
    func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool
}

extension GestureRecognizerDelegate {
    /// Yes.
    public func gestureRecognizerShouldBegin(_ recognizer: GestureRecognizer) -> Bool { true }
    /// No.
    public func gestureRecognizer(
        _ recognizer: GestureRecognizer,
        shouldRecognizeSimultaneouslyWith other: GestureRecognizer
    ) -> Bool { false }
}

/// Up to two transitions a recognizer's state machine asks for after one input (a discrete scroll
/// makes a pan begin and end at once).
struct Proposal: Equatable {
    var first: RecognizerState?
    var second: RecognizerState?

    static let none = Proposal(first: nil, second: nil)
    static func to(_ state: RecognizerState) -> Proposal { Proposal(first: state, second: nil) }
}

/// A state machine attached to a node that turns touches and scrolls into one gesture, and calls
/// its targets on every transition.
///
/// Recognizers are objects because their identity is the point: failure requirements and the
/// simultaneous-recognition delegate name them. Each concrete recognizer keeps its logic in a
/// value-type state machine and leaves arbitration to the ``InteractionSystem``:
///
/// ```swift
/// let secondaryClick = TapGestureRecognizer()
/// secondaryClick.buttonMaskRequired = .secondary
/// secondaryClick.allowedTouchTypes = [.indirectPointer]
/// secondaryClick.addTarget { recognizer in print("secondary click at", recognizer.location) }
/// node.addGestureRecognizer(secondaryClick)
/// ```
public class GestureRecognizer {
    /// The name used in trace lines (`long-press: possible → began`).
    public let name: String
    /// The current state.
    @exclusivity(unchecked) public internal(set) var state: RecognizerState = .possible
    /// A disabled recognizer sees no new gesture.
    @exclusivity(unchecked) public var isEnabled = true {
        didSet {
            // Which hover recognizers a path holds changed (see `InteractionSystem.updateHover`).
            if watchesHover, isEnabled != oldValue { TreeRevision.advance() }
        }
    }
    /// The kinds of touch the recognizer sees; others pass it by.
    @exclusivity(unchecked) public var allowedTouchTypes: Set<TouchType> = TouchTypeSets.all
    /// The delegate that allows simultaneous recognition or stops the recognizer from beginning.
    /// It is not kept alive: one set here is held weakly, and the interaction that made the
    /// recognizer, when it is the delegate, is held unowned until it goes (see
    /// `setOwner(target:delegate:)`).
    public var delegate: (any GestureRecognizerDelegate)? {
        get {
            if let ownerDelegate { return ownerDelegate }
            return externalDelegate
        }
        set {
            ownerDelegate = nil
            externalDelegate = newValue
        }
    }
    @exclusivity(unchecked) private weak var externalDelegate: (any GestureRecognizerDelegate)?
    /// Unowned and not unsafe: were an owner to go without ``removeOwner()``, reading it would
    /// stop the program rather than read freed memory.
    @exclusivity(unchecked) private unowned var ownerDelegate: (any GestureRecognizerDelegate)?
    /// The node the recognizer is attached to.
    public internal(set) var node: (any InteractionNode)? {
        get { nodeReference.node }
        set { nodeReference.set(newValue, attachedHere: true) }
    }
    /// The node, without a side table for a built-in one (see ``NodeReference``).
    @exclusivity(unchecked) var nodeReference = NodeReference()
    /// Where the last touch or pointer was, in window coordinates.
    @exclusivity(unchecked) public internal(set) var location: Point = .zero
    /// The kind of the touch the recognizer last saw, or nil for a scroll.
    @exclusivity(unchecked) public internal(set) var touchType: TouchType?
    /// Whether the classifier has decided that the touch the recognizer last saw drags (see
    /// ``RecognizerInput/touchDragged(_:)``).
    @exclusivity(unchecked) public internal(set) var isTouchDragging = false
    /// The time of the input that caused the current transition.
    @exclusivity(unchecked) public internal(set) var time: Timestamp = .zero
    /// The system delivering input to the recognizer, while it takes part in a gesture.
    ///
    /// Held through the system's `InteractionSystem.Link`, not weakly: a weak reference would
    /// give the system a side table that slows every retain of it on the frame path.
    public internal(set) var system: InteractionSystem? {
        get { systemLink?.system }
        set {
            let link = newValue?.link
            if link !== systemLink { systemLink = link }
        }
    }
    @exclusivity(unchecked) private var systemLink: InteractionSystem.Link?
    /// The ``TreeRevision`` at which the recognizer's node was last found in the tree of
    /// `attachedRoot`: it still is while the revision is the same.
    @exclusivity(unchecked) var attachedRevision = -1
    /// The root whose tree the node was found in at `attachedRevision`.
    @exclusivity(unchecked) var attachedRoot: ObjectIdentifier?
    /// How many touches the recognizer holds: the touches that began on its node or its
    /// descendants and have not ended, as `UIGestureRecognizer.numberOfTouches`. For a touchpad's
    /// gesture, which comes with no touches, the fingers that make it.
    @exclusivity(unchecked) public internal(set) var numberOfTouches = 0

    @exclusivity(unchecked) private var targets: [(GestureRecognizer) -> Void] = []
    /// The target of the interaction that made the recognizer, called before the others.
    @exclusivity(unchecked) private var ownerTarget: ((GestureRecognizer) -> Void)?
    @exclusivity(unchecked) private var failureRequirements: [WeakRecognizer] = []

    /// A recognizing transition held back until the recognizers it requires to fail have failed.
    @exclusivity(unchecked) var pendingTransition: RecognizerState?
    /// Whether the gesture ended while its `began` was held back.
    @exclusivity(unchecked) var pendingEnd = false

    /// Which inputs a kind of recognizer takes, besides the touches of its allowed types.
    struct InputTraits {
        /// What a touch beyond the first does to the recognizer's gesture.
        var extraTouches = ExtraTouches.failGesture
        /// The kind of multi-finger gesture it takes, if any.
        var gesture: GestureKind?
        /// The kinds of touch it holds, besides its allowed touch types (a hover recognizer holds
        /// none, a pinch only fingers: a touchpad's pinch comes as a gesture).
        var heldTouchTypes = TouchTypeSets.all
        /// Whether it watches the pointer hover, recognizing alongside every other recognizer:
        /// nothing excludes it, and it excludes nothing.
        var watchesHover = false
        /// Whether its state machine can have a deadline (``machineDeadline``): a tap's, a long
        /// press's or a swipe's timers. One without never moves the arbiter's earliest deadline,
        /// so input given to it keeps the deadline the arbiter knows.
        var hasTimers = true

        /// A recognizer that follows the classifier's pinch with the fingers it holds.
        static let followsPinch = InputTraits(
            extraTouches: .taken, gesture: .pinch, heldTouchTypes: TouchTypeSets.direct, hasTimers: false)
    }

    /// Which inputs the recognizer takes.
    let traits: InputTraits

    init(name: String, traits: InputTraits = InputTraits()) {
        self.name = name
        self.traits = traits
    }

    /// Adds a closure called on every transition except `failed`.
    public func addTarget(_ action: @escaping (GestureRecognizer) -> Void) {
        targets.append(action)
    }

    /// Makes an interaction the recognizer's owner: `target` is called first on every transition
    /// except `failed`, and `delegate`, when given, is the delegate until one is set.
    ///
    /// An interaction holds its recognizers, so it must not be kept alive by them; a weak
    /// reference would give it a side table that slows every retain of it on the frame path. Its
    /// target captures it `unowned` instead, and it calls ``removeOwner()`` in its `deinit`, so
    /// neither reference outlives it.
    func setOwner(target: @escaping (GestureRecognizer) -> Void, delegate: (any GestureRecognizerDelegate)? = nil) {
        ownerTarget = target
        if let delegate {
            externalDelegate = nil
            ownerDelegate = delegate
        }
    }

    /// Forgets the owner's target and delegate: the owner is going away.
    func removeOwner() {
        ownerTarget = nil
        ownerDelegate = nil
    }

    /// Makes this recognizer wait until `other` fails before it recognizes; if `other` recognizes,
    /// this one fails. A single tap requiring a double tap to fail is the classic use.
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(WeakRecognizer(other))
    }

    /// The recognizers this one waits for.
    public var recognizersRequiredToFail: [GestureRecognizer] { failureRequirements.compactMap(\.recognizer) }

    /// Whether this recognizer waits for `other` to fail.
    func requiresFailure(of other: GestureRecognizer) -> Bool {
        failureRequirements.contains { $0.recognizer === other }
    }

    /// Where one of the touches the recognizer holds is, in window coordinates, in the order they
    /// began; nil when there is no such touch.
    public func location(ofTouch index: Int) -> Point? {
        system?.arbiter.location(ofTouch: index, heldBy: self)
    }

    /// Whether the recognizer takes part in scrolling from a source. Only pans do.
    func acceptsScroll(from source: ScrollSource) -> Bool { false }

    /// Whether the recognizer takes part in a multi-finger gesture of a kind.
    func acceptsGesture(_ kind: GestureKind) -> Bool { traits.gesture == kind }

    /// What a touch beyond the first does to the recognizer's gesture.
    enum ExtraTouches {
        /// The recognizer follows its first touch and ignores the others (a pan).
        case ignored
        /// A gesture not yet recognized fails: the recognizer wants one touch (a tap, a long
        /// press, as with `numberOfTouchesRequired` 1); once recognized, it ignores them.
        case failGesture
        /// The recognizer takes every touch it holds (a pinch, a swipe).
        case taken
    }

    /// What a touch beyond the first does to the recognizer's gesture.
    var extraTouches: ExtraTouches { traits.extraTouches }

    /// Whether the recognizer holds touches of a kind, besides its allowed touch types.
    func acceptsTouches(of touchType: TouchType) -> Bool { traits.heldTouchTypes.contains(touchType) }

    /// Whether the recognizer watches the pointer hover.
    var watchesHover: Bool { traits.watchesHover }

    /// Runs the state machine on one input and returns the transitions it asks for.
    func proposal(for input: RecognizerInput, at time: Timestamp) -> Proposal { .none }

    /// When the state machine needs ``proposal(advancingTo:)``.
    var machineDeadline: Timestamp? { nil }

    /// Runs the state machine's timers up to a time.
    func proposal(advancingTo time: Timestamp) -> Proposal { .none }

    /// Puts the state machine back at rest.
    func resetMachine() {}

    /// Calls the targets.
    func sendActions() {
        ownerTarget?(self)
        for target in targets { target(self) }
    }

    /// Returns to `possible` without calling targets.
    func reset() {
        state = .possible
        numberOfTouches = 0
        pendingTransition = nil
        pendingEnd = false
        resetMachine()
    }

    /// Forgets the gesture under way: the recognizer was removed from its node.
    func detach() {
        system?.arbiter.deadlinesMayHaveChanged()
        reset()
        system = nil
    }
}

/// A weak reference to a recognizer, so that two recognizers requiring each other do not keep each
/// other alive.
struct WeakRecognizer {
    weak var recognizer: GestureRecognizer?
    init(_ recognizer: GestureRecognizer) { self.recognizer = recognizer }
}

extension GestureRecognizer: NodeReferencing {}
