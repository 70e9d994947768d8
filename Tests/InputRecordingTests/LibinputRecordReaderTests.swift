import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@Suite struct LibinputRecordReaderTests {
    static let url = Fixtures.testFixture("recordings/two-devices.libinput.yml")

    @Test func readsSeveralDevicesOnOneTimeBase() throws {
        let recording = try Recording.load(contentsOf: Self.url)
        #expect(recording.devices.map(\.description.name) == ["Test Keyboard", "Test Touchpad"])
        #expect(recording.devices.map(\.node) == ["/dev/input/event4", "/dev/input/event7"])
        let keyboard = recording.devices[0]
        let touchpad = recording.devices[1]
        // The touchpad's first event (5.050000) is the earliest of the recording.
        #expect(touchpad.frames.first?.time == .zero)
        #expect(keyboard.frames.map(\.time) == [Timestamp(microseconds: 50_000), Timestamp(microseconds: 130_000)])
        #expect(touchpad.frames.map(\.time) == [.zero, Timestamp(microseconds: 150_000)])
        #expect(keyboard.frames[0].events.map(\.code) == [4, 46, 0])
        #expect(touchpad.frames[1].events.first?.value == -1)
    }

    /// Found by the convert fuzz target: a blank name loaded, but the evemu file it converted to
    /// says `N:` and nothing, which no evemu reader takes. A blank name names no device in either
    /// format.
    @Test(arguments: [#""""#, #"" ""#, #""   ""#])
    func refusesABlankDeviceName(name: String) throws {
        let text = try String(contentsOf: Self.url, encoding: .utf8)
            .replacingOccurrences(of: #"name: "Test Keyboard""#, with: "name: \(name)")
        let error = try #require(throws: RecordingError.self) { try Recording(parsing: text, file: "blank.yml") }
        #expect(
            error.description
                == "blank.yml:19:11: expected a device name that is not blank for devices[0].evdev.name, found \"\(name)\""
        )
    }

    @Test func readsDescriptionsAndUdevProperties() throws {
        let recording = try Recording.load(contentsOf: Self.url)
        let keyboard = recording.devices[0].description
        let touchpad = recording.devices[1].description
        #expect(keyboard.identity == DeviceIdentity(busType: 3, vendorID: 1133, productID: 16461, version: 273))
        #expect(keyboard.supportedCodes[.synchronization] == Set(0...15))
        #expect(keyboard.supportedCodes[.led] == [0, 1, 2])
        #expect(keyboard.udevProperties == ["ID_INPUT": "1", "ID_INPUT_KEYBOARD": "1", "ID_INPUT_KEY": "1"])
        #expect(keyboard.kind == .keyboard)
        #expect(touchpad.properties == [.pointer, .buttonPad])
        #expect(
            touchpad.absoluteAxes[.multitouchPositionX] == AbsoluteAxisInfo(minimum: 0, maximum: 3200, resolution: 40))
        #expect(touchpad.kind == .clickpad)
        #expect(touchpad.physicalSize == PhysicalSize(width: 80, height: 50))
    }

    @Test func roundTripsSeveralDevices() throws {
        let recording = try Recording.load(contentsOf: Self.url)
        let again = try Recording(parsing: recording.libinputRecordText())
        #expect(again.devices.map(\.description) == recording.devices.map(\.description))
        #expect(again.devices.map(\.frames) == recording.devices.map(\.frames))
        #expect(again.devices.map(\.node) == recording.devices.map(\.node))
    }

    @Test func writesOneEntryPerFrameWithCommentedEvents() throws {
        let recording = try #require(BundledRecording.named("k400-plus.evemu")).load()
        let text = recording.libinputRecordText()
        let lines = text.split(separator: "\n")
        #expect(lines.first == "# libinput record")
        let udev = try #require(lines.firstIndex(of: "  udev:"))
        // No quirks: the recording has none to say.
        #expect(lines[udev + 1...udev + 2] == ["    properties: []", "  events:"])
        #expect(lines.filter { $0 == "  - evdev:" }.count == 6)
        #expect(lines.contains("    - [ 11, 476441,   1,  29,       2] # EV_KEY / KEY_LEFTCTRL         2"))
        #expect(lines.contains { $0.hasPrefix("    - [ 11, 476441,   0,   0,       1] # ------------ SYN_REPORT (1)") })
    }

    @Test func refusesAliases() throws {
        let text = """
            version: 1
            ndevices: 1
            devices:
            - evdev: &description
                name: "A"
                id: [3, 1, 2, 3]
                codes: {0: [0]}
              events: *description
            """
        let error = try #require(throws: RecordingError.self) { try Recording(parsing: text, file: "alias.yml") }
        #expect(error.line == 8)
        guard case .yaml = error.reason else {
            Issue.record("expected a YAML error, got \(error)")
            return
        }
    }

    @Test func namesTheKeyPathOfAWrongValue() throws {
        let text = """
            version: 1
            ndevices: 1
            devices:
            - evdev:
                name: "A"
                id: [3, 1, 2, 3]
                codes: {0: [0], 2: [0, x]}
            """
        let error = try #require(throws: RecordingError.self) { try Recording(parsing: text, file: "path.yml") }
        #expect(error.line == 7)
        #expect(error.column == 28)
        #expect(error.message.contains("devices[0].evdev.codes.2[1]"))
    }

    @Test func emptyEventListIsNoFrames() throws {
        let text = """
            version: 1
            ndevices: 1
            devices:
            - evdev:
                name: "Quiet"
                id: [3, 1, 2, 3]
                codes: {0: [0], 1: [272], 2: [0, 1]}
              events:
            """
        let recording = try Recording(parsing: text)
        #expect(recording.devices.first?.frames == [])
        #expect(recording.devices.first?.description.kind == .mouse)
    }
}
