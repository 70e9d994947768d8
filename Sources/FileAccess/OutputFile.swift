#if canImport(Glibc)
    import Glibc
#endif

/// A file being written through a buffer, with every write checked: a full disk, an I/O error
/// or a closed pipe ends in a ``FileError`` instead of output silently lost.
///
/// A new file is private (mode 0600, since recordings of keyboards hold passwords), is never
/// created through a symbolic link, and never replaces an existing file unless asked. Its content
/// is written beside it under a temporary name and given the file's name at ``finish()`` (linked,
/// or renamed over the old file when replacing), so the file appears only whole, and an old file
/// stays whole until the new one is. ``UnfinishedFiles`` removes the temporary file when a signal
/// ends the process first.
///
/// ```swift
/// var output = try OutputFile(creating: "session.yml", replacing: force)
/// try output.write(text)
/// try output.finish()  // flushes, syncs, closes (and renames into place)
/// ```
///
/// Dropped without ``finish()`` (after an error), a file this type created is removed, so that a
/// half-written file is never left behind as if it were complete.
public struct OutputFile: ~Copyable {
    /// The buffer size: 64 KiB, so that a `write(2)` costs little per byte.
    public static let bufferCapacity = 65_536

    /// The path as given, or a name such as "standard output", for messages.
    public let path: String
    private let descriptor: Int32
    private let ownership: Ownership
    private var buffer: [UInt8] = []
    private var isOpen = true
    private var isComplete = false
    /// Whether text is written with its control characters escaped (line feeds and tabs kept):
    /// set for standard output on a terminal, where a recording's text is shown rather than
    /// kept, and a device name holding OSC 52 would write the clipboard. Files and pipes get the
    /// bytes as they are.
    public var escapesControlCharacters = false

    private enum Ownership {
        /// Someone else's descriptor (standard output): flushed, never closed.
        case borrowed
        /// A temporary file linked to `path` when finished (which fails if something is there by
        /// then), removed if not.
        case created(temporaryPath: String, slot: Int?)
        /// A temporary file renamed over `path` when finished, removed if not.
        case replacing(temporaryPath: String, slot: Int?)
    }

