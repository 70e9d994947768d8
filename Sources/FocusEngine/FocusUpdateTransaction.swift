import EventModel

/// One focus update as a machine: ask every environment involved whether the update may happen,
/// commit it, tell every environment, then run the animations coordinated with it.
///
/// The system drives it: it performs each returned action and feeds the answer back. The
/// environments are indexed `0 ..< environmentCount`, in the order
/// ``FocusSystem/environmentsForUpdate(from:to:)`` gives.
///
/// | state        | input            | next state   | action                           |
/// |--------------|------------------|--------------|----------------------------------|
/// | ready        | start            | asking(0)    | ask(0), or commit when none      |
/// | asking(i)    | allowed          | asking(i+1)  | ask(i+1), or commit after the last |
/// | asking(i)    | refused          | vetoed(i)    | veto(by: i)                      |
/// | committing   | committed        | telling(0)   | tell(0), or animate when none    |
/// | telling(i)   | told             | telling(i+1) | tell(i+1), or animate after the last |
/// | animating    | animated         | finished     | finish                           |
///
/// Any other input in any state is a programmer error: it asserts and changes nothing.
struct FocusUpdateTransaction {
    /// Where the update is.
    enum State: Hashable {
        case ready
        case asking(Int)
        case committing
        case telling(Int)
        case animating
        case vetoed(by: Int)
        case finished
    }

    /// What the system does next.
    enum Action: Hashable {
        /// Call `shouldUpdateFocus(in:)` on environment `i` and feed the answer to ``answer(allowed:)``.
        case ask(Int)
        /// Environment `i` refused: nothing changes.
        case veto(by: Int)
        /// Change the focused item, emit the `focus` event, then call ``committed()``.
        case commit
        /// Call `didUpdateFocus(in:with:)` on environment `i`, then ``told()``.
        case tell(Int)
        /// Run the coordinated animations and their completions, then call ``animated()``.
        case animate
        /// The update is over.
        case finish
    }

    private var state: State = .ready
    /// How many environments are asked and told.
    let environmentCount: Int

    /// Creates a transaction over `environmentCount` environments.
    init(environmentCount: Int) {
        self.environmentCount = environmentCount
    }

    /// The state, for traces and tests.
    var currentState: State { state }

    /// Starts the update.
    mutating func start() -> Action {
        guard case .ready = state else { return unexpected("start") }
        return ask(0)
    }

    /// The answer of the environment last asked.
    mutating func answer(allowed: Bool) -> Action {
        guard case .asking(let index) = state else { return unexpected("answer") }
        guard allowed else {
            state = .vetoed(by: index)
            return .veto(by: index)
        }
        return ask(index + 1)
    }

    /// The focused item has changed.
    mutating func committed() -> Action {
        guard case .committing = state else { return unexpected("committed") }
        return tell(0)
    }

    /// The environment last told has been told.
    mutating func told() -> Action {
        guard case .telling(let index) = state else { return unexpected("told") }
        return tell(index + 1)
    }

    /// The coordinated animations and completions have run.
    mutating func animated() -> Action {
        guard case .animating = state else { return unexpected("animated") }
        state = .finished
        return .finish
    }

    private mutating func ask(_ index: Int) -> Action {
        if index < environmentCount {
            state = .asking(index)
            return .ask(index)
        }
        state = .committing
        return .commit
    }

    private mutating func tell(_ index: Int) -> Action {
        if index < environmentCount {
            state = .telling(index)
            return .tell(index)
        }
        state = .animating
        return .animate
    }

    private func unexpected(_ input: String) -> Action {
        assertionFailure("our bug: focus update got \(input) in state \(state)")
        return .finish
    }
}

/// The environments of one focus update, collected into buffers that are reused from update to
/// update, so that a steady state allocates nothing.
struct UpdateEnvironments {
    private var previousChain: [any FocusEnvironment] = []
    private var nextChain: [any FocusEnvironment] = []
    /// The environments in the order they are asked and told.
    private(set) var ordered: [any FocusEnvironment] = []

    /// Collects the environments containing `previous` or `next`, deepest first; at equal depth
    /// the previous item's side comes first; each environment once.
    ///
    /// Two chains that share an environment share everything above it, so a shared environment
    /// sits at the same depth in both: walking both chains from the deepest level up and skipping
    /// the next side's environment when it is the previous side's gives each environment once.
    mutating func collect(from previous: (any FocusItem)?, to next: (any FocusItem)?) {
        Self.chain(previous, into: &previousChain)
        Self.chain(next, into: &nextChain)
        ordered.removeAll(keepingCapacity: true)
        let previousCount = previousChain.count
        let nextCount = nextChain.count
        var depth = max(previousCount, nextCount) - 1
        while depth >= 0 {
            let fromPrevious: (any FocusEnvironment)? =
                depth < previousCount ? previousChain[previousCount - 1 - depth] : nil
            if let fromPrevious { ordered.append(fromPrevious) }
            if depth < nextCount {
                let fromNext = nextChain[nextCount - 1 - depth]
                if fromPrevious.map({ $0 !== fromNext }) ?? true { ordered.append(fromNext) }
            }
            depth -= 1
        }
    }

