// fuzz-modules: InputRecording
// fuzz-support: Expect RecordingChecks
// fuzz-seeds: Tests/Fixtures/malformed Tests/Fixtures/recordings
//
// The libinput record reader on arbitrary bytes. Beyond "no trap, no hang": every recording
// read has only complete frames in time order, and writing it and reading it back gives the
// same devices and frames.

import InputEvents
import InputRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLibinputRecordReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzChecks.check(try Recording.libinputRecord(bytes, file: "fuzz"), format: .libinputRecord)
    return 0
}
