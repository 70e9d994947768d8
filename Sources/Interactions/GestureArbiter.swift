import EventModel
import Geometry
import InputEvents

/// Decides, among the recognizers taking part in the current touches, the current scroll and the
/// current multi-finger gesture, which may recognize, following UIKit's rules, and moves them
/// through their states.
///
/// A recognizer that wants to begin (or, if discrete, to end) first waits for those it requires to
/// fail, then fails if another recognizer already took its input (unless a delegate lets both
/// recognize); once it recognizes, every other recognizer still `possible` that may not recognize
/// with it and shares its input fails. Since the deepest recognizers see input first, one input
/// never fires two exclusive recognizers, and the deepest one wins.
///
/// Every touch is its own: a recognizer holds the touches that began on its node or its
/// descendants, and sees only those. Two recognizers holding different touches (two fingers
/// dragging two photos) do not exclude each other; a recognizer on a common ancestor holds both.
/// Hover recognizers watch the pointer beside all this: nothing excludes them and they exclude
/// nothing.
///
/// Only the participants are ever looked at: the recognizers of the nodes under the touches or the
/// pointer and of their ancestors. Its cost is the length of those paths, never the size of the
/// tree.
///
/// It is a class, not a value: recognizers' targets run in the middle of its work and may call back
/// into the system (cancel the touch, remove a recognizer), which a value being mutated cannot
/// allow.
final class GestureArbiter {
    /// The root of the tree the participants must still be in.
    let root: any InteractionNode
    /// The recognizers of the touches under way, deepest node of the first touch first, then
    /// those that joined with later touches.
    @exclusivity(unchecked) private(set) var touchParticipants: [GestureRecognizer] = []
    /// The recognizers of the scroll under way, deepest node first.
    @exclusivity(unchecked) private(set) var scrollParticipants: [GestureRecognizer] = []
    /// The recognizers of the multi-finger gesture under way, deepest node first.
    @exclusivity(unchecked) private(set) var gestureParticipants: [GestureRecognizer] = []
    /// The hover recognizers the pointer is over, deepest node first.
    @exclusivity(unchecked) private(set) var hoverParticipants: [GestureRecognizer] = []
    /// Whether a continuous scroll sequence is under way.
    @exclusivity(unchecked) var isScrolling = false
    /// Whether a multi-finger gesture is under way.
    @exclusivity(unchecked) var isGesturing = false
    /// Receives one line per transition.
    @exclusivity(unchecked) var trace: ((String) -> Void)?

    /// Counts the recognizers given input, for tests of the cost per input.
    @exclusivity(unchecked) private(set) var recognizerVisits = 0

    /// A touch a recognizer holds, and where the touch last was.
    private struct Hold {
        let recognizer: GestureRecognizer
        let touch: TouchIdentifier
        var location: Point
    }

    /// Which recognizer holds which touch, in the order the touches began.
    @exclusivity(unchecked) private var holds: [Hold] = []
    /// The hover participants before an update, reused.
    @exclusivity(unchecked) private var previousHover: [GestureRecognizer] = []
    /// The earliest deadline of the participants' machines, as last worked out (see
    /// ``nextDeadline``); valid while `isEarliestDeadlineKnown`.
    @exclusivity(unchecked) private var earliestDeadline: Timestamp?
    /// Whether no participant's machine or state can have changed since `earliestDeadline` was
    /// worked out: a machine changes only when the arbiter gives it input, fires its deadline,
    /// moves it to a state or puts it at rest, or when its recognizer leaves its node.
    @exclusivity(unchecked) private var isEarliestDeadlineKnown = false

    init(root: any InteractionNode) {
        self.root = root
        touchParticipants.reserveCapacity(16)
        scrollParticipants.reserveCapacity(16)
        gestureParticipants.reserveCapacity(16)
        hoverParticipants.reserveCapacity(16)
        previousHover.reserveCapacity(16)
        holds.reserveCapacity(64)
    }

    // MARK: Sequences

    /// Which sequence a set of participants belongs to.
    enum Sequence {
        case touch
        case scroll
        case gesture
    }

    private func participants(of sequence: Sequence) -> [GestureRecognizer] {
        switch sequence {
        case .touch: touchParticipants
        case .scroll: scrollParticipants
        case .gesture: gestureParticipants
        }
    }

