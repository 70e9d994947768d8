import FileAccess
import Glibc
import Testing

/// A fresh directory under /tmp for one test, removed with everything in it when dropped.
final class ScratchDirectory {
    let path: String

    init() {
        var template = Array("/tmp/wayfinder-file-access-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed: errno \(errno)")
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        var status = stat()
        for name in entries() {
            let entry = "\(path)/\(name)"
            if lstat(entry, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR {
                rmdir(entry)
            } else {
                unlink(entry)
            }
        }
        rmdir(path)
    }

    /// The path of a name inside the directory.
    func callAsFunction(_ name: String) -> String { "\(path)/\(name)" }

    /// Creates a file with some content.
    func write(_ name: String, _ text: String) {
        let descriptor = open(self(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        precondition(descriptor >= 0, "cannot create \(name)")
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count - 1) }
        close(descriptor)
    }

    /// The file's content, or nil when it cannot be read.
    func content(_ name: String) -> String? {
        guard let bytes = try? ReadableFile(path: self(name)).readAll(maximumSize: 1 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The names in the directory, sorted.
    func entries() -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(cString: $0.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }
}

@Suite struct ReadableFileTests {
    private static func openingError(_ path: String) -> FileError? {
        do {
            _ = try ReadableFile(path: path)
            return nil
        } catch {
            return error
        }
    }

    @Test func readsARegularFileWhole() throws {
        let scratch = ScratchDirectory()
        scratch.write("a.txt", "one\ntwo\n")
        #expect(try ReadableFile(path: scratch("a.txt")).readAll(maximumSize: 8) == Array("one\ntwo\n".utf8))
    }

    @Test func followsSymbolicLinksToAFile() throws {
        let scratch = ScratchDirectory()
        scratch.write("a.txt", "linked")
        symlink("a.txt", scratch("link"))
        #expect(scratch.content("link") == "linked")
    }

    @Test func refusesAFileLargerThanTheLimit() {
        let scratch = ScratchDirectory()
        scratch.write("a.txt", "123456789")
        #expect(throws: FileError(path: scratch("a.txt"), operation: .read, reason: .tooLarge(limit: 8))) {
            _ = try ReadableFile(path: scratch("a.txt")).readAll(maximumSize: 8)
        }
    }

    @Test func namesAnEmptyPathAsEmpty() {
        let error = Self.openingError("")
        #expect(error == FileError(path: "", operation: .open, reason: .emptyPath))
        #expect(error?.description == "the path is empty: it names no file")
    }

    @Test func namesAMissingFile() {
        let scratch = ScratchDirectory()
        let error = Self.openingError(scratch("missing.evemu"))
        #expect(error == FileError(path: scratch("missing.evemu"), operation: .open, reason: .notFound))
        #expect(error?.description == scratch("missing.evemu") + ": no such file")
    }

    @Test func refusesADirectory() {
        let scratch = ScratchDirectory()
        let error = Self.openingError(scratch.path)
        #expect(error == FileError(path: scratch.path, operation: .open, reason: .notRegularFile(.directory)))
        #expect(error?.description == scratch.path + ": is a directory, not a regular file")
    }

    @Test func refusesASymbolicLinkLoop() {
        let scratch = ScratchDirectory()
        symlink("b", scratch("a"))
        symlink("a", scratch("b"))
        let error = Self.openingError(scratch("a"))
        #expect(error == FileError(path: scratch("a"), operation: .open, reason: .symbolicLinkLoop))
        #expect(error?.description == scratch("a") + ": too many levels of symbolic links (a loop?)")
    }

    /// A FIFO without a writer: refused at once instead of waiting for one.
    @Test func refusesAFIFOWithoutWaiting() {
        let scratch = ScratchDirectory()
        mkfifo(scratch("fifo"), 0o600)
        let error = Self.openingError(scratch("fifo"))
        #expect(error == FileError(path: scratch("fifo"), operation: .open, reason: .notRegularFile(.fifo)))
        #expect(error?.description == scratch("fifo") + ": is a FIFO (named pipe), not a regular file")
    }

    @Test func refusesACharacterDevice() {
        let error = Self.openingError("/dev/null")
        #expect(error == FileError(path: "/dev/null", operation: .open, reason: .notRegularFile(.characterDevice)))
        #expect(error?.description == "/dev/null: is a character device, not a regular file")
    }

    @Test func namesAFileUsedAsADirectory() {
        let scratch = ScratchDirectory()
        scratch.write("a.txt", "")
        let error = Self.openingError(scratch("a.txt/b"))
        #expect(error == FileError(path: scratch("a.txt/b"), operation: .open, reason: .notADirectoryOnTheWay))
        #expect(error?.description == scratch("a.txt/b") + ": a part of the path is not a directory")
    }

    /// Root reads files whatever their mode, so denial is checked through the errno mapping.
    @Test func saysPermissionDeniedInPlainWords() {
        let error = FileError(path: "secret.yml", operation: .open, errno: EACCES)
        #expect(error == FileError(path: "secret.yml", operation: .open, reason: .permissionDenied))
        #expect(error.description == "secret.yml: permission denied: cannot read it")
    }

    @Test(arguments: [
        (ENOENT, FileError.Reason.notFound), (ENOTDIR, .notADirectoryOnTheWay), (EISDIR, .notRegularFile(.directory)),
        (ELOOP, .symbolicLinkLoop), (EACCES, .permissionDenied), (EPERM, .permissionDenied), (EEXIST, .alreadyExists),
        (ENOSPC, .noSpace), (EDQUOT, .noSpace), (EIO, .inputOutput), (EPIPE, .closedPipe),
        (EROFS, .readOnlyFileSystem), (ENAMETOOLONG, .nameTooLong), (EBADF, .system(errno: EBADF)),
    ])
    func mapsEachSystemError(number: Int32, reason: FileError.Reason) {
        #expect(FileError.Reason(errno: number) == reason)
    }
}
