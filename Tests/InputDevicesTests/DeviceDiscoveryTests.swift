import Foundation
import InputDevices
import Testing

@Suite struct DeviceDiscoveryTests {
    @Test func eventNodesAreRecognised() {
        #expect(DeviceNode.isEventNode("/dev/input/event0"))
        #expect(DeviceNode.isEventNode("/dev/input/event12"))
        #expect(!DeviceNode.isEventNode("/dev/input/mouse0"))
        #expect(!DeviceNode.isEventNode("/dev/input/event"))
        #expect(!DeviceNode.isEventNode("/dev/input/eventX"))
        #expect(DeviceNode(path: "/dev/input/event12").eventNumber == 12)
    }

    @Test func withoutUdevTheDirectoryIsListedInNumberOrder() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in ["event10", "event2", "mouse0", "mice", "event1"] {
            _ = FileManager.default.createFile(atPath: directory.appendingPathComponent(name).path, contents: nil)
        }
        let nodes = try DeviceDiscovery.attachedDevices(directory: directory.path)
        // Where udev does list devices (a real machine), those win over the directory.
        if nodes.allSatisfy({ $0.udevProperties.isEmpty }) {
            #expect(nodes.map(\.path) == ["event1", "event2", "event10"].map { directory.path + "/" + $0 })
        }
    }

    @Test func aMissingDirectoryMeansNoDevices() throws {
        let nodes = try DeviceDiscovery.attachedDevices(directory: "/nonexistent/input")
        #expect(nodes.allSatisfy { !$0.udevProperties.isEmpty })
    }
}
