internal import CEvdev
internal import CLinuxInput
import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// A real evdev node read through libevdev, which tracks the device's state and produces the
/// resynchronisation events after a `SYN_DROPPED`.
///
/// Owns the descriptor and the libevdev context and frees both when destroyed.
public struct LibevdevDeviceIO: EventDeviceIO, ~Copyable {
    /// The libevdev context (`struct libevdev *`).
    let context: OpaquePointer
    public let fileDescriptor: FileDescriptor

    /// Opens a node non-blocking and sets up libevdev on it.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/open`` or
    ///   ``DeviceError/Operation/describe``.
    public init(opening path: String) throws(DeviceError) {
        var descriptor: Int32
        repeat {
            descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else { throw DeviceError(.open, errno: .current, path: path) }
        var context: OpaquePointer?
        let status = libevdev_new_from_fd(descriptor, &context)
        guard status == 0, let context else {
            close(descriptor)
            throw DeviceError(.describe, errno: Errno(rawValue: -status), path: path)
        }
        self.context = context
        self.fileDescriptor = FileDescriptor(rawValue: descriptor)
    }

    deinit {
        libevdev_free(context)
        close(fileDescriptor.rawValue)
    }

    public func nextEvent(_ mode: EventReadMode) -> EventReadStatus {
        let flags =
            switch mode {
            case .normal: LIBEVDEV_READ_FLAG_NORMAL.rawValue
            case .synchronize: LIBEVDEV_READ_FLAG_SYNC.rawValue
            }
        var raw = input_event()
        while true {
            let status = libevdev_next_event(context, flags, &raw)
            switch status {
            case Int32(LIBEVDEV_READ_STATUS_SUCCESS.rawValue):
                let event = InputEvent(raw)
                return mode == .normal ? .event(event) : .synchronized(event)
            case Int32(LIBEVDEV_READ_STATUS_SYNC.rawValue):
                return mode == .normal ? .dropped : .synchronized(InputEvent(raw))
            case -EINTR:
                continue
            case -EAGAIN:
                return .wouldBlock
            case -ENODEV:
                return .removed
            default:
                return .failure(Errno(rawValue: -status))
            }
        }
    }

    public func setGrabbed(_ isGrabbed: Bool) -> Errno? {
        let status = libevdev_grab(context, isGrabbed ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
        return status == 0 ? nil : Errno(rawValue: -status)
    }

    /// Returns the device's description as libevdev knows it.
    func description(udevProperties: [String: String]) -> DeviceDescription {
        DeviceDescription(libevdevContext: context, udevProperties: udevProperties)
    }
}

extension DeviceHandle where IO == LibevdevDeviceIO {
    /// Opens an evdev node (`/dev/input/eventN`) non-blocking through libevdev and reads its
    /// description.
    /// - Parameters:
    ///   - path: The node.
    ///   - udevProperties: The node's udev properties, when known (see ``DeviceDiscovery``).
    /// - Throws: ``DeviceError``; a permission error explains how to get access.
    public init(opening path: String, udevProperties: [String: String] = [:]) throws(DeviceError) {
        let io = try LibevdevDeviceIO(opening: path)
        let description = io.description(udevProperties: udevProperties)
        self.init(io: io, path: path, description: description)
    }
}

extension InputEvent {
    /// Creates an event from the kernel's `struct input_event`.
    init(_ raw: input_event) {
        var copy = raw
        self.init(
            time: Timestamp(
                seconds: wayfinder_input_event_seconds(&copy),
                microseconds: wayfinder_input_event_microseconds(&copy)
            ),
            type: EventType(rawValue: raw.type),
            code: raw.code,
            value: raw.value
        )
    }

    /// The kernel's `struct input_event` for this event.
    var raw: input_event {
        var raw = input_event()
        wayfinder_input_event_set_time(&raw, time.wholeSeconds, time.microsecondsOfSecond)
        raw.type = type.rawValue
        raw.code = code
        raw.value = value
        return raw
    }
}
