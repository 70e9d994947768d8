#if canImport(Glibc)
    import Glibc
#endif

/// Bytes set aside on disk while a command runs and read back once at its end, so that memory
/// stays flat however long the command runs: a private temporary file (mode 0600, in `TMPDIR` or
/// `/tmp`), unlinked as soon as it is made, so that nothing is left behind whatever ends the
/// process.
///
/// ```swift
/// var spill = try SpillFile(purpose: "the events of /dev/input/event3")
/// try spill.write(bytes)                   // as the events come
/// try spill.rewind()                       // at the end
/// while try spill.read(into: record) { … }
/// ```
public final class SpillFile {
    /// What the file holds, for messages.
    public let purpose: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// How many bytes were written.
    public private(set) var count = 0

    /// Bytes kept before they are written out.
    static let bufferCapacity = 64 * 1024

    /// Creates the file.
    /// - Parameters:
    ///   - purpose: What it will hold, for messages ("the events of /dev/input/event3").
    ///   - directory: Where to make it; nil for `TMPDIR`, else `/tmp`.
    /// - Throws: ``FileError`` when the directory takes no new file.
    public init(purpose: String, directory: String? = nil) throws(FileError) {
        let directory =
            directory ?? getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/wayfinder-spill-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError(path: directory, operation: .create, errno: errno) }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
        self.purpose = purpose
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    deinit { close(descriptor) }

    /// Writes bytes.
    /// - Throws: ``FileError`` naming the purpose when the disk is full.
    public func write(_ bytes: [UInt8]) throws(FileError) {
        buffer.append(contentsOf: bytes)
        count += bytes.count
        if buffer.count >= Self.bufferCapacity { try flush() }
    }

    /// Reads the next `bytes.count` bytes into `bytes` (after ``rewind()``).
    /// - Returns: false at the end of what was written.
    /// - Throws: ``FileError`` when reading fails or the file ends within the bytes asked for.
    public func read(into bytes: inout [UInt8]) throws(FileError) -> Bool {
        var result: Result<Bool, FileError> = .success(true)
        bytes.withUnsafeMutableBytes { buffer in
            do throws(FileError) { result = .success(try read(into: buffer)) } catch { result = .failure(error) }
        }
        return try result.get()
    }

    private var path: String { "temporary file for \(purpose)" }

    private func flush() throws(FileError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        var failure: FileError?
        buffer.withUnsafeBytes { bytes in
            do throws(FileError) { try OutputFile.writeAll(bytes, to: descriptor, path: path) } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Writes out what is buffered and goes back to the start, to read what was written.
    /// - Throws: ``FileError`` when writing out or seeking fails.
    public func rewind() throws(FileError) {
        try flush()
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw FileError(path: path, operation: .read, errno: errno) }
    }

    /// Reads the next `buffer.count` bytes.
    /// - Returns: false at the end of what was written.
    /// - Throws: ``FileError`` when reading fails or the file ends within the bytes asked for.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Bool {
        guard var next = buffer.baseAddress else { return true }
        var remaining = buffer.count
        while remaining > 0 {
            let read = Glibc.read(descriptor, next, remaining)
            if read < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, operation: .read, errno: errno)
            }
            if read == 0 {
                if remaining == buffer.count { return false }
                throw FileError(path: path, operation: .read, reason: .inputOutput)
            }
            next += read
            remaining -= read
        }
        return true
    }
}
