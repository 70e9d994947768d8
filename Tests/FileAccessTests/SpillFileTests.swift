import FileAccess
import Glibc
import Testing

@Suite struct SpillFileTests {
    /// What is written comes back in order, across the buffer's size, and the file is gone from
    /// its directory from the start: nothing is left whatever ends the process.
    @Test func readsBackWhatWasWrittenAndLeavesNoName() throws {
        let scratch = ScratchDirectory()
        let spill = try SpillFile(purpose: "a test", directory: scratch.path)
        #expect(scratch.entries() == [])
        let chunks = (0..<3000).map { index in [UInt8](repeating: UInt8(index % 251), count: 1 + index % 97) }
        for chunk in chunks { try spill.write(chunk) }
        #expect(spill.count == chunks.reduce(0) { $0 + $1.count })
        try spill.rewind()
        var read: [[UInt8]] = []
        for chunk in chunks {
            var bytes = [UInt8](repeating: 0, count: chunk.count)
            #expect(try spill.read(into: &bytes))
            read.append(bytes)
        }
        #expect(read == chunks)
        var more = [UInt8](repeating: 0, count: 1)
        #expect(try spill.read(into: &more) == false)
        #expect(scratch.entries() == [])
    }

    /// Reading more than was written is an error, not a short read taken for data.
    @Test func aTruncatedReadIsAnError() throws {
        let scratch = ScratchDirectory()
        let spill = try SpillFile(purpose: "a test", directory: scratch.path)
        try spill.write([1, 2, 3])
        try spill.rewind()
        var bytes = [UInt8](repeating: 0, count: 4)
        #expect(throws: FileError(path: "temporary file for a test", operation: .read, reason: .inputOutput)) {
            try spill.read(into: &bytes)
        }
    }

    /// A directory that cannot take a file is named.
    @Test func namesADirectoryThatTakesNoFile() {
        #expect(throws: FileError(path: "/no/such/directory", operation: .create, reason: .notFound)) {
            try SpillFile(purpose: "a test", directory: "/no/such/directory")
        }
    }
}
