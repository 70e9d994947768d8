/// The numbers that identify a device model: bus, vendor, product and version.
public struct DeviceIdentity: Hashable, Sendable {
    /// The bus type (`BUS_USB` is 0x03, `BUS_I8042` 0x11, `BUS_BLUETOOTH` 0x05, `BUS_I2C` 0x18).
    public var busType: UInt16
    /// The vendor ID.
    public var vendorID: UInt16
    /// The product ID.
    public var productID: UInt16
    /// The version.
    public var version: UInt16

    /// Creates an identity.
    public init(busType: UInt16, vendorID: UInt16, productID: UInt16, version: UInt16) {
        self.busType = busType
        self.vendorID = vendorID
        self.productID = productID
        self.version = version
    }
}

/// The range and resolution of an absolute axis (the kernel's `struct input_absinfo`).
public struct AbsoluteAxisInfo: Hashable, Sendable {
    /// The current value (0 where unknown, as in recordings).
    public var value: Int32
    /// The smallest value the axis reports.
    public var minimum: Int32
    /// The largest value the axis reports.
    public var maximum: Int32
    /// Noise filtering: changes smaller than this are noise.
    public var fuzz: Int32
    /// A dead zone around the centre (joysticks).
    public var flat: Int32
    /// Units per millimetre (units per radian for rotation axes); 0 when the device does not say.
    public var resolution: Int32

    /// Creates axis information.
    public init(
        value: Int32 = 0,
        minimum: Int32,
        maximum: Int32,
        fuzz: Int32 = 0,
        flat: Int32 = 0,
        resolution: Int32 = 0
    ) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// The maximum minus the minimum, computed in 64 bits: any two 32-bit values a device or a
    /// recording declares (`-1 … 2147483647` included) have a difference that fits, negative
    /// when the range is reversed.
    public var span: Int64 { Int64(maximum) - Int64(minimum) }
}

/// What kind of device this is, as a person would name it. Used to pick a translator.
///
/// A device may have more capabilities than its kind suggests (a keyboard with a pointing stick);
/// the kind is the primary role. The event stream prints the raw value.
public enum DeviceKind: String, Hashable, Sendable, CaseIterable {
    case keyboard
    case mouse
    case touchpad
    case clickpad
    case pointingStick
    case touchscreen
    case tablet
    case other
}

/// The physical size of a device's sensing surface, in millimetres.
public struct PhysicalSize: Hashable, Sendable {
    /// The width in millimetres.
    public var width: Double
    /// The height in millimetres.
    public var height: Double

    /// Creates a size.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// Everything known about a device without reading its events: name, identity, properties,
/// supported codes, absolute axes, LED and switch state, and udev properties.
///
/// Recordings carry a description; live devices produce one from libevdev and libudev.
public struct DeviceDescription: Hashable, Sendable {
    /// The kernel's device name.
    public var name: String
    /// Bus, vendor, product and version.
    public var identity: DeviceIdentity
    /// The device's properties (`INPUT_PROP_*`).
    public var properties: Set<InputProperty>
    /// The codes the device can send, per event type. `EV_SYN` is always present.
    public var supportedCodes: [EventType: Set<UInt16>]
    /// Range and resolution of each absolute axis the device has.
    public var absoluteAxes: [AbsoluteAxis: AbsoluteAxisInfo]
    /// LEDs that are on, with their state.
    public var ledStates: [UInt16: Int32]
    /// Switches that are on, with their state.
    public var switchStates: [UInt16: Int32]
    /// udev properties, when known (`ID_INPUT_TOUCHPAD=1`, `ID_INPUT_WIDTH_MM=…`).
    public var udevProperties: [String: String]
    /// Where the device is plugged in, as the kernel names it (`phys`:
    /// `usb-0000:00:14.0-2/input0`, `isa0060/serio1/input0`); nil when unknown, as in recordings.
    public var physicalPath: String?

    /// Creates a description.
    public init(
        name: String,
        identity: DeviceIdentity,
        properties: Set<InputProperty> = [],
        supportedCodes: [EventType: Set<UInt16>] = [:],
        absoluteAxes: [AbsoluteAxis: AbsoluteAxisInfo] = [:],
        ledStates: [UInt16: Int32] = [:],
        switchStates: [UInt16: Int32] = [:],
        udevProperties: [String: String] = [:],
        physicalPath: String? = nil
    ) {
        self.name = name
        self.identity = identity
        self.properties = properties
        self.supportedCodes = supportedCodes
        self.absoluteAxes = absoluteAxes
        self.ledStates = ledStates
        self.switchStates = switchStates
        self.udevProperties = udevProperties
        self.physicalPath = physicalPath
    }

    /// Units per millimetre of the x and y axes (the multitouch ones when the device has them),
    /// or nil unless both state one.
    public var axisResolution: (x: Int32, y: Int32)? {
        let x = absoluteAxes[.multitouchPositionX] ?? absoluteAxes[.x]
        let y = absoluteAxes[.multitouchPositionY] ?? absoluteAxes[.y]
        guard let x, let y, x.resolution > 0, y.resolution > 0 else { return nil }
        return (x.resolution, y.resolution)
    }

    /// Whether the device can send an event type.
    public func supports(_ type: EventType) -> Bool {
        !(supportedCodes[type]?.isEmpty ?? true) || (type == .synchronization && supportedCodes[type] != nil)
    }

    /// Whether the device can send a key or button.
    public func supports(_ key: KeyCode) -> Bool { supportedCodes[.key]?.contains(key.rawValue) ?? false }

    /// Whether the device can send a relative axis.
    public func supports(_ axis: RelativeAxis) -> Bool {
        supportedCodes[.relative]?.contains(axis.rawValue) ?? false
    }

    /// Whether the device has an absolute axis.
    public func supports(_ axis: AbsoluteAxis) -> Bool { absoluteAxes[axis] != nil }

    /// Whether the device has a property.
    public func has(_ property: InputProperty) -> Bool { properties.contains(property) }
}
