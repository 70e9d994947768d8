import InputRecording
import Testing

/// Files built to break a reader: each goes beyond one of the ``RecordingLimits`` and must be
/// refused at the line where it does so, quickly and without a trap. The first four are the
/// crashes and the hang an outside fuzzing run found.
@Suite struct HostileRecordingTests {
    static let evemuHeader = "# EVEMU 1.3\nN: Hostile\nI: 0003 0001 0002 0003\n"

    private static func refusal(_ text: String, file: String) -> RecordingError? {
        do {
            _ = try Recording(parsing: text, file: file)
            return nil
        } catch {
            return error
        }
    }

    /// 1,100 `P:` lines: the 1,025th would make the bitmask longer than 16-bit codes need (it
    /// used to trap converting a bit index to `UInt16`).
    @Test func refusesMorePropertyLinesThanCodesNeed() {
        let text = Self.evemuHeader + String(repeating: "P: 00 00 00 00 00 00 00 01\n", count: 1_100)
        #expect(
            Self.refusal(text, file: "properties.evemu")
                == RecordingError(
                    file: "properties.evemu", line: 4 + 1_024,
                    reason: .limitExceeded(
                        "more than 8192 bytes of P: lines (the property bits); that many bytes hold every 16-bit code"
                    )))
    }

    @Test func refusesMoreBitmaskLinesThanCodesNeed() {
        let text = Self.evemuHeader + String(repeating: "B: 01 00 00 00 00 00 00 00 01\n", count: 1_100)
        #expect(
            Self.refusal(text, file: "codes.evemu")
                == RecordingError(
                    file: "codes.evemu", line: 4 + 1_024,
                    reason: .limitExceeded(
                        "more than 8192 bytes of B: lines for event type 01; that many bytes hold every 16-bit code"
                    )))
    }

    /// `- - - …` 40,000 deep: the reader used to build a tree that deep and overflow the stack
    /// freeing it. Under a key the reader does not know, so that only the depth can refuse it.
    @Test func refusesDeepBlockNesting() {
        let text = "version: 1\nndevices: 1\nunknown:\n" + String(repeating: "- ", count: 40_000) + "x\n"
        #expect(
            Self.refusal(text, file: "block.yml")
                == RecordingError(
                    file: "block.yml", line: 4, column: 127,
                    reason: .limitExceeded("lists and mappings nested more than 64 deep")))
    }

    /// `[[[[…` 100,000 deep kept libyaml busy for 16 seconds; the reader stops at the limit.
    @Test func refusesDeepFlowNesting() {
        let text = "version: 1\nndevices: 1\nunknown: " + String(repeating: "[", count: 100_000) + "\n"
        #expect(
            Self.refusal(text, file: "flow.yml")
                == RecordingError(
                    file: "flow.yml", line: 3, column: 73,
                    reason: .limitExceeded("lists and mappings nested more than 64 deep")))
    }

    @Test func refusesAFrameThatNeverEnds() {
        let events = String(repeating: "E: 0.000001 0002 0000 0001\n", count: 5_000)
        let text = Self.evemuHeader + "B: 02 01 00 00 00 00 00 00 00\n" + events
        #expect(
            Self.refusal(text, file: "frame.evemu")
                == RecordingError(
                    file: "frame.evemu", line: 5,
                    reason: .limitExceeded("a frame of more than 4096 events without a SYN_REPORT")))
    }

    @Test func refusesAnOverlongLine() {
        let text = Self.evemuHeader + "# " + String(repeating: "x", count: 70_000) + "\n"
        #expect(
            Self.refusal(text, file: "line.evemu")
                == RecordingError(
                    file: "line.evemu", line: 4,
                    reason: .limitExceeded("a line longer than 65536 bytes; evemu lines are a few dozen")))
    }

    /// Comments before the first event are kept with the description, so they are bounded.
    @Test func refusesEndlessCommentsBeforeTheEvents() {
        let text = Self.evemuHeader + String(repeating: "# a note\n", count: 5_000) + "E: 0.000001 0000 0000 0000\n"
        #expect(
            Self.refusal(text, file: "notes.evemu")
                == RecordingError(
                    file: "notes.evemu", line: 4 + 4_096,
                    reason: .limitExceeded("more than 4096 comments before the first event")))
    }

    @Test func refusesAnOverlongValue() {
        let text = "version: 1\nndevices: 1\ndevices:\n- evdev:\n    name: " + String(repeating: "x", count: 70_000)
        #expect(
            Self.refusal(text, file: "value.yml")
                == RecordingError(
                    file: "value.yml", line: 5, column: 11,
                    reason: .limitExceeded("a value of 70000 bytes; values are at most 65536 bytes")))
    }

    /// A libinput record header for one device with no events, `extra` among its top-level keys.
    static func libinputRecord(_ extra: String) -> String {
        "version: 1\nndevices: 1\n\(extra)devices:\n- evdev:\n    name: \"A\"\n    id: [3, 1, 2, 3]\n"
            + "    codes: {0: [0]}\n  events: []\n"
    }

    /// Issue 23, case 5: convert keeps the keys the reader does not interpret, up to
    /// ``RecordingLimits/maximumKeptBytes``: an unknown key of half a million numbers (16 MiB
    /// kept) is refused at the number past the limit when kept, and passed over as before when
    /// not (replay).
    @Test func refusesMoreKeptKeysThanTheLimit() throws {
        let bytes = Array(Self.libinputRecord("junk: [" + String(repeating: "1, ", count: 600_000) + "1]\n").utf8)
        // The key costs 32 + 4 bytes, the list 32, each number 32 + 1: number 508,399 passes.
        let refusal: RecordingError?
        do {
            _ = try RecordingFile(bytes: bytes, name: "kept.yml", keepingUnreadKeys: true)
            refusal = nil
        } catch {
            refusal = error
        }
        #expect(
            refusal
                == RecordingError(
                    file: "kept.yml", line: 3, column: 8 + 3 * 508_398,
                    reason: .limitExceeded(
                        "more than 16777216 bytes of keys Wayfinder does not read in one place (the header, or one "
                            + "entry of the events)")))
        #expect(try RecordingFile(bytes: bytes, name: "kept.yml").devices.map(\.description.name) == ["A"])
    }

    /// Issue 23, case 5: a second YAML document was read past silently, even a malformed one.
    /// Every reader now refuses it at its line, whether the opening pass reads the whole file
    /// (devices before version) or leaves its end to the last device's frames.
    @Test(arguments: [
        "version: 1\nndevices: 0\ndevices: []\n--- [\n",
        "devices: []\nversion: 1\nndevices: 0\n--- [\n",
        Self.libinputRecord("") + "---\nversion: 1\n",
    ])
    func refusesASecondDocument(text: String) {
        let line = text.split(separator: "\n").firstIndex { $0.hasPrefix("---") }.map { $0 + 1 }
        #expect(
            Self.refusal(text, file: "two.yml")
                == RecordingError(
                    file: "two.yml", line: line, column: 1,
                    reason: .misplaced(
                        "a second YAML document; libinput record writes one, listing every device under 'devices'")))
    }
}
