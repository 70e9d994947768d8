/// One JSON object written as one line of text, with its fields in the order they are added:
/// the unit of every `--json` output (see the event stream contract).
///
/// Strings are escaped as RFC 8259 requires (quote, backslash and control characters), so any
/// device name or file name is safe to print. Numbers are rounded to the nearest millionth and
/// printed without an exponent or binary noise (`0.000016`, not `1.6e-05`; `1.136251`, not
/// `1.1362510000000001`); those that JSON cannot hold (NaN, infinities) become `null`.
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

    /// Writes the finished object, `{…}` as ``text`` has it, to a stream without building it as
    /// one string first: for a writer that prints a line per event.
    public func write(to stream: inout some TextOutputStream) {
        stream.write(body)
        stream.write("}")
    }

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
        // Keys, names and identifiers almost never need an escape: appended whole, not scalar by
        // scalar.
        guard mayNeedEscapes(string) else {
            text.append(string)
            text.append("\"")
            return
        }
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

    /// Whether `appendQuoted` may have to escape something in the string: a quote, a backslash,
    /// a control character or DEL, or a byte that starts U+2028 or U+2029 (0xE2, which starts
    /// other characters too: those take the scalar-by-scalar path, which leaves them alone).
    private static func mayNeedEscapes(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            bytes.contains { byte in byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x7F || byte == 0xE2 }
        }
    }

    /// Writes a number compactly: rounded to the nearest millionth (times in the stream are whole
    /// microseconds), in plain decimal notation without an exponent or trailing zeros (`0.000016`,
    /// `1.136251`, `-10`). Magnitudes from 9 × 10¹² on, where a `Double` holds no millionths, print
    /// their shortest exact form, still without an exponent up to 2⁶³; NaN and infinities, which
    /// JSON cannot hold, print `null`.
    private static func appendNumber(_ value: Double, to text: inout String) {
        guard value.isFinite else {
            text.append("null")
            return
        }
        let magnitude = value.magnitude
        guard magnitude < 9e12 else {
            if value == value.rounded(), magnitude < 9.2e18 {
                text.append(String(Int64(value)))
            } else {
                // Between 9 × 10¹² and 2⁵³ this has no exponent; beyond 2⁶³ it has one, which JSON
                // allows and no stream produces.
                text.append(value.description)
            }
            return
        }
        let millionths = Int64((magnitude * 1_000_000).rounded())
        guard millionths != 0 else {
            text.append("0")
            return
        }
        if value < 0 { text.append("-") }
        text.append(String(millionths / 1_000_000))
        var fraction = millionths % 1_000_000
        guard fraction != 0 else { return }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        text.append(".")
        let fractionText = String(fraction)
        for _ in fractionText.count..<digits { text.append("0") }
        text.append(fractionText)
    }
}