    /// Starts a new sequence: recognizers of the old one that are not in the new one fail (a tap
    /// waiting for its second tap elsewhere), and are put back at rest.
    func replace(
        _ sequence: Sequence,
        with newParticipants: [GestureRecognizer],
        system: InteractionSystem,
        at time: Timestamp
    ) {
        deadlinesMayHaveChanged()
        let old = participants(of: sequence)
        for recognizer in old where !newParticipants.contains(where: { $0 === recognizer }) {
            switch recognizer.state {
            case .possible:
                if recognizer.machineDeadline != nil || recognizer.pendingTransition != nil {
                    commit(recognizer, .failed, at: time)
                }
            case .began, .changed:
                // A sequence that never ended (a touchpad scroll without its `ended`).
                commit(recognizer, .cancelled, at: time)
            case .ended, .cancelled, .failed:
                break
            }
            rest(recognizer)
        }
        switch sequence {
        case .touch:
            touchParticipants.removeAll(keepingCapacity: true)
            touchParticipants.append(contentsOf: newParticipants)
        case .scroll:
            scrollParticipants.removeAll(keepingCapacity: true)
            scrollParticipants.append(contentsOf: newParticipants)
        case .gesture:
            gestureParticipants.removeAll(keepingCapacity: true)
            gestureParticipants.append(contentsOf: newParticipants)
        }
        for recognizer in newParticipants { recognizer.system = system }
    }

    /// Adds the recognizers of a touch that began while others were down to the touch sequence.
    func join(_ newParticipants: [GestureRecognizer], system: InteractionSystem) {
        deadlinesMayHaveChanged()
        for recognizer in newParticipants where !touchParticipants.contains(where: { $0 === recognizer }) {
            touchParticipants.append(recognizer)
            recognizer.system = system
        }
    }

    /// Puts finished recognizers back to `possible` once every sequence they take part in is over.
    func finishSequences(isTouchDown: Bool) {
        // Whether any participant finished is asked first, without copying a list: most inputs
        // finish nothing.
        let isFinished: (GestureRecognizer) -> Bool = { $0.state.isFinished }
        if !isTouchDown, touchParticipants.containsUnretained(where: isFinished) {
            restFinished(in: touchParticipants, isTouchDown: isTouchDown)
        }
        if !isScrolling, scrollParticipants.containsUnretained(where: isFinished) {
            restFinished(in: scrollParticipants, isTouchDown: isTouchDown)
        }
        if !isGesturing, gestureParticipants.containsUnretained(where: isFinished) {
            restFinished(in: gestureParticipants, isTouchDown: isTouchDown)
        }
    }

    private func restFinished(in participants: [GestureRecognizer], isTouchDown: Bool) {
        participants.forEachUnretained(where: { $0.state.isFinished }) { recognizer in
            let busy =
                (isTouchDown && touchParticipants.contains { $0 === recognizer })
                || (isScrolling && scrollParticipants.contains { $0 === recognizer })
                || (isGesturing && gestureParticipants.contains { $0 === recognizer })
            if !busy { rest(recognizer) }
        }
    }

    /// Puts a recognizer at rest and lets go of the touches it held.
    private func rest(_ recognizer: GestureRecognizer) {
        deadlineMayHaveChanged(of: recognizer)
        recognizer.reset()
        holds.removeAll { $0.recognizer === recognizer }
    }

    // MARK: Touches

    /// Gives a touch that began to the recognizers on its path.
    func hold(_ sample: TouchSample, by recognizers: [GestureRecognizer]) {
        for recognizer in recognizers {
            holds.append(Hold(recognizer: recognizer, touch: sample.touch, location: sample.location))
            recognizer.numberOfTouches = heldCount(by: recognizer)
        }
    }

    /// Lets go of a touch that ended.
    func release(_ touch: TouchIdentifier) {
        var index = 0
        while index < holds.count {
            if holds[index].touch == touch {
                let recognizer = holds.remove(at: index).recognizer
                recognizer.numberOfTouches = heldCount(by: recognizer)
            } else {
                index += 1
            }
        }
    }

    /// Lets go of every touch (they were all cancelled).
    func releaseAllTouches() {
        for hold in holds { hold.recognizer.numberOfTouches = 0 }
        holds.removeAll(keepingCapacity: true)
    }

