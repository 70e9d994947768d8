import EventModel

/// The focus update asked for and not yet performed (UIKit's `setNeedsFocusUpdate` and
/// `requestFocusUpdate(to:)`): at most one is kept, and when several are asked for, the one from
/// the containing environment wins, whichever came first.
///
/// | state         | input                         | next state    |
/// |---------------|-------------------------------|---------------|
/// | empty         | request(e)                    | pending(e)    |
/// | pending(p)    | request(e), p contains e      | pending(p)    |
/// | pending(p)    | request(e), otherwise         | pending(e)    |
/// | pending(p)    | take                          | empty, gives p |
/// | empty         | take                          | empty, gives nothing |
struct FocusRequestQueue {
    private var pending: (any FocusEnvironment)?

    /// Whether an update waits.
    var isPending: Bool { pending != nil }

    /// Asks for an update to `environment`'s preferred item.
    mutating func request(_ environment: any FocusEnvironment) {
        if let pending, pending.contains(environment) { return }
        pending = environment
    }

    /// Removes and returns the waiting request.
    mutating func take() -> (any FocusEnvironment)? {
        defer { pending = nil }
        return pending
    }
}

extension FocusSystem {
    /// Focuses `item` directly (a programmatic request with no heading).
    @discardableResult
    public func focus(_ item: any FocusItem) -> FocusMoveResult {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        guard layout.contains(item) else {
            return .failed(.notFocusable(FocusDebugger.checkFocusability(for: item, in: self).summary))
        }
        return reportingDuringInput(performUpdate(to: item, heading: .none))
    }

    /// Removes focus (SwiftUI's dismissing focus by setting the focus state to nil).
    @discardableResult
    public func resignFocus() -> FocusMoveResult {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        return reportingDuringInput(performUpdate(to: nil, heading: .none))
    }

    /// A programmatic move made while a key press is handled (from a submit action or a
    /// responder) joins that press's events, so the stream shows it.
    private func reportingDuringInput(_ result: FocusMoveResult) -> FocusMoveResult {
        if isHandlingInput { eventsDuringInput.append(contentsOf: result.events) }
        return result
    }

    /// The item focus goes to when `environment` is asked: its preferred environments in order,
    /// each searched the same way; an empty list means the environment itself, whose children are
    /// then searched in tree order.
    public func preferredFocusItem(for environment: any FocusEnvironment) -> (any FocusItem)? {
        var visited = Set<ObjectIdentifier>()
        func search(_ environment: any FocusEnvironment) -> (any FocusItem)? {
            guard visited.insert(ObjectIdentifier(environment)).inserted else { return nil }
            let preferred = environment.preferredFocusEnvironments
            for candidate in preferred.isEmpty ? [environment] : preferred {
                if let item = candidate as? any FocusItem, layout.contains(item) { return item }
                if candidate === environment {
                    for child in environment.focusChildren {
                        if let found = search(child) { return found }
                    }
                } else if let found = search(candidate) {
                    return found
                }
            }
            return nil
        }
        return search(environment)
    }

    /// Asks for a focus update to `environment`'s preferred item. It has no effect unless the
    /// environment contains the focused item (or nothing is focused and it is the root). When a
    /// containing environment also asked, the containing one wins. The update runs at the end of
    /// the current key press or at ``updateFocusIfNeeded()``.
    public func setNeedsFocusUpdate(for environment: any FocusEnvironment) {
        if let focusedItem {
            guard environment.contains(focusedItem) else { return }
        } else {
            guard environment === root else { return }
        }
        requestFocusUpdate(to: environment)
    }

    /// Asks for a focus update to `environment`'s preferred item, whether or not it contains the
    /// focused item; the containing request wins when several are pending.
    public func requestFocusUpdate(to environment: any FocusEnvironment) {
        requests.request(environment)
    }

    /// Whether an update has been requested and not yet performed.
    public var hasPendingFocusUpdate: Bool { requests.isPending }

    /// Performs a pending focus update now.
    @discardableResult
    public func updateFocusIfNeeded() -> FocusMoveResult {
        var events: [EventPayload] = []
        let outcome = updateFocusIfNeeded(into: &events)
        return FocusMoveResult(outcome, events: events)
    }

    /// Performs a pending focus update now, appending its events to `events`.
    func updateFocusIfNeeded(into events: inout [EventPayload]) -> MoveOutcome {
        guard !isUpdatingFocus else { return .failed(.updateInProgress) }
        guard let environment = requests.take() else { return .failed(.alreadyFocused) }
        guard let target = preferredFocusItem(for: environment) else { return .failed(.nothingFocusable) }
        return performUpdate(to: target, heading: .none, into: &events)
    }

    /// Makes `environment` the first responder, which drives focus: focus moves to it, or to its
    /// preferred item when it is not focusable itself.
    ///
    /// - Throws: ``FocusError/firstResponderChangeDuringFocusUpdate(_:)`` when called from a
    ///   focus update callback.
    @discardableResult
    public func becomeFirstResponder(_ environment: any FocusEnvironment) throws(FocusError) -> FocusMoveResult {
        guard !isUpdatingFocus else {
            throw .firstResponderChangeDuringFocusUpdate(Self.name(of: environment))
        }
        if let focusedItem, environment.contains(focusedItem) {
            firstResponder = environment
            return FocusMoveResult(moved: false, events: [], failure: .alreadyFocused)
        }
        let target =
            (environment as? any FocusItem).flatMap { layout.contains($0) ? $0 : nil }
            ?? preferredFocusItem(for: environment)
        guard let target else { return .failed(.nothingFocusable) }
        let result = performUpdate(to: target, heading: .none)
        if result.moved { firstResponder = environment.canBecomeFirstResponder ? environment : firstResponder }
        return result
    }
}
