import Classification
import EventModel
import Foundation
import InputEvents
import InputRecording
import WayfinderTestSupport

/// Replays one bundled recording through a `DeviceTranslator` in an endless loop, one frame per
/// operation, each pass of the recording shifted later in time so that time only moves forward.
final class ClassificationLoop {
    /// The pause between two passes: longer than every deadline (long press, scroll end), so that
    /// each pass starts from a resting device.
    static let gapBetweenPasses: Duration = .seconds(2)

    // The loop's own state is unchecked for exclusive access and its offset kept in whole
    // microseconds: the harness runs on one thread, and a dynamic access check per property or a
    // `Duration` conversion (a 128-bit division) per frame would be measured as classification.
    //
    // The frames are read from memory the loop owns rather than from an array, which cost about
    // 50 instructions more per frame (retaining the array, checking the index), and their times
    // are read once: `EventFrame.time` is a call into `InputEvents` per frame. Both are the
    // loop's costs, not the classifier's. For the same reason a frame is moved out of its slot
    // for its call and moved back after, as a caller that owns its frame passes it: the runtime
    // hands the classifier the frame it was given, borrowed, where copying it out of the slot
    // retained and released its events once per frame (about 45 instructions).
    //
    // The output is cleared with `removeAllKeepingCapacity()`, as the runtime clears its buffer.
    @exclusivity(unchecked) private var translator: DeviceTranslator
    private let frames: UnsafeMutableBufferPointer<EventFrame>
    private let times: [Int64]
    private let passMicroseconds: Int64
    @exclusivity(unchecked) private var output: [ClassifiedInput] = []
    @exclusivity(unchecked) private var index = 0
    @exclusivity(unchecked) private var offsetMicroseconds: Int64 = 0
    /// Classified inputs produced so far, so that the work cannot be optimised away.
    @exclusivity(unchecked) private(set) var produced = 0

    init(recording: Recording) throws {
        guard let device = recording.devices.first, let first = device.frames.first else {
            throw BenchmarkError(description: "the recording has no frames")
        }
        translator = try DeviceTranslator(device: device.description)
        // Frames keep their recorded times; the translator takes time only from `at:`.
        frames = .allocate(capacity: device.frames.count)
        _ = frames.initialize(from: device.frames)
        times = device.frames.map(\.time.microseconds)
        let passLength = (device.frames.last?.time ?? first.time) - first.time + Self.gapBetweenPasses
        passMicroseconds = passLength.wholeMicroseconds
        output.reserveCapacity(256)
    }

    deinit {
        frames.deinitialize()
        frames.deallocate()
    }

    /// Loads a bundled recording and warms the loop up with two whole passes, so that every code
    /// path the recording reaches has run and every buffer has grown.
    convenience init(file: String, description: String?) throws {
        let recording = try Recording.load(
            contentsOf: Fixtures.recording(file),
            descriptionURL: description.map(Fixtures.recording)
        )
        try self.init(recording: recording)
        run(2 * frames.count)
        guard produced > 0 else { throw BenchmarkError(description: "\(file) classified to nothing") }
    }

    /// Classifies the next `count` frames.
    func run(_ count: Int) {
        for _ in 0..<count {
            output.removeAllKeepingCapacity()
            let time = Timestamp(microseconds: times[index] + offsetMicroseconds)
            let slot = frames.baseAddress.unsafelyUnwrapped + index
            let frame = slot.move()
            translator.process(frame, at: time, into: &output)
            slot.initialize(to: consume frame)
            produced &+= output.count
            index += 1
            if index == frames.count {
                index = 0
                offsetMicroseconds += passMicroseconds
            }
        }
    }
}

/// The per-frame classification rows, one per device kind, against `read(2)` of a frame.
enum ClassificationBenchmarks {
    /// The recordings, by row name.
    static let recordings: [(name: String, file: String, description: String?)] = [
        ("classify.mouse", "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons.evemu", nil),
        (
            "classify.touchpad",
            "touchpad/evemu-devices_synaptics-hp8470p.two-finger-scroll-vertical.events",
            "touchpad/evemu-devices_synaptics-hp8470p.desc"
        ),
        ("classify.touchscreen", "touchscreen/evemu-devices_atmel-maxtouch.1-finger-drag-up-down.evemu", nil),
        ("classify.keyboard", "keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard.evemu", nil),
    ]

    /// Issue #10: classifying a frame costs at most a quarter of reading it.
    static let target = Target.ratio(atMost: 0.25, "≤ 0.25×")

    static var all: [Benchmark] {
        let named = recordings.map {
            benchmark(name: $0.name, file: $0.file, description: $0.description, targets: [target])
        }
        // Every other bundled recording too, measured when named and always in the allocation
        // check: taps, clicks, long presses and multi-finger frames reach paths the four above
        // do not.
        let covered = Set(recordings.map(\.file))
        let coverage = BundledRecording.all.filter { !covered.contains($0.path) }.map { recording in
            var benchmark = benchmark(
                name: "coverage." + recording.description,
                file: recording.path,
                description: recording.descriptionPath,
                targets: []
            )
            benchmark.measuredByDefault = false
            return benchmark
        }
        return named + [translatorSetUp] + coverage
    }

    /// Creating a translator for a keyboard: xkbcommon compiles the keymap. The runtime does this
    /// once per device when the device appears, never per frame.
    static var translatorSetUp: Benchmark {
        let name = "classify.keyboard-translator-setup"
        return Benchmark(rows: [name]) { harness in
            let device = try BundledRecording.loadDevice(recordings[3].file).description
            var keyboards = 0
            let setUp = Workload("keyboard translator set-up") { count in
                for _ in 0..<count {
                    guard let translator = try? DeviceTranslator(device: device) else {
                        fatalBenchmarkError("the keymap did not compile")
                    }
                    if translator.kind == .keyboard { keyboards &+= 1 }
                }
                blackHole(keyboards)
            }
            var row = harness.row(name, unit: "ms/device", subject: setUp, baseline: nil)
            row.value /= 1e6
            return [row]
        }
    }

    private static func benchmark(name: String, file: String, description: String?, targets: [Target]) -> Benchmark {
        Benchmark(
            rows: [name],
            allocationChecks: [
                AllocationCheck(name: name, group: .classification, operation: "frame", limit: 0) { harness in
                    let loop = try ClassificationLoop(file: file, description: description)
                    let frames = AllocationCheck.classificationFrames
                    return (harness.countAllocations(operations: frames, loop.run), frames)
                }
            ]
        ) { harness in
            let loop = try ClassificationLoop(file: file, description: description)
            return [try harness.rowAgainstFrameRead(name, run: loop.run, targets: targets)]
        }
    }
}
