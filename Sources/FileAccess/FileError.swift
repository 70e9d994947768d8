#if canImport(Glibc)
    import Glibc
#endif

/// Why a file could not be opened, read, created or written, in words a person can act on, with
/// the path as given.
///
/// ```swift
/// do { _ = try ReadableFile(path: "recordings") } catch { print(error) }
/// // recordings: is a directory, not a file
/// ```
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done when it failed.
    public enum Operation: String, Hashable, Sendable {
        /// Opening an existing file to read it.
        case open
        /// Reading an open file.
        case read
        /// Creating a new file to write.
        case create
        /// Writing to an open file.
        case write
        /// Closing a written file, or renaming it into place.
        case finish
    }

    /// What a path names when it is not a regular file.
    public enum FileKind: String, Hashable, Sendable {
        case directory = "a directory"
        case fifo = "a FIFO (named pipe)"
        case characterDevice = "a character device"
        case blockDevice = "a block device"
        case socket = "a socket"
        case symbolicLink = "a symbolic link"
        case unknown = "not a regular file"
    }

    /// What went wrong.
    public enum Reason: Hashable, Sendable {
        /// The path is the empty string.
        case emptyPath
        /// Nothing exists at the path (`ENOENT`).
        case notFound
        /// A part of the path before the last is not a directory (`ENOTDIR`).
        case notADirectoryOnTheWay
        /// The path names something other than a regular file.
        case notRegularFile(FileKind)
        /// Symbolic links lead in a circle, or too many in a row (`ELOOP`).
        case symbolicLinkLoop
        /// The file or a directory on the way may not be read or written (`EACCES`, `EPERM`).
        case permissionDenied
        /// A file exists where a new one was to be created (`EEXIST`).
        case alreadyExists
        /// The device holding the file is full, or the user's quota is (`ENOSPC`, `EDQUOT`).
        case noSpace
        /// The device reported an input/output error (`EIO`).
        case inputOutput
        /// The reading end of a pipe was closed (`EPIPE`), as when output goes to `head`.
        case closedPipe
        /// The file system is read-only (`EROFS`).
        case readOnlyFileSystem
        /// The path or one of its names is too long (`ENAMETOOLONG`).
        case nameTooLong
        /// The file is larger than the reader's limit, in bytes.
        case tooLarge(limit: Int)
        /// Any other system error, with its number.
        case system(errno: Int32)
    }

    /// The path as the caller gave it.
    public var path: String
    /// What was being done.
    public var operation: Operation
    /// What went wrong.
    public var reason: Reason

    /// Creates an error.
    public init(path: String, operation: Operation, reason: Reason) {
        self.path = path
        self.operation = operation
        self.reason = reason
    }

    /// Creates an error from a system error number.
    public init(path: String, operation: Operation, errno number: Int32) {
        self.init(path: path, operation: operation, reason: Reason(errno: number))
    }

    /// `path: message`; an empty path is said to be empty rather than shown as nothing.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }

    /// The message without the path.
    public var message: String {
        switch reason {
        case .emptyPath: "the path is empty: it names no file"
        case .notFound: operation == .create ? "no such directory to create the file in" : "no such file"
        case .notADirectoryOnTheWay: "a part of the path is not a directory"
        case .notRegularFile(let kind):
            kind == .unknown ? "is not a regular file" : "is \(kind.rawValue), not a regular file"
        case .symbolicLinkLoop: "too many levels of symbolic links (a loop?)"
        case .permissionDenied: "permission denied: cannot \(verb) it"
        case .alreadyExists: "already exists"
        case .noSpace: "cannot \(verb): no space left on the device"
        case .inputOutput: "cannot \(verb): input/output error"
        case .closedPipe: "cannot \(verb): the reader closed the pipe"
        case .readOnlyFileSystem: "cannot \(verb): the file system is read-only"
        case .nameTooLong: "the path is too long"
        case .tooLarge(let limit): "is larger than \(limit) bytes"
        case .system(let number): "cannot \(verb): \(String(cString: strerror(number))) (errno \(number))"
        }
    }

    private var verb: String {
        switch operation {
        case .open, .read: "read"
        case .create: "create"
        case .write, .finish: "write"
        }
    }
}

extension FileError.Reason {
    /// The reason for a system error number.
    public init(errno number: Int32) {
        switch number {
        case ENOENT: self = .notFound
        case ENOTDIR: self = .notADirectoryOnTheWay
        case EISDIR: self = .notRegularFile(.directory)
        case ELOOP: self = .symbolicLinkLoop
        case EACCES, EPERM: self = .permissionDenied
        case EEXIST: self = .alreadyExists
        case ENOSPC, EDQUOT: self = .noSpace
        case EIO: self = .inputOutput
        case EPIPE: self = .closedPipe
        case EROFS: self = .readOnlyFileSystem
        case ENAMETOOLONG: self = .nameTooLong
        default: self = .system(errno: number)
        }
    }
}

extension FileError.FileKind {
    /// The kind of file a `stat` mode describes, nil for a regular file.
    init?(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: self = .directory
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }
}
