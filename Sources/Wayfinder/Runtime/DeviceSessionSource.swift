import EventModel
public import InputDevices
import InputEvents

/// Attached hardware as a live source: an `InputSession` of every input device, with hotplug and
/// a clean stop on SIGINT or SIGTERM.
///
/// ```swift
/// let runtime = try Runtime(scene: scene)
/// let source = try DeviceSessionSource(grabs: false) { warning in print(warning) }
/// try LiveLoop(runtime: runtime, source: source).run()
/// ```
public final class DeviceSessionSource: LiveInputSource {
    private let session: InputSession<LibevdevDeviceIO>
    private var identifiers: [String: DeviceID] = [:]
    private var nextIdentifier = 0
    private let report: (String) -> Void

    /// Opens every attached input device.
    /// - Parameters:
    ///   - grabs: Whether to take every device exclusively (other programs see no input).
    ///   - report: Called with warnings for people: a device that cannot be opened, hotplug off.
    /// - Throws: `DeviceError` when the devices cannot be listed or the signals set up.
    public init(grabs: Bool, report: @escaping (String) -> Void) throws(DeviceError) {
        let nodes = try DeviceDiscovery.attachedDevices()
        session = try InputSession(nodes: nodes, grabs: grabs, watchesHotplug: true, handlesStopSignals: true)
        self.report = report
        if let error = session.hotplugError { report("Warning: devices plugged in later are not seen: \(error)") }
    }

    /// The number of devices open now.
    public var deviceCount: Int { session.devicePaths.count }

    public func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
        try session.poll(timeout: timeout) { event in
            switch event {
            case .added(let path, let description):
                let id = DeviceID(rawValue: nextIdentifier)
                nextIdentifier += 1
                identifiers[path] = id
                output.append(.added(DeviceInstance(id: id, name: description.name, source: path), description))
            case .removed(let path):
                if let id = identifiers.removeValue(forKey: path) { output.append(.removed(id)) }
            case .failed(let error):
                report("Warning: \(error)")
            case .frame(let path, let frame), .synchronized(let path, let frame):
                if let id = identifiers[path] { output.append(.frame(id, frame)) }
            }
        }
    }

    public func close() { session.stop() }
}
