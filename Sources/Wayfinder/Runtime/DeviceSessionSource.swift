import EventModel
import Foundation
public import InputDevices
import InputEvents

/// Which attached devices a live source opens: all of them, or those named by node or by name.
///
/// ```swift
/// let selection = DeviceSelection(["/dev/input/event5", "Logitech USB Receiver Mouse"])
/// selection.contains(node: "/dev/input/event5", name: nil)  // true
/// ```
public struct DeviceSelection: Hashable, Sendable {
    /// The nodes (`/dev/input/event5`) and names (`Logitech USB Receiver Mouse`) chosen; every
    /// device when empty.
    public var patterns: [String]

    /// Every device.
    public static let all = DeviceSelection([])

    /// Creates a selection of devices named by node or by name.
    public init(_ patterns: [String]) { self.patterns = patterns }

    /// Whether every device is selected.
    public var isAll: Bool { patterns.isEmpty }

    /// Whether a device is selected: its node or its name is one of the patterns.
    /// - Parameters:
    ///   - node: The device's event node.
    ///   - name: The device's name, when known.
    public func contains(node: String, name: String?) -> Bool {
        isAll || patterns.contains(node) || name.map(patterns.contains) == true
    }

    /// Whether a pattern names a node rather than a device name.
    static func isNode(_ pattern: String) -> Bool { pattern.hasPrefix("/") }
}

/// Attached hardware as a live source: an `InputSession` of every input device (or those a
/// ``DeviceSelection`` names), with hotplug and, when asked, a clean stop on SIGINT or SIGTERM.
///
/// As a ``PollableInputSource`` it gives its descriptors to an application's own loop
/// (``LiveLoop/fileDescriptor()``, ``LiveLoop/drain()``); the signals stay the application's
/// unless `handlesStopSignals` is true.
///
/// ```swift
/// let runtime = try Runtime(scene: scene)
/// let source = try DeviceSessionSource(grabs: false) { warning in print(warning) }
/// try LiveLoop(runtime: runtime, source: source).run()
/// ```
///
/// Its state is marked `@exclusivity(unchecked)`: only its own methods touch it, and none holds
/// an access open while calling out (the report closure is called between accesses), so the
/// dynamic checks would cost every frame for nothing.
public final class DeviceSessionSource: PollableInputSource {
    private let session: InputSession<LibevdevDeviceIO>
    @exclusivity(unchecked) private var identifiers: [String: DeviceID] = [:]
    @exclusivity(unchecked) private var nextIdentifier = 0
    private let report: (String) -> Void
    private let skipped: SkippedNodes
    /// The devices whose dropped events were reported.
    @exclusivity(unchecked) private var droppedPaths: Set<String> = []
    /// The device of the last frame and its identifier. Frames come in runs from one device, and
    /// a frame's path is the very string the session keeps for its device, so that telling it
    /// from the last one compares two pointers where a lookup in `identifiers` would hash it.
    @exclusivity(unchecked) private var lastFrameDevice: (path: String, id: DeviceID?)?
    /// The buffers frames of one wake-up are copied into, reused from wake-up to wake-up. A frame
    /// the session hands out shares one of its device's two buffers, which the device empties for
    /// the frame after next (see `FrameAssembler`): kept until the loop feeds it, a frame followed
    /// by two more from its device would make the device allocate a buffer. So when a device's
    /// second frame of a wake-up arrives, the first is copied here, and so on; the last frame of
    /// each device (nearly always its only one) goes to the loop as the session handed it. Once
    /// the loop has fed the frames and let go of them, every buffer here is unshared again, and
    /// refilling it allocates nothing.
    @exclusivity(unchecked) private var frameBuffers: [[InputEvent]] = []
    /// How many of `frameBuffers` hold frames of the current wake-up.
    @exclusivity(unchecked) private var usedFrameBuffers = 0
    /// Where in the output the last frame of this wake-up is, not copied, and its device's path.
    @exclusivity(unchecked) private var uncopiedFrame: (index: Int, path: String)?

    /// The nodes the opener turned away because the selection does not name them: their
    /// `failed` reports are not warnings.
    private final class SkippedNodes {
        var paths: Set<String> = []
    }

    /// Opens the attached input devices a selection names.
    /// - Parameters:
    ///   - grabs: Whether to take every device exclusively (other programs see no input).
    ///   - selection: Which devices to open, now and when plugged in later; every one by default.
    ///     A device is chosen by its node or by its name (read from sysfs without opening it, or
    ///     else from the device).
    ///   - handlesStopSignals: Whether SIGINT, SIGTERM, SIGHUP and SIGQUIT stop the source
    ///     (releasing grabs; ``LiveLoop`` then returns) instead of being left to the application.
    ///   - report: Called with warnings for people: a device that cannot be opened, hotplug off.
    /// - Throws: `DeviceError` when the devices cannot be listed or the signals set up.
    public init(
        grabs: Bool,
        selection: DeviceSelection = .all,
        handlesStopSignals: Bool = false,
        report: @escaping (String) -> Void
    ) throws(DeviceError) {
        let nodes = try DeviceDiscovery.attachedDevices()
        attachedCount = nodes.count
        let skipped = SkippedNodes()
        session = try InputSession(
            nodes: nodes, grabs: grabs, watchesHotplug: true, handlesStopSignals: handlesStopSignals
        ) {
            node throws(DeviceError) in
            // Decided before opening when the node or its sysfs name says; grabbing happens after.
            let knownName = Self.systemName(of: node)
            if !selection.isAll, knownName != nil, !selection.contains(node: node.path, name: knownName) {
                skipped.paths.insert(node.path)
                throw DeviceError(.open, errno: .noDevice, path: node.path)
            }
            let device = try InputDevice(opening: node.path, udevProperties: node.udevProperties)
            if !selection.contains(node: node.path, name: device.description.name) {
                skipped.paths.insert(node.path)
                throw DeviceError(.open, errno: .noDevice, path: node.path)
            }
            return device
        }
        self.skipped = skipped
        self.report = report
        if let error = session.hotplugError { report("Warning: devices plugged in later are not seen: \(error)") }
    }

