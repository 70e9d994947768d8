import EventModel
import Scenes

/// How two JSON lines of the event stream are compared: field by field, in any key order, with
/// the time allowed to differ by a tolerance and chosen fields left out.
///
/// ```swift
/// let comparison = StreamComparison(ignoring: ["deviceID"])
/// comparison.difference(expected: golden, actual: line)  // nil when they match
/// ```
public struct StreamComparison: Hashable, Sendable {
    /// The default tolerance on `time`: one millisecond, the frame interval of a 1,000 Hz
    /// device. Two frames of one device are never closer, so the tolerance never lets a line
    /// match the time of the frame before or after it, while times written by another tool
    /// (rounded to milliseconds, or measured live) still match.
    public static let defaultTimeTolerance = Duration.milliseconds(1)

    /// How far apart the `time` fields of two lines may be and still count as equal.
    public var timeTolerance: Duration
    /// Fields left out of the comparison, by name (`deviceID`) or as a path inside a line
    /// (`actions[0]`, `match.name`).
    public var ignoredFields: Set<String>

    /// Creates a comparison.
    /// - Parameters:
    ///   - timeTolerance: How far apart times may be (``defaultTimeTolerance`` by default).
    ///   - ignoredFields: Fields left out, by name or path.
    public init(timeTolerance: Duration = defaultTimeTolerance, ignoring ignoredFields: Set<String> = []) {
        self.timeTolerance = timeTolerance
        self.ignoredFields = ignoredFields
    }

    /// Compares an expected line with the stream's line.
    ///
    /// - Returns: Nil when they match; else the first field that differs, in the expected line's
    ///   order (then fields only the stream's line has).
    /// - Throws: ``StreamComparisonError`` when either line is not one JSON object.
    public func difference(expected: String, actual: String) throws(StreamComparisonError) -> FieldDifference? {
        let expectedValue = try Self.object(expected, side: .expected)
        let actualValue = try Self.object(actual, side: .actual)
        return difference(expectedValue, actualValue, path: "")
    }

    private static func object(_ text: String, side: StreamComparisonError.Side) throws(StreamComparisonError)
        -> JSONValue
    {
        let value: JSONValue
        do {
            value = try JSONValue.parse(text)
        } catch {
            throw StreamComparisonError(side: side, message: "not JSON: \(error.message)")
        }
        guard case .object = value.kind else {
            throw StreamComparisonError(side: side, message: "\(value.typeName), not a JSON object")
        }
        return value
    }

    private func difference(_ expected: JSONValue, _ actual: JSONValue, path: String) -> FieldDifference? {
        switch (expected.kind, actual.kind) {
        case (.object(let expectedMembers), .object(let actualMembers)):
            for member in expectedMembers {
                let memberPath = Self.path(path, key: member.key)
                guard !isIgnored(member.key, path: memberPath) else { continue }
                guard let other = actualMembers.first(where: { $0.key == member.key }) else {
                    return FieldDifference(field: memberPath, expected: member.value.jsonText, actual: nil)
                }
                if let found = difference(member.value, other.value, path: memberPath) { return found }
            }
            for member in actualMembers where !expectedMembers.contains(where: { $0.key == member.key }) {
                let memberPath = Self.path(path, key: member.key)
                guard !isIgnored(member.key, path: memberPath) else { continue }
                return FieldDifference(field: memberPath, expected: nil, actual: member.value.jsonText)
            }
            return nil
        case (.array(let expectedItems), .array(let actualItems)):
            for index in 0..<max(expectedItems.count, actualItems.count) {
                let itemPath = "\(path)[\(index)]"
                guard !ignoredFields.contains(itemPath) else { continue }
                guard index < expectedItems.count, index < actualItems.count else {
                    return FieldDifference(
                        field: itemPath, expected: index < expectedItems.count ? expectedItems[index].jsonText : nil,
                        actual: index < actualItems.count ? actualItems[index].jsonText : nil)
                }
                if let found = difference(expectedItems[index], actualItems[index], path: itemPath) { return found }
            }
            return nil
        case (.number(let expectedNumber), .number(let actualNumber)) where path == "time":
            let parts = timeTolerance.components
            let tolerance = Double(parts.seconds) + Double(parts.attoseconds) / 1e18
            // Times have microsecond precision; a nanosecond of slack absorbs binary rounding
            // (0.041 − 0.040 is a little over 0.001 as a Double).
            return abs(expectedNumber - actualNumber) <= tolerance + 1e-9
                ? nil : FieldDifference(field: path, expected: expected.jsonText, actual: actual.jsonText)
        default:
            return expected.jsonText == actual.jsonText
                ? nil : FieldDifference(field: path, expected: expected.jsonText, actual: actual.jsonText)
        }
    }

    private func isIgnored(_ key: String, path: String) -> Bool {
        ignoredFields.contains(key) || ignoredFields.contains(path)
    }

    private static func path(_ parent: String, key: String) -> String {
        parent.isEmpty ? key : "\(parent).\(key)"
    }
}

/// A field whose value differs between an expected line and the stream's.
public struct FieldDifference: Hashable, Sendable {
    /// The field: its name, or its path inside the line (`actions[1]`).
    public var field: String
    /// The expected value as JSON; nil when only the stream's line has the field.
    public var expected: String?
    /// The stream's value as JSON; nil when the stream's line lacks the field.
    public var actual: String?

    /// Creates a difference.
    public init(field: String, expected: String?, actual: String?) {
        self.field = field
        self.expected = expected
        self.actual = actual
    }

    /// The difference in words: `"dy": expected 3, got 4`.
    public var summary: String {
        switch (expected, actual) {
        case (let expected?, let actual?): "\"\(field)\": expected \(expected), got \(actual)"
        case (let expected?, nil): "\"\(field)\": expected \(expected), the stream's line has no such field"
        case (nil, let actual?): "\"\(field)\": not expected, the stream's line has \(actual)"
        case (nil, nil): "\"\(field)\""
        }
    }
}

/// A line that is not one JSON object.
public struct StreamComparisonError: Error, Hashable, Sendable {
    /// Which of the two lines.
    public enum Side: String, Hashable, Sendable {
        /// The expected line (a golden file's).
        case expected
        /// The stream's line.
        case actual
    }

    /// Which line is wrong.
    public var side: Side
    /// What is wrong with it.
    public var message: String
}

extension JSONValue {
    /// The value written back as compact JSON, for messages: numbers as the stream writes them
    /// (integers without a fraction).
    var jsonText: String {
        switch kind {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): JSONLine.quoted(value)
        case .array(let items): "[" + items.map(\.jsonText).joined(separator: ",") + "]"
        case .object(let members):
            "{" + members.map { JSONLine.quoted($0.key) + ":" + $0.value.jsonText }.joined(separator: ",") + "}"
        }
    }
}
