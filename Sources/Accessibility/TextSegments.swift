/// The text of a text element cut the ways AT-SPI2's `Text` interface asks: by character, word,
/// sentence or line, around an offset. Offsets count Unicode scalars, as GLib's characters do;
/// every offset is clamped into the text.
///
/// ```swift
/// let text = TextSegments("Hello, big world")
/// text.segment(at: 8, granularity: .word)  // ("big", 7, 10)
/// ```
struct TextSegments {
    /// How `GetStringAtOffset` cuts (`AtspiTextGranularity`).
    enum Granularity: UInt32 {
        case character = 0
        case word = 1
        case sentence = 2
        case line = 3
        case paragraph = 4
    }

    /// How `GetTextAtOffset` and its siblings cut (`AtspiTextBoundaryType`); each start and end
    /// variant is served by the same segment.
    enum Boundary: UInt32 {
        case character = 0
        case wordStart = 1
        case wordEnd = 2
        case sentenceStart = 3
        case sentenceEnd = 4
        case lineStart = 5
        case lineEnd = 6

        /// The granularity that cuts the same segments.
        var granularity: Granularity {
            switch self {
            case .character: .character
            case .wordStart, .wordEnd: .word
            case .sentenceStart, .sentenceEnd: .sentence
            case .lineStart, .lineEnd: .line
            }
        }
    }

    /// One cut: the text and its offsets, end excluded.
    struct Segment: Hashable {
        var text: String
        var start: Int
        var end: Int
    }

    private let scalars: [Unicode.Scalar]

    /// Cuts `text`.
    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    /// The number of characters.
    var count: Int { scalars.count }

    /// The characters from `start` up to `end` (-1: the end).
    func text(from start: Int, to end: Int) -> String {
        let lower = clamp(start)
        let upper = end < 0 ? count : max(lower, clamp(end))
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars[lower..<upper])
        return String(result)
    }

    /// The character at an offset, as its code point; 0 past the end.
    func character(at offset: Int) -> UInt32 {
        guard offset >= 0, offset < count else { return 0 }
        return scalars[offset].value
    }

    /// The segment of a granularity containing `offset` (the last one at the end).
    func segment(at offset: Int, granularity: Granularity) -> Segment {
        let offset = clamp(offset)
        let range: Range<Int>
        switch granularity {
        case .character:
            range = offset < count ? offset..<(offset + 1) : count..<count
        case .word:
            range = run(at: offset) { $0.properties.isAlphabetic || $0.properties.numericType != nil }
        case .sentence:
            range = span(at: offset) { $0 == "." || $0 == "!" || $0 == "?" || $0 == "\n" }
        case .line, .paragraph:
            range = span(at: offset) { $0 == "\n" }
        }
        return Segment(
            text: text(from: range.lowerBound, to: range.upperBound), start: range.lowerBound, end: range.upperBound)
    }

    /// The segment of a boundary type before, at or after the one containing `offset`.
    func segment(_ position: Position, _ offset: Int, boundary: Boundary) -> Segment {
        let here = segment(at: offset, granularity: boundary.granularity)
        switch position {
        case .at:
            return here
        case .before:
            guard here.start > 0 else { return Segment(text: "", start: 0, end: 0) }
            return segment(at: here.start - 1, granularity: boundary.granularity)
        case .after:
            guard here.end < count else { return Segment(text: "", start: count, end: count) }
            return segment(at: here.end, granularity: boundary.granularity)
        }
    }

    /// Which segment ``segment(_:_:boundary:)`` returns.
    enum Position {
        case before, at, after
    }

    private func clamp(_ offset: Int) -> Int { min(max(offset, 0), count) }

    /// The maximal run of scalars that all do or all do not satisfy `isWord`, around `offset`.
    private func run(at offset: Int, where isWord: (Unicode.Scalar) -> Bool) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let anchor = min(offset, count - 1)
        let kind = isWord(scalars[anchor])
        var lower = anchor
        while lower > 0, isWord(scalars[lower - 1]) == kind { lower -= 1 }
        var upper = anchor + 1
        while upper < count, isWord(scalars[upper]) == kind { upper += 1 }
        return lower..<upper
    }

    /// From just after the previous terminator up to and including the next one.
    private func span(at offset: Int, endingWith isTerminator: (Unicode.Scalar) -> Bool) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let anchor = min(offset, count - 1)
        var lower = anchor
        while lower > 0, !isTerminator(scalars[lower - 1]) { lower -= 1 }
        var upper = anchor
        while upper < count, !isTerminator(scalars[upper]) { upper += 1 }
        return lower..<min(count, upper + 1)
    }
}
