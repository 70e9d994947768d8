import FileAccess
import Testing

@Suite struct BufferedFileReaderTests {
    private static func lines(of text: String, capacity: Int, maximumLength: Int) throws -> [String] {
        let scratch = ScratchDirectory()
        scratch.write("lines.txt", text)
        var reader = BufferedFileReader(try ReadableFile(path: scratch("lines.txt")), capacity: capacity)
        var lines: [String] = []
        while let line = try reader.nextLine(maximumLength: maximumLength) {
            lines.append(String(decoding: line, as: UTF8.self))
            if line.count > maximumLength { break }
        }
        return lines
    }

    /// A buffer of 8 bytes: most lines cross a refill.
    @Test func splitsLinesAcrossRefills() throws {
        #expect(
            try Self.lines(of: "alpha\nbe\n\ngamma d\nend", capacity: 8, maximumLength: 7)
                == ["alpha", "be", "", "gamma d", "end"])
    }

    @Test func returnsALineTooLongCutOneBytePastTheLimit() throws {
        #expect(try Self.lines(of: "short\nmuch too long\n", capacity: 8, maximumLength: 6) == ["short", "much to"])
    }

    @Test func readsNothingFromAnEmptyFile() throws {
        #expect(try Self.lines(of: "", capacity: 8, maximumLength: 6) == [])
    }

    @Test func countsTheOffsetOfWhatWasConsumed() throws {
        let scratch = ScratchDirectory()
        scratch.write("lines.txt", "ab\ncd\n")
        var reader = BufferedFileReader(try ReadableFile(path: scratch("lines.txt")), capacity: 4)
        var offsets: [Int64] = [reader.offset]
        while try reader.nextLine(maximumLength: 3) != nil { offsets.append(reader.offset) }
        let reachedEnd = reader.reachedEndOfFile
        #expect(offsets == [0, 3, 6])
        #expect(reachedEnd)
    }

    @Test func startsAtASoughtOffset() throws {
        let scratch = ScratchDirectory()
        scratch.write("lines.txt", "skip\nkeep\n")
        let file = try ReadableFile(path: scratch("lines.txt"))
        try file.seek(to: 5)
        var reader = BufferedFileReader(file, capacity: 16, offset: 5)
        let line = try #require(try reader.nextLine(maximumLength: 8))
        let text = String(decoding: line, as: UTF8.self)
        let offset = reader.offset
        #expect(text == "keep")
        #expect(offset == 10)
    }
}
