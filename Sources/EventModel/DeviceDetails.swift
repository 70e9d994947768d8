public import InputEvents

/// What a `device` line of the stream (version 2) tells about the device: who made it, where it
/// is plugged in, how large it is, the settings in effect, and the clock of the stream's times.
///
/// ```swift
/// var details = DeviceDetails(identity: description.identity, physicalPath: "usb-0000:00:14.0-2/input0")
/// details.stableID  // "046d:c52b@usb-0000:00:14.0-2/input0"
/// ```
public struct DeviceDetails: Hashable, Sendable {
    /// The numbers of the device model: bus, vendor, product, version.
    public var identity: DeviceIdentity
    /// Where the device is plugged in, as the kernel names it (`phys`, such as
    /// `usb-0000:00:14.0-2/input0`); nil when unknown (a recording that does not keep it).
    public var physicalPath: String?
    /// The sensing surface's size in millimetres, for a device with absolute axes that state it.
    public var size: PhysicalSize?
    /// Units per millimetre of the x and y axes, for a device with absolute axes that state them.
    public var resolution: (x: Int32, y: Int32)?
    /// The settings in effect for the device, by the settings file's names, in a fixed order.
    public var settings: [(name: String, value: SettingValue)]
    /// Live: the session's start, in seconds since 1970 (the system's real-time clock), which
    /// the stream's times count from; nil in a replay, whose times count from its first event.
    public var sessionStart: Double?

    /// Creates details.
    public init(
        identity: DeviceIdentity,
        physicalPath: String? = nil,
        size: PhysicalSize? = nil,
        resolution: (x: Int32, y: Int32)? = nil,
        settings: [(name: String, value: SettingValue)] = [],
        sessionStart: Double? = nil
    ) {
        self.identity = identity
        self.physicalPath = physicalPath
        self.size = size
        self.resolution = resolution
        self.settings = settings
        self.sessionStart = sessionStart
    }

    /// `vendor:product` in four hexadecimal digits each (as the settings file matches devices),
    /// with `@` and the physical path when known: the same device in the same port has the same
    /// id after a reboot, when its event node may have another number.
    public var stableID: String {
        let model = Self.hex(identity.vendorID) + ":" + Self.hex(identity.productID)
        guard let physicalPath, !physicalPath.isEmpty else { return model }
        return model + "@" + physicalPath
    }

    /// Four lowercase hexadecimal digits.
    static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Appends the fields of a version 2 `device` line: `bus`, `vendor`, `product`,
    /// `productVersion`, `physicalPath`, `stableID`, `clock`, then where known `sessionStart`,
    /// `width`, `height`, `resolutionX`, `resolutionY` and `settings`.
    func appendJSONFields(to line: inout JSONLine, origin: Timestamp) {
        line.append("bus", identity.busType)
        line.append("vendor", identity.vendorID)
        line.append("product", identity.productID)
        line.append("productVersion", identity.version)
        line.append("physicalPath", physicalPath)
        line.append("stableID", stableID)
        if let sessionStart {
            line.append("clock", "session")
            line.append("sessionStart", sessionStart)
        } else {
            line.append("clock", "replay")
        }
        if let size {
            line.append("width", size.width)
            line.append("height", size.height)
        }
        if let resolution {
            line.append("resolutionX", resolution.x)
            line.append("resolutionY", resolution.y)
        }
        if !settings.isEmpty {
            var object = JSONLine()
            for setting in settings {
                switch setting.value {
                case .flag(let flag): object.append(setting.name, flag)
                case .word(let word): object.append(setting.name, word)
                case .number(let number): object.append(setting.name, number)
                }
            }
            line.append("settings", object: object)
        }
    }

    /// The value of a setting in effect, as the settings file writes it.
    public enum SettingValue: Hashable, Sendable {
        /// On or off.
        case flag(Bool)
        /// One of the setting's words (`two-finger`, `adaptive`).
        case word(String)
        /// A number (`accelSpeed`, `dpi`, `scrollFactor`).
        case number(Double)
    }

    public static func == (lhs: DeviceDetails, rhs: DeviceDetails) -> Bool {
        lhs.identity == rhs.identity && lhs.physicalPath == rhs.physicalPath && lhs.size == rhs.size
            && lhs.resolution?.x == rhs.resolution?.x && lhs.resolution?.y == rhs.resolution?.y
            && lhs.settings.elementsEqual(rhs.settings) { $0.name == $1.name && $0.value == $1.value }
            && lhs.sessionStart == rhs.sessionStart
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identity)
        hasher.combine(physicalPath)
        hasher.combine(size)
        hasher.combine(sessionStart)
    }
}
