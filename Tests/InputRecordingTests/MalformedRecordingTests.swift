import FileAccess
import Foundation
import InputRecording
import Testing
import WayfinderTestSupport

/// The kinds of ``RecordingError/Reason``, to state which one a file must produce.
enum ReasonKind: String, Sendable {
    case malformed, unknownLine, missing, misplaced, timeWentBackwards, incompleteFrame, unsupportedVersion
    case reportInsideFrame, deviceCountMismatch, yaml, unknownFormat, limitExceeded, file, undeclaredCode

    init(_ reason: RecordingError.Reason) {
        switch reason {
        case .file: self = .file
        case .unknownFormat: self = .unknownFormat
        case .unsupportedVersion: self = .unsupportedVersion
        case .malformed: self = .malformed
        case .unknownLine: self = .unknownLine
        case .missing: self = .missing
        case .misplaced: self = .misplaced
        case .timeWentBackwards: self = .timeWentBackwards
        case .incompleteFrame: self = .incompleteFrame
        case .reportInsideFrame: self = .reportInsideFrame
        case .deviceCountMismatch: self = .deviceCountMismatch
        case .yaml: self = .yaml
        case .limitExceeded: self = .limitExceeded
        case .undeclaredCode: self = .undeclaredCode
        }
    }
}

/// A malformed file and the error it must produce.
struct MalformedCase: Sendable, CustomStringConvertible {
    var file: String
    var line: Int?
    var kind: ReasonKind
    /// Text the message must contain (what was expected or found).
    var mentions: String
    var description: String { file }
}

@Suite struct MalformedRecordingTests {
    static let cases: [MalformedCase] = [
        .init(file: "missing-name.evemu", line: 3, kind: .missing, mentions: "N:"),
        .init(file: "missing-identity.evemu", line: 3, kind: .missing, mentions: "I:"),
        .init(file: "identity-three-fields.evemu", line: 3, kind: .malformed, mentions: "4 hexadecimal fields"),
        .init(file: "axis-five-numbers-in-1.2.evemu", line: 7, kind: .malformed, mentions: "6 fields"),
        .init(file: "axis-six-numbers-in-1.0.desc", line: 5, kind: .malformed, mentions: "5 fields"),
        .init(file: "non-hex-code.evemu", line: 10, kind: .malformed, mentions: "00zz"),
        .init(
            file: "event-before-description.evemu", line: 2, kind: .misplaced, mentions: "before the device description"
        ),
        .init(file: "time-goes-backwards.evemu", line: 11, kind: .timeWentBackwards, mentions: "0.400000"),
        .init(file: "truncated-event-line.evemu", line: 11, kind: .malformed, mentions: "4 fields"),
        .init(file: "incomplete-last-frame.evemu", line: 11, kind: .incompleteFrame, mentions: "2 events"),
        .init(file: "unknown-line-prefix.evemu", line: 9, kind: .unknownLine, mentions: "X:"),
        .init(file: "short-microseconds.evemu", line: 9, kind: .malformed, mentions: "6 digits"),
        .init(file: "value-out-of-range.evemu", line: 9, kind: .malformed, mentions: "99999999999"),
        .init(file: "comment-in-1.0-body.evemu", line: 10, kind: .misplaced, mentions: "format 1.0"),
        .init(file: "description-after-events.evemu", line: 11, kind: .misplaced, mentions: "after the events"),
        .init(file: "unsupported-version.evemu", line: 1, kind: .unsupportedVersion, mentions: "2.0"),
        .init(file: "short-bitmask.evemu", line: 5, kind: .malformed, mentions: "8 hexadecimal bytes"),
        .init(file: "second-name.evemu", line: 9, kind: .misplaced, mentions: "second N:"),
        .init(file: "property-not-hex.evemu", line: 4, kind: .malformed, mentions: "0g"),
        .init(file: "event-type-out-of-range.evemu", line: 9, kind: .malformed, mentions: "0040"),
        .init(file: "bad-yaml-unclosed-list.yml", line: 18, kind: .yaml, mentions: "YAML"),
        .init(file: "ndevices-mismatch.yml", line: 3, kind: .deviceCountMismatch, mentions: "ndevices says 2"),
        .init(file: "frame-without-report.yml", line: 20, kind: .malformed, mentions: "SYN_REPORT"),
        .init(file: "prompt-then-frame-without-report.yml", line: 23, kind: .malformed, mentions: "SYN_REPORT"),
        .init(file: "report-inside-frame.yml", line: 20, kind: .reportInsideFrame, mentions: "SYN_REPORT"),
        .init(file: "version-2.yml", line: 2, kind: .unsupportedVersion, mentions: "2"),
        .init(file: "id-three-numbers.yml", line: 8, kind: .malformed, mentions: "4 numbers"),
        .init(file: "event-four-fields.yml", line: 16, kind: .malformed, mentions: "[sec, usec, type, code, value]"),
        .init(file: "yaml-time-goes-backwards.yml", line: 22, kind: .timeWentBackwards, mentions: "0.999000"),
        .init(file: "absinfo-four-values.yml", line: 14, kind: .malformed, mentions: "5 numbers"),
        .init(file: "missing-device-name.yml", line: 7, kind: .missing, mentions: "'name'"),
        .init(file: "microseconds-out-of-range.yml", line: 16, kind: .malformed, mentions: "1000000"),
        .init(file: "missing-version.yml", line: 2, kind: .missing, mentions: "'version'"),
        .init(file: "not-a-recording.txt", line: nil, kind: .unknownFormat, mentions: "not a recording"),
    ]

