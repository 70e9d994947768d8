public import InputEvents

/// An open input device: reads whole frames, recovers from dropped events, notices removal, and
/// optionally holds an exclusive grab that is always released when the handle goes away.
///
/// The handle owns the device's descriptor (through its `IO`) and cannot be copied. It lends the
/// raw descriptor only inside ``withFileDescriptor(_:)``, for polling.
///
/// ```swift
/// var device = try InputDevice(opening: "/dev/input/event3")
/// try device.grab()
/// while case .frame(let frame) = try device.readFrame() { handle(frame) }
/// // leaving scope releases the grab and closes the node
/// ```
public struct DeviceHandle<IO: EventDeviceIO & ~Copyable>: ~Copyable {
    /// The device node's path (or a name for a stand-in descriptor).
    public let path: String
    /// What the device is and can do.
    public let description: DeviceDescription
    /// Whether this handle holds an exclusive grab.
    public private(set) var isGrabbed = false
    private let io: IO
    private var assembler = FrameAssembler()

    /// Creates a handle over an open device.
    /// - Parameters:
    ///   - io: The device's system calls; the handle takes ownership.
    ///   - path: The node's path, for errors.
    ///   - description: The device's description.
    public init(io: consuming IO, path: String, description: DeviceDescription) {
        self.io = io
        self.path = path
        self.description = description
    }

    deinit {
        // A removed device has no grab left to release (and the call would fail with ENODEV).
        if isGrabbed && !assembler.isRemoved {
            _ = io.setGrabbed(false)
        }
    }

    /// Whether the device has been unplugged.
    public var isRemoved: Bool { assembler.isRemoved }

    /// Reads events until a frame is complete, nothing more can be read now, or the device is
    /// gone. Never blocks.
    ///
    /// The returned frame shares one of the handle's two buffers; let go of it before the read
    /// after next and that read reuses the storage (see ``FrameAssembler``).
    /// - Throws: ``DeviceError`` for read errors other than "nothing to read" and "removed".
    public mutating func readFrame() throws(DeviceError) -> FrameReadResult {
        try assembler.readFrame(from: io, path: path)
    }

    /// Takes an exclusive grab: no other reader (the desktop included) sees the device's events
    /// until it is released. Released automatically when the handle goes away.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/grab``; `EBUSY` when another
    ///   program holds the grab.
    public mutating func grab() throws(DeviceError) {
        guard !isGrabbed else { return }
        if let errno = io.setGrabbed(true) { throw DeviceError(.grab, errno: errno, path: path) }
        isGrabbed = true
    }

    /// Releases an exclusive grab taken with ``grab()``.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/releaseGrab``.
    public mutating func releaseGrab() throws(DeviceError) {
        guard isGrabbed else { return }
        isGrabbed = false
        if assembler.isRemoved { return }
        if let errno = io.setGrabbed(false) { throw DeviceError(.releaseGrab, errno: errno, path: path) }
    }

    /// Calls a closure with the device's descriptor, for polling. Do not close or read it.
    public func withFileDescriptor<Result, Failure: Error>(
        _ body: (FileDescriptor) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(io.fileDescriptor)
    }
}

/// An open evdev node read through libevdev: the handle the rest of the package uses.
public typealias InputDevice = DeviceHandle<LibevdevDeviceIO>
