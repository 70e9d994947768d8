import Classification
public import EventModel
public import Geometry
public import InputEvents

/// Feeds classified input to the recognizers of a node tree, arbitrates between them, and reports
/// what the interactions did.
///
/// The system reads no clock. Give it every `ClassifiedInput` in time order with
/// ``handle(_:into:)``, and call ``advance(to:into:)`` when ``nextDeadline`` passes (live, arm one
/// timer for it; in a replay, the next input's time passes it). Each call appends the events that
/// happened to a buffer the caller owns (so a steady stream of input allocates nothing) and hands
/// them to ``onEvent``:
///
/// ```swift
/// let system = InteractionSystem(root: root, sceneSize: Size(width: 1024, height: 768))
/// var events: [TimedPayload] = []
/// for input in classified { system.handle(input, into: &events) }
/// if let deadline = system.nextDeadline { system.advance(to: deadline, into: &events) }
/// ```
///
/// It is made of three parts, each with one job:
/// - a `PointerRouter` value turns classified input into what it means for the touches under
///   way, for scrolling and for multi-finger gestures (see its documentation for how input reaches
///   the touches);
/// - a `GestureArbiter` gives that to the recognizers of the nodes under the touches or the
///   pointer and of their ancestors (deepest first; on one node, in the order they were added), and
///   decides which may recognize, as UIKit does;
/// - the armed interactions: those that move by themselves over time (a decelerating scroll view)
///   join when they arm a deadline (``scheduleDeadline(for:)``) and leave when they come to rest.
///
/// Every touch is its own (a finger is known by its contact number) and is hit tested on its own:
/// a recognizer holds the touches that began on its node or below it (``GestureRecognizer/numberOfTouches``).
/// A touchpad's pinch, swipe or hold goes to the recognizers under the pointer; a touchscreen's,
/// to the recognizers holding every finger of it (those of the nodes all the fingers are in).
///
/// Hover recognizers see the pointer come over their node, move and leave, whether a button is
/// held or not, after every pointer motion and every scroll (which moves content under the
/// pointer). A tree with no hover recognizer is never hit tested for hovering.
///
/// What one input costs is the hit path (found through the nodes' child indexes), the
/// participants' recognizers and the armed interactions: never the size of the tree.
/// ``visits`` counts exactly that, for tests.
///
/// Its stored state is marked `@exclusivity(unchecked)`: it is touched on every input, only by the
/// system's own methods, and none of them holds an access open while recognizers' targets run, so
/// the dynamic exclusivity checks would cost a large part of a frame for nothing.
public final class InteractionSystem {
    /// The root of the node tree.
    public let root: any InteractionNode
    /// The scene's size: the pointer's bounds and what absolute positions map onto.
    public var sceneSize: Size {
        get { router.sceneSize }
        set { router.sceneSize = newValue }
    }
    /// The thresholds used to convert wheel detents.
    @exclusivity(unchecked) public var thresholds: InteractionThresholds
    /// Where the pointer is, in window coordinates.
    public var pointerLocation: Point { router.pointerLocation }
    /// Called with each event as it happens, before the call that caused it returns.
    @exclusivity(unchecked) public var onEvent: ((TimedPayload) -> Void)?
    /// Called with one line per recognizer transition (`photo-1 long-press: possible → began`).
    public var trace: ((String) -> Void)? {
        didSet { arbiter.trace = trace }
    }

    /// What the system has looked at since it was created: nodes whose frames it tested while hit
    /// testing, recognizers it gave input to, and interactions it advanced.
    public struct Visits: Hashable, Sendable {
        /// Nodes whose frames were tested.
        public var nodes = 0
        /// Recognizers given an input.
        public var recognizers = 0
        /// Time-driven interactions advanced.
        public var interactions = 0

        /// Creates counts.
        public init(nodes: Int = 0, recognizers: Int = 0, interactions: Int = 0) {
            self.nodes = nodes
            self.recognizers = recognizers
            self.interactions = interactions
        }

        /// The counts since an earlier reading.
        public static func - (lhs: Visits, rhs: Visits) -> Visits {
            Visits(
                nodes: lhs.nodes - rhs.nodes, recognizers: lhs.recognizers - rhs.recognizers,
                interactions: lhs.interactions - rhs.interactions)
        }
    }

    /// What the system has looked at so far (see ``Visits``).
    public var visits: Visits {
        Visits(nodes: nodeVisits, recognizers: arbiter.recognizerVisits, interactions: interactionVisits)
    }

