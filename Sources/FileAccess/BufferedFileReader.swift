#if canImport(Glibc)
    import Glibc
#endif

/// A ``ReadableFile`` read in order through one fixed-size buffer, so that a parser works on the
/// bytes in place and memory stays the size of the buffer however long the file is.
///
/// ```swift
/// var reader = BufferedFileReader(try ReadableFile(path: "session.evemu"))
/// while let line = try reader.nextLine(maximumLength: 4096) {
///     guard line.count <= 4096 else { throw … }  // a line too long to hold
///     …
/// }
/// ```
///
/// The bytes ``buffered`` and ``nextLine(maximumLength:)`` return stay valid only until the next
/// call that changes the reader.
public struct BufferedFileReader: ~Copyable {
    /// The default buffer size: 256 KiB, large enough that a `read(2)` costs little per byte.
    public static let defaultCapacity = 262_144

    /// The file's path, for messages.
    public let path: String
    private let file: ReadableFile?
    private let storage: UnsafeMutableRawBufferPointer
    private var start = 0
    private var end = 0
    private var isAtEndOfFile = false
    /// The offset in the file of the first byte not yet consumed.
    public private(set) var offset: Int64

    /// Reads a file from its current position, which is taken as `offset`.
    /// - Parameters:
    ///   - file: The open file.
    ///   - capacity: The buffer's size in bytes.
    ///   - offset: Where in the file its current position is, for ``offset``.
    public init(_ file: consuming ReadableFile, capacity: Int = defaultCapacity, offset: Int64 = 0) {
        precondition(capacity > 0, "a buffer needs room for at least one byte")
        self.path = file.path
        self.file = .some(file)
        self.storage = .allocate(byteCount: capacity, alignment: 16)
        self.offset = offset
    }

    /// Reads bytes already in memory as if they were a file, so that one parser serves both.
    /// - Parameters:
    ///   - bytes: The content.
    ///   - name: What to call it in messages.
    ///   - offset: Where in a larger whole the bytes start, for ``offset``.
    public init(bytes: some Collection<UInt8>, name: String, offset: Int64 = 0) {
        self.path = name
        self.file = nil
        let count = bytes.count
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        UnsafeMutableRawBufferPointer(rebasing: storage[0..<count]).copyBytes(from: bytes)
        self.storage = storage
        self.end = count
        self.isAtEndOfFile = true
        self.offset = offset
    }

    deinit { storage.deallocate() }

    /// The bytes read but not yet consumed.
    public var buffered: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: storage[start..<end]) }

    /// Whether every byte of the file has been read into the buffer (some may not be consumed).
    public var reachedEndOfFile: Bool { isAtEndOfFile }

    /// Marks bytes at the start of ``buffered`` as used.
    public mutating func consume(_ count: Int) {
        precondition(count >= 0 && count <= end - start, "consumed more bytes than are buffered")
        start += count
        offset += Int64(count)
    }

    /// Reads more of the file after the bytes not yet consumed, first moving them to the front
    /// of the buffer if that makes room.
    /// - Returns: Whether any byte was added: false at the end of the file, or when the buffer is
    ///   full of bytes not yet consumed.
    /// - Throws: ``FileError`` when reading fails.
    public mutating func fill() throws(FileError) -> Bool {
        if isAtEndOfFile { return false }
        if end == storage.count {
            guard start > 0 else { return false }
            let count = end - start
            if count > 0, let base = storage.baseAddress { memmove(base, base + start, count) }
            start = 0
            end = count
        }
        let count: Int
        switch file {
        case .some(let file): count = try file.read(into: UnsafeMutableRawBufferPointer(rebasing: storage[end...]))
        case .none: count = 0
        }
        if count == 0 {
            isAtEndOfFile = true
            return false
        }
        end += count
        return true
    }

    /// Returns the next line without its line feed, and consumes it.
    ///
    /// A line longer than `maximumLength` is returned cut to `maximumLength + 1` bytes, so that
    /// the caller can refuse it; the reader is then in the middle of that line.
    /// - Parameter maximumLength: The longest line to return whole; less than the buffer's size.
    /// - Returns: The line, or nil at the end of the file. The last line need not end with a
    ///   line feed.
    /// - Throws: ``FileError`` when reading fails.
    public mutating func nextLine(maximumLength: Int) throws(FileError) -> UnsafeRawBufferPointer? {
        precondition(isAtEndOfFile || maximumLength < storage.count, "a line must fit the buffer with room to spare")
        var scanned = 0
        while true {
            let pending = end - start
            if pending > scanned, let base = storage.baseAddress,
                let found = memchr(base + start + scanned, 0x0a, pending - scanned)
            {
                let length = UnsafeRawPointer(found) - UnsafeRawPointer(base + start)
                let line = UnsafeRawBufferPointer(start: base + start, count: length)
                consume(length + 1)
                return line
            }
            scanned = pending
            if pending > maximumLength {
                let line = UnsafeRawBufferPointer(rebasing: storage[start..<(start + maximumLength + 1)])
                consume(maximumLength + 1)
                return line
            }
            if try !fill() {
                guard isAtEndOfFile, pending > 0 else { return nil }
                let line = UnsafeRawBufferPointer(rebasing: storage[start..<end])
                consume(pending)
                return line
            }
        }
    }
}
