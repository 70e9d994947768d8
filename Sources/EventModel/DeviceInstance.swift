/// The number a runtime gives a device for as long as it is attached (live) or for the whole
/// replay.
public struct DeviceID: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number.
    public var rawValue: Int

    /// Creates an identifier.
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { "device \(rawValue)" }
}

/// One device as the stream knows it, carried by every event the device causes: two identical
/// mice have the same name and description, but never the same instance.
///
/// ```swift
/// let live = DeviceInstance(id: DeviceID(rawValue: 3), name: "Logitech USB Mouse", source: "/dev/input/event5")
/// let replayed = DeviceInstance(id: DeviceID(rawValue: 1), name: "Logitech USB Mouse", source: "1:0")
/// ```
public struct DeviceInstance: Hashable, Sendable, CustomStringConvertible {
    /// The fields, in one shared box: every event carries its device, and copying one reference
    /// costs less than copying (and retaining) two strings on every event.
    private final class Storage: Sendable {
        let id: DeviceID
        let name: String
        let source: String
        let details: DeviceDetails?
        /// The name and the source as the JSON streams print them, on every line: written once.
        let jsonFields: JSONLine.DeviceFields

        init(id: DeviceID, name: String, source: String, details: DeviceDetails?) {
            self.id = id
            self.name = name
            self.source = source
            self.details = details
            jsonFields = JSONLine.DeviceFields(name: name, source: source)
        }
    }

    private var storage: Storage

    /// The runtime's number for the device.
    public var id: DeviceID {
        get { storage.id }
        set { storage = Storage(id: newValue, name: name, source: source, details: details) }
    }
    /// The device's name, as the kernel reports it.
    public var name: String {
        get { storage.name }
        set { storage = Storage(id: id, name: newValue, source: source, details: details) }
    }
    /// Where the device's frames come from: its event node when live (`/dev/input/event5`), and
    /// `R:D` in a replay (device `D` of the `R`th recording, both counted from 0). The stream
    /// prints it as `deviceID`.
    public var source: String {
        get { storage.source }
        set { storage = Storage(id: id, name: name, source: newValue, details: details) }
    }
    /// The `device` and `deviceID` fields of the JSON streams' lines.
    var jsonFields: JSONLine.DeviceFields { storage.jsonFields }
    /// What the stream's `device` lines tell about the device (version 2): its model, physical
    /// path, size and settings; nil for a device known by its name alone (a terminal's keys).
    public var details: DeviceDetails? {
        get { storage.details }
        set { storage = Storage(id: id, name: name, source: source, details: newValue) }
    }

    /// Creates an identity.
    public init(id: DeviceID, name: String, source: String, details: DeviceDetails? = nil) {
        storage = Storage(id: id, name: name, source: source, details: details)
    }

    public static func == (lhs: DeviceInstance, rhs: DeviceInstance) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.id == rhs.id && lhs.name == rhs.name && lhs.source == rhs.source && lhs.details == rhs.details)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(name)
        hasher.combine(source)
    }

    /// Device `device` of recording `recording` in a replay.
    public static func replayed(
        _ id: DeviceID,
        name: String,
        recording: Int,
        device: Int
    ) -> DeviceInstance {
        DeviceInstance(id: id, name: name, source: "\(recording):\(device)")
    }

    /// The source of input that comes from no evdev device (a terminal's key presses).
    public static func synthetic(_ name: String) -> DeviceInstance {
        DeviceInstance(id: DeviceID(rawValue: -1), name: name, source: name)
    }

    /// `name (source)`.
    public var description: String { "\(name) (\(source))" }
}

/// Whether a device appeared or went away.
public enum DeviceChange: String, Hashable, Sendable {
    /// The device appeared.
    case added
    /// The device went away.
    case removed
}