    private func heldCount(by recognizer: GestureRecognizer) -> Int {
        var count = 0
        for hold in holds where hold.recognizer === recognizer { count += 1 }
        return count
    }

    /// Where the `index`th touch a recognizer holds is.
    func location(ofTouch index: Int, heldBy recognizer: GestureRecognizer) -> Point? {
        var seen = 0
        for hold in holds where hold.recognizer === recognizer {
            if seen == index { return hold.location }
            seen += 1
        }
        return nil
    }

    /// Collects into `result` the touch participants taking a kind of gesture that hold every one
    /// of the `count` touches of a kind that are down: the recognizers of the nodes all of those
    /// touches began in.
    func collectHolders(
        ofEvery count: Int,
        touchesOf touchType: TouchType,
        taking kind: GestureKind,
        into result: inout [GestureRecognizer]
    ) {
        for recognizer in touchParticipants
        where recognizer.isEnabled && recognizer.acceptsGesture(kind)
            && recognizer.allowedTouchTypes.contains(touchType)
        {
            var held = 0
            for hold in holds where hold.recognizer === recognizer && hold.touch.touchType == touchType { held += 1 }
            if held == count { result.append(recognizer) }
        }
    }

    /// Whether both recognizers hold touches and none of them in common: they see different
    /// fingers and never compete.
    private func holdDifferentTouches(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        var aHolds = false
        var bHolds = false
        for hold in holds {
            if hold.recognizer === a {
                aHolds = true
                if holds.contains(where: { $0.recognizer === b && $0.touch == hold.touch }) { return false }
            } else if hold.recognizer === b {
                bHolds = true
            }
        }
        return aHolds && bHolds
    }

    /// The hold of a touch by a recognizer, and whether it is the first touch the recognizer holds.
    private func holdIndex(of touch: TouchIdentifier, by recognizer: GestureRecognizer) -> (index: Int, isFirst: Bool)?
    {
        var isFirst = true
        for index in holds.indices where holds[index].recognizer === recognizer {
            if holds[index].touch == touch { return (index, isFirst) }
            isFirst = false
        }
        return nil
    }

    /// The centre of the touches a recognizer holds.
    private func centroid(of recognizer: GestureRecognizer) -> Point? {
        var sum = Vector.zero
        var count = 0.0
        for hold in holds where hold.recognizer === recognizer {
            sum = sum + Vector(x: hold.location.x, y: hold.location.y)
            count += 1
        }
        guard count > 0 else { return nil }
        return Point(x: sum.x / count, y: sum.y / count)
    }

    // MARK: Input

    /// Gives an input to one sequence's recognizers, in order, and carries out what they ask for.
    /// An input of one touch reaches only the recognizers holding it.
    func deliver(
        _ input: RecognizerInput,
        to sequence: Sequence,
        pointerLocation: Point,
        at time: Timestamp
    ) {
        // A copy held for the walk: targets may change the sequence's participants meanwhile.
        let participants = participants(of: sequence)
        participants.forEachUnretained { recognizer in
            feed(input, to: recognizer, pointerLocation: pointerLocation, at: time)
        }
        resolvePending(at: time)
    }

    /// Gives an input to one recognizer and carries out what it asks for.
    private func feed(
        _ input: RecognizerInput,
        to recognizer: GestureRecognizer,
        pointerLocation: Point,
        at time: Timestamp
    ) {
        deadlineMayHaveChanged(of: recognizer)
        guard isAttached(recognizer) else { return }
        guard recognizer.isActive else { return }
        if let sample = input.touchSample {
            guard let (index, isFirst) = holdIndex(of: sample.touch, by: recognizer) else { return }
            holds[index].location = sample.location
            if !isFirst {
                switch recognizer.extraTouches {
                case .ignored:
                    return
                case .failGesture:
                    guard case .touchBegan = input, recognizer.state == .possible else { return }
                    recognizerVisits += 1
                    recognizer.time = time
                    apply(.failed, to: recognizer, at: time)
                    return
                case .taken:
                    break
                }
            }
        }
        recognizerVisits += 1
        recognizer.time = time
        switch input {
        case .touchBegan(let sample), .touchMoved(let sample), .touchEnded(let sample), .touchHeld(let sample),
            .touchDragged(let sample):
            let takesAll = recognizer.extraTouches == .taken
            recognizer.location = takesAll ? centroid(of: recognizer) ?? sample.location : sample.location
            recognizer.touchType = sample.touchType
            recognizer.isTouchDragging = sample.isDragging
        case .scroll:
            recognizer.location = pointerLocation
            recognizer.touchType = nil
            recognizer.isTouchDragging = false
        case .gesture(let gesture, let location):
            recognizer.location = location
            recognizer.touchType = gesture.touchType
            recognizer.isTouchDragging = false
            // A touchpad's gesture comes with no touches: the fingers making it stand for them.
            if gesture.touchType == .indirectPointer { recognizer.numberOfTouches = gesture.fingers }
        case .hover(_, let location):
            recognizer.location = location
            recognizer.touchType = .indirectPointer
            recognizer.isTouchDragging = false
        case .touchCancelled:
            break
        }
        apply(recognizer.proposal(for: input, at: time), to: recognizer, at: time)
    }

