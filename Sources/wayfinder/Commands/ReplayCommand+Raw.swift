import Foundation
import InputEvents
import InputRecording
import Wayfinder

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension ReplayCommand {
    /// One recording file, loaded.
    struct LoadedRecording {
        /// The path as given.
        var path: String
        /// Its devices and frames, times starting at zero.
        var recording: Recording
    }

    /// Where a frame sits in the loaded recordings.
    struct FrameReference: Comparable {
        var time: Timestamp
        var fileIndex: Int
        var deviceIndex: Int
        var frameIndex: Int

        static func < (lhs: FrameReference, rhs: FrameReference) -> Bool {
            (lhs.time, lhs.fileIndex, lhs.deviceIndex, lhs.frameIndex)
                < (rhs.time, rhs.fileIndex, rhs.deviceIndex, rhs.frameIndex)
        }
    }

    /// Loads every recording named on the command line.
    /// - Throws: ``CommandFailure`` naming the file (and line) of the first one that cannot be
    ///   read.
    func loadRecordings() throws(CommandFailure) -> [LoadedRecording] {
        var loaded: [LoadedRecording] = []
        for path in recordingPaths {
            do throws(RecordingError) {
                let recording = try Recording.load(path: path, descriptionPath: descriptionPath)
                loaded.append(LoadedRecording(path: path, recording: recording))
            } catch {
                throw CommandFailure(String(describing: error))
            }
        }
        return loaded
    }

    /// Returns every frame of the recordings in time order; frames at the same time keep the
    /// order of the files, then of the devices, then of the file.
    static func mergedFrames(of recordings: [LoadedRecording]) -> [FrameReference] {
        var references: [FrameReference] = []
        for (fileIndex, loaded) in recordings.enumerated() {
            for (deviceIndex, device) in loaded.recording.devices.enumerated() {
                for (frameIndex, frame) in device.frames.enumerated() {
                    references.append(
                        FrameReference(
                            time: frame.time, fileIndex: fileIndex, deviceIndex: deviceIndex, frameIndex: frameIndex)
                    )
                }
            }
        }
        return references.sorted()
    }

    /// Prints one line per frame: `{"time":s,"device":name,"events":[[type,code,value],…]}` with
    /// `--json`, else the time, the device and the events with their kernel names.
    func runRaw() throws {
        let recordings = try loadRecordings()
        var output = FileStream.standardOutput
        var line = JSONLine()
        let clock = ContinuousClock()
        let start = clock.now
        for reference in Self.mergedFrames(of: recordings) {
            let device = recordings[reference.fileIndex].recording.devices[reference.deviceIndex]
            let frame = device.frames[reference.frameIndex]
            if isRealtime {
                clock.sleep(until: start + .microseconds(frame.time.microseconds))
            }
            if isJSON {
                line.removeAll()
                line.append("time", frame.time.seconds)
                line.append("device", device.description.name)
                line.append(
                    "events",
                    integerRows: frame.events.lazy.map { [Int64($0.type.rawValue), Int64($0.code), Int64($0.value)] }
                )
                print(line.text, to: &output)
            } else {
                print(Self.text(of: frame, device: device.description.name), to: &output)
            }
        }
    }

    /// Returns a frame as text: `  1.250000  Device name  EV_REL REL_X -3, EV_SYN SYN_REPORT 0`.
    static func text(of frame: EventFrame, device: String) -> String {
        let events = frame.events.map { event in
            let type = event.type.name ?? "EV_\(event.type.rawValue)"
            let code = event.codeName ?? "\(event.code)"
            return "\(type) \(code) \(event.value)"
        }
        let time = String(describing: frame.time)
        return String(repeating: " ", count: max(0, 12 - time.count)) + time + "  " + device + "  "
            + events.joined(separator: ", ")
    }
}

extension ContinuousClock {
    /// Blocks the thread until an instant (for `--realtime`).
    fileprivate func sleep(until deadline: Instant) {
        let remaining = now.duration(to: deadline)
        guard remaining > .zero else { return }
        let (seconds, attoseconds) = remaining.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var left = timespec()
        while nanosleep(&request, &left) != 0 && errno == EINTR { request = left }
    }
}
