import Classification
public import EventModel
public import Geometry
public import InputEvents

/// Feeds classified input to the recognizers of a node tree, arbitrates between them, and reports
/// what the interactions did.
///
/// The system reads no clock. Give it every ``ClassifiedInput`` in time order with
/// ``handle(_:)``, and call ``advance(to:)`` when ``nextDeadline`` passes (live, arm one timer for
/// it; in a replay, the next input's time passes it). Each call returns the events that happened,
/// and also hands them to ``onEvent``:
///
/// ```swift
/// let system = InteractionSystem(root: root, sceneSize: Size(width: 1024, height: 768))
/// for input in classified {
///     for event in system.handle(input) { print(event) }
/// }
/// if let deadline = system.nextDeadline { _ = system.advance(to: deadline) }
/// ```
///
/// How input reaches recognizers:
/// - The pointer starts at the scene's centre, follows relative `motion`, and stays inside the
///   scene; an absolute `position` from a pointer puts it where the fraction of the scene says.
/// - A pointer button going down starts a touch (`indirectPointer`) at the pointer, which moves
///   with it and ends when that button comes up. A finger or pencil `position` that is down starts
///   or moves a touch (`direct`, `pencil`); one that is up ends it.
/// - A touch goes to the recognizers of the node under it and of all its ancestors, deepest node
///   first and, on one node, in the order they were added. It stays with them until it ends, even
///   if it leaves the node. Scrolling goes the same way to the pans that allow its source.
/// - The classifier's own `tap`, `longPress` and `drag` are not used: recognizers make their own
///   from the touches, with their own settings. A classified `drag` that is `cancelled` (the
///   device went away) and Escape cancel the touch.
///
/// Arbitration follows UIKit: a recognizer that wants to begin (or, if discrete, to end) first
/// waits for those it requires to fail, then fails if another recognizer already took the input
/// (unless a delegate lets both recognize); once it recognizes, every other recognizer still
/// `possible` that may not recognize with it fails. Since the deepest recognizers see input
/// first, one input never fires two exclusive recognizers, and the deepest one wins.
public final class InteractionSystem {
    /// The root of the node tree.
    public let root: any InteractionNode
    /// The scene's size: the pointer's bounds and what absolute positions map onto.
    public var sceneSize: Size
    /// The thresholds used to convert wheel detents.
    public var thresholds: InteractionThresholds
    /// Where the pointer is, in window coordinates.
    public private(set) var pointerLocation: Point
    /// Called with each event as it happens, before ``handle(_:)`` or ``advance(to:)`` returns it.
    public var onEvent: ((TimedPayload) -> Void)?
    /// Called with one line per recognizer transition (`photo-1 long-press: possible → began`).
    public var trace: ((String) -> Void)?

    private struct ActiveTouch {
        var touchType: TouchType
        var button: PointerButton?
        var buttons: ButtonMask
        var location: Point
    }

    private var touch: ActiveTouch?
    private var touchParticipants: [GestureRecognizer] = []
    private var scrollParticipants: [GestureRecognizer] = []
    private var scratch: [GestureRecognizer] = []
    private var isScrolling = false
    private var outbox: [TimedPayload] = []
    /// The latest time seen.
    public private(set) var currentTime: Timestamp = .zero

    /// Creates a system for a tree.
    /// - Parameters:
    ///   - root: The tree's root; its frame is usually the whole scene.
    ///   - sceneSize: The scene's size; the pointer starts at its centre.
    ///   - thresholds: The thresholds for wheel detents.
    public init(root: any InteractionNode, sceneSize: Size, thresholds: InteractionThresholds = InteractionThresholds())
    {
        self.root = root
        self.sceneSize = sceneSize
        self.thresholds = thresholds
        self.pointerLocation = Point(x: sceneSize.width / 2, y: sceneSize.height / 2)
    }

    /// Whether a touch (a finger, a pencil or a held pointer button) is down.
    public var isTouchDown: Bool { touch != nil }

    /// The deepest node under the pointer, or nil when the pointer is outside the root.
    public var nodeUnderPointer: (any InteractionNode)? { root.hitTest(pointerLocation) }

    /// Reports an event: interactions call this from their recognizers' targets.
    public func send(_ payload: EventPayload, at time: Timestamp) {
        let event = TimedPayload(time: time, payload: payload)
        outbox.append(event)
        onEvent?(event)
    }

    // MARK: Input

    /// Handles one classified input: first fires the deadlines its time has passed, then delivers
    /// it. Returns the events that happened, in order.
    @discardableResult
    public func handle(_ input: ClassifiedInput) -> [TimedPayload] {
        process(input)
        return flush()
    }