    // MARK: Hover

    /// Whether the pointer is over a node with a hover recognizer.
    var isHovering: Bool { !hoverParticipants.isEmpty }

    /// Moves the pointer over the hover recognizers of a new path (deepest first): those it left
    /// see it exit, then, deepest first, those it came over see it enter and those it stays over
    /// see it move.
    func updateHover(
        _ hovered: [GestureRecognizer],
        at location: Point,
        system: InteractionSystem,
        time: Timestamp
    ) {
        if hovered.elementsEqual(hoverParticipants, by: ===) {
            // The pointer moved within the same path: every one stays and moves.
            moveHover(to: location, system: system, time: time)
            return
        }
        previousHover.removeAllKeepingCapacity()
        previousHover.append(contentsOf: hoverParticipants)
        hoverParticipants.removeAllKeepingCapacity()
        hoverParticipants.append(contentsOf: hovered)
        for recognizer in previousHover where !hovered.contains(where: { $0 === recognizer }) {
            feed(.hover(.exited, location), to: recognizer, pointerLocation: location, at: time)
            rest(recognizer)
        }
        for recognizer in hovered {
            let stays = previousHover.contains { $0 === recognizer }
            recognizer.system = system
            feed(.hover(stays ? .moved : .entered, location), to: recognizer, pointerLocation: location, at: time)
        }
        previousHover.removeAllKeepingCapacity()
    }

    /// Moves the pointer over the same hover recognizers as the last update.
    func moveHover(to location: Point, system: InteractionSystem, time: Timestamp) {
        // By index: the targets cannot change the participants, which only `updateHover` sets.
        var index = 0
        while index < hoverParticipants.count {
            let recognizer = hoverParticipants[index]
            index += 1
            recognizer.system = system
            feed(.hover(.moved, location), to: recognizer, pointerLocation: location, at: time)
        }
    }

    // MARK: Time

    /// The earliest deadline of a participant's state machine. Worked out again only after
    /// something may have changed one (most frames change none: a pointer moving with no button
    /// down gives no participant input).
    var nextDeadline: Timestamp? {
        if isEarliestDeadlineKnown { return earliestDeadline }
        let earliest = earliestDeadlineWorkedOut()
        earliestDeadline = earliest
        isEarliestDeadlineKnown = true
        return earliest
    }

    /// The participants' earliest deadline, worked out from every participant (what
    /// ``nextDeadline`` keeps).
    func earliestDeadlineWorkedOut() -> Timestamp? {
        var earliest: Timestamp?
        // An empty list is not copied for the walk (a sequence not under way).
        if !touchParticipants.isEmpty { Self.findEarliestDeadline(in: touchParticipants, into: &earliest) }
        if !scrollParticipants.isEmpty { Self.findEarliestDeadline(in: scrollParticipants, into: &earliest) }
        if !gestureParticipants.isEmpty { Self.findEarliestDeadline(in: gestureParticipants, into: &earliest) }
        return earliest
    }

    /// Forgets the earliest deadline: a participant's machine or state may have changed.
    func deadlinesMayHaveChanged() {
        isEarliestDeadlineKnown = false
    }

    /// Forgets the earliest deadline if a recognizer whose machine or state may have changed can
    /// have one: those without timers (pans, pinches, rotations, hover recognizers) never have a
    /// deadline, so a scroll or a pinch feeding them frame after frame keeps it. (Hover
    /// recognizers are never participants either: they hold no touch and take no scroll.)
    @inline(__always)
    private func deadlineMayHaveChanged(of recognizer: GestureRecognizer) {
        if recognizer.traits.hasTimers { isEarliestDeadlineKnown = false }
    }

