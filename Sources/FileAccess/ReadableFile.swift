#if canImport(Glibc)
    import Glibc
#endif

/// A regular file open for reading, refused with a clear ``FileError`` when the path is empty,
/// missing, a directory, a FIFO, a device, a socket, or a loop of symbolic links.
///
/// Symbolic links are followed. The file is checked before it is opened, so that opening never
/// blocks (a FIFO without a writer) and never touches a device, and checked again once open, so
/// that what was checked is what is read.
///
/// ```swift
/// let file = try ReadableFile(path: "session.evemu")
/// let bytes = try file.readAll(maximumSize: 1 << 20)
/// ```
public struct ReadableFile: ~Copyable {
    /// The path as given, for messages.
    public let path: String
    private let descriptor: Int32

    /// Opens a regular file for reading.
    /// - Parameter path: The file; symbolic links are followed.
    /// - Throws: ``FileError`` with operation ``FileError/Operation/open``.
    public init(path: String) throws(FileError) {
        guard !path.isEmpty else { throw FileError(path: path, operation: .open, reason: .emptyPath) }
        var status = stat()
        guard stat(path, &status) == 0 else { throw FileError(path: path, operation: .open, errno: errno) }
        if let kind = FileError.FileKind(mode: status.st_mode) {
            throw FileError(path: path, operation: .open, reason: .notRegularFile(kind))
        }
        // O_NONBLOCK: should the path have become a FIFO since stat, opening must not wait for a
        // writer; fstat below then refuses it.
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw FileError(path: path, operation: .open, errno: errno) }
        var opened = stat()
        if fstat(descriptor, &opened) != 0 {
            let number = errno
            close(descriptor)
            throw FileError(path: path, operation: .open, errno: number)
        }
        if let kind = FileError.FileKind(mode: opened.st_mode) {
            close(descriptor)
            throw FileError(path: path, operation: .open, reason: .notRegularFile(kind))
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.path = path
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Reads up to `buffer.count` bytes at the current position.
    /// - Returns: How many bytes were read; 0 at the end of the file.
    /// - Throws: ``FileError`` with operation ``FileError/Operation/read``.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        guard let base = buffer.baseAddress, !buffer.isEmpty else { return 0 }
        while true {
            let count = Glibc.read(descriptor, base, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw FileError(path: path, operation: .read, errno: errno) }
        }
    }

    /// Moves the read position to a byte offset from the start.
    /// - Throws: ``FileError`` with operation ``FileError/Operation/read``.
    public func seek(to offset: Int64) throws(FileError) {
        guard lseek(descriptor, off_t(offset), SEEK_SET) >= 0 else {
            throw FileError(path: path, operation: .read, errno: errno)
        }
    }

    /// Reads the rest of the file.
    /// - Parameter maximumSize: The most bytes to accept; a longer file is refused with
    ///   ``FileError/Reason/tooLarge(limit:)`` rather than read into memory: at once when the
    ///   file system already says it is longer, otherwise when the bytes read go beyond it.
    /// - Throws: ``FileError``.
    public func readAll(maximumSize: Int) throws(FileError) -> [UInt8] {
        var status = stat()
        let position = Int(max(0, lseek(descriptor, 0, SEEK_CUR)))
        let size = fstat(descriptor, &status) == 0 ? max(0, Int(status.st_size) - position) : 0
        guard size <= maximumSize else {
            throw FileError(path: path, operation: .read, reason: .tooLarge(limit: maximumSize))
        }
        var bytes: [UInt8] = []
        // Room for the whole file (and the read that finds its end) in one allocation.
        bytes.reserveCapacity(size + 1)
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            var result: Result<Int, FileError> = .success(0)
            chunk.withUnsafeMutableBytes { buffer in result = Result { () throws(FileError) in try read(into: buffer) }
            }
            let count = try result.get()
            if count == 0 { return bytes }
            guard bytes.count + count <= maximumSize else {
                throw FileError(path: path, operation: .read, reason: .tooLarge(limit: maximumSize))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }

    /// Lends the file descriptor to a closure, for calls this type does not wrap. The closure
    /// must not close it.
    public func withUnsafeFileDescriptor<Result: ~Copyable, Failure: Error>(
        _ body: (Int32) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(descriptor)
    }
}
