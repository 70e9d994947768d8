public import InputEvents

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Something that happened on the devices of an ``InputSession``.
public enum SessionEvent: Hashable, Sendable {
    /// A device was opened: at the start, or when it was plugged in.
    case added(path: String, description: DeviceDescription)
    /// A device went away; its handle is closed.
    case removed(path: String)
    /// A device could not be opened or read (it stays out of the session).
    case failed(DeviceError)
    /// A frame a device sent.
    case frame(path: String, EventFrame)
    /// A frame made up after the kernel dropped events, bringing the device's state up to date.
    case synchronized(path: String, EventFrame)
    /// The kernel dropped events of the device at `path` that changed none of its state: some
    /// input (motion, wheel turns, a press with its release) is lost, and no frame follows.
    case dropped(path: String)
}

/// Several open devices read together in one event loop: frames as they arrive, devices added
/// and removed while it runs (with a ``DeviceMonitor``), and a clean stop on SIGINT or SIGTERM
/// that releases every grab.
///
/// ```swift
/// let session = try InputSession(nodes: try DeviceDiscovery.attachedDevices(), grabs: true)
/// while try session.poll(timeout: nextDeadline.map { $0 - now }, { event in … }) {}
/// // stopped by Ctrl-C: grabs released, devices closed
/// ```
///
/// Nothing here reads a clock: a timeout is the caller's, computed from its own deadlines.
///
/// The state a wake-up touches is marked `@exclusivity(unchecked)`: only the session's own
/// methods touch it, and none holds an access open while calling out (the handler is called
/// between accesses, and a device is read again by index after it returns), so the dynamic
/// exclusivity checks cost a live frame a few hundred instructions for nothing.
public final class InputSession<IO: EventDeviceIO & ~Copyable> {
    /// Opens a device node.
    public typealias Opener = (DeviceNode) throws(DeviceError) -> DeviceHandle<IO>

    /// An open device in the session.
    private final class OpenDevice {
        @exclusivity(unchecked) var handle: DeviceHandle<IO>
        /// Whether the device went away or failed while being read: it leaves the session after
        /// the wake-up.
        @exclusivity(unchecked) var isGone = false
        init(_ handle: consuming DeviceHandle<IO>) { self.handle = handle }
    }

    private let open: Opener
    private let grabs: Bool
    @exclusivity(unchecked) private var devices: [OpenDevice] = []
    @exclusivity(unchecked) private var pendingEvents: [SessionEvent] = []
    /// What a wait polls: every device's descriptor in the order of `devices`, then the hotplug
    /// monitor's and the stop signals'. Kept from wait to wait and rebuilt only when devices come
    /// and go, so that a wake-up allocates nothing.
    @exclusivity(unchecked) private var entries: [pollfd] = []
    /// The participants' side of a wait, kept from wait to wait for the same reason.
    @exclusivity(unchecked) private var participantScratch = Readiness.ParticipantScratch()
    /// Whether `entries` no longer matches `devices`.
    @exclusivity(unchecked) private var areEntriesStale = true
    private let monitor: DeviceMonitor?
    private let stopSignals: StopSignals?
    /// The signal that stopped the session, once one has.
    @exclusivity(unchecked) public private(set) var stopSignal: Int32?
    /// Why hotplug is off, when it was asked for and udev could not provide it.
    public let hotplugError: DeviceError?

    /// Opens devices and prepares the loop.
    /// - Parameters:
    ///   - nodes: The devices to open now. Ones that fail are reported as ``SessionEvent/failed(_:)``
    ///     by the first ``poll(timeout:participants:_:)``.
    ///   - grabs: Whether to take an exclusive grab on every device.
    ///   - watchesHotplug: Whether to open devices plugged in later (through udev).
    ///   - handlesStopSignals: Whether SIGINT and SIGTERM stop the session instead of the process.
    ///   - open: How to open a node.
    /// - Throws: ``DeviceError`` when the stop signals cannot be set up.
    public init(
        nodes: [DeviceNode],
        grabs: Bool = false,
        watchesHotplug: Bool = false,
        handlesStopSignals: Bool = true,
        open: @escaping Opener
    ) throws(DeviceError) {
        self.open = open
        self.grabs = grabs
        var hotplugError: DeviceError?
        var monitor: DeviceMonitor?
        if watchesHotplug {
            do throws(DeviceError) {
                monitor = try DeviceMonitor()
            } catch {
                hotplugError = error
            }
        }
        self.monitor = monitor
        self.hotplugError = hotplugError
        self.stopSignals = handlesStopSignals ? try StopSignals() : nil
        for node in nodes { add(node) }
    }