    /// What recognizers hold to find the system: a small object they keep alive, pointing to the
    /// system until it goes. It does what a weak reference would, without giving the system a
    /// side table (which would slow every retain of it on the frame path).
    final class Link {
        /// The system, cleared by its `deinit`.
        @exclusivity(unchecked) unowned(unsafe) var system: InteractionSystem?
    }

    /// The system's link, which recognizers hold (see ``GestureRecognizer/system``).
    let link = Link()

    @exclusivity(unchecked) private var router: PointerRouter
    /// The gesture arbiter, which recognizers also ask where their touches are.
    let arbiter: GestureArbiter
    /// The root when it is a built-in ``Node``, whose trees are hit tested without the protocol.
    private let rootNode: Node?
    /// The time-driven interactions with a deadline.
    @exclusivity(unchecked) private var armed: [any TimeDrivenInteraction] = []
    /// The ``TreeRevision`` at which every armed interaction was last found in the tree; -1 after
    /// one is armed, until the next check.
    @exclusivity(unchecked) private var armedInTreeRevision = -1
    @exclusivity(unchecked) private var scratch: [GestureRecognizer] = []
    @exclusivity(unchecked) private var outbox: [TimedPayload] = []
    /// The deepest node of the last hover update (nil: outside the root) and the
    /// ``TreeRevision`` then; -1 when the hover recognizers must be collected again.
    @exclusivity(unchecked) private var hoverNode: ObjectIdentifier?
    @exclusivity(unchecked) private var hoverRevision = -1
    @exclusivity(unchecked) private var nodeVisits = 0
    @exclusivity(unchecked) private var interactionVisits = 0
    /// The latest time seen.
    @exclusivity(unchecked) public private(set) var currentTime: Timestamp = .zero

    /// Creates a system for a tree.
    /// - Parameters:
    ///   - root: The tree's root; its frame is usually the whole scene.
    ///   - sceneSize: The scene's size; the pointer starts at its centre.
    ///   - thresholds: The thresholds for wheel detents.
    public init(root: any InteractionNode, sceneSize: Size, thresholds: InteractionThresholds = InteractionThresholds())
    {
        self.root = root
        self.thresholds = thresholds
        router = PointerRouter(sceneSize: sceneSize)
        arbiter = GestureArbiter(root: root)
        rootNode = root as? Node
        armed.reserveCapacity(8)
        scratch.reserveCapacity(16)
        outbox.reserveCapacity(16)
        link.system = self
    }

    deinit {
        link.system = nil
    }

    /// Whether a touch (a finger, a pencil or a held pointer button) is down.
    public var isTouchDown: Bool { router.isTouchDown }

    /// The deepest node under the pointer, or nil when the pointer is outside the root.
    public var nodeUnderPointer: (any InteractionNode)? { root.hitTest(pointerLocation, visits: &nodeVisits) }

    /// The deepest node under a direct touch at `fraction` of the surface (a touchscreen maps its
    /// surface onto the scene), or nil outside the root.
    public func node(underTouchAt fraction: Vector) -> (any InteractionNode)? {
        root.hitTest(router.sceneLocation(of: fraction), visits: &nodeVisits)
    }

    /// Reports an event: interactions call this from their recognizers' targets.
    ///
    /// The payload is taken, not copied: an event goes into the outbox as it was made.
    public func send(_ payload: consuming EventPayload, at time: Timestamp) {
        outbox.append(TimedPayload(time: time, payload: payload))
        if let onEvent, let event = outbox.last { onEvent(event) }
    }

    /// Has a time-driven interaction advanced at its deadlines until it comes to rest (its
    /// ``TimeDrivenInteraction/nextDeadline`` is nil) or leaves the tree. Interactions call this
    /// when they start to move by themselves; calling it again while armed changes nothing.
    public func scheduleDeadline(for interaction: any TimeDrivenInteraction) {
        guard !armed.contains(where: { $0 === interaction }) else { return }
        armed.append(interaction)
        armedInTreeRevision = -1
    }

    // MARK: Input

    /// Handles one classified input: first fires the deadlines its time has passed, then delivers
    /// it, appending the events that happened to a buffer the caller owns.
    public func handle(_ input: ClassifiedInput, into output: inout [TimedPayload]) {
        process(input)
        drain(into: &output)
    }

