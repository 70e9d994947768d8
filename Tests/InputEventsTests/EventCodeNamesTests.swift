import CEvdev
import InputEvents
import Testing

/// The names must be the ones libevdev prints and accepts: compared here code by code with the
/// libevdev the package links against.
@Suite struct EventCodeNamesTests {
    static let types: [EventType] = [
        .synchronization, .key, .relative, .absolute, .miscellaneous, .switch, .led, .sound, .autorepeat,
        .forceFeedback, .power, .forceFeedbackStatus,
    ]

    private static func libevdevName(type: UInt16, code: UInt16) -> String? {
        libevdev_event_code_get_name(UInt32(type), UInt32(code)).map { String(cString: $0) }
    }

    @Test(arguments: types)
    func namesEveryCodeAsLibevdevDoes(_ type: EventType) {
        let maximum = libevdev_event_type_get_max(UInt32(type.rawValue))
        guard maximum >= 0 else {
            // libevdev has no codes for this type; neither do we.
            #expect(EventCodeNames.allCodes(of: type).isEmpty)
            return
        }
        var named = 0
        for code in 0...UInt16(maximum) {
            let ours = EventCodeNames.name(of: type, code: code)
            guard let theirs = Self.libevdevName(type: type.rawValue, code: code) else {
                // A libevdev older than the kernel headers lacks the newest names
                // (KEY_LINK_PHONE, ABS_PROFILE); it never names a code the headers do not.
                continue
            }
            named += 1
            #expect(ours == theirs, "type \(type.rawValue) code \(code)")
        }
        #expect(named > 0)
    }

    @Test(arguments: types)
    func resolvesEveryNameAsLibevdevDoes(_ type: EventType) {
        for (code, name) in EventCodeNames.allCodes(of: type) {
            let resolved = EventCodeNames.code(named: name)
            #expect(resolved?.type == type && resolved?.code == code, "\(name)")
            let theirs = libevdev_event_code_from_name(UInt32(type.rawValue), name)
            if theirs >= 0 { #expect(Int32(code) == theirs, "\(name)") }
        }
    }

    @Test func namesEveryTypeAsLibevdevDoes() {
        for value in 0...EventType.maximum.rawValue {
            let theirs = libevdev_event_type_get_name(UInt32(value)).map { String(cString: $0) }
            #expect(EventType(rawValue: value).name == theirs, "type \(value)")
            if let theirs { #expect(EventType(name: theirs) == EventType(rawValue: value)) }
        }
        #expect(EventType(name: "EV_NOPE") == nil)
    }

    @Test func namesEveryPropertyAsLibevdevDoes() {
        for value in 0...InputProperty.maximum.rawValue {
            let theirs = libevdev_property_get_name(UInt32(value)).map { String(cString: $0) }
            #expect(InputProperty(rawValue: value).name == theirs, "property \(value)")
            if let theirs { #expect(InputProperty(name: theirs) == InputProperty(rawValue: value)) }
        }
    }

    @Test func resolvesAliasesToTheNameLibevdevPrints() throws {
        let mouse = try #require(EventCodeNames.code(named: "BTN_MOUSE"))
        #expect(mouse.type == .key && mouse.code == KeyCode.leftButton.rawValue)
        #expect(EventCodeNames.name(of: .key, code: mouse.code) == "BTN_LEFT")
        let interesting = try #require(EventCodeNames.code(named: "KEY_MIN_INTERESTING"))
        #expect(EventCodeNames.name(of: .key, code: interesting.code) == "KEY_MUTE")
        let gamepad = try #require(EventCodeNames.code(named: "BTN_A"))
        #expect(EventCodeNames.name(of: .key, code: gamepad.code) == "BTN_SOUTH")
        #expect(EventCodeNames.name(of: .key, code: 0x100) == "BTN_0")
        #expect(KeyCode(name: "KEY_HANGUEL") == KeyCode(name: "KEY_HANGEUL"))
        #expect(KeyCode(name: "REL_X") == nil)
        #expect(EventCodeNames.code(named: "key_a") == nil)
    }

    @Test func namesTypedCodes() {
        #expect(KeyCode.leftButton.name == "BTN_LEFT")
        #expect(RelativeAxis.wheelHighResolution.name == "REL_WHEEL_HI_RES")
        #expect(AbsoluteAxis.multitouchSlot.name == "ABS_MT_SLOT")
        #expect(InputProperty.buttonPad.name == "INPUT_PROP_BUTTONPAD")
        #expect(InputEvent(time: .zero, type: .synchronization, code: 3, value: 0).codeName == "SYN_DROPPED")
        #expect(EventCodeNames.name(of: .key, code: 0xffff) == nil)
        #expect(EventCodeNames.name(of: EventType(rawValue: 0x07), code: 0) == nil)
    }
}
