import EventModel
import Geometry
import InputEvents

/// Decides, among the recognizers taking part in the current touch and the current scroll, which
/// may recognize, following UIKit's rules, and moves them through their states.
///
/// A recognizer that wants to begin (or, if discrete, to end) first waits for those it requires to
/// fail, then fails if another recognizer already took the input (unless a delegate lets both
/// recognize); once it recognizes, every other recognizer still `possible` that may not recognize
/// with it fails. Since the deepest recognizers see input first, one input never fires two
/// exclusive recognizers, and the deepest one wins.
///
/// Only the participants are ever looked at: the recognizers of the node under the touch or the
/// pointer and of its ancestors. Its cost is the length of that path, never the size of the tree.
///
/// It is a class, not a value: recognizers' targets run in the middle of its work and may call back
/// into the system (cancel the touch, remove a recognizer), which a value being mutated cannot
/// allow.
final class GestureArbiter {
    /// The root of the tree the participants must still be in.
    let root: any InteractionNode
    /// The recognizers of the touch under way, deepest node first.
    @exclusivity(unchecked) private(set) var touchParticipants: [GestureRecognizer] = []
    /// The recognizers of the scroll under way, deepest node first.
    @exclusivity(unchecked) private(set) var scrollParticipants: [GestureRecognizer] = []
    /// Whether a continuous scroll sequence is under way.
    @exclusivity(unchecked) var isScrolling = false
    /// Receives one line per transition.
    @exclusivity(unchecked) var trace: ((String) -> Void)?

    /// Counts the recognizers given input, for tests of the cost per input.
    @exclusivity(unchecked) private(set) var recognizerVisits = 0

    init(root: any InteractionNode) {
        self.root = root
        touchParticipants.reserveCapacity(16)
        scrollParticipants.reserveCapacity(16)
    }

    // MARK: Sequences

    /// Which sequence a set of participants belongs to.
    enum Sequence {
        case touch
        case scroll
    }

