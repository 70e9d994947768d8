// Checks shared by the recording readers' fuzz targets (`// fuzz-support: RecordingChecks`).

import InputEvents
import InputRecording

enum FuzzChecks {
    /// Reads a recording and checks what must hold of any recording read: only complete frames
    /// in time order from zero, a description whose derived values compute, and the same frames
    /// after writing it in its format and reading it back. A refusal must name the file.
    static func check(_ read: @autoclosure () throws(RecordingError) -> Recording, format: RecordingFormat) {
        let recording: Recording
        do {
            recording = try read()
        } catch {
            expect(error.file.hasPrefix("fuzz"), "an error names another file: \(error)")
            return
        }
        for device in recording.devices {
            var last = Timestamp.zero
            for frame in device.frames {
                expect(frame.isComplete, "a frame without its SYN_REPORT")
                expect(!frame.events.dropLast().contains { $0.isReport }, "a SYN_REPORT inside a frame")
                for event in frame.events {
                    expect(event.time >= last, "time went backwards")
                    last = event.time
                }
            }
            let description = device.description
            _ = (description.kind, description.capabilities, description.physicalSize, description.touchCount)
        }
        let again: Recording?
        switch format {
        case .evemu: again = try? Recording.evemu(Array(recording.evemuText().utf8), file: "again")
        case .libinputRecord:
            again = try? Recording.libinputRecord(Array(recording.libinputRecordText().utf8), file: "again")
        }
        expect(
            again?.devices.map(\.frames) == recording.devices.map(\.frames),
            "the frames changed when written as \(format.rawValue) and read back")
    }
}
