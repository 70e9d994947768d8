import InputEvents
import Testing

/// Walking an array of objects without retaining them: the same elements, in the same order, as
/// a `for` loop with a `where` clause.
@Suite struct UnretainedWalkTests {
    private final class Item: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    private static let items = (0..<7).map(Item.init)

    @Test func visitsEveryElementInOrder() {
        var visited: [Int] = []
        Self.items.forEachUnretained { visited.append($0.number) }
        #expect(visited == [0, 1, 2, 3, 4, 5, 6])
        var none: [Int] = []
        [Item]().forEachUnretained { none.append($0.number) }
        #expect(none == [])
    }

    @Test func visitsWhatTheConditionAcceptsAsAForLoopWithAWhereClauseDoes() {
        let isEven: (Item) -> Bool = { $0.number.isMultiple(of: 2) }
        var expected: [Int] = []
        for item in Self.items where isEven(item) { expected.append(item.number) }
        var visited: [Int] = []
        Self.items.forEachUnretained(where: isEven) { visited.append($0.number) }
        #expect(visited == [0, 2, 4, 6])
        #expect(visited == expected)
    }

    /// The condition is asked of each element just before its turn, after the body has run for
    /// the ones before it: a body can change what the next condition says.
    @Test func asksTheConditionOfEachElementOnlyWhenItsTurnComes() {
        var isOpen = true
        var visited: [Int] = []
        Self.items.forEachUnretained(where: { _ in isOpen }) { item in
            visited.append(item.number)
            if item.number == 2 { isOpen = false }
        }
        #expect(visited == [0, 1, 2])
    }

    /// A body that empties the property the walk was taken from still sees the elements of the
    /// copy it walks, every one of them alive.
    @Test func walksTheCopyItWasCalledOnWhenTheSourceChanges() {
        final class Holder { var items = (0..<4).map(Item.init) }
        let holder = Holder()
        let copy = holder.items
        var visited: [Int] = []
        copy.forEachUnretained { item in
            holder.items.removeAll()
            visited.append(item.number)
        }
        #expect(visited == [0, 1, 2, 3])
        #expect(holder.items.isEmpty)
    }

    @Test func containsFindsTheFirstMatchAndStops() {
        var asked: [Int] = []
        let found = Self.items.containsUnretained { item in
            asked.append(item.number)
            return item.number == 3
        }
        #expect(found)
        #expect(asked == [0, 1, 2, 3])
        #expect(!Self.items.containsUnretained { $0.number > 6 })
        #expect(![Item]().containsUnretained { _ in true })
    }
}
