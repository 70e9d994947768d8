import EventModel

/// The Tab loop's arithmetic: the Tab stops (focus groups in Tab order) form a loop; Tab moves to
/// the next stop, Shift-Tab to the previous one, wrapping at both ends. With nothing focused (or
/// focus outside every stop), Tab lands on the first stop and Shift-Tab on the last.
///
/// | from            | Tab           | Shift-Tab          |
/// |-----------------|---------------|--------------------|
/// | nothing         | 0             | count − 1          |
/// | stop p          | (p + 1) mod n | (p + n − 1) mod n  |
struct TabLoopStep {
    /// The number of stops; at least one.
    let count: Int

    /// The stop Tab (`forward`) or Shift-Tab lands on from `position`.
    func target(from position: Int?, forward: Bool) -> Int {
        guard let position else { return forward ? 0 : count - 1 }
        return (position + (forward ? 1 : count - 1)) % count
    }
}

extension FocusSystem {
    /// Tab and Shift-Tab: the primary item of the next or previous group in the Tab loop.
    func moveAlongTabLoop(forward: Bool, into events: inout [EventPayload]) -> MoveOutcome {
        let layout = self.layout
        let stops = layout.tabStops
        guard !stops.isEmpty else { return .failed(.nothingFocusable) }
        let position = focusedItem.flatMap { layout.entry(for: $0) }.flatMap {
            layout.tabStopPosition(ofGroup: layout.entries[$0].group)
        }
        let target = stops[TabLoopStep(count: stops.count).target(from: position, forward: forward)]
        guard let primary = primaryEntry(ofGroup: target) else { return .failed(.nothingFocusable) }
        return performUpdate(to: layout.entries[primary].item, heading: forward ? .next : .previous, into: &events)
    }

    /// `.first`/`.last`: the first or last item of the current group in reading order; with
    /// nothing focused, the Tab loop's first or last stop.
    func moveToEnd(first: Bool, into events: inout [EventPayload]) -> MoveOutcome {
        guard let focusedItem, let entry = layout.entry(for: focusedItem) else {
            return moveAlongTabLoop(forward: first, into: &events)
        }
        let order = layout.groups[layout.entries[entry].group].readingOrder
        guard let target = first ? order.first : order.last else { return .failed(.nothingInDirection) }
        return performUpdate(to: layout.entries[target].item, heading: first ? .first : .last, into: &events)
    }
}
