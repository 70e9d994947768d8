import FileAccess
import Glibc
import Testing

@Suite struct OutputFileTests {
    private static func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        return status.st_mode
    }

    private static func create(_ path: String, replacing: Bool = false, _ text: String) throws(FileError) {
        var output = try OutputFile(creating: path, replacing: replacing)
        try output.write(text)
        try output.finish()
    }

    @Test func createsAPrivateFile() throws {
        let scratch = ScratchDirectory()
        try Self.create(scratch("out.yml"), "recorded\n")
        #expect(scratch.content("out.yml") == "recorded\n")
        #expect(Self.mode(scratch("out.yml")) == S_IFREG | 0o600)
        #expect(scratch.entries() == ["out.yml"])
    }

    @Test func writesMoreThanItsBuffer() throws {
        let scratch = ScratchDirectory()
        let line = String(repeating: "x", count: 999) + "\n"
        var output = try OutputFile(creating: scratch("big.txt"))
        for _ in 0..<200 { try output.write(line) }
        try output.write(String(repeating: "y", count: 100_000))
        try output.finish()
        #expect(
            scratch.content("big.txt") == String(repeating: line, count: 200) + String(repeating: "y", count: 100_000))
    }

    @Test func neverOverwritesAnExistingFile() {
        let scratch = ScratchDirectory()
        scratch.write("out.yml", "precious")
        #expect(throws: FileError(path: scratch("out.yml"), operation: .create, reason: .alreadyExists)) {
            try Self.create(scratch("out.yml"), "new")
        }
        #expect(scratch.content("out.yml") == "precious")
    }

    /// A link planted at the output path, to a file or to nowhere: never followed.
    @Test(arguments: ["target", "nowhere"])
    func neverWritesThroughASymbolicLink(target: String) {
        let scratch = ScratchDirectory()
        scratch.write("target", "precious")
        symlink(target, scratch("out.yml"))
        #expect(throws: FileError(path: scratch("out.yml"), operation: .create, reason: .alreadyExists)) {
            try Self.create(scratch("out.yml"), "new")
        }
        #expect(scratch.content("target") == "precious")
        #expect(scratch.entries() == ["out.yml", "target"])
    }

    @Test func replacesAnExistingFileWhenAsked() throws {
        let scratch = ScratchDirectory()
        scratch.write("out.yml", "old")
        try Self.create(scratch("out.yml"), replacing: true, "new")
        #expect(scratch.content("out.yml") == "new")
        #expect(Self.mode(scratch("out.yml")) == S_IFREG | 0o600)
        #expect(scratch.entries() == ["out.yml"])
    }

    /// Replacing a symbolic link replaces the link, never the file it points to.
    @Test func replacesALinkItselfWhenAsked() throws {
        let scratch = ScratchDirectory()
        scratch.write("target", "precious")
        symlink("target", scratch("out.yml"))
        try Self.create(scratch("out.yml"), replacing: true, "new")
        #expect(scratch.content("target") == "precious")
        #expect(scratch.content("out.yml") == "new")
        #expect(Self.mode(scratch("out.yml")) == S_IFREG | 0o600)
        #expect(scratch.entries() == ["out.yml", "target"])
    }

    @Test func neverReplacesADirectoryOrADevice() {
        let scratch = ScratchDirectory()
        mkdir(scratch("dir"), 0o700)
        #expect(
            throws: FileError(path: scratch("dir"), operation: .create, reason: .notRegularFile(.directory))
        ) { try Self.create(scratch("dir"), replacing: true, "new") }
        mkfifo(scratch("fifo"), 0o600)
        #expect(throws: FileError(path: scratch("fifo"), operation: .create, reason: .notRegularFile(.fifo))) {
            try Self.create(scratch("fifo"), replacing: true, "new")
        }
        #expect(scratch.entries() == ["dir", "fifo"])
    }

    @Test func namesAMissingDirectory() {
        let scratch = ScratchDirectory()
        let error = FileError(path: scratch("no/out.yml"), operation: .create, reason: .notFound)
        #expect(throws: error) { try Self.create(scratch("no/out.yml"), "new") }
        #expect(error.description == scratch("no/out.yml") + ": no such directory to create the file in")
    }

    /// A failed write leaves no half-written file behind; until it is finished, the file is only
    /// its temporary file, so that a signal that ends the process cannot leave it half written
    /// under its name either.
    @Test func removesAFileLeftUnfinished() throws {
        let scratch = ScratchDirectory()
        do {
            var output = try OutputFile(creating: scratch("out.yml"))
            try output.write("half")
            try output.flush()
            #expect(scratch.entries().map { $0.hasPrefix(".out.yml.") ? ".out.yml.XXXXXX" : $0 } == [".out.yml.XXXXXX"])
        }
        #expect(scratch.entries() == [])
        do {
            scratch.write("kept.yml", "old")
            var output = try OutputFile(creating: scratch("kept.yml"), replacing: true)
            try output.write("half")
            try output.flush()
            let names = scratch.entries().map { $0.hasPrefix(".kept.yml.") ? ".kept.yml.XXXXXX" : $0 }
            #expect(names == [".kept.yml.XXXXXX", "kept.yml"])
        }
        #expect(scratch.entries() == ["kept.yml"])
        #expect(scratch.content("kept.yml") == "old")
    }

    /// `/dev/full` answers every write with `ENOSPC`, as a full disk does.
    @Test func reportsAFullDevice() throws {
        let descriptor = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var output = OutputFile(borrowing: descriptor, name: "/dev/full")
        try output.write("lost")
        let error = FileError(path: "/dev/full", operation: .write, reason: .noSpace)
        #expect(throws: error) { try output.flush() }
        #expect(error.description == "/dev/full: cannot write: no space left on the device")
    }
}
