import Foundation
import InputDevices
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

@testable import wayfinder

/// The text and JSON that `wayfinder devices` prints for a device, checked on the descriptions
/// of the bundled real recordings (live devices are not available everywhere).
@Suite struct DevicesListingTests {
    static func description(_ path: String, desc: String? = nil) throws -> DeviceDescription {
        let recording = try Recording.load(
            contentsOf: Fixtures.recording(path),
            descriptionURL: desc.map(Fixtures.recording)
        )
        return try #require(recording.devices.first).description
    }

    @Test func aClickpadShowsItsKindSizeAndCapabilities() throws {
        let description = try Self.description(
            "touchpad/xit_synaptics-clickpad.tap.events",
            desc: "touchpad/xit_synaptics-clickpad.desc"
        )
        let listing = DevicesCommand.Listing(node: .init(path: "/dev/input/event7"), outcome: .success(description))
        let lines = DevicesCommand.text(for: listing).split(separator: "\n").map(String.init)
        #expect(lines.first == "/dev/input/event7")
        #expect(lines.contains("  name:          \(description.name)"))
        #expect(lines.contains("  kind:          clickpad"))
        let size = try #require(description.physicalSize)
        #expect(lines.contains("  size:          \(DevicesCommand.sizeText(size))"))
        let capabilities = try #require(lines.first { $0.hasPrefix("  capabilities:  ") })
        #expect(capabilities.contains("clickpad"))
        #expect(capabilities.contains("multitouch"))
    }

    @Test func aKeyboardAsJSON() throws {
        let description = try Self.description("keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard.evemu")
        let listing = DevicesCommand.Listing(node: .init(path: "/dev/input/event3"), outcome: .success(description))
        let line = DevicesCommand.jsonLine(for: listing).text
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["node"] as? String == "/dev/input/event3")
        #expect(object["name"] as? String == description.name)
        #expect(object["kind"] as? String == "keyboard")
        #expect(object["size"] is NSNull, "a keyboard has no sensing surface")
        #expect(object["vendor"] as? Int == Int(description.identity.vendorID))
        #expect((object["capabilities"] as? [String])?.contains("keyboard") == true)
    }

    @Test func aDeviceThatCannotBeOpenedShowsWhy() throws {
        let error = DeviceError(.open, errno: .permissionDenied, path: "/dev/input/event4")
        let listing = DevicesCommand.Listing(node: .init(path: "/dev/input/event4"), outcome: .failure(error))
        #expect(DevicesCommand.text(for: listing) == "/dev/input/event4\n  error:         Permission denied (EACCES)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(DevicesCommand.jsonLine(for: listing).text.utf8))
                as? [String: Any]
        )
        #expect((object["error"] as? String)?.contains("install-udev-rule") == true)
    }

    @Test(arguments: [(95.24, 50.16, "95.2 × 50.2 mm"), (100, 60, "100.0 × 60.0 mm"), (0.04, 7.96, "0.0 × 8.0 mm")])
    func sizesHaveOneDecimal(width: Double, height: Double, expected: String) {
        #expect(DevicesCommand.sizeText(PhysicalSize(width: width, height: height)) == expected)
    }
}
