// fuzz-modules: InputRecording
// fuzz-support: Expect RecordingChecks
// fuzz-seeds: Tests/Fixtures/malformed Sources/Wayfinder/Resources/Recordings/keyboard
//
// The evemu reader on arbitrary bytes, whole or split into a description and an event log at
// the first byte's position. Beyond "no trap, no hang": every recording read has only complete
// frames in time order, and writing it and reading it back gives the same frames.

import InputEvents
import InputRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEvemuReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    FuzzChecks.check(try Recording.evemu(bytes, file: "fuzz"), format: .evemu)
    if let first = bytes.first {
        let split = min(Int(first), bytes.count)
        FuzzChecks.check(
            try Recording.evemu(
                description: Array(bytes[..<split]), descriptionFile: "fuzz.desc", events: Array(bytes[split...]),
                eventsFile: "fuzz.events"),
            format: .evemu)
    }
    return 0
}
