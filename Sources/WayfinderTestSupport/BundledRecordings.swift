public import Foundation
public import InputEvents
public import InputRecording

/// One bundled real recording, with what its source says it holds (see the recordings'
/// `SOURCES.md`): how many frames, how long, and what kind of device.
public struct BundledRecording: Sendable, CustomStringConvertible {
    /// The events (or whole evemu) file, relative to the recordings directory.
    public var path: String
    /// The separate description file, for old evemu logs, relative to the recordings directory.
    public var descriptionPath: String?
    /// The number of frames (`SYN_REPORT`s) the file holds.
    public var frameCount: Int
    /// The time from the first to the last event, in seconds, to the precision SOURCES.md gives.
    public var approximateDuration: Double
    /// The device's kind.
    public var kind: DeviceKind

    /// The file's URL.
    public var url: URL { Fixtures.recording(path) }
    /// The description file's URL, if separate.
    public var descriptionURL: URL? { descriptionPath.map(Fixtures.recording) }

    /// Loads the recording.
    public func load() throws(RecordingError) -> Recording {
        try Recording.load(contentsOf: url, descriptionURL: descriptionURL)
    }

    /// The file name, for test output.
    public var description: String { (path as NSString).lastPathComponent }

    /// Every bundled recording.
    public static let all: [BundledRecording] = [
        .init(
            "touchpad/xit_synaptics-clickpad.two-finger-scroll-down.events",
            desc: "touchpad/xit_synaptics-clickpad.desc", 43, 1.35, .clickpad),
        .init(
            "touchpad/xit_synaptics-clickpad.two-finger-scroll-up.events", desc: "touchpad/xit_synaptics-clickpad.desc",
            32, 0.94, .clickpad),
        .init(
            "touchpad/xit_synaptics-clickpad.right-phys-click.events", desc: "touchpad/xit_synaptics-clickpad.desc", 29,
            0.45, .clickpad),
        .init(
            "touchpad/xit_synaptics-clickpad.left-phys-click.events", desc: "touchpad/xit_synaptics-clickpad.desc", 51,
            0.74, .clickpad),
        .init(
            "touchpad/xit_synaptics-clickpad.tap.events", desc: "touchpad/xit_synaptics-clickpad.desc", 52, 2.03,
            .clickpad),
        .init(
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-vertical.events",
            desc: "touchpad/evemu-devices_synaptics-hp8470p.desc", 117, 1.65, .touchpad),
        .init(
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-horizontal.events",
            desc: "touchpad/evemu-devices_synaptics-hp8470p.desc", 150, 2.81, .touchpad),
        .init("touchpad/evemu-devices_alps-glidepoint.single-tap.evemu", 8, 0.07, .touchpad),
        .init("touchpad/evemu-devices_alps-glidepoint.double-tap.evemu", 15, 0.22, .touchpad),
        .init("touchpad/evemu-devices_alps-glidepoint.2-finger-tap.evemu", 13, 0.22, .touchpad),
        .init("touchpad/evemu-devices_cypress-clickpad.two-finger-press.evemu", 37, 0.57, .clickpad),
        .init("touchpad/evemu-devices_bcm5974-apple.three-finger-click.evemu", 150, 2.26, .clickpad),
        .init("mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu", 406, 9.7, .mouse),
        .init(
            "mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll.events",
            desc: "mouse/evemu-devices_ibm-scrollpoint-mo18b.desc", 67, 6.6, .mouse),
        .init(
            "mouse/evemu-devices_saitek-rat5.events", desc: "mouse/evemu-devices_saitek-rat5.desc", 803, 14.7, .mouse),
        .init("keyboard/evemu-devices_logitech-k400-plus.evemu", 6, 11.6, .keyboard),
        .init("keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard.evemu", 3, -1, .keyboard),
        .init("keyboard/evemu-devices_microsoft-surface-type-cover.evemu", 25, 10.6, .keyboard),
        .init("touchscreen/evemu-devices_atmel-maxtouch.1-finger-fast-taps.evemu", 18, 1.9, .touchscreen),
        .init("touchscreen/evemu-devices_atmel-maxtouch.1-finger-drag-up-down.evemu", 150, 2.2, .touchscreen),
    ]

    /// Loads the single device of the bundled recording whose path ends with `suffix`.
    /// - Throws: `RecordingError` when no bundled recording matches or it does not parse.
    public static func loadDevice(_ suffix: String) throws(RecordingError) -> RecordedDevice {
        guard let bundled = named(suffix) else {
            throw RecordingError(file: suffix, reason: .missing("a bundled recording whose path ends with \(suffix)"))
        }
        guard let device = try bundled.load().devices.first else {
            throw RecordingError(file: bundled.path, reason: .missing("a device"))
        }
        return device
    }

    /// Looks a recording up by the end of its path (`"saitek-rat5.events"`).
    public static func named(_ suffix: String) -> BundledRecording? { all.first { $0.path.hasSuffix(suffix) } }

    init(_ path: String, desc: String? = nil, _ frames: Int, _ duration: Double, _ kind: DeviceKind) {
        self.path = path
        self.descriptionPath = desc
        self.frameCount = frames
        self.approximateDuration = duration
        self.kind = kind
    }
}
