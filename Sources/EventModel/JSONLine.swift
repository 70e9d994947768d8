/// One JSON object written as one line of text, with its fields in the order they are added:
/// the unit of every `--json` output (see the event stream contract).
///
/// Strings are escaped as RFC 8259 requires (quote, backslash and control characters), so any
/// device name or file name is safe to print. Numbers that JSON cannot hold (NaN, infinities)
/// become `null`.
///
/// ```swift
/// var line = JSONLine()
/// line.append("time", 0.25)
/// line.append("device", "Logitech \"K400\"")
/// line.append("type", "key")
/// print(line.text)  // {"time":0.25,"device":"Logitech \"K400\"","type":"key"}
/// ```
///
/// Call ``removeAll()`` to build the next line in the same storage.
public struct JSONLine: Hashable, Sendable, CustomStringConvertible {
    /// The object so far, without its closing brace.
    private var body: String
    /// Whether a field has been added.
    private var hasFields = false

    /// Creates an empty object.
    public init() {
        body = "{"
        body.reserveCapacity(256)
    }

    /// The finished object, `{…}`, without a line break.
    public var text: String { body + "}" }

    /// The finished object, as ``text``.
    public var description: String { text }

    /// Empties the object, keeping its storage for the next line.
    public mutating func removeAll() {
        body.removeAll(keepingCapacity: true)
        body.append("{")
        hasFields = false
    }

    /// Adds a string field.
    public mutating func append(_ key: String, _ value: String) {
        appendKey(key)
        Self.appendQuoted(value, to: &body)
    }

    /// Adds an integer field.
    public mutating func append(_ key: String, _ value: some BinaryInteger) {
        appendKey(key)
        body.append(String(value))
    }

    /// Adds a number field; NaN and infinities become `null`.
    public mutating func append(_ key: String, _ value: Double) {
        appendKey(key)
        Self.appendNumber(value, to: &body)
    }

    /// Adds a boolean field.
    public mutating func append(_ key: String, _ value: Bool) {
        appendKey(key)
        body.append(value ? "true" : "false")
    }

    /// Adds a string field, or `null` when the value is nil.
    public mutating func append(_ key: String, _ value: String?) {
        guard let value else { return appendNull(key) }
        append(key, value)
    }

    /// Adds a `null` field.
    public mutating func appendNull(_ key: String) {
        appendKey(key)
        body.append("null")
    }

    /// Adds an array of strings.
    public mutating func append(_ key: String, strings: some Sequence<String>) {
        appendKey(key)
        body.append("[")
        var isFirst = true
        for string in strings {
            if !isFirst { body.append(",") }
            isFirst = false
            Self.appendQuoted(string, to: &body)
        }
        body.append("]")
    }

    /// Adds an array of arrays of integers, such as `[[type,code,value],…]`.
    public mutating func append<Row: Sequence>(_ key: String, integerRows rows: some Sequence<Row>)
    where Row.Element: BinaryInteger {
        appendKey(key)
        body.append("[")
        var isFirstRow = true
        for row in rows {
            if !isFirstRow { body.append(",") }
            isFirstRow = false
            body.append("[")
            var isFirst = true
            for value in row {
                if !isFirst { body.append(",") }
                isFirst = false
                body.append(String(value))
            }
            body.append("]")
        }
        body.append("]")
    }

    /// Adds a nested object.
    public mutating func append(_ key: String, object: JSONLine) {
        appendKey(key)
        body.append(object.text)
    }

    /// Adds an array of objects.
    public mutating func append(_ key: String, objects: some Sequence<JSONLine>) {
        appendKey(key)
        body.append("[")
        var isFirst = true
        for object in objects {
            if !isFirst { body.append(",") }
            isFirst = false
            body.append(object.text)
        }
        body.append("]")
    }

    private mutating func appendKey(_ key: String) {
        if hasFields { body.append(",") }
        hasFields = true
        Self.appendQuoted(key, to: &body)
        body.append(":")
    }

    /// Returns a string as a JSON string literal, quotes included.
    public static func quoted(_ string: String) -> String {
        var text = ""
        appendQuoted(string, to: &text)
        return text
    }

    private static func appendQuoted(_ string: String, to text: inout String) {
        text.append("\"")
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text.append("\\\"")
            case "\\": text.append("\\\\")
            case "\n": text.append("\\n")
            case "\r": text.append("\\r")
            case "\t": text.append("\\t")
            case "\u{08}": text.append("\\b")
            case "\u{0C}": text.append("\\f")
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                // Other control characters, DEL, and the two separators JavaScript treats as
                // line breaks: as \u escapes, so that a line stays one line everywhere.
                let hex = String(scalar.value, radix: 16, uppercase: false)
                text.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
            default: text.unicodeScalars.append(scalar)
            }
        }
        text.append("\"")
    }

    private static func appendNumber(_ value: Double, to text: inout String) {
        guard value.isFinite else {
            text.append("null")
            return
        }
        if value == value.rounded(), abs(value) < 1e15 {
            text.append(String(Int64(value)))
        } else {
            // Swift prints the shortest form that reads back exactly: `0.25`, `1e-06`, `1e+20`,
            // all of which are JSON numbers.
            text.append(value.description)
        }
    }
}