    /// `item` and its ancestors, item first.
    private static func chain(_ item: (any FocusItem)?, into chain: inout [any FocusEnvironment]) {
        chain.removeAll(keepingCapacity: true)
        var current: (any FocusEnvironment)? = item
        while let environment = current {
            chain.append(environment)
            current = environment.parentFocusEnvironment
        }
    }
}

extension FocusSystem {
    /// The environments told about an update, in the order they are told: every environment
    /// containing the previous or the next item, deepest first ("ascending" the tree toward the
    /// root); at equal depth the previous item's side comes first; each environment once.
    public static func environmentsForUpdate(
        from previous: (any FocusItem)?,
        to next: (any FocusItem)?
    ) -> [any FocusEnvironment] {
        var environments = UpdateEnvironments()
        environments.collect(from: previous, to: next)
        return environments.ordered
    }

    /// Moves focus to `next` (nil: focus is lost), asking and telling every environment involved,
    /// and returns the result with its events.
    func performUpdate(to next: (any FocusItem)?, heading: FocusHeading) -> FocusMoveResult {
        var events: [EventPayload] = []
        let outcome = performUpdate(to: next, heading: heading, into: &events)
        return FocusMoveResult(outcome, events: events)
    }

    /// Moves focus to `next` (nil: focus is lost), driving a ``FocusUpdateTransaction``; the
    /// `focus` event (and a `select` event when selection follows focus) go into `events`.
    func performUpdate(
        to next: (any FocusItem)?,
        heading: FocusHeading,
        into events: inout [EventPayload]
    ) -> MoveOutcome {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        if let next, let focusedItem, next === focusedItem { return .failed(.alreadyFocused) }
        if next == nil && focusedItem == nil { return .failed(.alreadyFocused) }
        let previous = focusedItem
        let context = FocusUpdateContext(previouslyFocusedItem: previous, nextFocusedItem: next, focusHeading: heading)
        updateScratch.collect(from: previous, to: next)
        isUpdatingFocus = true
        defer { isUpdatingFocus = false }
        var transaction = FocusUpdateTransaction(environmentCount: updateScratch.ordered.count)
        var action = transaction.start()
        while true {
            switch action {
            case .ask(let index):
                action = transaction.answer(allowed: updateScratch.ordered[index].shouldUpdateFocus(in: context))
            case .veto(let index):
                let vetoer = Self.name(of: updateScratch.ordered[index])
                trace("\(Self.transitionText(from: previous, to: next, heading: heading)) vetoed by \(vetoer)")
                return .failed(.vetoed(by: vetoer))
            case .commit:
                trace(Self.transitionText(from: previous, to: next, heading: heading))
                commit(next, from: previous, heading: heading, into: &events)
                action = transaction.committed()
            case .tell(let index):
                updateScratch.ordered[index].didUpdateFocus(in: context, with: animationCoordinator)
                action = transaction.told()
            case .animate:
                animationCoordinator.run()
                action = transaction.animated()
            case .finish:
                isUpdatingFocus = false
                notifyObservers(context)
                return .moved
            }
        }
    }

    /// `focus: a → b (down)`, the trace line of a transition.
    static func transitionText(from previous: (any FocusItem)?, to next: (any FocusItem)?, heading: FocusHeading)
        -> String
    {
        "focus: \(previous.map { name(of: $0) } ?? "nothing") → \(next.map { name(of: $0) } ?? "nothing") (\(heading))"
    }

    /// The commit step: the new focused item, first responder, remembered item and selection.
    private func commit(
        _ next: (any FocusItem)?,
        from previous: (any FocusItem)?,
        heading: FocusHeading,
        into events: inout [EventPayload]
    ) {
        focusedItem = next
        firstResponder = next.flatMap { nearestResponder(from: $0) }
        if !DirectionalHistory.isArrow(heading) { directionalHistory.forget() }
        events.append(
            .focus(from: previous.map { Self.name(of: $0) }, to: next.map { Self.name(of: $0) }, heading: heading))
        guard let next else { return }
        let layout = self.layout
        let group = layout.entry(for: next).map { layout.groups[layout.entries[$0].group].identifier }
        remembered.remember(next, inGroup: group ?? focusGroupIdentifier(of: next))
        if selectionFollowsFocus(for: next) && !isSelected(next) {
            select(next, into: &events)
        }
    }
}