    private static func findEarliestDeadline(in participants: [GestureRecognizer], into earliest: inout Timestamp?) {
        participants.forEachUnretained(where: \.isActive) { recognizer in
            if let deadline = recognizer.machineDeadline, earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
    }

    /// Fires the participants' deadlines up to a time, earliest first; returns the time of the last
    /// one fired, or nil when none was due.
    func runDeadlines(upTo time: Timestamp, isTouchDown: Bool) -> Timestamp? {
        // Nothing is due before the earliest deadline (most frames).
        guard let earliest = nextDeadline, earliest <= time else { return nil }
        var last: Timestamp?
        while true {
            var earliest: (recognizer: GestureRecognizer, deadline: Timestamp)?
            findDueDeadline(upTo: time, in: touchParticipants, into: &earliest)
            findDueDeadline(upTo: time, in: scrollParticipants, into: &earliest)
            findDueDeadline(upTo: time, in: gestureParticipants, into: &earliest)
            guard let (recognizer, deadline) = earliest else { return last }
            last = deadline
            recognizer.time = deadline
            deadlineMayHaveChanged(of: recognizer)
            apply(recognizer.proposal(advancingTo: deadline), to: recognizer, at: deadline)
            if recognizer.isActive, recognizer.machineDeadline == deadline {
                // A machine that keeps a deadline it has passed would stop time here.
                assertionFailure("our bug: \(recognizer.name) kept its passed deadline")
                trace?("our bug: \(Self.label(recognizer)) kept its passed deadline; reset")
                rest(recognizer)
            }
            resolvePending(at: deadline)
            finishSequences(isTouchDown: isTouchDown)
        }
    }

    private func findDueDeadline(
        upTo time: Timestamp,
        in participants: [GestureRecognizer],
        into earliest: inout (recognizer: GestureRecognizer, deadline: Timestamp)?
    ) {
        // Whether a recognizer is still in the tree is asked only of those with a deadline due: the
        // question walks up the tree.
        participants.forEachUnretained(where: \.isActive) { recognizer in
            if let deadline = recognizer.machineDeadline, deadline <= time,
                earliest.map({ deadline < $0.deadline }) ?? true, isAttached(recognizer)
            {
                earliest = (recognizer, deadline)
            }
        }
    }

    /// Whether the recognizer is still on a node in this tree. One removed from its node, or whose
    /// node left the tree, is put back at rest without a word.
    ///
    /// A recognizer found attached stays so until ``TreeRevision`` changes: checked in O(1) then.
    func isAttached(_ recognizer: GestureRecognizer) -> Bool {
        let revision = TreeRevision.current
        if recognizer.attachedRevision == revision, recognizer.attachedRoot == ObjectIdentifier(root) { return true }
        if let node = recognizer.node, node.isDescendant(of: root) {
            recognizer.attachedRevision = revision
            recognizer.attachedRoot = ObjectIdentifier(root)
            return true
        }
        if recognizer.state != .possible || recognizer.pendingTransition != nil {
            deadlineMayHaveChanged(of: recognizer)
            recognizer.reset()
        }
        return false
    }

    // MARK: Transitions

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
            || gestureParticipants.contains { $0 === recognizer }
    }

