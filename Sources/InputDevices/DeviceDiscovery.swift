internal import CUdev
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// An input event node as udev (or the file system) lists it.
public struct DeviceNode: Hashable, Sendable {
    /// The node, e.g. `/dev/input/event3`.
    public var path: String
    /// The device's directory in sysfs, when udev knows it.
    public var systemPath: String?
    /// udev's properties (`ID_INPUT_TOUCHPAD=1`, `ID_INPUT_WIDTH_MM=…`); empty without udev.
    public var udevProperties: [String: String]

    /// Creates a node.
    public init(path: String, systemPath: String? = nil, udevProperties: [String: String] = [:]) {
        self.path = path
        self.systemPath = systemPath
        self.udevProperties = udevProperties
    }

    /// The number in `eventN`, for ordering; nil for other names.
    public var eventNumber: Int? {
        guard let range = path.range(of: "/event", options: .backwards) else { return nil }
        return Int(path[range.upperBound...])
    }

    /// Whether the path names an evdev event node (`/dev/input/eventN`).
    public static func isEventNode(_ path: String) -> Bool {
        path.hasPrefix("/dev/input/event") && Int(path.dropFirst("/dev/input/event".count)) != nil
    }
}

/// Lists the input event nodes attached to the machine.
public enum DeviceDiscovery {
    /// Returns the attached event nodes in number order, with their udev properties.
    ///
    /// Asks udev first; when udev lists nothing (no udev database, as in many containers), falls
    /// back to the `eventN` files in `directory`, without properties.
    /// - Parameter directory: Where event nodes live.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/enumerate`` when udev cannot be
    ///   asked at all.
    public static func attachedDevices(directory: String = "/dev/input") throws(DeviceError) -> [DeviceNode] {
        var nodes = try udevNodes()
        if nodes.isEmpty {
            nodes = fileSystemNodes(in: directory)
        }
        return nodes.sorted { ($0.eventNumber ?? Int.max, $0.path) < ($1.eventNumber ?? Int.max, $1.path) }
    }

    /// Returns the `eventN` nodes in a directory, without udev properties.
    static func fileSystemNodes(in directory: String) -> [DeviceNode] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.filter { $0.hasPrefix("event") && Int($0.dropFirst(5)) != nil }
            .map { DeviceNode(path: directory + "/" + $0) }
    }

    private static func udevNodes() throws(DeviceError) -> [DeviceNode] {
        guard let udev = udev_new() else { throw DeviceError(.enumerate, errno: .current, path: "input") }
        defer { udev_unref(udev) }
        guard let enumerate = udev_enumerate_new(udev) else {
            throw DeviceError(.enumerate, errno: .current, path: "input")
        }
        defer { udev_enumerate_unref(enumerate) }
        udev_enumerate_add_match_subsystem(enumerate, "input")
        let status = udev_enumerate_scan_devices(enumerate)
        guard status >= 0 else { throw DeviceError(.enumerate, errno: Errno(rawValue: -status), path: "input") }
        var nodes: [DeviceNode] = []
        var entry = udev_enumerate_get_list_entry(enumerate)
        while let current = entry {
            defer { entry = udev_list_entry_get_next(current) }
            guard let systemPath = udev_list_entry_get_name(current),
                let device = udev_device_new_from_syspath(udev, systemPath)
            else { continue }
            defer { udev_device_unref(device) }
            if let node = DeviceNode(udevDevice: device) { nodes.append(node) }
        }
        return nodes
    }
}

extension DeviceNode {
    /// Creates a node from a udev device, or nil when it is not an event node.
    init?(udevDevice device: OpaquePointer) {
        guard let pathPointer = udev_device_get_devnode(device) else { return nil }
        let path = String(cString: pathPointer)
        guard Self.isEventNode(path) else { return nil }
        var properties: [String: String] = [:]
        var entry = udev_device_get_properties_list_entry(device)
        while let current = entry {
            if let name = udev_list_entry_get_name(current) {
                properties[String(cString: name)] = udev_list_entry_get_value(current).map { String(cString: $0) } ?? ""
            }
            entry = udev_list_entry_get_next(current)
        }
        self.init(
            path: path,
            systemPath: udev_device_get_syspath(device).map { String(cString: $0) },
            udevProperties: properties
        )
    }
}


/// Watches udev for input event nodes being added and removed.
///
/// Poll the descriptor lent by ``withFileDescriptor(_:)`` and call ``nextChange()`` when it is
/// readable.
public struct DeviceMonitor: ~Copyable {
    /// An event node being added or removed, as udev reports it (the stream's device lines are
    /// EventModel's `DeviceChange`).
    public enum Change: Hashable, Sendable {
        /// A node appeared.
        case added(DeviceNode)
        /// A node went away.
        case removed(path: String)
    }

    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// Starts watching.
    /// - Throws: ``DeviceError`` with ``DeviceError/Operation/monitor`` when udev's netlink
    ///   socket cannot be opened (for example inside a container without udev).
    public init() throws(DeviceError) {
        guard let udev = udev_new() else { throw DeviceError(.monitor, errno: .current, path: "input") }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            let errno = Errno.current
            udev_unref(udev)
            throw DeviceError(.monitor, errno: errno, path: "input")
        }
        udev_monitor_filter_add_match_subsystem_devtype(monitor, "input", nil)
        let status = udev_monitor_enable_receiving(monitor)
        guard status >= 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw DeviceError(.monitor, errno: Errno(rawValue: -status), path: "input")
        }
        let descriptor = udev_monitor_get_fd(monitor)
        let flags = fcntl(descriptor, F_GETFL)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) }
        self.udev = udev
        self.monitor = monitor
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Returns the next change to an event node, or nil when none is waiting.
    public func nextChange() -> Change? {
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? ""
            switch action {
            case "add":
                if let node = DeviceNode(udevDevice: device) { return .added(node) }
            case "remove":
                if let path = udev_device_get_devnode(device).map({ String(cString: $0) }), DeviceNode.isEventNode(path)
                {
                    return .removed(path: path)
                }
            default:
                continue
            }
        }
        return nil
    }

    /// Calls a closure with the monitor's descriptor, for polling. Do not close or read it.
    public func withFileDescriptor<Result, Failure: Error>(
        _ body: (FileDescriptor) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try body(FileDescriptor(rawValue: udev_monitor_get_fd(monitor)))
    }
}
