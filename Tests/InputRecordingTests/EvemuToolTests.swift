import Foundation
import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

/// What we write must be readable by evemu itself. These read our evemu output with libevemu's
/// own reader (`evemu_read`, `evemu_read_event`, the code behind evemu-play and evemu-device)
/// through Python's ctypes, and compare every event. Skipped where libevemu is not installed.
@Suite struct EvemuToolTests {
    static let python = "/usr/bin/python3"
    static let library = "/usr/lib/x86_64-linux-gnu/libevemu.so.3"
    static var available: Bool {
        FileManager.default.isExecutableFile(atPath: python) && FileManager.default.fileExists(atPath: library)
    }

    /// Prints the device name, then one line per event: seconds, microseconds, type, code, value.
    static let reader = """
        import ctypes, sys
        libc = ctypes.CDLL("libc.so.6")
        libc.fopen.restype = ctypes.c_void_p
        libc.fopen.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
        evemu = ctypes.CDLL(sys.argv[1])
        evemu.evemu_new.restype = ctypes.c_void_p
        evemu.evemu_new.argtypes = [ctypes.c_char_p]
        evemu.evemu_read.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        evemu.evemu_get_name.restype = ctypes.c_char_p
        evemu.evemu_get_name.argtypes = [ctypes.c_void_p]
        evemu.evemu_read_event.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
        class Event(ctypes.Structure):
            _fields_ = [("sec", ctypes.c_long), ("usec", ctypes.c_long), ("type", ctypes.c_ushort),
                        ("code", ctypes.c_ushort), ("value", ctypes.c_int)]
        file = libc.fopen(sys.argv[2].encode(), b"r")
        device = evemu.evemu_new(None)
        if evemu.evemu_read(device, file) <= 0:
            sys.exit("evemu_read refused the description")
        print(evemu.evemu_get_name(device).decode())
        event = Event()
        while evemu.evemu_read_event(file, ctypes.byref(event)) > 0:
            print(event.sec, event.usec, event.type, event.code, event.value)
        """

    @Test(.enabled(if: available), arguments: BundledRecording.all)
    func libevemuReadsWhatWeWrite(_ bundled: BundledRecording) throws {
        let recording = try bundled.load()
        let device = try #require(recording.devices.first)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-\(UUID().uuidString).evemu")
        try recording.write(to: url, format: .evemu)
        defer { try? FileManager.default.removeItem(at: url) }

        let (status, output) = try runToCompletion(Self.python, ["-c", Self.reader, Self.library, url.path])
        let lines = output.split(separator: "\n").map(String.init)
        #expect(status == 0, "\(lines.suffix(5))")
        #expect(lines.first == device.description.name)

        // evemu-record's time base: the first event at 0.000001.
        let expected = device.frames.flatMap(\.events).map { event in
            let time = event.time + .microseconds(1)
            return
                "\(time.wholeSeconds) \(time.microsecondsOfSecond) \(event.type.rawValue) \(event.code) \(event.value)"
        }
        #expect(Array(lines.dropFirst()) == expected)
    }
}
