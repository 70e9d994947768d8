import InputDevices
import InputEvents
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Pipes standing in for event nodes, opened by name.
final class PipeBank {
    var readEnds: [String: Int32] = [:]
    var writeEnds: [String: Int32] = [:]

    init(names: [String]) throws {
        for name in names {
            var descriptors: [Int32] = [-1, -1]
            try #require(pipe(&descriptors) == 0)
            _ = fcntl(descriptors[0], F_SETFL, fcntl(descriptors[0], F_GETFL) | O_NONBLOCK)
            readEnds[name] = descriptors[0]
            writeEnds[name] = descriptors[1]
        }
    }

    deinit {
        for descriptor in writeEnds.values { close(descriptor) }
    }

    func open(_ node: DeviceNode) throws(DeviceError) -> DeviceHandle<FileDescriptorDeviceIO> {
        guard let descriptor = readEnds.removeValue(forKey: node.path) else {
            throw DeviceError(.open, errno: .noSuchFile, path: node.path)
        }
        return DeviceHandle(
            taking: FileDescriptor(rawValue: descriptor),
            path: node.path,
            description: DeviceDescription(
                name: "pipe \(node.path)",
                identity: DeviceIdentity(busType: 0, vendorID: 0, productID: 0, version: 0)
            )
        )
    }

    func write(_ name: String, _ events: [InputEvent]) {
        let bytes = FileDescriptorDeviceIO.bytes(of: events)
        _ = bytes.withUnsafeBytes { Glibc.write(writeEnds[name] ?? -1, $0.baseAddress, $0.count) }
    }

    func unplug(_ name: String) {
        if let descriptor = writeEnds.removeValue(forKey: name) { close(descriptor) }
    }

    func makeSession(_ names: [String], grabs: Bool = false, handlesStopSignals: Bool = false) throws
        -> InputSession<FileDescriptorDeviceIO>
    {
        try InputSession(
            nodes: names.map { DeviceNode(path: $0) }, grabs: grabs, handlesStopSignals: handlesStopSignals
        ) {
            node throws(DeviceError) in try self.open(node)
        }
    }
}

extension InputSession where IO: ~Copyable {
    /// Polls once without waiting and returns the events.
    func pollNow() throws -> [SessionEvent] {
        var events: [SessionEvent] = []
        try poll(timeout: .zero) { events.append($0) }
        return events
    }
}

@Suite struct InputSessionTests {
    let motion = Events.at(10, .relative, RelativeAxis.x.rawValue, 1)

    @Test func devicesAreAnnouncedThenTheirFramesArrive() throws {
        let pipes = try PipeBank(names: ["a", "b"])
        let session = try pipes.makeSession(["a", "b"])
        let first = try session.pollNow()
        #expect(first.count == 2)
        guard case .added(path: "a", _) = first.first, case .added(path: "b", _) = first.last else {
            Issue.record("expected a and b to be added, got \(first)")
            return
        }
        #expect(try session.pollNow().isEmpty)
        pipes.write("b", [motion, Events.report(10), motion, Events.report(20)])
        #expect(
            try session.pollNow() == [
                .frame(path: "b", EventFrame(events: [motion, Events.report(10)])),
                .frame(path: "b", EventFrame(events: [motion, Events.report(20)])),
            ]
        )
    }

    @Test func anUnpluggedDeviceIsRemovedAndTheOthersStay() throws {
        let pipes = try PipeBank(names: ["a", "b"])
        let session = try pipes.makeSession(["a", "b"])
        _ = try session.pollNow()
        pipes.unplug("a")
        #expect(try session.pollNow() == [.removed(path: "a")])
        #expect(session.devicePaths == ["b"])
        pipes.write("b", [motion, Events.report(10)])
        #expect(try session.pollNow() == [.frame(path: "b", EventFrame(events: [motion, Events.report(10)]))])
    }

    @Test func aDeviceThatCannotBeOpenedIsReportedAndLeftOut() throws {
        let pipes = try PipeBank(names: ["a"])
        let session = try pipes.makeSession(["a", "missing"])
        let events = try session.pollNow()
        #expect(events.last == .failed(DeviceError(.open, errno: .noSuchFile, path: "missing")))
        #expect(session.devicePaths == ["a"])
    }

    @Test func aFailedGrabKeepsTheDeviceOut() throws {
        let pipes = try PipeBank(names: ["a"])
        let session = try pipes.makeSession(["a"], grabs: true)
        #expect(try session.pollNow() == [.failed(DeviceError(.grab, errno: .notATerminal, path: "a"))])
        #expect(session.devicePaths.isEmpty)
    }

    @Test func stoppingClosesEverything() throws {
        let pipes = try PipeBank(names: ["a"])
        let session = try pipes.makeSession(["a"])
        _ = try session.pollNow()
        session.stop()
        #expect(session.isStopped)
        #expect(session.devicePaths.isEmpty)
        #expect(try session.pollNow().isEmpty)
    }
}