    /// The number of event nodes attached when the source was created, opened or not.
    public let attachedCount: Int

    /// The number of devices open now.
    public var deviceCount: Int { session.devicePaths.count }

    /// The device's name as sysfs has it (`/sys/class/input/eventN/device/name`), readable without
    /// opening the node; nil when sysfs does not say.
    static func systemName(of node: DeviceNode) -> String? {
        let directory =
            node.systemPath ?? "/sys/class/input/" + URL(fileURLWithPath: node.path).lastPathComponent
        guard let text = try? String(contentsOfFile: directory + "/device/name", encoding: .utf8) else { return nil }
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// Served in every wait for the devices, with their descriptors and timeouts: the
    /// accessibility bus's connection (``AccessibleScene``), for one.
    /// (Unchecked for exclusivity as the rest: read once per wake-up, set between them.)
    @exclusivity(unchecked) public var participants: [any PollParticipant] = []

    public func appendPollRequests(to requests: inout [PollRequest]) {
        session.appendPollRequests(to: &requests)
        for participant in participants { participant.appendPollRequests(to: &requests) }
    }

    public var pollTimeout: Duration? {
        if session.hasPendingEvents { return .zero }
        var limit: Duration?
        for participant in participants {
            if let own = participant.pollTimeout { limit = min(limit ?? own, own) }
        }
        return limit
    }

    public func poll(timeout: Duration?, into output: inout [LiveInput]) throws -> Bool {
        usedFrameBuffers = 0
        uncopiedFrame = nil
        return try session.poll(timeout: timeout, participants: participants) { event in
            switch event {
            case .added(let path, let description):
                let id = DeviceID(rawValue: nextIdentifier)
                nextIdentifier += 1
                identifiers[path] = id
                lastFrameDevice = nil
                output.append(.added(DeviceInstance(id: id, name: description.name, source: path), description))
            case .removed(let path):
                droppedPaths.remove(path)
                lastFrameDevice = nil
                if let id = identifiers.removeValue(forKey: path) { output.append(.removed(id)) }
            case .failed(let error):
                if skipped.paths.contains(error.path) { break }
                report("Warning: \(error)")
            case .frame(let path, let frame):
                if let id = identifier(of: path) { append(frame, of: id, path: path, to: &output) }
            case .synchronized(let path, let frame):
                // The kernel's buffer overflowed: input was lost, and the frame brings the state
                // up to date.
                warnOfDroppedEvents(path)
                if let id = identifier(of: path) { append(frame, of: id, path: path, to: &output) }
            case .dropped(let path):
                // Lost input that left no state behind: nothing to bring up to date.
                warnOfDroppedEvents(path)
            }
        }
    }

    /// The identifier of the open device at `path`.
    private func identifier(of path: String) -> DeviceID? {
        if let last = lastFrameDevice, last.path == path { return last.id }
        let id = identifiers[path]
        lastFrameDevice = (path, id)
        return id
    }

    /// Appends a frame as the session handed it, first copying the device's previous frame of
    /// this wake-up, if it is the one before, into a buffer of this source's (see `frameBuffers`).
    private func append(_ frame: EventFrame, of id: DeviceID, path: String, to output: inout [LiveInput]) {
        if let previous = uncopiedFrame, previous.path == path, previous.index < output.count,
            case .frame(let previousID, let previousFrame) = output[previous.index]
        {
            output[previous.index] = .frame(previousID, kept(previousFrame))
        }
        output.append(.frame(id, frame))
        uncopiedFrame = (output.count - 1, path)
    }

    /// The frame in a buffer of this source's (see `frameBuffers`), leaving the device's own
    /// buffer free for its frame after next.
    private func kept(_ frame: EventFrame) -> EventFrame {
        if usedFrameBuffers == frameBuffers.count {
            frameBuffers.append([])
            frameBuffers[usedFrameBuffers].reserveCapacity(FrameAssembler.reservedFrameCapacity)
        }
        let index = usedFrameBuffers
        usedFrameBuffers += 1
        frameBuffers[index].removeAllKeepingCapacity()
        frameBuffers[index].append(contentsOf: frame.events)
        return EventFrame(events: frameBuffers[index])
    }

    /// Says once per device, so that a flood does not flood the messages, that input was lost.
    private func warnOfDroppedEvents(_ path: String) {
        guard droppedPaths.insert(path).inserted else { return }
        report(
            "Warning: \(path): the kernel dropped events (SYN_DROPPED), so some input was lost; "
                + "the device's state was read again")
    }

    public func close() { session.stop() }
}