    /// The paths of the open devices, in the order they were opened.
    public var devicePaths: [String] { devices.map { $0.handle.path } }

    /// Whether the session has been stopped by a signal.
    public var isStopped: Bool { stopSignal != nil }

    /// Waits until something happens or the timeout passes, then reports what happened: all the
    /// frames that can be read without blocking, devices added and removed. Devices opened or
    /// failed since the last call (the first call reports the initial ones) are reported without
    /// waiting.
    /// - Parameters:
    ///   - timeout: How long to wait at most; nil waits until something happens.
    ///   - participants: Served in the same wait (``PollParticipant``): their descriptors are
    ///     waited on too, and their timeouts shorten the wait.
    ///   - handle: Called for each event, in order. A frame's storage is reused once the closure
    ///     returns, unless the closure keeps it.
    /// - Returns: false once SIGINT or SIGTERM has arrived (grabs are released then), else true.
    /// - Throws: ``DeviceError`` when waiting fails.
    // Specialized here for libevdev's devices, the live path's: other modules call it through the
    // class's generic parameter otherwise, and every wake-up then looks up the metadata of the
    // device handles and their arrays at run time.
    @_specialize(exported:true,where IO == LibevdevDeviceIO)
    @discardableResult
    public func poll(
        timeout: Duration?,
        participants: [any PollParticipant] = [],
        _ handle: (SessionEvent) -> Void
    ) throws(DeviceError) -> Bool {
        if isStopped { return false }
        // Devices opened (or not) since the last call are news enough: report them first.
        if !pendingEvents.isEmpty {
            deliverPending(handle)
            return true
        }
        if areEntriesStale { rebuildEntries() }
        try wait(timeout: timeout, participants: participants)
        let monitorIndex = devices.count
        let signalIndex = monitor == nil ? monitorIndex : monitorIndex + 1

        if stopSignals != nil, isReadable(signalIndex), let signal = stopSignals?.receivedSignal() {
            stop(signal: signal)
            return false
        }
        var isAnyGone = false
        // By index rather than over `indices`, which in this generic class is the unspecialized
        // collection method, asking for metadata on every wake-up.
        var index = 0
        while index < devices.count {
            if isReadable(index) {
                let device = devices[index]
                readAvailableFrames(of: device, handle)
                isAnyGone = isAnyGone || device.isGone
            }
            index += 1
        }
        if isAnyGone {
            devices.removeAll { $0.isGone }
            areEntriesStale = true
        }
        if monitor != nil, isReadable(monitorIndex) { applyHotplugChanges() }
        if !pendingEvents.isEmpty { deliverPending(handle) }
        return true
    }

    /// Makes `entries` the descriptors of the devices, the monitor and the stop signals.
    private func rebuildEntries() {
        entries.removeAll(keepingCapacity: true)
        for device in devices {
            entries.append(pollfd(fd: device.handle.withFileDescriptor { $0.rawValue }, events: pollIn, revents: 0))
        }
        if let descriptor = monitor?.withFileDescriptor({ $0.rawValue }) {
            entries.append(pollfd(fd: descriptor, events: pollIn, revents: 0))
        }
        if let descriptor = stopSignals?.withFileDescriptor({ $0.rawValue }) {
            entries.append(pollfd(fd: descriptor, events: pollIn, revents: 0))
        }
        areEntriesStale = false
    }

    /// Waits on `entries`, leaving what happened in their `revents`; with participants, in the
    /// same `poll(2)` as theirs.
    private func wait(timeout: Duration?, participants: [any PollParticipant]) throws(DeviceError) {
        try Readiness.wait(
            &entries, ownCount: entries.count, timeout: timeout, participants: participants,
            scratch: &participantScratch)
    }