    /// Handles one classified input like ``handle(_:)``, appending the events to a buffer the
    /// caller owns, so that a steady stream of input allocates nothing.
    public func handle(_ input: ClassifiedInput, into output: inout [TimedPayload]) {
        process(input)
        drain(into: &output)
    }

    /// Fires every deadline up to a time like ``advance(to:)``, appending the events to a buffer
    /// the caller owns.
    public func advance(to time: Timestamp, into output: inout [TimedPayload]) {
        runDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        drain(into: &output)
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
        switch input.event {
        case .motion(let delta):
            pointerLocation = clampedToScene(pointerLocation + delta)
            if let active = touch, active.touchType == .indirectPointer {
                moveTouch(to: pointerLocation, at: time)
            }
        case .position(let fraction, let touchType, let isDown):
            let location = clampedToScene(Point(x: fraction.x * sceneSize.width, y: fraction.y * sceneSize.height))
            switch touchType {
            case .indirectPointer:
                pointerLocation = location
                if let active = touch, active.touchType == .indirectPointer { moveTouch(to: location, at: time) }
            case .direct, .pencil:
                if isDown {
                    if let active = touch {
                        if active.touchType == touchType { moveTouch(to: location, at: time) }
                    } else {
                        beginTouch(at: location, touchType: touchType, button: nil, buttons: .primary, time: time)
                    }
                } else if let active = touch, active.touchType == touchType {
                    endTouch(at: location, time: time)
                }
            }
        case .button(let button, let state, _, _):
            switch state {
            case .down:
                if touch == nil {
                    beginTouch(
                        at: pointerLocation,
                        touchType: .indirectPointer,
                        button: button,
                        buttons: ButtonMask(button),
                        time: time
                    )
                }
            case .up:
                if let active = touch, active.touchType == .indirectPointer, active.button == button {
                    endTouch(at: pointerLocation, time: time)
                }
            }
        case .scroll(let source, let delta, let v120, let phase, let velocity):
            var points = delta
            if source == .discrete, let v120 {
                points = v120 * (thresholds.discreteScrollLineHeight / 120)
            }
            scroll(ScrollSample(source: source, delta: points, phase: phase, velocity: velocity ?? .zero), at: time)
        case .key(let code, let state, _, _, _):
            if code == .escape, state == .down { cancelActiveTouch(at: time) }
        case .drag(let phase, let touchType, _, _):
            if phase == .cancelled, let active = touch, active.touchType == touchType { cancelActiveTouch(at: time) }
        case .longPress, .tap:
            // A classified long press is also cancelled when it turns into a drag, which is no
            // reason to take the touch away.
            break
        }
    }

    /// Fires every deadline up to a time, in order, and returns the events that happened.
    @discardableResult
    public func advance(to time: Timestamp) -> [TimedPayload] {
        runDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        return flush()
    }

    /// When ``advance(to:)`` next needs calling, or nil when nothing is waiting.
    public var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        func consider(_ deadline: Timestamp?) {
            guard let deadline else { return }
            if earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        for recognizer in touchParticipants where recognizer.isActive { consider(recognizer.machineDeadline) }
        for recognizer in scrollParticipants where recognizer.isActive { consider(recognizer.machineDeadline) }
        forEachTimeDriven(in: root) { consider($0.nextDeadline) }
        return earliest
    }

    /// Cancels the touch under way, as if the system took it away: recognizers that began are
    /// cancelled, the others fail.
    @discardableResult
    public func cancelTouch(at time: Timestamp) -> [TimedPayload] {
        runDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        cancelActiveTouch(at: time)
        return flush()
    }

    /// Cancels the touch under way like ``cancelTouch(at:)``, appending the events to a buffer the
    /// caller owns.
    public func cancelTouch(at time: Timestamp, into output: inout [TimedPayload]) {
        runDeadlines(upTo: time)
        currentTime = max(currentTime, time)
        cancelActiveTouch(at: time)
        drain(into: &output)
    }

    private func cancelActiveTouch(at time: Timestamp) {
        guard touch != nil else { return }
        touch = nil
        deliver(.touchCancelled, to: touchParticipants, at: time)
        finishSequences()
    }

    // MARK: Touches

    private func clampedToScene(_ point: Point) -> Point {
        // The right and bottom edges belong outside the scene (see `Rect.contains`), so stop just
        // short of them.
        Point(
            x: min(max(point.x, 0), max(0, sceneSize.width.nextDown)),
            y: min(max(point.y, 0), max(0, sceneSize.height.nextDown))
        )
    }

