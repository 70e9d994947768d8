internal import CLinuxInput
public import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Reads `struct input_event` records with `read(2)` from any descriptor: an event node opened
/// without libevdev, a pipe, or a socket.
///
/// Without libevdev there is no device state to query, so after a `SYN_DROPPED` it discards
/// the rest of the damaged frame (up to and including the next `SYN_REPORT`, as the kernel's
/// documentation asks) and produces no resynchronisation events. End of file counts as removal.
/// The descriptor is closed when the value is destroyed.
public struct FileDescriptorDeviceIO: EventDeviceIO, ~Copyable {
    public let fileDescriptor: FileDescriptor
    private let buffer: ReadBuffer

    /// Takes ownership of an open descriptor. Set `O_NONBLOCK` on it for non-blocking reads.
    public init(taking descriptor: FileDescriptor) {
        self.fileDescriptor = descriptor
        self.buffer = ReadBuffer()
    }

    deinit {
        close(fileDescriptor.rawValue)
    }

    public func nextEvent(_ mode: EventReadMode) -> EventReadStatus {
        // Nothing to resynchronise from: the resynchronisation is empty.
        if mode == .synchronize { return .wouldBlock }
        while true {
            switch buffer.nextEvent(from: fileDescriptor) {
            case .event(let event):
                if buffer.isDiscardingDamagedFrame {
                    if event.isReport { buffer.isDiscardingDamagedFrame = false }
                    continue
                }
                if event.isDropped {
                    buffer.isDiscardingDamagedFrame = true
                    return .dropped
                }
                return .event(event)
            case let other:
                return other
            }
        }
    }

    public func setGrabbed(_ isGrabbed: Bool) -> Errno? {
        ioctl(fileDescriptor.rawValue, UInt(wayfinder_eviocgrab_request()), isGrabbed ? 1 : 0) == 0 ? nil : .current
    }
}

/// The bytes read but not yet decoded, and the discard state. A class so that reading, which
/// advances it, can be a non-mutating call on the non-copyable owner.
private final class ReadBuffer {
    /// Room for this many events per `read(2)`, as libinput reads in batches.
    static let capacityInEvents = 64
    let eventSize = Int(wayfinder_input_event_size())
    let storage: UnsafeMutableRawBufferPointer
    var start = 0
    var end = 0
    var isDiscardingDamagedFrame = false

    init() {
        storage = .allocate(byteCount: eventSize * Self.capacityInEvents, alignment: 8)
    }

    deinit {
        storage.deallocate()
    }

    func nextEvent(from descriptor: FileDescriptor) -> EventReadStatus {
        while end - start < eventSize {
            if start > 0 {
                // Move a partial event to the front.
                let count = end - start
                if count > 0, let base = storage.baseAddress {
                    memmove(base, base + start, count)
                }
                start = 0
                end = count
            }
            let count = read(descriptor.rawValue, storage.baseAddress.map { $0 + end }, storage.count - end)
            if count > 0 {
                end += count
            } else if count == 0 {
                return .removed
            } else {
                switch errno {
                case EINTR: continue
                case EAGAIN: return .wouldBlock
                case ENODEV: return .removed
                default: return .failure(.current)
                }
            }
        }
        var raw = input_event()
        withUnsafeMutableBytes(of: &raw) { bytes in
            bytes.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[start..<start + eventSize]))
        }
        start += eventSize
        return .event(InputEvent(raw))
    }
}

extension DeviceHandle where IO == FileDescriptorDeviceIO {
    /// Creates a handle that reads `struct input_event` records from a descriptor it takes over.
    /// - Parameters:
    ///   - descriptor: An open descriptor; the handle closes it.
    ///   - path: A name for errors.
    ///   - description: What the device is.
    public init(taking descriptor: FileDescriptor, path: String, description: DeviceDescription) {
        self.init(io: FileDescriptorDeviceIO(taking: descriptor), path: path, description: description)
    }
}

extension FileDescriptorDeviceIO {
    /// Returns the bytes of `struct input_event` records for events, laid out as the kernel
    /// writes them: what this type reads, for writing to a pipe or a uinput descriptor.
    public static func bytes(of events: some Sequence<InputEvent>) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in events {
            withUnsafeBytes(of: event.raw) { bytes.append(contentsOf: $0) }
        }
        return bytes
    }
}
