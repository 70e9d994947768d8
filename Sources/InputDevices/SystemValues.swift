#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// An error number from a system call (`errno`), such as `EACCES` or `ENODEV`.
public struct Errno: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The C library's value.
    public var rawValue: Int32
    /// Creates an error number from the C library's value.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The value of `errno` right now.
    static var current: Errno { Errno(rawValue: errno) }

    /// Permission denied. The corresponding C constant is `EACCES`.
    public static let permissionDenied = Errno(rawValue: EACCES)
    /// Operation not permitted. The corresponding C constant is `EPERM`.
    public static let notPermitted = Errno(rawValue: EPERM)
    /// No such file or directory. The corresponding C constant is `ENOENT`.
    public static let noSuchFile = Errno(rawValue: ENOENT)
    /// The device went away. The corresponding C constant is `ENODEV`.
    public static let noDevice = Errno(rawValue: ENODEV)
    /// Try again: nothing to read now. The corresponding C constant is `EAGAIN`.
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    /// A signal interrupted the call. The corresponding C constant is `EINTR`.
    public static let interrupted = Errno(rawValue: EINTR)
    /// The device or resource is busy (already grabbed). The corresponding C constant is `EBUSY`.
    public static let busy = Errno(rawValue: EBUSY)
    /// Invalid argument. The corresponding C constant is `EINVAL`.
    public static let invalidArgument = Errno(rawValue: EINVAL)
    /// Not a typewriter: the descriptor is not a device. The corresponding C constant is `ENOTTY`.
    public static let notATerminal = Errno(rawValue: ENOTTY)

    /// The C library's message followed by the symbolic name where known, e.g.
    /// `Permission denied (EACCES)`.
    public var description: String {
        let message = String(cString: strerror(rawValue))
        return symbolicName.map { "\(message) (\($0))" } ?? "\(message) (errno \(rawValue))"
    }

    private var symbolicName: String? {
        switch rawValue {
        case EACCES: "EACCES"
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case ENODEV: "ENODEV"
        case EAGAIN: "EAGAIN"
        case EINTR: "EINTR"
        case EBUSY: "EBUSY"
        case EINVAL: "EINVAL"
        case ENOTTY: "ENOTTY"
        case EBADF: "EBADF"
        case EIO: "EIO"
        case EMFILE: "EMFILE"
        default: nil
        }
    }
}

/// An open file descriptor's number, lent out by the types that own it.
///
/// The value is only valid inside the closure that lends it; do not close it.
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The kernel's descriptor number.
    public var rawValue: Int32
    /// Creates a descriptor from its number.
    public init(rawValue: Int32) { self.rawValue = rawValue }
}
