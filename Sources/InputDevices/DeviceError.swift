/// A failure of a system call on an input device, with what was being done, to which device, and
/// the error number.
///
/// ```swift
/// do { let device = try InputDevice(opening: "/dev/input/event3") }
/// catch { print(error) }  // cannot open /dev/input/event3: Permission denied (EACCES). …
/// ```
public struct DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What was being done when the error happened.
    public enum Operation: String, Hashable, Sendable {
        /// Opening the device node.
        case open
        /// Setting up libevdev on the open node (reading its description).
        case describe
        /// Reading events.
        case read
        /// Writing events (to a virtual device).
        case write
        /// Taking an exclusive grab.
        case grab
        /// Releasing an exclusive grab.
        case releaseGrab
        /// Listing devices through udev.
        case enumerate
        /// Watching for devices being added or removed.
        case monitor
        /// Waiting for a descriptor to become readable.
        case poll
        /// Installing the SIGINT and SIGTERM handlers.
        case installSignalHandlers
    }

    /// What was being done.
    public var operation: Operation
    /// The system's error number.
    public var errno: Errno
    /// The device node or udev subsystem involved; empty when none.
    public var path: String

    /// Creates an error.
    public init(_ operation: Operation, errno: Errno, path: String = "") {
        self.operation = operation
        self.errno = errno
        self.path = path
    }

    /// Whether the error is a missing permission, which the udev rule fixes.
    public var isPermissionDenied: Bool { errno == .permissionDenied || errno == .notPermitted }

    /// The verb phrase for the operation, as in "cannot open /dev/input/event3".
    private var action: String {
        switch operation {
        case .open: "open"
        case .describe: "read the description of"
        case .read: "read events from"
        case .write: "write events to"
        case .grab: "grab"
        case .releaseGrab: "release the grab of"
        case .enumerate: "list devices of"
        case .monitor: "watch devices of"
        case .poll: "wait for"
        case .installSignalHandlers: "install signal handlers for"
        }
    }

    /// One line saying what failed and why, plus how to fix a permission error.
    public var description: String {
        let subject = path.isEmpty ? "cannot \(action) the device" : "cannot \(action) \(path)"
        var text = "\(subject): \(errno)"
        if isPermissionDenied {
            text += ". " + Self.permissionAdvice
        } else if operation == .grab && errno == .busy {
            text += ". Another program holds an exclusive grab on it"
        }
        return text
    }

    /// How to get read access to input devices without running as root.
    public static let permissionAdvice =
        "Reading input devices needs read access to /dev/input/event*: run Scripts/install-udev-rule "
        + "(it gives the user of the local seat access through systemd-logind; --group instead adds you to "
        + "the 'wayfinder' group, read only), then log out and back in"
}
