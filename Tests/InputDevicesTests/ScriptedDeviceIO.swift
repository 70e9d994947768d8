import InputDevices
import InputEvents

/// The system-call seam played from a script: each read returns the next scripted status, and
/// grab calls are recorded. Used to test everything above the system calls.
struct ScriptedDeviceIO: EventDeviceIO {
    /// What the script holds and what the reader did, shared by copies.
    final class Log {
        var normal: [EventReadStatus]
        var synchronize: [EventReadStatus]
        var modes: [EventReadMode] = []
        var grabCalls: [Bool] = []
        var grabError: Errno?

        init(normal: [EventReadStatus], synchronize: [EventReadStatus]) {
            self.normal = normal
            self.synchronize = synchronize
        }
    }

    let log: Log
    var fileDescriptor: FileDescriptor { FileDescriptor(rawValue: -1) }

    init(normal: [EventReadStatus], synchronize: [EventReadStatus] = []) {
        log = Log(normal: normal, synchronize: synchronize)
    }

    func nextEvent(_ mode: EventReadMode) -> EventReadStatus {
        log.modes.append(mode)
        switch mode {
        case .normal: return log.normal.isEmpty ? .wouldBlock : log.normal.removeFirst()
        case .synchronize: return log.synchronize.isEmpty ? .wouldBlock : log.synchronize.removeFirst()
        }
    }

    func setGrabbed(_ isGrabbed: Bool) -> Errno? {
        log.grabCalls.append(isGrabbed)
        return log.grabError
    }
}

/// Short ways to write events in tests.
enum Events {
    static func at(_ microseconds: Int64, _ type: EventType, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Timestamp(microseconds: microseconds), type: type, code: code, value: value)
    }

    static func report(_ microseconds: Int64) -> InputEvent { .report(at: Timestamp(microseconds: microseconds)) }

    static func dropped(_ microseconds: Int64) -> InputEvent {
        at(microseconds, .synchronization, SynchronizationCode.dropped.rawValue, 0)
    }

    static let emptyDescription = DeviceDescription(
        name: "scripted",
        identity: DeviceIdentity(busType: 3, vendorID: 1, productID: 2, version: 1)
    )
}
