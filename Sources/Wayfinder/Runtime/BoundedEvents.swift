public import EventModel
import Synchronization

/// What a ``BoundedEvents`` sequence hands on: an event, or how many events were dropped just
/// before the next one because the consumer fell behind.
public enum BufferedEvent: Hashable, Sendable {
    /// The next event.
    case event(WayfinderEvent)
    /// This many events, the oldest not yet handed on, were dropped to make room for newer ones.
    case dropped(count: Int)
}

/// The runtime's events as an asynchronous sequence with a bounded buffer
/// (``Runtime/events(keepingNewest:)``): the runtime never waits for its consumer, and memory
/// does not grow when the consumer falls behind.
///
/// **Overflow policy: drop the oldest, and say so.** When the buffer is full, a new event
/// pushes out the oldest one waiting; the consumer then receives ``BufferedEvent/dropped(count:)``
/// with the number lost, in the place where they were, before the events that follow them. The
/// runtime is never suspended: input is live, and a device does not wait for a slow consumer.
///
/// ```swift
/// for await item in runtime.events(keepingNewest: 256) {
///     switch item {
///     case .event(let event): draw(event)
///     case .dropped(let count): resynchronize(afterLosing: count)
///     }
/// }
/// ```
///
/// It ends when the runtime is finished (``Runtime/finish()``) or goes away. One task iterates
/// it; it is `Sendable`, so that task may be on any actor. Handing an event on allocates nothing
/// (the buffer is allocated once, at its full size).
public struct BoundedEvents: AsyncSequence, Sendable {
    public typealias Element = BufferedEvent
    public typealias Failure = Never

    let buffer: EventBuffer

    public func makeAsyncIterator() -> Iterator { Iterator(buffer: buffer) }

    /// Waits for the next event.
    public struct Iterator: AsyncIteratorProtocol {
        let buffer: EventBuffer

        /// The next event, or the number dropped before it; nil once the runtime is finished and
        /// every event kept was handed on, or when the task is cancelled.
        public mutating func next() async -> BufferedEvent? { await buffer.next() }

        public mutating func next(isolation actor: isolated (any Actor)?) async throws(Never) -> BufferedEvent? {
            await buffer.next()
        }
    }
}

/// The ring buffer behind ``BoundedEvents``: the runtime puts events in on its thread, one
/// consumer takes them out on another.
final class EventBuffer: Sendable {
    private struct State: ~Copyable {
        var ring: [WayfinderEvent?]
        var head = 0
        var count = 0
        var dropped = 0
        var isFinished = false
        var waiter: CheckedContinuation<BufferedEvent?, Never>?
        var waiterID = 0

        mutating func take() -> BufferedEvent? {
            if dropped > 0 {
                defer { dropped = 0 }
                return .dropped(count: dropped)
            }
            guard count > 0, let event = ring[head] else { return nil }
            ring[head] = nil
            head = (head + 1) % ring.count
            count -= 1
            return .event(event)
        }
    }

    private let state: Mutex<State>

    /// Makes a buffer holding at most `capacity` events (at least one).
    init(capacity: Int) {
        state = Mutex(State(ring: Array(repeating: nil, count: max(1, capacity))))
    }

    /// Adds an event, dropping the oldest when full; hands it straight to a waiting consumer.
    func yield(_ event: WayfinderEvent) {
        let waiter = state.withLock { state -> CheckedContinuation<BufferedEvent?, Never>? in
            guard !state.isFinished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            let capacity = state.ring.count
            if state.count == capacity {
                state.ring[state.head] = nil
                state.head = (state.head + 1) % capacity
                state.count -= 1
                state.dropped += 1
            }
            state.ring[(state.head + state.count) % capacity] = event
            state.count += 1
            return nil
        }
        waiter?.resume(returning: .event(event))
    }

    /// Ends the sequence once what is kept has been handed on.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<BufferedEvent?, Never>? in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    func next() async -> BufferedEvent? {
        if let ready = state.withLock({ state in state.take() }) { return ready }
        let id = state.withLock { state -> Int in
            state.waiterID += 1
            return state.waiterID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<BufferedEvent?, Never>) in
                let immediate = state.withLock { state -> BufferedEvent?? in
                    if let ready = state.take() { return .some(ready) }
                    if state.isFinished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    state.waiterID = id
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<BufferedEvent?, Never>? in
                guard state.waiterID == id, let waiter = state.waiter else { return nil }
                state.waiter = nil
                return waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