    private func beginTouch(
        at location: Point,
        touchType: TouchType,
        button: PointerButton?,
        buttons: ButtonMask,
        time: Timestamp
    ) {
        touch = ActiveTouch(touchType: touchType, button: button, buttons: buttons, location: location)
        scratch.removeAll(keepingCapacity: true)
        collectRecognizers(at: location, into: &scratch) { $0.allowedTouchTypes.contains(touchType) }
        replaceParticipants(&touchParticipants, with: scratch, at: time)
        scratch.removeAll(keepingCapacity: true)
        let sample = TouchSample(location: location, touchType: touchType, buttons: buttons)
        deliver(.touchBegan(sample), to: touchParticipants, at: time)
        finishSequences()
    }

    private func moveTouch(to location: Point, at time: Timestamp) {
        guard var active = touch else { return }
        active.location = location
        touch = active
        let sample = TouchSample(location: location, touchType: active.touchType, buttons: active.buttons)
        deliver(.touchMoved(sample), to: touchParticipants, at: time)
        finishSequences()
    }

    private func endTouch(at location: Point, time: Timestamp) {
        guard let active = touch else { return }
        touch = nil
        let sample = TouchSample(location: location, touchType: active.touchType, buttons: active.buttons)
        deliver(.touchEnded(sample), to: touchParticipants, at: time)
        finishSequences()
    }

    private func scroll(_ sample: ScrollSample, at time: Timestamp) {
        let startsSequence = sample.phase == nil || sample.phase == .began || !isScrolling
        if startsSequence {
            scratch.removeAll(keepingCapacity: true)
            collectRecognizers(at: pointerLocation, into: &scratch) { $0.acceptsScroll(from: sample.source) }
            replaceParticipants(&scrollParticipants, with: scratch, at: time)
            scratch.removeAll(keepingCapacity: true)
        }
        isScrolling = sample.phase == .began || sample.phase == .changed
        deliver(.scroll(sample), to: scrollParticipants, at: time)
        finishSequences()
    }

    /// Collects the enabled recognizers of the node under a point and its ancestors, deepest first.
    private func collectRecognizers(
        at location: Point,
        into result: inout [GestureRecognizer],
        where include: (GestureRecognizer) -> Bool
    ) {
        var current = root.hitTest(location)
        while let node = current {
            for recognizer in node.attachments.gestureRecognizers where recognizer.isEnabled && include(recognizer) {
                result.append(recognizer)
            }
            if node === root { break }
            current = node.parentNode
        }
    }

    /// Starts a new sequence: recognizers of the old one that are not in the new one fail (a tap
    /// waiting for its second tap elsewhere), and are put back at rest.
    private func replaceParticipants(
        _ participants: inout [GestureRecognizer],
        with newParticipants: [GestureRecognizer],
        at time: Timestamp
    ) {
        for old in participants where !newParticipants.contains(where: { $0 === old }) {
            switch old.state {
            case .possible:
                if old.machineDeadline != nil || old.pendingTransition != nil { commit(old, .failed, at: time) }
            case .began, .changed:
                // A sequence that never ended (a touchpad scroll without its `ended`).
                commit(old, .cancelled, at: time)
            case .ended, .cancelled, .failed:
                break
            }
            old.reset()
        }
        participants.removeAll(keepingCapacity: true)
        participants.append(contentsOf: newParticipants)
        for recognizer in participants { recognizer.system = self }
    }

    // MARK: Arbitration

    private func deliver(_ input: RecognizerInput, to participants: [GestureRecognizer], at time: Timestamp) {
        for recognizer in participants {
            guard isAttached(recognizer) else { continue }
            guard recognizer.isActive else { continue }
            recognizer.time = time
            switch input {
            case .touchBegan(let sample), .touchMoved(let sample), .touchEnded(let sample):
                recognizer.location = sample.location
                recognizer.touchType = sample.touchType
            case .scroll:
                recognizer.location = pointerLocation
                recognizer.touchType = nil
            case .touchCancelled:
                break
            }
            apply(recognizer.proposal(for: input, at: time), to: recognizer, at: time)
        }
        resolvePending(at: time)
    }