    private static func canRecognizeSimultaneously(_ a: GestureRecognizer, _ b: GestureRecognizer) -> Bool {
        (a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) ?? false)
            || (b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) ?? false)
    }

    /// Decides whether a recognizer may take `began` (or a discrete `ended`) now.
    private func gate(_ recognizer: GestureRecognizer, _ proposed: RecognizerState, at time: Timestamp) {
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            commit(recognizer, .failed, at: time)
            return
        }
        guard !recognizer.watchesHover else {
            // Hovering takes nothing from anyone.
            commit(recognizer, proposed, at: time)
            return
        }
        switch requirementState(of: recognizer) {
        case .broken:
            commit(recognizer, .failed, at: time)
            return
        case .waiting:
            recognizer.pendingTransition = proposed
            trace?("\(Self.label(recognizer)): \(recognizer.state) → \(proposed) (waiting for failures)")
            return
        case .satisfied:
            break
        }
        if isBlockedByRecognized(recognizer, in: touchParticipants)
            || isBlockedByRecognized(recognizer, in: scrollParticipants)
            || isBlockedByRecognized(recognizer, in: gestureParticipants)
        {
            commit(recognizer, .failed, at: time)
            return
        }
        commit(recognizer, proposed, at: time)
        excludeOthers(from: recognizer, in: .touch, at: time)
        excludeOthers(from: recognizer, in: .scroll, at: time)
        excludeOthers(from: recognizer, in: .gesture, at: time)
    }

    private func isBlockedByRecognized(_ recognizer: GestureRecognizer, in participants: [GestureRecognizer]) -> Bool {
        participants.containsUnretained { other in
            other !== recognizer && other.state.isRecognized && isAttached(other)
                && !Self.canRecognizeSimultaneously(recognizer, other) && !holdDifferentTouches(recognizer, other)
        }
    }

    private func excludeOthers(from winner: GestureRecognizer, in sequence: Sequence, at time: Timestamp) {
        let isContender: (GestureRecognizer) -> Bool = { $0 !== winner && $0.state == .possible }
        // Asked first without copying a list: a winner is often alone in a sequence.
        let isContended: Bool
        switch sequence {
        case .touch: isContended = touchParticipants.containsUnretained(where: isContender)
        case .scroll: isContended = scrollParticipants.containsUnretained(where: isContender)
        case .gesture: isContended = gestureParticipants.containsUnretained(where: isContender)
        }
        guard isContended else { return }
        // A copy held for the walk: targets may change the sequence's participants meanwhile.
        let participants = participants(of: sequence)
        participants.forEachUnretained(where: isContender) { other in
            guard !Self.canRecognizeSimultaneously(winner, other) else { return }
            // A recognizer that needs no touch (a pan waiting for scrolling) only loses the input
            // it shares with the winner.
            guard sharesInput(other, with: winner) else { return }
            commit(other, .failed, at: time)
        }
    }

    private func sharesInput(_ a: GestureRecognizer, with b: GestureRecognizer) -> Bool {
        let aTouch = touchParticipants.contains { $0 === a }
        let bTouch = touchParticipants.contains { $0 === b }
        if aTouch && bTouch && !holdDifferentTouches(a, b) { return true }
        let aScroll = scrollParticipants.contains { $0 === a }
        let bScroll = scrollParticipants.contains { $0 === b }
        if aScroll && bScroll { return true }
        let aGesture = gestureParticipants.contains { $0 === a }
        let bGesture = gestureParticipants.contains { $0 === b }
        return aGesture && bGesture
    }

    private func resolvePending(at time: Timestamp) {
        var progressed = true
        while progressed {
            progressed = false
            // Each list is taken when its walk begins (a copy held for the walk): targets may
            // change the participants meanwhile.
            // Most calls find nothing pending, which is asked first, without copying a list.
            let isPending: (GestureRecognizer) -> Bool = { $0.pendingTransition != nil }
            if touchParticipants.containsUnretained(where: isPending) {
                let touch = touchParticipants
                touch.forEachUnretained(where: isPending) { progressed = resolve($0, at: time) || progressed }
            }
            if scrollParticipants.containsUnretained(where: isPending) {
                let scroll = scrollParticipants
                scroll.forEachUnretained(where: isPending) { progressed = resolve($0, at: time) || progressed }
            }
            if gestureParticipants.containsUnretained(where: isPending) {
                let gesture = gestureParticipants
                gesture.forEachUnretained(where: isPending) { progressed = resolve($0, at: time) || progressed }
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

    static func label(_ recognizer: GestureRecognizer) -> String {
        if let node = recognizer.node { return "\(node.identifier) \(recognizer.name)" }
        return recognizer.name
    }

    /// Moves a recognizer to a state and calls its targets (except on `failed`).
    private func commit(_ recognizer: GestureRecognizer, _ state: RecognizerState, at time: Timestamp) {
        deadlineMayHaveChanged(of: recognizer)
        let old = recognizer.state
        recognizer.state = state
        recognizer.time = time
        if state.isFinished {
            recognizer.pendingTransition = nil
            recognizer.pendingEnd = false
        }
        trace?("\(Self.label(recognizer)): \(old) → \(state)")
        if state != .failed { recognizer.sendActions() }
        if state.isFinished { recognizer.resetMachine() }
    }
}