    @Test(arguments: cases)
    func refusesWithFileLineAndReason(_ expected: MalformedCase) throws {
        let url = Fixtures.testFixture("malformed/" + expected.file)
        let error = try #require(throws: RecordingError.self) { try Recording.load(contentsOf: url) }
        #expect(error.file == url.path)
        #expect(error.line == expected.line)
        #expect(ReasonKind(error.reason) == expected.kind)
        #expect(error.description.contains(expected.mentions), "\(error)")
        #expect(error.description.hasPrefix(url.path + (expected.line.map { ":\($0)" } ?? "")))
    }

    @Test func refusesDescriptionLinesInASeparateEventFile() throws {
        let events = Fixtures.testFixture("malformed/events-with-description.events")
        let description = Fixtures.recording("mouse/evemu-devices_saitek-rat5.desc")
        let error = try #require(throws: RecordingError.self) {
            try Recording.load(contentsOf: events, descriptionURL: description)
        }
        #expect(error.file == events.path)
        #expect(error.line == 4)
        #expect(ReasonKind(error.reason) == .misplaced)
    }

    @Test func refusesEventsInADescriptionFile() throws {
        let description = Fixtures.testFixture("malformed/description-with-events.desc")
        let events = Fixtures.recording("mouse/evemu-devices_saitek-rat5.events")
        let error = try #require(throws: RecordingError.self) {
            try Recording.load(contentsOf: events, descriptionURL: description)
        }
        #expect(error.file == description.path)
        #expect(error.line == 8)
        #expect(ReasonKind(error.reason) == .misplaced)
        #expect(error.message.contains("description file"))
    }

    @Test func namesTheColumnOfABadEventField() throws {
        let url = Fixtures.testFixture("malformed/non-hex-code.evemu")
        let error = try #require(throws: RecordingError.self) { try Recording.load(contentsOf: url) }
        #expect(error.column == 18)
    }

    /// Issue 23, case 9: a timestamp of the right form but too large said "wrong form".
    @Test func aTimestampTooLargeIsSaidToBeTooLarge() throws {
        let text = "# EVEMU 1.3\nN: Mouse\nI: 0003 0001 0002 0003\nE: 99999999999.000000 0000 0000 0000\n"
        let error = try #require(throws: RecordingError.self) { try Recording(parsing: text, file: "big.evemu") }
        #expect(
            error.description
                == "big.evemu:4:4: expected a timestamp of at most 17179869180 seconds, found \"99999999999.000000\"")
    }

    @Test func coversAtLeastTwentyFiles() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Fixtures.testFixture("malformed").path)
        #expect(files.count >= 20)
        let tested = Set(Self.cases.map(\.file) + ["events-with-description.events", "description-with-events.desc"])
        #expect(Set(files) == tested)
    }

    @Test func reportsAMissingFile() throws {
        let url = Fixtures.testFixture("malformed/does-not-exist.evemu")
        let error = try #require(throws: RecordingError.self) { try Recording.load(contentsOf: url) }
        #expect(
            error
                == RecordingError(
                    file: url.path, reason: .file(FileError(path: url.path, operation: .open, reason: .notFound))))
        #expect(error.description == url.path + ": no such file")
    }
}