    private func runDeadlines(upTo time: Timestamp) {
        while true {
            var earliest: (GestureRecognizer, Timestamp)?
            for recognizer in touchParticipants where recognizer.isActive && isAttached(recognizer) {
                if let deadline = recognizer.machineDeadline, deadline <= time,
                    earliest.map({ deadline < $0.1 }) ?? true
                {
                    earliest = (recognizer, deadline)
                }
            }
            for recognizer in scrollParticipants where recognizer.isActive && isAttached(recognizer) {
                if let deadline = recognizer.machineDeadline, deadline <= time,
                    earliest.map({ deadline < $0.1 }) ?? true
                {
                    earliest = (recognizer, deadline)
                }
            }
            guard let (recognizer, deadline) = earliest else { break }
            currentTime = max(currentTime, deadline)
            recognizer.time = deadline
            apply(recognizer.proposal(advancingTo: deadline), to: recognizer, at: deadline)
            if recognizer.isActive, recognizer.machineDeadline == deadline {
                // A machine that keeps a deadline it has passed would stop time here.
                assertionFailure("our bug: \(recognizer.name) kept its passed deadline")
                trace?("our bug: \(label(recognizer)) kept its passed deadline; reset")
                recognizer.reset()
            }
            resolvePending(at: deadline)
            finishSequences()
        }
        // Moving interactions are brought to the time itself, not only to their frame deadlines,
        // so that input lands on content where it is now.
        forEachTimeDriven(in: root) { interaction in
            if interaction.nextDeadline != nil { interaction.advance(to: time, reporting: self) }
        }
    }

    private func forEachTimeDriven(in node: any InteractionNode, _ body: (any TimeDrivenInteraction) -> Void) {
        for interaction in node.attachments.interactions {
            if let driven = interaction as? any TimeDrivenInteraction { body(driven) }
        }
        for child in node.childNodes { forEachTimeDriven(in: child, body) }
    }

    /// Whether the recognizer is still on a node in this tree. One removed from its node, or whose
    /// node left the tree, is put back at rest without a word.
    private func isAttached(_ recognizer: GestureRecognizer) -> Bool {
        if let node = recognizer.node, node.isDescendant(of: root) { return true }
        if recognizer.state != .possible || recognizer.pendingTransition != nil { recognizer.reset() }
        return false
    }

    private func apply(_ proposal: Proposal, to recognizer: GestureRecognizer, at time: Timestamp) {
        if let first = proposal.first { apply(first, to: recognizer, at: time) }
        if let second = proposal.second { apply(second, to: recognizer, at: time) }
    }

    private func apply(_ proposed: RecognizerState, to recognizer: GestureRecognizer, at time: Timestamp) {
        switch proposed {
        case .possible:
            break
        case .began:
            if recognizer.pendingTransition != nil { return }
            if recognizer.state == .possible { gate(recognizer, .began, at: time) }
        case .changed:
            if recognizer.pendingTransition != nil { return }
            if recognizer.state == .began || recognizer.state == .changed { commit(recognizer, .changed, at: time) }
        case .ended:
            if recognizer.pendingTransition != nil {
                recognizer.pendingEnd = true
            } else if recognizer.state == .possible {
                gate(recognizer, .ended, at: time)
            } else if recognizer.state == .began || recognizer.state == .changed {
                commit(recognizer, .ended, at: time)
            }
        case .cancelled, .failed:
            if recognizer.pendingTransition != nil || recognizer.state == .possible {
                commit(recognizer, .failed, at: time)
            } else if recognizer.state == .began || recognizer.state == .changed {
                commit(recognizer, .cancelled, at: time)
            }
        }
    }

    private enum Requirement {
        case satisfied
        case waiting
        case broken
    }

    private func requirementState(of recognizer: GestureRecognizer) -> Requirement {
        var result = Requirement.satisfied
        for other in recognizer.recognizersRequiredToFail where isParticipant(other) && isAttached(other) {
            if other.state.isRecognized { return .broken }
            if other.state == .possible { result = .waiting }
        }
        return result
    }

    private func isParticipant(_ recognizer: GestureRecognizer) -> Bool {
        touchParticipants.contains { $0 === recognizer } || scrollParticipants.contains { $0 === recognizer }
    }

