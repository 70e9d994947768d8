// fuzz-modules: InputRecording
// fuzz-support: Expect
// fuzz-seeds: Tests/Fixtures/malformed Tests/Fixtures/recordings
//
// `wayfinder convert`'s round trips on arbitrary bytes: whatever either reader accepts (the
// format detected from the content, as convert does), written as libinput record and read
// back, then written as evemu and read back (one device), has the same devices' names, frames and
// descriptions; and writing it again gives the same text (a second round trip changes nothing),
// but for the session comments: libinput record keeps them only as YAML comments, which its
// reader does not read (the first run of this target found it with an evemu file whose "Waiting
// for events" banner was altered, which made it a session comment). And what convert keeps of a
// libinput record file (issue 23, case 5): written as convert writes it, the text reads back, and
// writing it again gives the same text.

import InputEvents
import InputRecording

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConvert(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    checkKeptRoundTrip(bytes)
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
///
/// Lines are compared as bytes: a comment may begin with a combining mark, which joins the
/// space before it into one `Character`, so a `Character` prefix would miss the comment.
func withoutSessionComments(_ text: String) -> [ArraySlice<UInt8>] {
    Array(text.utf8).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).filter {
        !$0.starts(with: "  # ".utf8)
    }
}

/// A libinput record file read keeping what the reader does not interpret, written as `convert`
/// writes it, read back the same way and written again: the two texts are the same.
func checkKeptRoundTrip(_ bytes: [UInt8]) {
    guard let file = try? RecordingFile(bytes: bytes, name: "fuzz", keepingUnreadKeys: true),
        file.format == .libinputRecord, let first = try? keptText(file)
    else { return }
    do {
        let again = try RecordingFile(bytes: Array(first.utf8), name: "again", keepingUnreadKeys: true)
        expect(try keptText(again) == first, "a second libinput record round trip changed what convert keeps")
    } catch {
        expect(false, "the libinput record convert wrote cannot be read back: \(error)")
    }
}

/// The file as `wayfinder convert` writes it to libinput record: the times as the file has them,
/// every kept key in its place.
func keptText(_ file: RecordingFile) throws(RecordingError) -> String {
    var text = LibinputRecordStreamWriter.header(deviceCount: file.devices.count, kept: file.keptBeforeDevices)
    var trailer = ""
    for (index, device) in file.devices.enumerated() {
        var writer = LibinputRecordStreamWriter(start: Timestamp(microseconds: -file.timeBase.microseconds))
        var entries = try file.makeFrameIterator(device: index)
        var body = ""
        var hasEntries = false
        while let entry = try entries.nextEntry() {
            writer.write(entry, into: &body)
            hasEntries = true
        }
        let header = RecordedDevice(description: device.description, frames: [], node: device.node)
        text += writer.deviceHeader(header, hasFrames: hasEntries, kept: device.kept) + body
        text += writer.deviceTrailer(kept: device.kept.afterEvents)
        text += writer.deviceTrailer(kept: entries.keptAfterEvents)
        trailer += LibinputRecordStreamWriter.trailer(kept: entries.keptAfterDevices)
    }
    return text + LibinputRecordStreamWriter.trailer(kept: file.keptAfterDevices) + trailer
}