    /// Whether the descriptor of `entries[index]` is readable (or has hung up) after the wait.
    private func isReadable(_ index: Int) -> Bool {
        index < entries.count && Readiness.isReadable(entries[index])
    }

    /// Appends the descriptors the session waits on, each for reading: every open device's, the
    /// hotplug monitor's and the stop signals' (when the session handles them). For an
    /// application's own loop (epoll, GLib, Dispatch): wait on these, then call
    /// ``poll(timeout:participants:_:)`` with a zero timeout, which reads what is ready without
    /// blocking. The set changes when devices come and go: append them again after each poll.
    ///
    /// Devices opened or failed since the last poll are reported without any descriptor being
    /// ready: ``hasPendingEvents`` says so, and the loop should poll without waiting.
    public func appendPollRequests(to requests: inout [PollRequest]) {
        for device in devices {
            requests.append(PollRequest(descriptor: device.handle.withFileDescriptor { $0.rawValue }, events: pollIn))
        }
        if let descriptor = monitor?.withFileDescriptor({ $0.rawValue }) {
            requests.append(PollRequest(descriptor: descriptor, events: pollIn))
        }
        if let descriptor = stopSignals?.withFileDescriptor({ $0.rawValue }) {
            requests.append(PollRequest(descriptor: descriptor, events: pollIn))
        }
    }

    /// Whether devices opened (or not) since the last poll are waiting to be reported: the next
    /// ``poll(timeout:participants:_:)`` returns them at once.
    public var hasPendingEvents: Bool { !pendingEvents.isEmpty }

    private var pollIn: Int16 { Int16(POLLIN) }

    /// Releases every grab and closes every device, as a stop signal does.
    public func stop(signal: Int32 = 0) {
        stopSignal = signal
        for device in devices {
            try? device.handle.releaseGrab()
        }
        devices.removeAll()
        areEntriesStale = true
    }

    private func readAvailableFrames(of device: OpenDevice, _ handle: (SessionEvent) -> Void) {
        let path = device.handle.path
        while true {
            do throws(DeviceError) {
                switch try device.handle.readFrame() {
                case .frame(let frame): handle(.frame(path: path, frame))
                case .synchronized(let frame): handle(.synchronized(path: path, frame))
                case .lost: handle(.dropped(path: path))
                case .wouldBlock: return
                case .removed:
                    device.isGone = true
                    handle(.removed(path: path))
                    return
                }
            } catch {
                device.isGone = true
                handle(.failed(error))
                return
            }
        }
    }

    private func applyHotplugChanges() {
        while let change = monitor?.nextChange() {
            switch change {
            case .added(let node):
                if !devicePaths.contains(node.path) { add(node) }
            case .removed(let path):
                if devicePaths.contains(path) {
                    devices.removeAll { $0.handle.path == path }
                    areEntriesStale = true
                    pendingEvents.append(.removed(path: path))
                }
            }
        }
    }

    private func add(_ node: DeviceNode) {
        do throws(DeviceError) {
            var handle = try open(node)
            if grabs { try handle.grab() }
            let description = handle.description
            devices.append(OpenDevice(handle))
            areEntriesStale = true
            pendingEvents.append(.added(path: node.path, description: description))
        } catch {
            pendingEvents.append(.failed(error))
        }
    }

    private func deliverPending(_ handle: (SessionEvent) -> Void) {
        let events = pendingEvents
        pendingEvents.removeAll()
        for event in events { handle(event) }
    }
}

extension InputSession where IO == LibevdevDeviceIO {
    /// Creates a session over real event nodes, opened through libevdev with their udev
    /// properties.
    public convenience init(
        nodes: [DeviceNode],
        grabs: Bool = false,
        watchesHotplug: Bool = false,
        handlesStopSignals: Bool = true
    ) throws(DeviceError) {
        try self.init(
            nodes: nodes,
            grabs: grabs,
            watchesHotplug: watchesHotplug,
            handlesStopSignals: handlesStopSignals
        ) { node throws(DeviceError) in
            try InputDevice(opening: node.path, udevProperties: node.udevProperties)
        }
    }
}