    private func canRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    /// Decides whether a recognizer may take `began` (or a discrete `ended`) now.
    private func gate(_ recognizer: GestureRecognizer, _ proposed: RecognizerState, at time: Timestamp) {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            commit(recognizer, .failed, at: time)
            return
        }
        switch requirementState(of: recognizer) {
        case .broken:
            commit(recognizer, .failed, at: time)
            return
        case .waiting:
            recognizer.pendingTransition = proposed
            trace?("\(label(recognizer)): \(recognizer.state) → \(proposed) (waiting for failures)")
            return
        case .satisfied:
            break
        }
        if blockedByRecognized(recognizer, in: touchParticipants)
            || blockedByRecognized(recognizer, in: scrollParticipants)
        {
            commit(recognizer, .failed, at: time)
            return
        }
        commit(recognizer, proposed, at: time)
        excludeOthers(from: recognizer, in: touchParticipants, at: time)
        excludeOthers(from: recognizer, in: scrollParticipants, at: time)
    }

    private func blockedByRecognized(_ recognizer: GestureRecognizer, in participants: [GestureRecognizer]) -> Bool {
        participants.contains { other in
            other !== recognizer && other.state.isRecognized && isAttached(other)
                && !canRecognizeSimultaneously(recognizer, other)
        }
    }

    private func excludeOthers(from winner: GestureRecognizer, in participants: [GestureRecognizer], at time: Timestamp)
    {
        for other in participants where other !== winner && other.state == .possible {
            guard !canRecognizeSimultaneously(winner, other) else { continue }
            // A recognizer that needs no touch (a pan waiting for scrolling) only loses the input
            // it shares with the winner.
            guard sharesInput(other, with: winner) else { continue }
            commit(other, .failed, at: time)
        }
    }

    private func sharesInput(_ a: GestureRecognizer, with b: GestureRecognizer) -> Bool {
        let aTouch = touchParticipants.contains { $0 === a }
        let bTouch = touchParticipants.contains { $0 === b }
        let aScroll = scrollParticipants.contains { $0 === a }
        let bScroll = scrollParticipants.contains { $0 === b }
        return (aTouch && bTouch) || (aScroll && bScroll)
    }

    private func resolvePending(at time: Timestamp) {
        var progressed = true
        while progressed {
            progressed = false
            for recognizer in touchParticipants where recognizer.pendingTransition != nil {
                progressed = resolve(recognizer, at: time) || progressed
            }
            for recognizer in scrollParticipants where recognizer.pendingTransition != nil {
                progressed = resolve(recognizer, at: time) || progressed
            }
        }
    }

    private func resolve(_ recognizer: GestureRecognizer, at time: Timestamp) -> Bool {
        guard let proposed = recognizer.pendingTransition else { return false }
        switch requirementState(of: recognizer) {
        case .waiting:
            return false
        case .broken:
            commit(recognizer, .failed, at: time)
            return true
        case .satisfied:
            let endsToo = recognizer.pendingEnd
            recognizer.pendingTransition = nil
            recognizer.pendingEnd = false
            gate(recognizer, proposed, at: time)
            if endsToo, recognizer.state == .began { commit(recognizer, .ended, at: time) }
            return true
        }
    }

    private func label(_ recognizer: GestureRecognizer) -> String {
        if let node = recognizer.node { return "\(node.identifier) \(recognizer.name)" }
        return recognizer.name
    }

    private func commit(_ recognizer: GestureRecognizer, _ state: RecognizerState, at time: Timestamp) {
        let old = recognizer.state
        recognizer.state = state
        recognizer.time = time
        if state.isFinished {
            recognizer.pendingTransition = nil
            recognizer.pendingEnd = false
        }
        trace?("\(label(recognizer)): \(old) → \(state)")
        if state != .failed { recognizer.sendActions() }
        if state.isFinished { recognizer.resetMachine() }
    }

    /// Puts finished recognizers back to `possible` once their sequence is over.
    private func finishSequences() {
        if touch == nil {
            for recognizer in touchParticipants where recognizer.state.isFinished {
                if !(isScrolling && scrollParticipants.contains { $0 === recognizer }) { recognizer.reset() }
            }
        }
        if !isScrolling {
            for recognizer in scrollParticipants where recognizer.state.isFinished {
                if !(touch != nil && touchParticipants.contains { $0 === recognizer }) { recognizer.reset() }
            }
        }
    }

    private func flush() -> [TimedPayload] {
        if outbox.isEmpty { return [] }
        let events = outbox
        outbox = []
        return events
    }

    private func drain(into output: inout [TimedPayload]) {
        guard !outbox.isEmpty else { return }
        output.append(contentsOf: outbox)
        outbox.removeAll(keepingCapacity: true)
    }
}

extension ClassifiedEvent {
    /// Whether every coordinate the event carries is a finite number.
    var hasFiniteGeometry: Bool {
        func finite(_ vector: Vector?) -> Bool { vector.map { $0.x.isFinite && $0.y.isFinite } ?? true }
        switch self {
        case .motion(let delta): return finite(delta)
        case .position(let position, _, _): return finite(position)
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