    /// Fires every deadline up to and including a time, in order, appending the events that
    /// happened to a buffer the caller owns.
    public func advance(to time: Timestamp, into output: inout [TimedPayload]) {
        runDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        drain(into: &output)
    }

    /// Cancels the touches under way, as if the system took them away: recognizers that began are
    /// cancelled, the others fail.
    public func cancelTouch(at time: Timestamp, into output: inout [TimedPayload]) {
        runDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        carry(router.cancel(), at: time)
        drain(into: &output)
    }

    /// Takes the pointer away from the hover recognizers (the device that moved it was removed):
    /// those it was over see it exit. The next motion or scroll brings hover back where the
    /// pointer then is.
    public func endHover(at time: Timestamp, into output: inout [TimedPayload]) {
        runDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        if arbiter.isHovering {
            arbiter.updateHover([], at: pointerLocation, system: self, time: currentTime)
        }
        hoverRevision = -1
        drain(into: &output)
    }

    /// When ``advance(to:into:)`` next needs calling, or nil when nothing is waiting.
    public var nextDeadline: Timestamp? {
        var earliest = arbiter.nextDeadline
        for interaction in armed where isInTree(interaction) {
            if let deadline = interaction.nextDeadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    private func process(_ input: ClassifiedInput) {
        runDeadlines(upTo: input.time)
        let time = max(input.time, currentTime)
        currentTime = time
        guard input.event.hasFiniteGeometry else {
            // Not a number or infinite: a device quirk upstream. Nothing sensible can follow it.
            trace?("device quirk: non-finite geometry ignored: \(input.event)")
            return
        }
        carry(router.route(input.event), at: time)
        switch input.event {
        case .motion, .position(_, .indirectPointer, _, _), .scroll:
            // The pointer moved, or content moved under it.
            updateHover(at: time)
        case .position, .touch, .key, .button, .tap, .longPress, .drag, .gesture:
            break
        }
    }

    /// Carries out a route: starts sequences, delivers input, finishes sequences.
    private func carry(_ route: PointerRouter.Route, at time: Timestamp) {
        switch route {
        case .none:
            return
        case .begin(let sample, let isFirst):
            collectRecognizers(at: sample.location) {
                $0.acceptsTouches(of: sample.touchType) && $0.allowedTouchTypes.contains(sample.touchType)
            }
            if isFirst {
                arbiter.replace(.touch, with: scratch, system: self, at: time)
            } else {
                arbiter.join(scratch, system: self)
            }
            arbiter.hold(sample, by: scratch)
            scratch.removeAllKeepingCapacity()
            arbiter.deliver(.touchBegan(sample), to: .touch, pointerLocation: pointerLocation, at: time)
        case .move(let sample):
            arbiter.deliver(.touchMoved(sample), to: .touch, pointerLocation: pointerLocation, at: time)
        case .hold(let sample):
            arbiter.deliver(.touchHeld(sample), to: .touch, pointerLocation: pointerLocation, at: time)
        case .drag(let sample):
            arbiter.deliver(.touchDragged(sample), to: .touch, pointerLocation: pointerLocation, at: time)
        case .end(let sample):
            arbiter.deliver(.touchEnded(sample), to: .touch, pointerLocation: pointerLocation, at: time)
            arbiter.release(sample.touch)
        case .cancel:
            arbiter.deliver(.touchCancelled, to: .touch, pointerLocation: pointerLocation, at: time)
            arbiter.releaseAllTouches()
        case .gesture(let gesture, let location):
            let startsSequence = gesture.phase == .began || !arbiter.isGesturing
            if startsSequence {
                collectGestureRecognizers(for: gesture, at: location)
                arbiter.replace(.gesture, with: scratch, system: self, at: time)
                scratch.removeAllKeepingCapacity()
            }
            arbiter.isGesturing = gesture.phase == .began || gesture.phase == .changed
            arbiter.deliver(
                .gesture(gesture, location: location), to: .gesture, pointerLocation: pointerLocation, at: time)
        case .scroll(let sample):
            let startsSequence = sample.phase == nil || sample.phase == .began || !arbiter.isScrolling
            if startsSequence {
                collectRecognizers(at: pointerLocation) { $0.acceptsScroll(from: sample.source) }
                arbiter.replace(.scroll, with: scratch, system: self, at: time)
                scratch.removeAllKeepingCapacity()
            }
            arbiter.isScrolling = sample.phase == .began || sample.phase == .changed
            arbiter.deliver(.scroll(sample), to: .scroll, pointerLocation: pointerLocation, at: time)
        }
        arbiter.finishSequences(isTouchDown: router.isTouchDown)
    }

    /// Collects into `scratch` the enabled recognizers of the node under a point and its
    /// ancestors, deepest first. Deferred interactions are made on the way, except for hovering:
    /// they have no hover recognizers, so the pointer passing over a node makes nothing. Hovering
    /// also stops the hit test above the nodes that have no hover recognizer below them.
    ///
    /// Returns the deepest node, or nil outside the root. When that node is `unchanged`, it
    /// collects nothing (see ``updateHover(at:)``).
    @discardableResult
    private func collectRecognizers(
        at location: Point, forHover: Bool = false, unlessDeepestIs unchanged: ObjectIdentifier?? = .none,
        where include: (GestureRecognizer) -> Bool
    ) -> ObjectIdentifier? {
        scratch.removeAllKeepingCapacity()
        if let rootNode {
            // A tree of built-in nodes is walked through their own storage, not the protocol, and
            // without retaining its nodes: collecting attaches deferred interactions at most, which
            // takes no node out of the tree, so each stays held by its parent.
            var current = rootNode.deepestNodeUnretained(at: location, visits: &nodeVisits, forHover: forHover)
            let deepest = current.map { $0._withUnsafeGuaranteedRef(ObjectIdentifier.init) }
            if let unchanged, unchanged == deepest { return deepest }
            while let node = current {
                current = node._withUnsafeGuaranteedRef { node in
                    collect(from: node, forHover: forHover, where: include)
                    guard node !== rootNode, let parent = node.parent else { return nil }
                    return Unmanaged.passUnretained(parent)
                }
            }
            return deepest
        }
        var current = root.hitTest(location, visits: &nodeVisits, forHover: forHover)
        let deepest = current.map { ObjectIdentifier($0) }
        if let unchanged, unchanged == deepest { return deepest }
        while let node = current {
            collect(from: node, forHover: forHover, where: include)
            current = node === root ? nil : node.parentNode
        }
        return deepest
    }

    /// Adds to `scratch` a node's enabled recognizers that `include` accepts, making its deferred
    /// interactions first unless for hovering.
    @inline(__always)
    private func collect(
        from node: some InteractionNode, forHover: Bool, where include: (GestureRecognizer) -> Bool
    ) {
        if !forHover { node.attachDeferredInteractions() }
        for recognizer in node.attachments.gestureRecognizers where recognizer.isEnabled && include(recognizer) {
            scratch.append(recognizer)
        }
    }

    /// Collects into `scratch` the recognizers a multi-finger gesture goes to: on a touchscreen,
    /// those holding every finger of its kind that is down; on a touchpad (or when no finger is
    /// known), those of the node under the gesture and its ancestors.
    private func collectGestureRecognizers(for gesture: Gesture, at location: Point) {
        scratch.removeAllKeepingCapacity()
        let down = gesture.touchType == .indirectPointer ? 0 : router.touchCount(of: gesture.touchType)
        if down > 0 {
            arbiter.collectHolders(ofEvery: down, touchesOf: gesture.touchType, taking: gesture.kind, into: &scratch)
        } else {
            collectRecognizers(at: location) {
                $0.acceptsGesture(gesture.kind) && $0.allowedTouchTypes.contains(gesture.touchType)
            }
        }
    }

    // MARK: Hover

    /// Moves the hover recognizers to the pointer's location: those of the node under it and its
    /// ancestors. A tree without hover recognizers costs nothing.
    ///
    /// The hover recognizers are those of the deepest node the hover hit test ends on and of its
    /// ancestors. While that node and the ``TreeRevision`` are the ones of the last update (the
    /// pointer moved within the same node, as most motion does), they are the ones the arbiter
    /// holds: they are moved without being collected again. A hover recognizer added, removed,
    /// enabled or disabled, or a node taken out of a tree, advances the revision.
    private func updateHover(at time: Timestamp) {
        // Read through the built-in root when there is one: the protocol's getter retains.
        let hoverCount = rootNode?.attachments.hoverRecognizerCount ?? root.attachments.hoverRecognizerCount
        guard hoverCount > 0 || arbiter.isHovering else { return }
        let revision = TreeRevision.current
        let unchanged: ObjectIdentifier?? = revision == hoverRevision ? .some(hoverNode) : .none
        let deepest = collectRecognizers(at: pointerLocation, forHover: true, unlessDeepestIs: unchanged) {
            $0.watchesHover
        }
        if let unchanged, unchanged == deepest {
            arbiter.moveHover(to: pointerLocation, system: self, time: time)
            return
        }
        arbiter.updateHover(scratch, at: pointerLocation, system: self, time: time)
        scratch.removeAllKeepingCapacity()
        // Read before the recognizers' targets ran: if one of them changed the tree, the revision
        // no longer matches and the next update collects again.
        hoverNode = deepest
        hoverRevision = revision
    }

    // MARK: Time

    private func runDeadlines(upTo time: Timestamp) {
        if let last = arbiter.runDeadlines(upTo: time, isTouchDown: router.isTouchDown) {
            currentTime = max(currentTime, last)
        }
        guard !armed.isEmpty else { return }
        // Moving interactions are brought to the time itself, not only to their frame deadlines,
        // so that input lands on content where it is now. Advancing may report events and arm
        // others; those wait for the next time.
        // By index, not over a copy: a copy would make the removal below copy the storage.
        var index = 0
        let count = armed.count
        while index < count {
            let interaction = armed[index]
            index += 1
            guard interaction.nextDeadline != nil, isInTree(interaction) else { continue }
            interactionVisits += 1
            interaction.advance(to: time, reporting: self)
        }
        // Those at rest or out of the tree leave. Whether one is in the tree is answered in O(1)
        // while the tree keeps the shape in which they were all last found in it.
        let revision = TreeRevision.current
        if armed.contains(where: { $0.nextDeadline == nil || !isInTree($0) }) {
            armed.removeAll { $0.nextDeadline == nil || !isInTree($0) }
        }
        // Every one left was found in the tree; it stays there while nothing is removed.
        if TreeRevision.current == revision { armedInTreeRevision = revision }
    }

    /// Whether an armed interaction's node lies in the tree: O(1) while the tree keeps the shape
    /// in which every armed interaction was found in it.
    private func isInTree(_ interaction: any TimeDrivenInteraction) -> Bool {
        if armedInTreeRevision == TreeRevision.current { return true }
        return interaction.node?.isDescendant(of: root) ?? false
    }

    // MARK: Output

    private func drain(into output: inout [TimedPayload]) {
        guard !outbox.isEmpty else { return }
        if output.isEmpty {
            // The usual case: the caller's buffer is empty, so the two trade storage instead of
            // copying every event across. Both keep their capacity, so neither grows again.
            swap(&output, &outbox)
            return
        }
        output.append(contentsOf: outbox)
        outbox.removeAllKeepingCapacity()
    }
}

extension InteractionSystem {
    /// Handles one classified input and returns the events that happened (see
    /// ``handle(_:into:)``, which allocates nothing in steady state).
    @discardableResult
    public func handle(_ input: ClassifiedInput) -> [TimedPayload] {
        var output: [TimedPayload] = []
        handle(input, into: &output)
        return output
    }

    /// Fires every deadline up to a time and returns the events that happened.
    @discardableResult
    public func advance(to time: Timestamp) -> [TimedPayload] {
        var output: [TimedPayload] = []
        advance(to: time, into: &output)
        return output
    }

    /// Cancels the touch under way and returns the events that happened.
    @discardableResult
    public func cancelTouch(at time: Timestamp) -> [TimedPayload] {
        var output: [TimedPayload] = []
        cancelTouch(at: time, into: &output)
        return output
    }
}

extension ClassifiedEvent {
    /// Whether every coordinate the event carries is a finite number.
    var hasFiniteGeometry: Bool {
        func finite(_ vector: Vector?) -> Bool { vector.map(\.isFinite) ?? true }
        switch self {
        case .motion(let delta, _): return finite(delta)
        case .position(let position, _, _, _), .touch(_, let position, _): return finite(position)
        case .gesture(let gesture):
            return finite(gesture.delta) && gesture.scale.isFinite && gesture.rotation.isFinite
                && finite(gesture.position)
        case .scroll(_, let delta, let v120, _, let velocity): return finite(delta) && finite(v120) && finite(velocity)
        case .drag(_, _, let translation, let position): return finite(translation) && finite(position)
        case .tap(_, _, let position), .longPress(_, _, let position): return finite(position)
        case .key, .button: return true
        }
    }
}

extension GestureRecognizer {
    /// Whether the recognizer still takes input in its current gesture.
    var isActive: Bool {
        switch state {
        case .possible, .began, .changed: true
        case .ended, .cancelled, .failed: false
        }
    }
}
