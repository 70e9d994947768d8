public import InputEvents

/// How the next event is asked for: normally, or while bringing state up to date after the kernel
/// dropped events.
public enum EventReadMode: Hashable, Sendable {
    /// Read the next event the device sent. libevdev's `LIBEVDEV_READ_FLAG_NORMAL`.
    case normal
    /// Read the next event of the resynchronisation that follows a `SYN_DROPPED`: events that
    /// bring the last known state up to date. libevdev's `LIBEVDEV_READ_FLAG_SYNC`.
    case synchronize
}

/// What one attempt to read an event produced. Mirrors libevdev's `libevdev_next_event` results.
public enum EventReadStatus: Hashable, Sendable {
    /// An event the device sent (`LIBEVDEV_READ_STATUS_SUCCESS` in normal mode).
    case event(InputEvent)
    /// The kernel's buffer overflowed and events were lost (a `SYN_DROPPED`,
    /// `LIBEVDEV_READ_STATUS_SYNC` in normal mode). Read in ``EventReadMode/synchronize`` mode
    /// next.
    case dropped
    /// An event of the resynchronisation (`LIBEVDEV_READ_STATUS_SYNC` in sync mode).
    case synchronized(InputEvent)
    /// Nothing to read now (`-EAGAIN`); in synchronize mode, the resynchronisation is complete.
    case wouldBlock
    /// The device is gone (`-ENODEV`).
    case removed
    /// Another error. `EINTR` never appears: it is retried inside.
    case failure(Errno)
}

/// The system calls an open event device makes: the seam under ``DeviceHandle``.
///
/// Everything above it (frame assembly, `SYN_DROPPED` recovery, removal, grab release) is plain
/// Swift that works with any conforming type: libevdev on a real node
/// (``LibevdevDeviceIO``), `read(2)` of `struct input_event` records on any descriptor
/// (``FileDescriptorDeviceIO``), or a scripted sequence in tests. The conforming type owns the
/// descriptor and closes it when it is destroyed.
public protocol EventDeviceIO: ~Copyable {
    /// The descriptor to poll for readability.
    var fileDescriptor: FileDescriptor { get }

    /// Reads the next event without blocking. Retries `EINTR` inside.
    func nextEvent(_ mode: EventReadMode) -> EventReadStatus

    /// Takes (`true`) or releases (`false`) an exclusive grab (`EVIOCGRAB`).
    /// - Returns: nil on success, else the error number.
    func setGrabbed(_ isGrabbed: Bool) -> Errno?
}
