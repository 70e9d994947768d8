import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@Suite struct EvemuReaderTests {
    @Test(arguments: BundledRecording.all)
    func readsBundledRecording(_ bundled: BundledRecording) throws {
        let recording = try bundled.load()
        let device = try #require(recording.devices.first)
        #expect(recording.devices.count == 1)
        #expect(device.frames.count == bundled.frameCount)
        #expect(device.description.kind == bundled.kind)
        #expect(device.frames.allSatisfy { $0.isComplete })
        #expect(device.frames.allSatisfy { frame in frame.events.dropLast().allSatisfy { !$0.isReport } })
        #expect(device.frames.first?.events.first?.time == .zero)
        if bundled.approximateDuration >= 0 {
            let duration = try #require(device.frames.last).time.seconds
            // SOURCES.md gives two decimals below a second and one or two above.
            let tolerance = bundled.approximateDuration < 1 ? 0.006 : 0.051
            #expect(abs(duration - bundled.approximateDuration) <= tolerance)
        }
    }

    @Test func keepsAutorepeatFramesAsRecorded() throws {
        let device = try BundledRecording.loadDevice("k400-plus.evemu")
        let repeatFrame = device.frames[2]
        #expect(repeatFrame.events.map(\.value) == [2, 1])
        #expect(repeatFrame.events.first?.keyCode == .leftControl)
        #expect(repeatFrame.events.last?.isReport == true)
        #expect(repeatFrame.time == Timestamp(microseconds: 11_476_441))
    }

    @Test func readsOldFormatWithSeparateDescription() throws {
        let bundled = try #require(BundledRecording.named("xit_synaptics-clickpad.tap.events"))
        let device = try #require(try bundled.load().devices.first)
        #expect(device.description.name == "SynPS/2 Synaptics TouchPad")
        #expect(device.description.identity == DeviceIdentity(busType: 0x11, vendorID: 2, productID: 7, version: 0x1b1))
        #expect(device.description.properties == [.pointer, .buttonPad])
        #expect(
            device.description.absoluteAxes[.x]
                == AbsoluteAxisInfo(minimum: 1472, maximum: 5472, fuzz: 8, resolution: 0))
        #expect(device.description.supports(KeyCode.toolFinger))
        #expect(device.comments.first == "Clickpad tap event, followed by a slight move")
        // The first event, absolute 1344928516.752778, is at zero; the second 2 µs later.
        #expect(device.frames[0].events[1].time == Timestamp(microseconds: 2))
    }

    @Test func descriptionWithoutPropertiesHasNone() throws {
        let device = try BundledRecording.loadDevice("hp8470p.two-finger-scroll-vertical.events")
        #expect(device.description.properties.isEmpty)
        #expect(device.description.kind == .touchpad)
    }

    @Test func readsPaddedAndSignedValues() throws {
        let device = try BundledRecording.loadDevice("ultrathin-touch-mouse.wheel-buttons.evemu")
        let events = device.frames.flatMap(\.events)
        let wheel = events.filter { $0.relativeAxis == .wheel }
        #expect(wheel.count == 32)
        #expect(wheel.allSatisfy { (1...3).contains(abs($0.value)) })
        #expect(wheel.contains { $0.value < 0 } && wheel.contains { $0.value > 0 })
        #expect(events.filter { $0.keyCode == .leftButton && $0.value == 1 }.count == 4)
        #expect(events.filter { $0.keyCode == .rightButton && $0.value == 1 }.count == 2)
    }

    @Test func readsScrollStickValues() throws {
        let device = try BundledRecording.loadDevice("scrollpoint-mo18b.scroll.events")
        let wheel = device.frames.flatMap(\.events).filter { $0.relativeAxis == .wheel }.map(\.value)
        #expect(wheel.min() == -63)
        #expect(wheel.max() == 63)
    }

    @Test func keepsMultitouchProtocolAReports() throws {
        let device = try BundledRecording.loadDevice("bcm5974-apple.three-finger-click.evemu")
        let reports = device.frames.flatMap(\.events).filter {
            $0.type == .synchronization && $0.code == SynchronizationCode.multitouchReport.rawValue
        }
        #expect(!reports.isEmpty)
    }

    static let header = """
        # EVEMU 1.3
        N: Test # Device
        I: 0003 046d c077 0111
        P: 00 00 00 00 00 00 00 00
        B: 00 17 00 00 00 00 00 00 00
        B: 02 03 01 00 00 00 00 00 00
        B: 04 10 00 00 00 00 00 00 00
        L: 01 1
        S: 05 1

        """

    @Test func keepsNameVerbatimAndDropped() throws {
        let text =
            Self.header + """
                E: 5.000010 0002 0000 0003	# EV_REL / REL_X 3
                E: 5.000010 0000 0000 0000	# ------------ SYN_REPORT (0) ---------- +0ms
                # a comment between events
                E: 5.000020 0000 0003 0000
                E: 5.000030 0000 0000 0000
                E: 5.100000 0002 0008 -1
                E: 5.100000 0000 0000 0
                """
        let device = try #require(try Recording(parsing: text).devices.first)
        #expect(device.description.name == "Test # Device")
        #expect(device.description.ledStates == [1: 1])
        #expect(device.description.switchStates == [5: 1])
        #expect(device.description.supportedCodes[.relative] == [0, 1, 8])
        #expect(device.description.supportedCodes[.miscellaneous] == [4])
        #expect(device.description.supportedCodes[.synchronization] == [0, 1, 2, 4])
        #expect(device.description.supportedCodes[.key] == nil)
        #expect(device.frames.count == 3)
        #expect(device.frames[1].events.first?.isDropped == true)
        #expect(device.frames[2].events.first?.value == -1)
        #expect(device.frames[2].time == Timestamp(microseconds: 99_990))
        #expect(device.comments == ["a comment between events"])
    }

    @Test func acceptsFiveNumberAxesInFormat11() throws {
        let text = """
            # EVEMU 1.1
            # comment at the top
            N: Pad
            I: 0011 0002 0007 01b1  # trailing comment
            B: 00 0b 00 00 00 00 00 00 00
            B: 03 03 00 00 00 00 00 00 00
            A: 00 0 1000 4 0
            A: 01 -20 800 0 0
            # comment between lines
            """
        let device = try #require(try Recording(parsing: text).devices.first)
        #expect(device.description.absoluteAxes[.y] == AbsoluteAxisInfo(minimum: -20, maximum: 800))
        #expect(device.description.absoluteAxes[.x]?.fuzz == 4)
        #expect(device.frames.isEmpty)
    }

    @Test func readsWindowsLineEndings() throws {
        let text =
            "# EVEMU 1.3\r\nN: Pad\r\nI: 0003 0001 0002 0003\r\nB: 02 03 00 00 00 00 00 00 00\r\n"
            + "E: 0.000001 0002 0000 0001\r\nE: 0.000001 0000 0000 0000\r\n"
        let device = try #require(try Recording(parsing: text).devices.first)
        #expect(device.description.name == "Pad")
        #expect(device.frames.count == 1)
        #expect(device.description.supportedCodes[.synchronization] == [0])
    }

    @Test func refusesEmptyInput() throws {
        let error = try #require(throws: RecordingError.self) { try Recording(parsing: "", file: "empty") }
        #expect(error.reason == .unknownFormat)
        let headerOnly = try #require(throws: RecordingError.self) {
            try Recording.evemu(Array("# EVEMU 1.3\n".utf8), file: "header")
        }
        #expect(headerOnly.reason == .missing("the N: line (the device name)"))
    }

    @Test func detectsTheFormatFromContent() {
        #expect(RecordingFormat.detect(in: Array("# EVEMU 1.3\nN: x\n".utf8)) == .evemu)
        #expect(RecordingFormat.detect(in: Array("E: 1.000000 0000 0000 0\n".utf8)) == .evemu)
        #expect(
            RecordingFormat.detect(in: Array("Select the device: 3\n# libinput record\nversion: 1\n".utf8))
                == .libinputRecord)
        #expect(RecordingFormat.detect(in: Array("hello\n".utf8)) == nil)
    }
}
