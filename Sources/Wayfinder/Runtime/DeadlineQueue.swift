import InputEvents

/// Deadlines of many parties, earliest first: a binary min-heap on (deadline, order), so that the
/// earliest of thousands of devices' deadlines (or of thousands of replayed files' next steps) is
/// found in logarithmic time instead of by asking every party on every frame. The deadlines are
/// held in the heap itself, so comparing two entries touches nothing else.
///
/// A party's deadline changes often, and the queue does not look for its old entry: the owner
/// schedules the new one and the old stays behind, stale. The owner says which entries still
/// hold (its `isCurrent` closure), and stale ones are dropped when they come to the top. Entries
/// with the same deadline come out in the order of `order` (the order devices were added in).
///
/// ```swift
/// var queue = DeadlineQueue<Int>()
/// queue.schedule(item: 7, at: deadline, order: 7)
/// queue.first(where: { _, _ in true })   // (deadline, 7)
/// ```
struct DeadlineQueue<Item> {
    private struct Entry {
        var deadline: Timestamp
        var order: Int
        var item: Item

        func precedes(_ other: Entry) -> Bool {
            deadline < other.deadline || (deadline == other.deadline && order < other.order)
        }
    }

    private var heap: [Entry] = []

    /// Creates an empty queue with room for `capacity` entries.
    init(capacity: Int = 0) { heap.reserveCapacity(capacity) }

    /// How many entries there are, stale ones included.
    var count: Int { heap.count }

    /// Adds an entry for `item` due at `deadline`; `order` breaks ties, the lowest first.
    mutating func schedule(item: Item, at deadline: Timestamp, order: Int) {
        heap.append(Entry(deadline: deadline, order: order, item: item))
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// The earliest entry that still holds, after dropping the stale entries before it.
    /// - Parameter isCurrent: Whether an entry for an item at a deadline still holds.
    mutating func first(where isCurrent: (Item, Timestamp) -> Bool) -> (deadline: Timestamp, item: Item)? {
        while let top = heap.first {
            if isCurrent(top.item, top.deadline) { return (top.deadline, top.item) }
            removeFirst()
        }
        return nil
    }

    /// Removes the earliest entry.
    mutating func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        siftDown(0)
    }

    /// Drops every stale entry at once, in place: for an owner whose parties reschedule far
    /// ahead faster than time reaches the old entries.
    /// - Parameter isCurrent: Whether an entry for an item at a deadline still holds.
    mutating func removeStale(where isCurrent: (Item, Timestamp) -> Bool) {
        heap.removeAll { !isCurrent($0.item, $0.deadline) }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            guard left < heap.count else { break }
            let right = left + 1
            let child = right < heap.count && heap[right].precedes(heap[left]) ? right : left
            guard heap[child].precedes(heap[parent]) else { break }
            heap.swapAt(child, parent)
            parent = child
        }
    }

}
