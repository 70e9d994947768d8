public import InputEvents

/// How a clickpad decides which logical button a physical press is.
public enum ClickMethod: String, Hashable, Sendable, CaseIterable {
    /// Where the finger rests decides: the bottom strip is split into left, middle and right areas
    /// (libinput's default for clickpads).
    case buttonAreas = "areas"
    /// How many fingers are down decides: one is primary, two secondary, three middle (libinput's
    /// default for Apple and Chromebook pads).
    case fingers
}

/// What a device's wheel axis really is.
public enum WheelBehaviour: Hashable, Sendable {
    /// A wheel that turns in detents: each `REL_WHEEL` unit is one notch (the default).
    case detents
    /// A force-sensing stick reported through the wheel axis: values are proportional to the
    /// pressure on the stick, so they are a continuous scroll, not detents.
    ///
    /// - Parameter pointsPerUnit: how far one unit scrolls, in points.
    case continuousStick(pointsPerUnit: Double)
}

/// What identifies the devices a profile applies to. Every field that is set must match.
public struct DeviceMatch: Hashable, Sendable {
    /// The bus type (`BUS_USB` is 0x03, `BUS_BLUETOOTH` 0x05, `BUS_I8042` 0x11).
    public var busType: UInt16?
    /// The vendor ID.
    public var vendorID: UInt16?
    /// The product IDs; empty matches any product.
    public var productIDs: Set<UInt16>
    /// A substring of the kernel's device name, compared case-insensitively.
    public var nameContains: String?

    /// Creates a match.
    public init(
        busType: UInt16? = nil, vendorID: UInt16? = nil, productIDs: Set<UInt16> = [], nameContains: String? = nil
    ) {
        self.busType = busType
        self.vendorID = vendorID
        self.productIDs = productIDs
        self.nameContains = nameContains
    }

    /// Whether a device matches.
    public func matches(_ device: DeviceDescription) -> Bool {
        if let busType, busType != device.identity.busType { return false }
        if let vendorID, vendorID != device.identity.vendorID { return false }
        if !productIDs.isEmpty, !productIDs.contains(device.identity.productID) { return false }
        if let nameContains, !device.name.lowercased().contains(nameContains.lowercased()) { return false }
        return true
    }
}

/// Facts about one family of devices that cannot be read from the kernel's description.
///
/// Profiles are data: the classification algorithms read these fields and never test vendor or
/// product numbers themselves.
///
/// ```swift
/// let profile = DeviceProfiles.profile(for: description)
/// if profile.clickMethod == .fingers { … }
/// ```
public struct DeviceProfile: Hashable, Sendable {
    /// A short name for the family, used in debug output.
    public var name: String
    /// Which devices the profile applies to.
    public var match: DeviceMatch
    /// The default click method for a clickpad, when it is not the generic default.
    public var clickMethod: ClickMethod?
    /// What the wheel axis really is, when it is not a detented wheel.
    public var wheel: WheelBehaviour?
    /// A contact whose pressure is above this is a palm, when the generic threshold is wrong for
    /// the device.
    public var palmPressureThreshold: Int32?
    /// Whether palms may be detected by the edge zones of the surface (false for pads whose whole
    /// surface is meant for fingers, such as Apple's).
    public var usesEdgePalmZones: Bool?
    /// The physical size of the surface, for devices that report no resolution.
    public var size: PhysicalSize?

    /// Creates a profile.
    public init(
        name: String,
        match: DeviceMatch,
        clickMethod: ClickMethod? = nil,
        wheel: WheelBehaviour? = nil,
        palmPressureThreshold: Int32? = nil,
        usesEdgePalmZones: Bool? = nil,
        size: PhysicalSize? = nil
    ) {
        self.name = name
        self.match = match
        self.clickMethod = clickMethod
        self.wheel = wheel
        self.palmPressureThreshold = palmPressureThreshold
        self.usesEdgePalmZones = usesEdgePalmZones
        self.size = size
    }

    /// The profile of a device nothing is known about.
    public static let generic = DeviceProfile(name: "generic", match: DeviceMatch())
}

/// The table of known device families.
public enum DeviceProfiles {
    /// Every known profile, most specific first. The first match wins.
    public static let all: [DeviceProfile] = [
        // IBM and Lenovo ScrollPoint mice: the "wheel" is a pressure-sensitive stick whose
        // REL_WHEEL values grow with the force (up to ±63 per event in the bundled recording).
        // libinput's ModelLenovoScrollPoint quirk turns it into a continuous scroll source and
        // normalises it like pointer motion, so one unit is one point.
        DeviceProfile(
            name: "IBM ScrollPoint",
            match: DeviceMatch(busType: 0x03, vendorID: 0x04b3, productIDs: [0x3100, 0x3103, 0x3105, 0x3108, 0x3109]),
            wheel: .continuousStick(pointsPerUnit: 1)
        ),
        DeviceProfile(
            name: "Lenovo ScrollPoint",
            match: DeviceMatch(busType: 0x03, vendorID: 0x17ef, productIDs: [0x6049]),
            wheel: .continuousStick(pointsPerUnit: 1)
        ),
        // Cypress PS/2 trackpads (the kernel's psmouse protocol 0x11 on the i8042 bus): a clickpad
        // without marked button areas whose firmware counts the fingers of a press itself and
        // reports two fingers as BTN_RIGHT. Clickfinger gives the button a person pressing there
        // expects, whichever code the firmware sends.
        DeviceProfile(
            name: "Cypress PS/2 trackpad",
            match: DeviceMatch(busType: 0x11, vendorID: 0x0002, productIDs: [0x0011]),
            clickMethod: .fingers
        ),
        // Apple touchpads (USB bcm5974 and Bluetooth Magic Trackpads) have one button under the
        // whole surface and no marked areas: libinput defaults them to clickfinger and skips edge
        // palm zones (the whole surface is for fingers).
        DeviceProfile(
            name: "Apple touchpad (USB)",
            match: DeviceMatch(busType: 0x03, vendorID: 0x05ac),
            clickMethod: .fingers,
            usesEdgePalmZones: false
        ),
        DeviceProfile(
            name: "Apple touchpad (Bluetooth)",
            match: DeviceMatch(busType: 0x05, vendorID: 0x05ac),
            clickMethod: .fingers,
            usesEdgePalmZones: false
        ),
        DeviceProfile(
            name: "Apple touchpad (Bluetooth, new vendor ID)",
            match: DeviceMatch(busType: 0x05, vendorID: 0x004c),
            clickMethod: .fingers,
            usesEdgePalmZones: false
        ),
    ]

    /// Returns the profile for a device: the first entry of `all` that matches, or `generic`.
    public static func profile(for device: DeviceDescription) -> DeviceProfile {
        all.first { $0.match.matches(device) } ?? .generic
    }
}
