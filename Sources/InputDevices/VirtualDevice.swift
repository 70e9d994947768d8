internal import CEvdev
public import InputEvents

/// A kernel input device made from a description through uinput (`/dev/uinput`): what it is
/// sent appears on a new `/dev/input/eventN` node like real hardware.
///
/// Replaying a recording into one exercises the whole live path (udev, libevdev, grabs) without
/// the original hardware. Needs write access to `/dev/uinput`. The device is destroyed with the
/// value.
public struct VirtualDevice: ~Copyable {
    private let context: OpaquePointer
    private let uinput: OpaquePointer

    /// Creates a device from a description.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/open`` and path `/dev/uinput`.
    public init(_ description: DeviceDescription) throws(DeviceError) {
        guard let context = description.makeLibevdevContext() else {
            throw DeviceError(.open, errno: .current, path: "/dev/uinput")
        }
        var uinput: OpaquePointer?
        let status = libevdev_uinput_create_from_device(context, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        guard status == 0, let uinput else {
            libevdev_free(context)
            throw DeviceError(.open, errno: Errno(rawValue: -status), path: "/dev/uinput")
        }
        self.context = context
        self.uinput = uinput
    }

    deinit {
        libevdev_uinput_destroy(uinput)
        libevdev_free(context)
    }

    /// The event node the kernel created, e.g. `/dev/input/event7`; nil if it cannot be found.
    public var nodePath: String? {
        libevdev_uinput_get_devnode(uinput).map { String(cString: $0) }
    }

    /// Sends events (the kernel stamps them with the current time).
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/write``.
    public func send(_ events: some Sequence<InputEvent>) throws(DeviceError) {
        for event in events {
            let status = libevdev_uinput_write_event(
                uinput,
                UInt32(event.type.rawValue),
                UInt32(event.code),
                event.value
            )
            if status != 0 {
                throw DeviceError(.write, errno: Errno(rawValue: -status), path: nodePath ?? "/dev/uinput")
            }
        }
    }
}
