public import InputEvents

/// What reading a frame produced.
public enum FrameReadResult: Hashable, Sendable {
    /// A frame the device sent, ending with its `SYN_REPORT`.
    case frame(EventFrame)
    /// A frame made up after the kernel dropped events (`SYN_DROPPED`): it brings the device's
    /// state (keys, axes, touches) up to date with the hardware. It ends with a `SYN_REPORT`.
    case synchronized(EventFrame)
    /// The kernel dropped events (`SYN_DROPPED`) and the device's state is as it was: input that
    /// leaves no state (motion, wheel turns, a press and its release) was lost, and there is
    /// nothing to bring up to date. Reading again goes on with the next frame.
    case lost
    /// No complete frame is available yet; poll the descriptor and read again.
    case wouldBlock
    /// The device was unplugged. Every later read returns `.removed` too.
    case removed
}

/// Groups events into frames (everything up to a `SYN_REPORT`) and recovers from `SYN_DROPPED`.
///
/// Timeline of a recovery, as libevdev documents it:
///
/// ```
/// normal:      ABS_X  SYN_REPORT | ABS_Y  SYN_DROPPED
///                    → frame     |  (partial frame discarded)
/// synchronize: ABS_X' ABS_Y' BTN_LEFT' SYN_REPORT   EAGAIN
///                    → synchronized frame           → back to normal
/// ```
///
/// A resynchronisation that finds nothing changed (only motion or wheel turns were lost) reads
/// `lost` instead of a frame.
///
/// The events of a frame collect in one of two buffers that take turns: once the caller lets go
/// of the frame before the previous one, reading the next one allocates nothing. So a reader can
/// keep the frame it was just handed while it reads on, and copy it only if another frame
/// follows (a live loop feeds a wake-up's frames after reading them, and a wake-up nearly
/// always brings one frame a device).
public struct FrameAssembler: Sendable {
    /// The events read since the last `SYN_REPORT`.
    private var pending: [InputEvent]
    /// The buffer of the frame handed out before `pending`'s, which the next frame fills.
    private var spare: [InputEvent]
    /// Whether a resynchronisation is in progress.
    private var isSynchronizing = false
    /// Whether the resynchronisation in progress has handed out a frame.
    private var hasSynchronized = false
    /// Whether `pending` holds a frame already handed out (cleared before the next read).
    private var isPendingDelivered = false
    /// Whether the device has gone away.
    public private(set) var isRemoved = false

    /// The capacity reserved for one frame's events: enough for a ten-finger multitouch frame.
    public static let reservedFrameCapacity = 128

    /// Creates an assembler with empty, reserved buffers.
    public init() {
        pending = []
        pending.reserveCapacity(Self.reservedFrameCapacity)
        spare = []
        spare.reserveCapacity(Self.reservedFrameCapacity)
    }

    /// Reads events until a frame is complete, nothing more can be read now, or the device is
    /// gone.
    /// - Parameters:
    ///   - io: The device's system calls.
    ///   - path: The device path, for errors.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/read`` for a read error other than
    ///   `EAGAIN` and `ENODEV`.
    public mutating func readFrame<IO: EventDeviceIO & ~Copyable>(
        from io: borrowing IO,
        path: String
    ) throws(DeviceError) -> FrameReadResult {
        if isRemoved { return .removed }
        if isPendingDelivered {
            // The frame just handed out stays in its buffer for the caller.
            swap(&pending, &spare)
            pending.removeAll(keepingCapacity: true)
            isPendingDelivered = false
        }
        while true {
            if isSynchronizing {
                switch io.nextEvent(.synchronize) {
                case .synchronized(let event), .event(let event):
                    if event.isReport, pending.isEmpty {
                        // A resynchronisation that found nothing changed may still close with a
                        // SYN_REPORT of its own: no frame, the loss is all there is to say.
                        continue
                    }
                    pending.append(event)
                    if event.isReport {
                        isPendingDelivered = true
                        hasSynchronized = true
                        return .synchronized(EventFrame(events: pending))
                    }
                case .wouldBlock:
                    isSynchronizing = false
                    if let last = pending.last {
                        // The resynchronisation ended without its own SYN_REPORT: close the frame.
                        pending.append(.report(at: last.time))
                        isPendingDelivered = true
                        return .synchronized(EventFrame(events: pending))
                    }
                    if !hasSynchronized { return .lost }
                case .dropped:
                    pending.removeAll(keepingCapacity: true)
                    hasSynchronized = false
                case .removed:
                    return markRemoved()
                case .failure(let errno):
                    throw DeviceError(.read, errno: errno, path: path)
                }
            } else {
                switch io.nextEvent(.normal) {
                case .event(let event):
                    if event.isDropped {
                        // A raw reader hands SYN_DROPPED through as an event.
                        pending.removeAll(keepingCapacity: true)
                        isSynchronizing = true
                        hasSynchronized = false
                        continue
                    }
                    pending.append(event)
                    if event.isReport {
                        isPendingDelivered = true
                        return .frame(EventFrame(events: pending))
                    }
                case .dropped:
                    // The events since the last SYN_REPORT belong to a frame that lost some of
                    // its events: drop them and bring the state up to date instead.
                    pending.removeAll(keepingCapacity: true)
                    isSynchronizing = true
                    hasSynchronized = false
                case .synchronized(let event):
                    pending.append(event)
                case .wouldBlock:
                    return .wouldBlock
                case .removed:
                    return markRemoved()
                case .failure(let errno):
                    throw DeviceError(.read, errno: errno, path: path)
                }
            }
        }
    }

    private mutating func markRemoved() -> FrameReadResult {
        isRemoved = true
        isSynchronizing = false
        pending.removeAll(keepingCapacity: true)
        return .removed
    }
}
