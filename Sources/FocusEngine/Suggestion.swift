/// "Did you mean …?" for a misspelt field or value: the closest known name by edit distance.
/// Scene files, settings files, key names and the command line share it.
package enum Suggestion {
    /// A name this many edits (insertions, deletions, substitutions, ignoring case) or fewer
    /// away is offered: two catches a dropped, doubled or swapped letter, and a third of the
    /// name's length keeps short names ("id", "key") from matching anything.
    static let maximumEdits = 2

    /// The known name closest to `name`, or nil when none is close enough (or `name` is one).
    package static func closest(to name: String, among known: [String]) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        let limit = min(maximumEdits, max(1, typed.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in known where candidate != name {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// Levenshtein distance with one row of memory.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// `; did you mean "x"?`, or nothing; the command line quotes its words with `'`.
    package static func text(_ suggestion: String?, quote: Character = "\"") -> String {
        suggestion.map { "; did you mean \(quote)\($0)\(quote)?" } ?? ""
    }
}
