import Foundation
import InputEvents
import InputRecording
import WayfinderTestSupport

/// Parsing recordings, against libevemu's reader and a bare libyaml event walk on the same file.
enum RecordingBenchmarks {
    /// The recording the large log repeats: the bundled recording with the most events per frame
    /// (a five-slot touchpad).
    static let source = "touchpad/evemu-devices_bcm5974-apple.three-finger-click.evemu"
    /// How many times the large log repeats it: about 3 MB and 41,376 events, large enough that
    /// the parsers' set-up costs vanish.
    static let repetitions = 16
    /// The pause between two repetitions, so that times keep rising.
    static let gapBetweenRepetitions: Duration = .seconds(1)

    /// The large log: the source recording played `repetitions` times, one after another.
    static func largeLog() throws -> Recording {
        let recording = try Recording.load(contentsOf: Fixtures.recording(source))
        guard let device = recording.devices.first, let first = device.frames.first?.time,
            let last = device.frames.last?.time
        else { throw BenchmarkError(description: "\(source) has no frames") }
        let span = last - first + gapBetweenRepetitions
        var frames: [EventFrame] = []
        frames.reserveCapacity(device.frames.count * repetitions)
        for repetition in 0..<repetitions {
            for var frame in device.frames {
                for index in frame.events.indices { frame.events[index].time += span * repetition }
                frames.append(frame)
            }
        }
        return Recording(devices: [RecordedDevice(description: device.description, frames: frames)])
    }

    /// An evemu file without evemu-record's comments: no `#` lines but the `# EVEMU` version line
    /// (a format marker, which libevemu reads), and no comment after an `E:` line's values.
    static func uncommented(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#") {
                if line.hasPrefix("# EVEMU") { lines.append(line) }
            } else if line.hasPrefix("E:"), let comment = line.firstIndex(of: "#") {
                var values = line[..<comment]
                while values.last == " " || values.last == "\t" { values.removeLast() }
                lines.append(values)
            } else {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }

    /// Reads a recording's first device frame by frame, as `wayfinder replay` does (without
    /// keeping the frames), and returns how many it read; 0 on an error.
    static func streamedFrames(_ bytes: [UInt8], name: String) -> Int {
        do throws(RecordingError) {
            let file = try RecordingFile(bytes: bytes, name: name)
            var frames = try file.makeFrameIterator(device: 0)
            var count = 0
            while let frame = try frames.next() { count &+= frame.events.count > 0 ? 1 : 0 }
            return count
        } catch {
            return 0
        }
    }

    static var all: [Benchmark] {
        [evemu(commented: true), evemu(commented: false), libinputYAML]
    }

    /// `parse.evemu` (the file as evemu-record writes it) and `parse.evemu.uncommented`: ns per
    /// event, against libevemu reading the same bytes.
    static func evemu(commented: Bool) -> Benchmark {
        let name = commented ? "parse.evemu" : "parse.evemu.uncommented"
        return Benchmark(rows: [name]) { harness in
            let log = try largeLog()
            let text = log.evemuText()
            let bytes = Array((commented ? text : uncommented(text)).utf8)
            let events = try Recording.evemu(bytes, file: name).devices[0].eventCount
            let (libevemu, libevemuEvents) = try Baselines.evemuRead(bytes)
            guard libevemuEvents == events else {
                throw BenchmarkError(description: "libevemu reads \(libevemuEvents) events, we read \(events)")
            }
            var parsed = 0
            let parse = Workload(name) { count in
                for _ in 0..<count { parsed &+= streamedFrames(bytes, name: name) }
                blackHole(parsed)
            }
            var row = harness.row(
                name,
                unit: "ns/event",
                subject: parse,
                baseline: ("libevemu", libevemu),
                targets: [.ratio(atMost: 0.1, "≤ 0.1× (10× faster)")]
            )
            row.value /= Double(events)
            row.baselineValue = row.baselineValue.map { $0 / Double(events) }
            row.allocationsPerOperation = row.allocationsPerOperation.map { $0 / Double(events) }
            return [row]
        }
    }

    /// `parse.libinput-yaml` (MB/s against a bare libyaml event walk of the same file),
    /// `parse.libinput-yaml.allocations` (heap allocations per frame against the walk's) and
    /// `parse.libinput-yaml.own-allocations` (the difference: the parse reads the file through
    /// the same libyaml events as the walk, so what it allocates beyond the walk is its own).
    static var libinputYAML: Benchmark {
        let speed = "parse.libinput-yaml"
        let allocations = "parse.libinput-yaml.allocations"
        let ownAllocations = "parse.libinput-yaml.own-allocations"
        return Benchmark(rows: [speed, allocations, ownAllocations]) { harness in
            let log = try largeLog()
            let bytes = Array(log.libinputRecordText().utf8)
            let frames = try Recording.libinputRecord(bytes, file: speed).devices[0].frames.count
            var parsed = 0
            let parse = Workload(speed) { count in
                for _ in 0..<count { parsed &+= streamedFrames(bytes, name: speed) }
                blackHole(parsed)
            }
            let samples = harness.measure([parse, try Baselines.yamlWalk(bytes)])
            /// Bytes per nanosecond are 1,000 MB/s.
            func megabytesPerSecond(_ sample: Sample) -> Double {
                Double(bytes.count) / sample.nanosecondsPerOperation * 1_000
            }
            return [
                Row(
                    name: speed,
                    value: megabytesPerSecond(samples[0]),
                    unit: "MB/s",
                    baseline: "libyaml event walk",
                    baselineValue: megabytesPerSecond(samples[1]),
                    targets: [.ratio(atLeast: 0.5, "≥ 0.5×")]
                ),
                Row(
                    name: allocations,
                    value: samples[0].allocationsPerOperation / Double(frames),
                    unit: "allocations/frame",
                    baseline: "libyaml event walk",
                    baselineValue: samples[1].allocationsPerOperation / Double(frames),
                    targets: [.value(atMost: 1, "≤ 1 per frame")]
                ),
                Row(
                    name: ownAllocations,
                    value: (samples[0].allocationsPerOperation - samples[1].allocationsPerOperation) / Double(frames),
                    unit: "allocations/frame",
                    targets: [.value(atMost: 1, "≤ 1 per frame")]
                ),
            ]
        }
    }
}