    /// Starts a new sequence: recognizers of the old one that are not in the new one fail (a tap
    /// waiting for its second tap elsewhere), and are put back at rest.
    func replace(
        _ sequence: Sequence,
        with newParticipants: [GestureRecognizer],
        system: InteractionSystem,
        at time: Timestamp
    ) {
        let old = sequence == .touch ? touchParticipants : scrollParticipants
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
            recognizer.reset()
        }
        switch sequence {
        case .touch:
            touchParticipants.removeAll(keepingCapacity: true)
            touchParticipants.append(contentsOf: newParticipants)
        case .scroll:
            scrollParticipants.removeAll(keepingCapacity: true)
            scrollParticipants.append(contentsOf: newParticipants)
        }
        for recognizer in newParticipants { recognizer.system = system }
    }

    /// Puts finished recognizers back to `possible` once their sequence is over.
    func finishSequences(isTouchDown: Bool) {
        if !isTouchDown {
            for recognizer in touchParticipants where recognizer.state.isFinished {
                if !(isScrolling && scrollParticipants.contains { $0 === recognizer }) { recognizer.reset() }
            }
        }
        if !isScrolling {
            for recognizer in scrollParticipants where recognizer.state.isFinished {
                if !(isTouchDown && touchParticipants.contains { $0 === recognizer }) { recognizer.reset() }
            }
        }
    }

    // MARK: Input

    /// Gives an input to one sequence's recognizers, in order, and carries out what they ask for.
    func deliver(
        _ input: RecognizerInput,
        to sequence: Sequence,
        pointerLocation: Point,
        at time: Timestamp
    ) {
        let participants = sequence == .touch ? touchParticipants : scrollParticipants
        for recognizer in participants {
            guard isAttached(recognizer) else { continue }
            guard recognizer.isActive else { continue }
            recognizerVisits += 1
            recognizer.time = time
            switch input {
            case .touchBegan(let sample), .touchMoved(let sample), .touchEnded(let sample), .touchHeld(let sample),
                .touchDragged(let sample):
                recognizer.location = sample.location
                recognizer.touchType = sample.touchType
                recognizer.isTouchDragging = sample.isDragging
            case .scroll:
                recognizer.location = pointerLocation
                recognizer.touchType = nil
                recognizer.isTouchDragging = false
            case .touchCancelled:
                break
            }
            apply(recognizer.proposal(for: input, at: time), to: recognizer, at: time)
        }
        resolvePending(at: time)
    }

    /// The earliest deadline of a participant's state machine.
    var nextDeadline: Timestamp? {
        var earliest: Timestamp?
        for recognizer in touchParticipants where recognizer.isActive {
            if let deadline = recognizer.machineDeadline, earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        for recognizer in scrollParticipants where recognizer.isActive {
            if let deadline = recognizer.machineDeadline, earliest.map({ deadline < $0 }) ?? true {
                earliest = deadline
            }
        }
        return earliest
    }

    /// Fires the participants' deadlines up to a time, earliest first; returns the time of the last
    /// one fired, or nil when none was due.
    func runDeadlines(upTo time: Timestamp, isTouchDown: Bool) -> Timestamp? {
        var last: Timestamp?
        while true {
            var earliest: (recognizer: GestureRecognizer, deadline: Timestamp)?
            // Whether a recognizer is still in the tree is asked only of those with a deadline due:
            // the question walks up the tree.
            for recognizer in touchParticipants where recognizer.isActive {
                if let deadline = recognizer.machineDeadline, deadline <= time,
                    earliest.map({ deadline < $0.deadline }) ?? true, isAttached(recognizer)
                {
                    earliest = (recognizer, deadline)
                }
            }
            for recognizer in scrollParticipants where recognizer.isActive {
                if let deadline = recognizer.machineDeadline, deadline <= time,
                    earliest.map({ deadline < $0.deadline }) ?? true, isAttached(recognizer)
                {
                    earliest = (recognizer, deadline)
                }
            }
            guard let (recognizer, deadline) = earliest else { return last }
            last = deadline
            recognizer.time = deadline
            apply(recognizer.proposal(advancingTo: deadline), to: recognizer, at: deadline)
            if recognizer.isActive, recognizer.machineDeadline == deadline {
                // A machine that keeps a deadline it has passed would stop time here.
                assertionFailure("our bug: \(recognizer.name) kept its passed deadline")
                trace?("our bug: \(Self.label(recognizer)) kept its passed deadline; reset")
                recognizer.reset()
            }
            resolvePending(at: deadline)
            finishSequences(isTouchDown: isTouchDown)
        }
    }

    /// Whether the recognizer is still on a node in this tree. One removed from its node, or whose
    /// node left the tree, is put back at rest without a word.
    func isAttached(_ recognizer: GestureRecognizer) -> Bool {
        if let node = recognizer.node, node.isDescendant(of: root) { return true }
        if recognizer.state != .possible || recognizer.pendingTransition != nil { recognizer.reset() }
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
        {
            commit(recognizer, .failed, at: time)
            return
        }
        commit(recognizer, proposed, at: time)
        excludeOthers(from: recognizer, in: .touch, at: time)
        excludeOthers(from: recognizer, in: .scroll, at: time)
    }

    private func isBlockedByRecognized(_ recognizer: GestureRecognizer, in participants: [GestureRecognizer]) -> Bool {
        participants.contains { other in
            other !== recognizer && other.state.isRecognized && isAttached(other)
                && !Self.canRecognizeSimultaneously(recognizer, other)
        }
    }

    private func excludeOthers(from winner: GestureRecognizer, in sequence: Sequence, at time: Timestamp) {
        let participants = sequence == .touch ? touchParticipants : scrollParticipants
        for other in participants where other !== winner && other.state == .possible {
            guard !Self.canRecognizeSimultaneously(winner, other) else { continue }
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

    static func label(_ recognizer: GestureRecognizer) -> String {
        if let node = recognizer.node { return "\(node.identifier) \(recognizer.name)" }
        return recognizer.name
    }

    /// Moves a recognizer to a state and calls its targets (except on `failed`).
    private func commit(_ recognizer: GestureRecognizer, _ state: RecognizerState, at time: Timestamp) {
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