    /// Creates a new private file to write.
    ///
    /// - Parameters:
    ///   - path: The file to create. Its directory must exist.
    ///   - replacing: Whether an existing regular file (or a symbolic link, which is replaced
    ///     itself, never its target) at the path may be replaced. Directories, devices, FIFOs and
    ///     sockets are never replaced.
    /// - Throws: ``FileError`` with operation ``FileError/Operation/create``:
    ///   ``FileError/Reason/alreadyExists`` when something is at the path and `replacing` is
    ///   false.
    public init(creating path: String, replacing: Bool = false) throws(FileError) {
        let (descriptor, ownership) = try Self.create(path, replacing: replacing)
        self.path = path
        self.descriptor = descriptor
        self.ownership = ownership
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    private static func create(_ path: String, replacing: Bool) throws(FileError) -> (Int32, Ownership) {
        guard !path.isEmpty else { throw FileError(path: path, operation: .create, reason: .emptyPath) }
        var existing = stat()
        if lstat(path, &existing) == 0 {
            // Anything already there, a symbolic link included (dangling or not), is refused at
            // once; link(2) at the end refuses what appears in the meantime.
            guard replacing else { throw FileError(path: path, operation: .create, reason: .alreadyExists) }
            if let kind = FileError.FileKind(mode: existing.st_mode), kind != .symbolicLink {
                throw FileError(path: path, operation: .create, reason: .notRegularFile(kind))
            }
        } else if errno != ENOENT {
            throw FileError(path: path, operation: .create, errno: errno)
        }
        // mkstemp creates the temporary file with O_EXCL and mode 0600, beside the target so
        // that the rename stays on one file system.
        var template = Array(temporaryTemplate(for: path).utf8CString)
        // No signal between creating the temporary file and remembering it in UnfinishedFiles:
        // one arriving then would leave the file behind. Signals wait until it is remembered.
        var every = sigset_t()
        var previous = sigset_t()
        sigfillset(&every)
        pthread_sigmask(SIG_BLOCK, &every, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw FileError(path: path, operation: .create, errno: errno) }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        let temporaryPath = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let slot = UnfinishedFiles.remember(temporaryPath)
        return (
            descriptor,
            replacing
                ? .replacing(temporaryPath: temporaryPath, slot: slot)
                : .created(temporaryPath: temporaryPath, slot: slot)
        )
    }

    /// Writes to a descriptor someone else opened and will close, such as standard output.
    /// - Parameters:
    ///   - descriptor: The open descriptor.
    ///   - name: What to call it in messages ("standard output").
    public init(borrowing descriptor: Int32, name: String) {
        self.path = name
        self.descriptor = descriptor
        self.ownership = .borrowed
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    /// Standard output, buffered and checked.
    /// On a terminal it escapes control characters (``escapesControlCharacters``).
    public static func standardOutput() -> OutputFile {
        var output = OutputFile(borrowing: STDOUT_FILENO, name: "standard output")
        output.escapesControlCharacters = isatty(STDOUT_FILENO) == 1
        return output
    }

    deinit {
        if case .borrowed = ownership { return }
        if isOpen { close(descriptor) }
        if !isComplete { unlink(writtenPath) }
        UnfinishedFiles.forget(slot)
    }

    /// Writes text (its UTF-8 bytes).
    /// - Throws: ``FileError`` with operation ``FileError/Operation/write`` when the buffer had
    ///   to be written out and that failed.
    public mutating func write(_ text: String) throws(FileError) {
        var text = escapesControlCharacters ? text.escapingControlCharacters(keepingLineBreaks: true) : text
        var failure: FileError?
        text.withUTF8 { bytes in
            do throws(FileError) { try write(UnsafeRawBufferPointer(bytes)) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes bytes.
    /// - Throws: ``FileError`` with operation ``FileError/Operation/write``.
    public mutating func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
        if buffer.count + bytes.count > Self.bufferCapacity { try flush() }
        if bytes.count >= Self.bufferCapacity {
            try Self.writeAll(bytes, to: descriptor, path: path)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes out what is buffered.
    /// - Throws: ``FileError`` with operation ``FileError/Operation/write``.
    public mutating func flush() throws(FileError) {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        var failure: FileError?
        buffer.withUnsafeBytes { bytes in
            do throws(FileError) { try Self.writeAll(bytes, to: descriptor, path: path) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Writes out what is buffered and completes the file: a file this type created is synced to
    /// its device and closed (and renamed over the target when replacing); a borrowed descriptor
    /// is only flushed.
    /// - Throws: ``FileError``; a file this type created is then removed as if never written.
    public consuming func finish() throws(FileError) {
        try flush()
        if case .borrowed = ownership { return }
        // fsync reports what write(2) could not yet know: a delayed allocation on a full disk,
        // an I/O error while writing back.
        if fsync(descriptor) != 0 && errno != EINVAL {
            throw FileError(path: path, operation: .finish, errno: errno)
        }
        isOpen = false
        if close(descriptor) != 0 && errno != EINTR {
            throw FileError(path: path, operation: .finish, errno: errno)
        }
        switch ownership {
        case .borrowed:
            break
        case .created(let temporaryPath, _):
            // link(2) never replaces: it fails if something appeared at the path meanwhile. A file
            // system without hard links (EPERM: FAT) gets a rename once the path is seen free.
            if link(temporaryPath, path) == 0 {
                unlink(temporaryPath)
            } else {
                var number = errno
                if number == EPERM {
                    var existing = stat()
                    if lstat(path, &existing) == 0 {
                        number = EEXIST
                    } else if rename(temporaryPath, path) == 0 {
                        number = 0
                    } else {
                        number = errno
                    }
                }
                if number == EEXIST { throw FileError(path: path, operation: .create, reason: .alreadyExists) }
                if number != 0 { throw FileError(path: path, operation: .finish, errno: number) }
            }
        case .replacing(let temporaryPath, _):
            guard rename(temporaryPath, path) == 0 else {
                throw FileError(path: path, operation: .finish, errno: errno)
            }
        }
        isComplete = true
    }

    /// The file this type writes: the temporary file beside the target.
    private var writtenPath: String {
        switch ownership {
        case .borrowed: path
        case .created(let temporaryPath, _), .replacing(let temporaryPath, _): temporaryPath
        }
    }

    /// Its slot in ``UnfinishedFiles``.
    private var slot: Int? {
        switch ownership {
        case .borrowed: nil
        case .created(_, let slot), .replacing(_, let slot): slot
        }
    }

    static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let count = Glibc.write(descriptor, next, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, operation: .write, errno: errno)
            }
            // write(2) returns 0 only for a zero-length request; treat it as the device refusing.
            guard count > 0 else { throw FileError(path: path, operation: .write, reason: .noSpace) }
            next += count
            remaining -= count
        }
    }

    /// `dir/.name.XXXXXX` for `dir/name`.
    private static func temporaryTemplate(for path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return ".\(path).XXXXXX" }
        let directory = path[...slash]
        let name = path[path.index(after: slash)...]
        return "\(directory).\(name).XXXXXX"
    }
}
