import InputEvents
import Testing

@testable import InputDevices

/// Descriptions go through the real libevdev: built into a context with `libevdev_new` and the
/// `libevdev_set_*`/`libevdev_enable_*` calls, then read back with the calls used on live nodes.
@Suite struct LibevdevDescriptionTests {
    static let clickpad = DeviceDescription(
        name: "SynPS/2 Synaptics TouchPad",
        identity: DeviceIdentity(busType: 0x11, vendorID: 0x2, productID: 0x7, version: 0x1b1),
        properties: [.pointer, .buttonPad],
        supportedCodes: [
            .synchronization: [0, 1, 2, 3],
            .key: [
                KeyCode.leftButton.rawValue, KeyCode.toolFinger.rawValue, KeyCode.touch.rawValue,
                KeyCode.toolDoubleTap.rawValue, KeyCode.toolTripleTap.rawValue,
            ],
            .absolute: [0x00, 0x01, 0x18, 0x2f, 0x35, 0x36, 0x39],
        ],
        absoluteAxes: [
            .x: AbsoluteAxisInfo(minimum: 1472, maximum: 5472, fuzz: 8, resolution: 42),
            .y: AbsoluteAxisInfo(minimum: 1408, maximum: 4448, fuzz: 8, resolution: 68),
            .pressure: AbsoluteAxisInfo(minimum: 0, maximum: 255),
            .multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: 1),
            .multitouchPositionX: AbsoluteAxisInfo(minimum: 1472, maximum: 5472, resolution: 42),
            .multitouchPositionY: AbsoluteAxisInfo(minimum: 1408, maximum: 4448, resolution: 68),
            .multitouchTrackingID: AbsoluteAxisInfo(minimum: 0, maximum: 65535),
        ]
    )

    static let keyboard = DeviceDescription(
        name: "AT Translated Set 2 keyboard",
        identity: DeviceIdentity(busType: 0x11, vendorID: 0x1, productID: 0x1, version: 0xab41),
        supportedCodes: [
            .synchronization: [0, 1, 4, 17, 20],
            .key: Set((1...88).map { UInt16($0) }),
            .miscellaneous: [4],
            .led: [0, 1, 2],
            .autorepeat: [0, 1],
        ],
        ledStates: [0: 1]
    )

    @Test(arguments: [clickpad, keyboard])
    func aDescriptionSurvivesLibevdev(description: DeviceDescription) throws {
        let readBack = try #require(
            description.withLibevdevContext {
                DeviceDescription(libevdevContext: $0, udevProperties: ["ID_INPUT": "1"])
            })
        #expect(readBack.name == description.name)
        #expect(readBack.identity == description.identity)
        #expect(readBack.properties == description.properties)
        #expect(readBack.absoluteAxes == description.absoluteAxes)
        #expect(readBack.ledStates == description.ledStates)
        #expect(readBack.udevProperties == ["ID_INPUT": "1"])
        for (type, codes) in description.supportedCodes where type != .synchronization {
            #expect(readBack.supportedCodes[type] == codes, "codes of type \(type.rawValue)")
        }
        #expect(readBack.supportedCodes[.synchronization] != nil)
    }

    /// A live device may declare the same absurd ranges as a recording: read through libevdev,
    /// they give the same answers without overflowing.
    @Test func extremeRangesSurviveLibevdev() throws {
        var screen = Self.clickpad
        screen.properties = [.direct]
        screen.absoluteAxes[.multitouchSlot] = AbsoluteAxisInfo(minimum: -1, maximum: .max)
        screen.absoluteAxes[.multitouchPositionX] = AbsoluteAxisInfo(minimum: .min, maximum: .max, resolution: 1)
        screen.absoluteAxes[.multitouchPositionY] = AbsoluteAxisInfo(minimum: .max, maximum: .min, resolution: 1)
        let readBack = try #require(
            screen.withLibevdevContext { DeviceDescription(libevdevContext: $0, udevProperties: [:]) })
        #expect(readBack.absoluteAxes == screen.absoluteAxes)
        #expect(readBack.touchCount == 3)
        #expect(readBack.kind == .touchscreen)
        #expect(readBack.physicalSize == nil)
    }

    @Test func openingAMissingNodeNamesIt() {
        #expect(throws: DeviceError(.open, errno: .noSuchFile, path: "/dev/input/event999")) {
            _ = try InputDevice(opening: "/dev/input/event999")
        }
    }

    @Test func openingSomethingThatIsNotAnEventNodeFailsWhileDescribing() throws {
        do {
            _ = try InputDevice(opening: "/dev/null")
            Issue.record("/dev/null opened as an input device")
        } catch {
            #expect(error.operation == .describe)
            #expect(error.path == "/dev/null")
        }
    }
}
