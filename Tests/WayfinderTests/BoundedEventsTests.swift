import EventModel
import InputEvents
import Testing
import Wayfinder
import WayfinderTesting

/// The bounded event sequence: the oldest events make room for new ones when the consumer falls
/// behind, and the consumer is told how many went, where they went.
@Suite struct BoundedEventsTests {
    /// Adds mice named `mouse 0` … at times 0, 1, … ms: each makes one `device added` event.
    static func addMice(_ range: Range<Int>, to runtime: Runtime) {
        for index in range {
            runtime.addDevice(
                .replayed(DeviceID(rawValue: index), name: "mouse \(index)", recording: 0, device: index),
                description: ScriptedDevice.mouse(),
                at: Timestamp(microseconds: Int64(index) * 1000))
        }
    }

    static func names(_ items: [BufferedEvent]) -> [String] {
        items.map { item in
            switch item {
            case .event(let event): event.device.name
            case .dropped(let count): "dropped \(count)"
            }
        }
    }

    @Test func aConsumerThatFallsBehindLosesTheOldestAndIsToldHowMany() async throws {
        let runtime = try Runtime()
        let events = runtime.events(keepingNewest: 3)
        var iterator = events.makeAsyncIterator()
        Self.addMice(0..<5, to: runtime)
        var received: [BufferedEvent] = []
        for _ in 0..<3 { if let item = await iterator.next() { received.append(item) } }
        // One is left (mouse 4): two more fit, then mouse 7 and mouse 8 push out mouse 4 and 5.
        Self.addMice(5..<9, to: runtime)
        runtime.finish()
        while let item = await iterator.next() { received.append(item) }
        #expect(
            Self.names(received) == [
                "dropped 2", "mouse 2", "mouse 3",
                "dropped 2", "mouse 6", "mouse 7", "mouse 8",
            ])
    }

    @Test func aConsumerThatKeepsUpLosesNothing() async throws {
        let runtime = try Runtime()
        var iterator = runtime.events(keepingNewest: 1).makeAsyncIterator()
        var received: [BufferedEvent] = []
        for index in 0..<4 {
            Self.addMice(index..<index + 1, to: runtime)
            if let item = await iterator.next() { received.append(item) }
        }
        runtime.finish()
        #expect(await iterator.next() == nil)
        #expect(Self.names(received) == ["mouse 0", "mouse 1", "mouse 2", "mouse 3"])
    }

    @Test func aWaitingConsumerGetsTheEventAsItHappens() async throws {
        let runtime = try Runtime()
        let events = runtime.events(keepingNewest: 4)
        let consumer = Task { () -> [String] in
            var names: [String] = []
            for await item in events { names += Self.names([item]) }
            return names
        }
        Self.addMice(0..<2, to: runtime)
        runtime.finish()
        #expect(await consumer.value == ["mouse 0", "mouse 1"])
    }
}
