import InputEvents
import Testing
import WayfinderTestSupport

@Suite struct DeviceKindTests {
    @Test(arguments: BundledRecording.all)
    func derivesTheKindOfEveryBundledDevice(_ bundled: BundledRecording) throws {
        let description = try #require(try bundled.load().devices.first).description
        #expect(description.kind == bundled.kind)
    }

    /// Of the bundled touchpads only the Cypress reports a resolution (16 and 15 units/mm over
    /// 0…1600 × 0…900); the others get libinput's 69 × 50 mm.
    @Test func touchpadSizesComeFromResolutionOrLibinputsFallback() throws {
        for bundled in BundledRecording.all where [.touchpad, .clickpad].contains(bundled.kind) {
            let description = try #require(try bundled.load().devices.first).description
            let expected =
                bundled.path.contains("cypress")
                ? PhysicalSize(width: 100, height: 60) : DeviceKindThresholds.fallbackTouchpadSize
            #expect(description.physicalSize == expected, "\(bundled)")
        }
        #expect(DeviceKindThresholds.fallbackTouchpadSize == PhysicalSize(width: 69, height: 50))
    }

    @Test func combinedKeyboardAndPointerDevicesListBothCapabilities() throws {
        let cover = try BundledRecording.loadDevice("surface-type-cover.evemu")
        #expect(cover.description.capabilities.isSuperset(of: [.keyboard, .pointer, .wheel]))
        #expect(!cover.description.capabilities.contains(.touchscreen))
        let mouse = try BundledRecording.loadDevice("ultrathin-touch-mouse.wheel-buttons.evemu")
        #expect(mouse.description.capabilities.isSuperset(of: [.keyboard, .pointer]))
        #expect(mouse.description.kind == .mouse)
    }

    @Test func summarisesTouchCapabilities() throws {
        let cypress = try BundledRecording.loadDevice("cypress-clickpad.two-finger-press.evemu")
        #expect(cypress.description.capabilities.names == ["touchpad", "clickpad", "multitouch", "semi-mt"])
        #expect(cypress.description.touchCount == 2)
        let atmel = try BundledRecording.loadDevice("1-finger-fast-taps.evemu")
        #expect(atmel.description.capabilities.contains(.touchscreen))
        #expect(atmel.description.touchCount == 10)
        #expect(atmel.description.physicalSize == nil)
    }

    private static func description(
        keys: [UInt16] = [],
        relative: [UInt16] = [],
        absolute: [AbsoluteAxis: AbsoluteAxisInfo] = [:],
        properties: Set<InputProperty> = [],
        udev: [String: String] = [:],
        name: String = "Device"
    ) -> DeviceDescription {
        var codes: [EventType: Set<UInt16>] = [.synchronization: [0]]
        if !keys.isEmpty { codes[.key] = Set(keys) }
        if !relative.isEmpty { codes[.relative] = Set(relative) }
        if !absolute.isEmpty { codes[.absolute] = Set(absolute.keys.map(\.rawValue)) }
        return DeviceDescription(
            name: name,
            identity: DeviceIdentity(busType: 3, vendorID: 1, productID: 2, version: 3),
            properties: properties,
            supportedCodes: codes,
            absoluteAxes: absolute,
            udevProperties: udev
        )
    }

    static let pad: [AbsoluteAxis: AbsoluteAxisInfo] = [
        .x: AbsoluteAxisInfo(minimum: 0, maximum: 3000, resolution: 30),
        .y: AbsoluteAxisInfo(minimum: 0, maximum: 2000, resolution: 40),
    ]

