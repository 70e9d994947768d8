import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@Suite struct RoundTripTests {
    @Test(arguments: BundledRecording.all)
    func evemuRoundTripKeepsDescriptionAndFrames(_ bundled: BundledRecording) throws {
        let original = try bundled.load()
        let text = original.evemuText()
        let again = try Recording(parsing: text, file: "written.evemu")
        #expect(again.devices.count == 1)
        #expect(again.devices.first?.description == original.devices.first?.description)
        #expect(again.devices.first?.frames == original.devices.first?.frames)
        #expect(again.devices.first?.comments == original.devices.first?.comments)
        #expect(text.hasPrefix("# EVEMU 1.3\n"))
    }

    @Test(arguments: BundledRecording.all)
    func libinputRecordRoundTripKeepsDescriptionAndFrames(_ bundled: BundledRecording) throws {
        let original = try bundled.load()
        let text = original.libinputRecordText()
        let again = try Recording(parsing: text, file: "written.yml")
        #expect(again.devices.count == 1)
        #expect(again.devices.first?.description == original.devices.first?.description)
        #expect(again.devices.first?.frames == original.devices.first?.frames)
    }

    /// evemu-record 1.3 wrote these files with times starting at 0.000001; our writer must
    /// reproduce their data and event lines byte for byte.
    @Test(arguments: [
        "k400-plus.evemu", "lenovo-compact-usb-keyboard.keyboard.evemu", "1-finger-fast-taps.evemu",
        "1-finger-drag-up-down.evemu",
    ])
    func writesEventLinesAsEvemuRecordDoes(_ name: String) throws {
        let bundled = try #require(BundledRecording.named(name))
        let originalText = try String(contentsOf: bundled.url, encoding: .utf8)
        let written = try bundled.load().evemuText()
        func dataLines(_ text: String) -> [Substring] {
            text.split(separator: "\n").filter { line in
                ["N:", "I:", "P:", "B:", "A:", "E:"].contains { line.hasPrefix($0) }
            }
        }
        let expected = dataLines(originalText)
        let actual = dataLines(written)
        #expect(actual.count == expected.count)
        for (mine, theirs) in zip(actual, expected) where mine != theirs {
            Issue.record("written \(mine)\nexpected \(theirs)")
            break
        }
    }

    /// A description and events that exercise what the bundled files do not: quotes, a
    /// backslash, `#` and non-ASCII in the name, a property beyond 63 (a second `P:` line), LED
    /// and switch state, udev properties, `SYN_DROPPED`, extreme values and codes.
    static let unusual: Recording = {
        let description = DeviceDescription(
            name: "Weird \"Name\" \\ # ü",
            identity: DeviceIdentity(busType: 0x18, vendorID: 0xffff, productID: 0, version: 0x0100),
            properties: [.pointer, .buttonPad, InputProperty(rawValue: 70)],
            supportedCodes: [
                .synchronization: [0, 1, 3], .key: [0x110, 0x145, 0x2ff], .absolute: [0, 1, 0x2f, 0x35],
                .led: [0, 1], .switch: [5], .relative: [0x0b],
            ],
            absoluteAxes: [
                .x: AbsoluteAxisInfo(minimum: -2_147_483_648, maximum: 2_147_483_647, fuzz: 1, flat: 2, resolution: 3),
                .y: AbsoluteAxisInfo(minimum: -5, maximum: 5),
                .multitouchSlot: AbsoluteAxisInfo(minimum: 0, maximum: 9),
                .multitouchPositionX: AbsoluteAxisInfo(minimum: 0, maximum: 100, resolution: 10),
            ]
        )
        func frame(_ microseconds: Int64, _ events: [(EventType, UInt16, Int32)]) -> EventFrame {
            let time = Timestamp(microseconds: microseconds)
            return EventFrame(
                events: events.map { InputEvent(time: time, type: $0.0, code: $0.1, value: $0.2) } + [.report(at: time)]
            )
        }
        let frames = [
            frame(0, [(.absolute, 0, -2_147_483_648), (.key, 0x2ff, 1)]),
            frame(999_999, [(.synchronization, 3, 0)]),
            frame(1_000_000, [(.relative, 0x0b, -120), (.absolute, 1, 5)]),
            frame(7_200_000_001, [(.key, 0x110, 2)]),
        ]
        return Recording(devices: [RecordedDevice(description: description, frames: frames)])
    }()

    @Test func evemuKeepsUnusualDescriptionsAndEvents() throws {
        var expected = Self.unusual
        expected.devices[0].description.ledStates = [1: 1]
        expected.devices[0].description.switchStates = [5: 1]
        let text = expected.evemuText()
        #expect(text.contains("\nP: 05 00 00 00 00 00 00 00\nP: 40 00 00 00 00 00 00 00\n"))
        let again = try Recording(parsing: text)
        #expect(again.devices.map(\.description) == expected.devices.map(\.description))
        #expect(again.devices.map(\.frames) == expected.devices.map(\.frames))
    }

    @Test func libinputRecordKeepsUnusualDescriptionsAndEvents() throws {
        var expected = Self.unusual
        expected.devices[0].description.udevProperties = ["ID_INPUT": "1", "LIBINPUT_X": "a=b \"c\""]
        expected.devices[0].node = "/dev/input/event 9"
        let again = try Recording(parsing: expected.libinputRecordText())
        #expect(again == expected)
    }

    /// Found by fuzzing: a name with an escape character made the `# Name:` comment a line libyaml
    /// refuses. Control characters and YAML 1.1's line breaks are escaped in the name and
    /// replaced in the comment.
    @Test func libinputRecordKeepsNamesWithControlCharacters() throws {
        var expected = Self.unusual
        expected.devices[0].description.name = "Esc\u{1b} CR\r NEL\u{85} CSI\u{9b} LS\u{2028} \u{FFFE}end"
        let text = expected.libinputRecordText()
        #expect(
            text.split(separator: "\n").filter { $0.hasPrefix("    # Name:") || $0.hasPrefix("    name:") }
                == [
                    "    # Name: Esc\u{FFFD} CR  NEL  CSI\u{FFFD} LS  \u{FFFD}end",
                    #"    name: "Esc\x1b CR\r NEL\N CSI\x9b LS\L \ufffeend""#,
                ])
        #expect(try Recording(parsing: text) == expected)
    }

    /// Found by fuzzing: a file of `devices: []` is read as a recording without devices, which
    /// was written back as `devices:` with no entries, a value that is not a list.
    @Test func libinputRecordKeepsARecordingWithoutDevices() throws {
        let read = try Recording(parsing: "version: 1\ndevices: []\n", file: "empty.yml")
        #expect(read == Recording(devices: []))
        let text = read.libinputRecordText()
        #expect(text == "# libinput record\nversion: 1\nndevices: 0\ndevices: []\n")
        #expect(try Recording(parsing: text, file: "again.yml") == read)
    }

    @Test func evemuWritesALineBreakInANameAsASpace() throws {
        var recording = Self.unusual
        recording.devices[0].description.name = "Two\nLines"
        let again = try Recording(parsing: recording.evemuText())
        #expect(again.devices.first?.description.name == "Two Lines")
        #expect(again.devices.first?.frames == recording.devices[0].frames)
    }

    @Test func streamingWriterWritesWhatTheWholeWriterWrites() throws {
        let device = try BundledRecording.loadDevice("atmel-maxtouch.1-finger-fast-taps.evemu")
        var writer = EvemuStreamWriter(description: device.description)
        var streamed = writer.header()
        for frame in device.frames { streamed += writer.text(for: frame) }
        #expect(streamed == Recording(devices: [device]).evemuText())
    }

    /// A recorder hands the writers kernel timestamps; both formats write them from zero (evemu
    /// from 1 µs), so the files equal those of the rebased recording.
    @Test func writersCountTimeFromTheFirstEvent() throws {
        let rebased = Recording(devices: [try BundledRecording.loadDevice("k400-plus.evemu")])
        var kernel = rebased
        for frameIndex in kernel.devices[0].frames.indices {
            for eventIndex in kernel.devices[0].frames[frameIndex].events.indices {
                kernel.devices[0].frames[frameIndex].events[eventIndex].time += .seconds(1_700_000_000)
            }
        }
        #expect(kernel.evemuText() == rebased.evemuText())
        #expect(kernel.libinputRecordText() == rebased.libinputRecordText())
        #expect(try Recording(parsing: kernel.libinputRecordText()).devices[0].frames == rebased.devices[0].frames)
    }

    @Test func writesAndLoadsFiles() throws {
        let original = try #require(BundledRecording.named("saitek-rat5.events")).load()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for format in RecordingFormat.allCases {
            let url = directory.appendingPathComponent("saitek.\(format.rawValue)")
            try original.write(to: url, format: format)
            let loaded = try Recording.load(contentsOf: url)
            #expect(loaded.devices.map(\.frames) == original.devices.map(\.frames))
            #expect(loaded.devices.map(\.description) == original.devices.map(\.description))
        }
    }

    @Test func refusesSeveralDevicesInOneEvemuFile() throws {
        let one = try #require(BundledRecording.named("k400-plus.evemu")).load()
        let two = Recording(devices: one.devices + one.devices)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("two-\(UUID().uuidString).evemu")
        #expect(throws: RecordingError.self) { try two.write(to: url, format: .evemu) }
    }

    /// Found by the convert fuzz target (issue 23): a libinput record device whose udev
    /// properties give its size (ID_INPUT_WIDTH_MM) was written to evemu with that size in its
    /// comment, which evemu cannot hold, so reading the file back and writing it again changed the
    /// comment. The evemu size comment now comes from the axes, as the file holds them.
    @Test func evemuTextIsTheSameAfterItsOwnRoundTrip() throws {
        var device = ScriptedDevice.touchpad(width: 80, height: 50)
        device.udevProperties = [
            "ID_INPUT": "1", "ID_INPUT_TOUCHPAD": "1", "ID_INPUT_WIDTH_MM": "60", "ID_INPUT_HEIGHT_MM": "50",
        ]
        let text = Recording(devices: [RecordedDevice(description: device, frames: [])]).evemuText()
        let again = try Recording(parsing: text, file: "again.evemu").evemuText()
        #expect(again == text)
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("# Size in mm:") } == ["# Size in mm: 80x50"])
    }

    /// Found by the convert fuzz target's third run (issue 23): a libinput record device that
    /// lists an event type without codes was written to evemu with that type in its comments,
    /// which evemu cannot hold (a B: line of zeros is no codes), so the second round trip left it
    /// out. Such a type is now left out the first time.
    @Test func anEventTypeWithoutCodesIsLeftOutOfEvemu() throws {
        var device = ScriptedDevice.mouse()
        device.supportedCodes[.key] = []
        device.supportedCodes[EventType(rawValue: 0x16)] = []
        let text = Recording(devices: [RecordedDevice(description: device, frames: [])]).evemuText()
        let again = try Recording(parsing: text, file: "again.evemu").evemuText()
        #expect(again == text)
        #expect(!text.contains("(EV_KEY)"))
        #expect(!text.contains("B: 16"))
    }
}
