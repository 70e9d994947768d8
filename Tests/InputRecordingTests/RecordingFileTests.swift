import InputEvents
import InputRecording
import Testing
import WayfinderTestSupport

/// The streaming reader: descriptions up front, each device's frames one at a time, several
/// devices merged by time, and problems among the events after the frames before them.
@Suite struct RecordingFileTests {
    private static func frames(of file: RecordingFile, device: Int) throws -> [EventFrame] {
        var iterator = try file.makeFrameIterator(device: device)
        var frames: [EventFrame] = []
        while let frame = try iterator.next() { frames.append(frame) }
        return frames
    }

    /// What an iterator returns before it throws, and what it throws.
    private static func framesThenError(_ text: String, device: Int = 0) throws -> ([EventFrame], RecordingError?) {
        let file = try RecordingFile(bytes: Array(text.utf8), name: "stream")
        var iterator = try file.makeFrameIterator(device: device)
        var frames: [EventFrame] = []
        do {
            while let frame = try iterator.next() { frames.append(frame) }
            return (frames, nil)
        } catch {
            return (frames, error)
        }
    }

    /// The start of a libinput record file of one device, up to its events.
    static let oneDevice = """
        version: 1
        ndevices: 1
        devices:
        - evdev: {name: "A", id: [3, 1, 2, 3], codes: {0: [0], 2: [0]}}

        """

    /// One frame: `REL_X` 1 at time zero.
    static let oneMotion = [
        EventFrame(events: [event(0, .relative, 0, 1), event(0, .synchronization, 0, 0)])
    ]

    private static func event(_ microseconds: Int64, _ type: EventType, _ code: UInt16, _ value: Int32) -> InputEvent {
        InputEvent(time: Timestamp(microseconds: microseconds), type: type, code: code, value: value)
    }

    @Test(arguments: BundledRecording.all)
    func streamsTheFramesLoadReads(_ bundled: BundledRecording) throws {
        let file = try RecordingFile(path: bundled.url.path, descriptionPath: bundled.descriptionURL?.path)
        let recording = try bundled.load()
        #expect(file.format == .evemu)
        #expect(file.devices.map(\.description) == recording.devices.map(\.description))
        #expect(try Self.frames(of: file, device: 0) == recording.devices[0].frames)
    }

    @Test func readsEachDeviceOfALibinputRecordOnItsOwn() throws {
        let file = try RecordingFile(path: Fixtures.testFixture("recordings/two-devices.libinput.yml").path)
        #expect(file.format == .libinputRecord)
        #expect(file.devices.map(\.description.name) == ["Test Keyboard", "Test Touchpad"])
        #expect(file.devices.map(\.node) == ["/dev/input/event4", "/dev/input/event7"])
        // The touchpad's first event (5.050000) is the recording's first: the time base.
        #expect(try Self.frames(of: file, device: 1).map(\.time) == [.zero, Timestamp(microseconds: 150_000)])
        #expect(
            try Self.frames(of: file, device: 0)
                == [
                    EventFrame(events: [
                        Self.event(50_000, .miscellaneous, 4, 458_758), Self.event(50_000, .key, 46, 1),
                        Self.event(50_000, .synchronization, 0, 0),
                    ]),
                    EventFrame(events: [Self.event(130_000, .key, 46, 0), Self.event(130_000, .synchronization, 0, 0)]),
                ])
    }

    /// Two iterators over one device each keep their own place.
    @Test func iteratorsAreIndependent() throws {
        let file = try RecordingFile(path: Fixtures.testFixture("recordings/two-devices.libinput.yml").path)
        var first = try file.makeFrameIterator(device: 0)
        var second = try file.makeFrameIterator(device: 0)
        let a = try first.next()?.time
        let b = try first.next()?.time
        let c = try second.next()?.time
        let end = try first.next()
        #expect(
            [a, b, c] == [
                Timestamp(microseconds: 50_000), Timestamp(microseconds: 130_000), Timestamp(microseconds: 50_000),
            ])
        #expect(end == nil)
    }

    /// A bad line among the events: the frames before it, then the error with its line.
    @Test func returnsTheFramesBeforeAProblem() throws {
        let text = """
            # EVEMU 1.3
            N: Pad
            I: 0003 0001 0002 0003
            B: 02 03 00 00 00 00 00 00 00
            E: 0.000001 0002 0000 0001
            E: 0.000001 0000 0000 0000
            E: 0.000002 0002 0000 zz
            """
        let (frames, error) = try Self.framesThenError(text)
        #expect(frames == Self.oneMotion)
        #expect(
            error
                == RecordingError(
                    file: "stream", line: 7, column: 23,
                    reason: .malformed(expected: "a 32-bit decimal event value", found: "zz")))
    }

    /// `ndevices` says one but two are listed: the opening pass stops at the first device's
    /// events, so the first device's iterator finds the second at the end of its frames.
    @Test func findsDevicesBeyondNdevicesAtTheEndOfTheLast() throws {
        let text =
            Self.oneDevice + """
                  events:
                  - evdev:
                    - [0, 10, 2, 0, 1]
                    - [0, 10, 0, 0, 0]
                - evdev: {name: "B", id: [3, 1, 2, 3], codes: {0: [0]}}
                """
        let file = try RecordingFile(bytes: Array(text.utf8), name: "stream")
        #expect(file.devices.map(\.description.name) == ["A"])
        let (frames, error) = try Self.framesThenError(text)
        #expect(frames == Self.oneMotion)
        #expect(
            error
                == RecordingError(
                    file: "stream", line: 2, column: 11, reason: .deviceCountMismatch(declared: 1, found: 2)))
    }

    @Test func refusesADescriptionAfterTheEvents() throws {
        let text =
            Self.oneDevice + """
                  events: []
                  udev: {properties: ["ID_INPUT_MOUSE=1"]}
                """
        let (frames, error) = try Self.framesThenError(text)
        #expect(frames == [])
        #expect(
            error
                == RecordingError(
                    file: "stream", line: 6, column: 3,
                    reason: .misplaced(
                        "devices[0].udev after devices[0].events; a recording describes each device before its events"))
        )
    }

    /// hid and libinput entries and unknown keys in an entry are passed over.
    @Test func readsOnlyEvdevEntries() throws {
        let text =
            Self.oneDevice + """
                  events:
                  - hid: {time: [0, 5], hidraw0: [1, 2]}
                  - libinput: [{type: POINTER_MOTION, time: 0.1, delta: [1.0, [2.0]]}]
                  - evdev: [[0, 20, 2, 0, -4], [0, 20, 0, 0, 0]]
                    later: {deep: [[[1]]]}
                """
        let (frames, error) = try Self.framesThenError(text)
        #expect(
            frames == [EventFrame(events: [Self.event(0, .relative, 0, -4), Self.event(0, .synchronization, 0, 0)])])
        #expect(error == nil)
    }
}
