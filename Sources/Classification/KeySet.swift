import InputEvents

/// A fixed-size set of key codes (`0..<KEY_MAX+1`), stored as a bitmap so that pressing keys never
/// allocates.
struct KeySet: Hashable, Sendable {
    private var words = InlineArray<12, UInt64>(repeating: 0)

    static func == (lhs: KeySet, rhs: KeySet) -> Bool { lhs.codes == rhs.codes }
    func hash(into hasher: inout Hasher) { hasher.combine(codes) }

    private static let wordCount = 12

    private func word(_ index: Int) -> UInt64 { words[index] }

    private mutating func setWord(_ index: Int, _ value: UInt64) { words[index] = value }

    func contains(_ code: KeyCode) -> Bool {
        let index = Int(code.rawValue)
        guard index < Self.wordCount * 64 else { return false }
        return word(index / 64) & (1 << UInt64(index % 64)) != 0
    }

    mutating func insert(_ code: KeyCode) {
        let index = Int(code.rawValue)
        guard index < Self.wordCount * 64 else { return }
        setWord(index / 64, word(index / 64) | (1 << UInt64(index % 64)))
    }

    mutating func remove(_ code: KeyCode) {
        let index = Int(code.rawValue)
        guard index < Self.wordCount * 64 else { return }
        setWord(index / 64, word(index / 64) & ~(1 << UInt64(index % 64)))
    }

    var isEmpty: Bool { (0..<Self.wordCount).allSatisfy { word($0) == 0 } }

    /// The codes in the set, in ascending order (allocates: for removal and tests only).
    var codes: [KeyCode] {
        var result: [KeyCode] = []
        for index in 0..<Self.wordCount {
            var bits = word(index)
            while bits != 0 {
                let bit = bits.trailingZeroBitCount
                result.append(KeyCode(rawValue: UInt16(index * 64 + bit)))
                bits &= bits - 1
            }
        }
        return result
    }
}
