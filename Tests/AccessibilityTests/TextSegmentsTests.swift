import Testing

@testable import Accessibility

/// Text cut the ways AT-SPI2's `Text` interface asks, in characters (Unicode scalars).
@Suite struct TextSegmentsTests {
    typealias Segment = TextSegments.Segment

    @Test func charactersAndRangesCountScalars() {
        let text = TextSegments("café ☕ 🇲🇽")
        #expect(text.count == 9, "é and ☕ are one scalar each; a flag is two")
        #expect(text.text(from: 0, to: -1) == "café ☕ 🇲🇽")
        #expect(text.text(from: 3, to: 6) == "é ☕")
        #expect(text.text(from: -4, to: 100) == "café ☕ 🇲🇽", "offsets are clamped")
        #expect(text.text(from: 5, to: 2) == "", "an end before the start is empty")
        #expect(text.character(at: 5) == 0x2615)
        #expect(text.character(at: 9) == 0)
        #expect(text.character(at: -1) == 0)
    }

    @Test func wordsSentencesAndLines() {
        let text = TextSegments("Hello, big world.\nSecond line")
        #expect(text.segment(at: 8, granularity: .word) == Segment(text: "big", start: 7, end: 10))
        #expect(text.segment(at: 5, granularity: .word) == Segment(text: ", ", start: 5, end: 7))
        #expect(text.segment(at: 0, granularity: .character) == Segment(text: "H", start: 0, end: 1))
        #expect(text.segment(at: 3, granularity: .sentence) == Segment(text: "Hello, big world.", start: 0, end: 17))
        #expect(text.segment(at: 3, granularity: .line) == Segment(text: "Hello, big world.\n", start: 0, end: 18))
        #expect(text.segment(at: 20, granularity: .line) == Segment(text: "Second line", start: 18, end: 29))
        #expect(text.segment(at: 29, granularity: .character) == Segment(text: "", start: 29, end: 29))
    }

    @Test func beforeAndAfterAreTheNeighbouringSegments() {
        let text = TextSegments("one two")
        #expect(text.segment(.at, 5, boundary: .wordStart) == Segment(text: "two", start: 4, end: 7))
        #expect(text.segment(.before, 5, boundary: .wordStart) == Segment(text: " ", start: 3, end: 4))
        #expect(text.segment(.after, 1, boundary: .wordEnd) == Segment(text: " ", start: 3, end: 4))
        #expect(text.segment(.before, 1, boundary: .wordStart) == Segment(text: "", start: 0, end: 0))
        #expect(text.segment(.after, 5, boundary: .character) == Segment(text: "o", start: 6, end: 7))
        #expect(text.segment(.after, 6, boundary: .lineStart) == Segment(text: "", start: 7, end: 7))
    }

    @Test func emptyTextHasEmptySegments() {
        let text = TextSegments("")
        #expect(text.segment(at: 0, granularity: .word) == Segment(text: "", start: 0, end: 0))
        #expect(text.segment(.after, 0, boundary: .lineStart) == Segment(text: "", start: 0, end: 0))
    }
}
