import FileAccess
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

    /// Opens every recording named on the command line for streaming: descriptions now, frames
    /// as they are printed.
    /// - Throws: ``CommandFailure`` naming the file (and line) of the first one that cannot be
    ///   opened.
    func openRecordings() throws(CommandFailure) -> [RecordingFile] {
        var files: [RecordingFile] = []
        for path in recordingPaths {
            do throws(RecordingError) {
                files.append(try RecordingFile(path: path, descriptionPath: descriptionPath))
            } catch {
                throw CommandFailure(String(describing: error))
            }
        }
        return files
    }

    /// Prints one line per frame: `{"time":s,"device":name,"events":[[type,code,value],…]}` with
    /// `--json`, else the time, the device and the events with their kernel names.
    ///
    /// The recordings stream: frames are read, merged in time order and printed one at a time, so
    /// memory does not grow with their length. A problem found among the events ends the command
    /// with its file and line after the frames before it were printed. A full disk is an error; a
    /// reader that closes the pipe (`| head`) ends the command quietly.
    func runRaw() throws {
        let files = try openRecordings()
        var output = OutputFile.standardOutput()
        var line = JSONLine()
        let clock = ContinuousClock()
        let start = clock.now
        var merged: MergedFrameIterator
        do throws(RecordingError) {
            merged = try MergedFrameIterator(files: files)
        } catch {
            throw CommandFailure(String(describing: error))
        }
        while true {
            let next: MergedFrameIterator.Element?
            do throws(RecordingError) {
                next = try merged.next()
            } catch {
                // What was read before the problem is printed first.
                try? output.flush()
                throw CommandFailure(String(describing: error))
            }
            guard let next else { break }
            let frame = next.frame
            let name = files[next.fileIndex].devices[next.deviceIndex].description.name
            if isRealtime {
                clock.sleep(until: start + .microseconds(frame.time.microseconds))
            }
            let text: String
            if isJSON {
                line.removeAll()
                line.append("time", frame.time.seconds)
                line.append("device", name)
                line.append(
                    "events",
                    integerRows: frame.events.lazy.map { [Int64($0.type.rawValue), Int64($0.code), Int64($0.value)] }
                )
                text = line.text
            } else {
                text = Self.text(of: frame, device: name)
            }
            do throws(FileError) {
                try output.write(text)
                try output.write("\n")
            } catch {
                if error.reason == .closedPipe { return }
                throw CommandFailure(error.description)
            }
        }
        do throws(FileError) {
            try output.finish()
        } catch {
            if error.reason == .closedPipe { return }
            throw CommandFailure(error.description)
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
