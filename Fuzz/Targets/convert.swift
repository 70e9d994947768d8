// fuzz-modules: InputRecording
// fuzz-support: Expect
// fuzz-seeds: Tests/Fixtures/malformed Tests/Fixtures/recordings
//
// `wayfinder convert`'s round trips on arbitrary bytes: whatever either reader accepts (the
// format detected from the content, as convert does), written as libinput record and read
// back, then written as evemu and read back (one device), has the same devices' names, frames and
// descriptions; and writing it again gives the same text (a second round trip changes nothing),
// but for the session comments: libinput record keeps them only as YAML comments, which its
// reader does not read (issue 23, case 5, still open; the first run of this target found it with
// an evemu file whose "Waiting for events" banner was altered, which made it a session comment).

import InputEvents
import InputRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConvert(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let recording = try? Recording(parsing: String(decoding: bytes, as: UTF8.self), file: "fuzz") else {
        return 0
    }
    let yaml = recording.libinputRecordText()
    let fromYAML: Recording
    do {
        fromYAML = try Recording.libinputRecord(Array(yaml.utf8), file: "again")
    } catch {
        expect(false, "the libinput record written cannot be read back: \(error)")
        return 0
    }
    expect(fromYAML.devices.map(\.frames) == recording.devices.map(\.frames), "frames changed through libinput record")
    expect(
        fromYAML.devices.map(\.description.name) == recording.devices.map(\.description.name),
        "names changed through libinput record")
    expect(
        withoutSessionComments(fromYAML.libinputRecordText()) == withoutSessionComments(yaml),
        "a second libinput record round trip changed the text")
    guard recording.devices.count == 1 else { return 0 }
    let evemu = fromYAML.evemuText()
    let fromEvemu: Recording
    do {
        fromEvemu = try Recording.evemu(Array(evemu.utf8), file: "again")
    } catch {
        expect(false, "the evemu written cannot be read back: \(error)")
        return 0
    }
    expect(fromEvemu.devices.map(\.frames) == recording.devices.map(\.frames), "frames changed through evemu")
    expect(fromEvemu.evemuText() == evemu, "a second evemu round trip changed the text")
    return 0
}

/// libinput record text without its devices' session comments (`  # …` lines).
func withoutSessionComments(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("  # ") }
}
