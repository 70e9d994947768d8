import EventModel
import Geometry
import InputEvents
import Testing

/// Clearing a classifier's output buffer between frames.
@Suite struct ClassifiedInputBufferTests {
    /// A buffer holding every kind of payload that owns memory (a key's keysym name and text, a
    /// gesture) next to plain ones.
    private static func filledBuffer() -> [ClassifiedInput] {
        let time = Timestamp(microseconds: 1_000)
        // Longer than a small string, so that the name and text live on the heap.
        let name = String(repeating: "long keysym name ", count: 4)
        let keysym = KeySymbol(rawValue: 0x7A, name: name, character: "z")
        return [
            ClassifiedInput(
                time: time,
                event: .key(
                    code: KeyCode(rawValue: 21), state: .down, modifiers: [], keysym: keysym,
                    text: String(repeating: "z", count: 40))),
            ClassifiedInput(time: time, event: .motion(Vector(x: 1, y: 2))),
            ClassifiedInput(time: time, event: .button(.primary, state: .down, trigger: .button, code: nil)),
        ]
    }

    @Test func removesEveryInputAndKeepsTheStorage() {
        var buffer = Self.filledBuffer()
        buffer.reserveCapacity(64)
        let capacity = buffer.capacity
        buffer.removeAllKeepingCapacity()
        #expect(buffer.isEmpty)
        #expect(buffer.capacity == capacity)
        buffer.removeAllKeepingCapacity()
        #expect(buffer.isEmpty)
    }

    @Test func leavesACopyOfTheBufferAlone() {
        var buffer = Self.filledBuffer()
        let copy = buffer
        buffer.removeAllKeepingCapacity()
        #expect(buffer.isEmpty)
        #expect(copy == Self.filledBuffer())
    }

    /// Reversing the tail in place, then taking inputs off the end, empties a buffer in order.
    @Test func reversesTheTailInPlaceAndEmptiesInOrder() {
        let inputs = Self.filledBuffer()
        var buffer = inputs + inputs
        let copy = buffer
        buffer.reverseElements(from: 2)
        #expect(buffer == [inputs[0], inputs[1], inputs[2], inputs[1], inputs[0], inputs[2]])
        #expect(copy == inputs + inputs)
        for start in [6, 5] {
            var unchanged = inputs + inputs
            unchanged.reverseElements(from: start)
            #expect(unchanged == inputs + inputs)
        }
        var taken: [ClassifiedInput] = []
        var emptied = inputs
        emptied.reverseElements(from: 0)
        while let input = emptied.popLast() { taken.append(input) }
        #expect(taken == inputs)
    }
}