    @Test func derivesKindsFromCapabilities() {
        let finger = KeyCode.toolFinger.rawValue
        let touch = KeyCode.touch.rawValue
        let left = KeyCode.leftButton.rawValue
        #expect(Self.description(keys: [touch, finger, left], absolute: Self.pad).kind == .touchpad)
        #expect(
            Self.description(keys: [touch, finger, left], absolute: Self.pad, properties: [.buttonPad]).kind
                == .clickpad)
        #expect(Self.description(keys: [touch], absolute: Self.pad, properties: [.direct]).kind == .touchscreen)
        #expect(Self.description(keys: [touch, KeyCode.toolPen.rawValue], absolute: Self.pad).kind == .tablet)
        #expect(Self.description(keys: [left], relative: [0, 1], properties: [.pointingStick]).kind == .pointingStick)
        #expect(Self.description(keys: [left, KeyCode.rightButton.rawValue], relative: [0, 1, 8]).kind == .mouse)
        #expect(Self.description(keys: Array(1...60)).kind == .keyboard)
        #expect(Self.description(keys: Array(1...20)).kind == .other)
        #expect(Self.description(keys: [left]).kind == .mouse)
        #expect(Self.description().kind == .other)
    }

    @Test func udevPropertiesWin() {
        let pad = Self.description(
            absolute: Self.pad, properties: [.buttonPad], udev: ["ID_INPUT": "1", "ID_INPUT_TOUCHPAD": "1"])
        #expect(pad.kind == .clickpad)
        let stick = Self.description(
            keys: [KeyCode.leftButton.rawValue], relative: [0, 1], udev: ["ID_INPUT_POINTINGSTICK": "1"])
        #expect(stick.kind == .pointingStick)
        let keyboard = Self.description(
            keys: [KeyCode.leftButton.rawValue], relative: [0, 1], udev: ["ID_INPUT_KEYBOARD": "1"])
        #expect(keyboard.kind == .keyboard)
    }

    @Test func sizeComesFromResolutionOrUdev() {
        let pad = Self.description(keys: [KeyCode.toolFinger.rawValue], absolute: Self.pad)
        #expect(pad.physicalSize == PhysicalSize(width: 100, height: 50))
        var measured = pad
        measured.udevProperties = ["ID_INPUT_WIDTH_MM": "88", "ID_INPUT_HEIGHT_MM": "44"]
        #expect(measured.physicalSize == PhysicalSize(width: 88, height: 44))
        var multitouch = pad
        multitouch.absoluteAxes[.multitouchPositionX] = AbsoluteAxisInfo(minimum: -100, maximum: 1100, resolution: 12)
        multitouch.absoluteAxes[.multitouchPositionY] = AbsoluteAxisInfo(minimum: 0, maximum: 600, resolution: 10)
        #expect(multitouch.physicalSize == PhysicalSize(width: 100, height: 60))
        #expect(Self.description(keys: [KeyCode.leftButton.rawValue], relative: [0, 1]).physicalSize == nil)
    }

    /// Issue 23, found by the `convert` fuzz target: `ID_INPUT_HEIGHT_MM=5066…6` (50 digits) was
    /// believed, and writing the size as a libinput record comment (`# Size in mm: …`) trapped
    /// converting it to an integer. A udev side beyond 10 m, infinite or not a number is not
    /// believed: the axes give the size, as when udev says nothing.
    @Test(arguments: [
        ("60", String(repeating: "6", count: 50)), ("inf", "44"), ("nan", "44"), ("10001", "44"), ("60", "1e400"),
    ])
    func anImplausibleUdevSizeGivesWayToTheAxes(width: String, height: String) {
        var pad = Self.description(keys: [KeyCode.toolFinger.rawValue], absolute: Self.pad)
        pad.udevProperties = ["ID_INPUT_WIDTH_MM": width, "ID_INPUT_HEIGHT_MM": height]
        #expect(pad.physicalSize == PhysicalSize(width: 100, height: 50))
        pad.udevProperties = ["ID_INPUT_WIDTH_MM": "10000", "ID_INPUT_HEIGHT_MM": "44"]
        #expect(pad.physicalSize == PhysicalSize(width: 10_000, height: 44))
    }

    /// Ranges as wide as 32 bits allow, or reversed: computed in 64 bits, never trapping. A slot
    /// range of `-1 … 2147483647` used to overflow `maximum - minimum`.
    @Test func extremeAxisRangesAreComputedWithoutOverflow() {
        let touch = KeyCode.touch.rawValue
        let widest = AbsoluteAxisInfo(minimum: .min, maximum: .max, resolution: 1)
        let screen = Self.description(
            keys: [touch, KeyCode.toolDoubleTap.rawValue],
            absolute: [
                .x: widest, .y: widest, .multitouchSlot: AbsoluteAxisInfo(minimum: -1, maximum: .max),
                .multitouchPositionX: widest, .multitouchPositionY: AbsoluteAxisInfo(minimum: 10, maximum: -10),
            ],
            properties: [.direct])
        #expect(AbsoluteAxisInfo(minimum: -1, maximum: .max).span == 2_147_483_648)
        #expect(widest.span == 4_294_967_295)
        #expect(screen.touchCount == 2)
        #expect(screen.kind == .touchscreen)
        #expect(screen.capabilities.names == ["touchscreen", "multitouch"])
        #expect(screen.physicalSize == nil)
        var resolved = screen
        resolved.absoluteAxes[.multitouchPositionY] = AbsoluteAxisInfo(minimum: 10, maximum: -10, resolution: 2)
        #expect(resolved.physicalSize == nil)
        resolved.absoluteAxes[.multitouchPositionY] = AbsoluteAxisInfo(minimum: -10, maximum: 10, resolution: 2)
        #expect(resolved.physicalSize == PhysicalSize(width: 4_294_967_295, height: 10))
    }
}
