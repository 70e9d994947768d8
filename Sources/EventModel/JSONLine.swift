import InputEvents

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
/// Call ``removeAll()`` to build the next line in the same storage. The line is built as UTF-8
/// bytes, which ``withUTF8(_:)`` hands to a writer without making a string of them.
public struct JSONLine: Hashable, Sendable, CustomStringConvertible {
    /// The object so far, without its closing brace, in UTF-8.
    private var body: [UInt8]
    /// Whether a field has been added.
    private var hasFields = false
    /// Whether every byte of the object is ASCII. Strings are escaped, so an ASCII object holds no
    /// control character (C0 and DEL are escaped, and C1 characters are not ASCII): a writer that
    /// must keep control characters away from a terminal can then skip its own scan of the line.
    public private(set) var isASCII = true

    /// Creates an empty object.
    public init() {
        body = []
        body.reserveCapacity(256)
        body.append(UInt8(ascii: "{"))
    }

    /// The finished object, `{…}`, without a line break.
    public var text: String { String(decoding: body, as: UTF8.self) + "}" }

    /// The finished object, as ``text``.
    public var description: String { text }

    /// Calls `process` with the finished object's UTF-8 bytes, `{…}` as ``text`` has them: for a
    /// writer that prints a line per event without making a string of each.
    public mutating func withUTF8<Result>(_ process: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        body.append(UInt8(ascii: "}"))
        defer { body.removeLast() }
        return try body.withUnsafeBufferPointer(process)
    }

    /// Calls `process` with the UTF-8 bytes of the finished object and a line feed, `{…}\n`: for a
    /// writer that prints a line per event with one write each.
    public mutating func withUTF8Line<Result>(
        _ process: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        body.append(UInt8(ascii: "}"))
        body.append(UInt8(ascii: "\n"))
        // One at a time: `removeLast(2)` takes the general path of replacing a range.
        defer {
            body.removeLast()
            body.removeLast()
        }
        return try body.withUnsafeBufferPointer(process)
    }

    /// Empties the object, keeping its storage for the next line.
    public mutating func removeAll() {
        // Already empty (a writer that skips motion empties the line for every motion event):
        // nothing to do. Every field sets `hasFields`, so without one the body is just `{`.
        guard hasFields else { return }
        // Everything after the opening brace, which stays.
        body.removeSubrange(1...)
        hasFields = false
        isASCII = true
    }

    /// Adds a string field.
    public mutating func append(_ key: String, _ value: String) {
        appendKey(key)
        appendQuoted(value)
    }

    /// Adds an integer field.
    public mutating func append(_ key: String, _ value: some BinaryInteger) {
        appendKey(key)
        appendInteger(value)
    }

    /// Adds a number field; NaN and infinities become `null`.
    public mutating func append(_ key: String, _ value: Double) {
        appendKey(key)
        appendNumber(value)
    }

    /// Adds a duration field, in seconds: what `append(key, duration.inSeconds)` prints, written
    /// without floating point when the duration is whole microseconds (every time in the streams
    /// is) and under 2³¹ s, where that number is within 0.4 µs of the duration, so rounds to the
    /// same millionths.
    public mutating func append(_ key: String, seconds duration: Duration) {
        appendKey(key)
        appendSeconds(duration)
    }

    /// Writes a duration in seconds, as ``append(_:seconds:)`` describes.
    private mutating func appendSeconds(_ duration: Duration) {
        appendComposed { $0.writeSeconds(duration) }
    }

    /// Adds a boolean field.
    public mutating func append(_ key: String, _ value: Bool) {
        appendKey(key)
        Self.append(value ? "true" : "false", to: &body)
    }

    /// Adds a string field, or `null` when the value is nil.
    public mutating func append(_ key: String, _ value: String?) {
        guard let value else { return appendNull(key) }
        append(key, value)
    }

    /// Adds a `null` field.
    public mutating func appendNull(_ key: String) {
        appendKey(key)
        Self.append("null", to: &body)
    }

    /// Adds an array of strings.
    public mutating func append(_ key: String, strings: some Sequence<String>) {
        appendKey(key)
        body.append(UInt8(ascii: "["))
        var isFirst = true
        for string in strings {
            if !isFirst { body.append(UInt8(ascii: ",")) }
            isFirst = false
            appendQuoted(string)
        }
        body.append(UInt8(ascii: "]"))
    }

    /// Adds an array of arrays of integers, such as `[[type,code,value],…]`.
    public mutating func append<Row: Sequence>(_ key: String, integerRows rows: some Sequence<Row>)
    where Row.Element: BinaryInteger {
        appendKey(key)
        body.append(UInt8(ascii: "["))
        var isFirstRow = true
        for row in rows {
            if !isFirstRow { body.append(UInt8(ascii: ",")) }
            isFirstRow = false
            body.append(UInt8(ascii: "["))
            var isFirst = true
            for value in row {
                if !isFirst { body.append(UInt8(ascii: ",")) }
                isFirst = false
                appendInteger(value)
            }
            body.append(UInt8(ascii: "]"))
        }
        body.append(UInt8(ascii: "]"))
    }

    /// Adds a nested object.
    public mutating func append(_ key: String, object: JSONLine) {
        appendKey(key)
        isASCII = isASCII && object.isASCII
        body.append(contentsOf: object.body)
        body.append(UInt8(ascii: "}"))
    }

    /// Adds an array of objects.
    public mutating func append(_ key: String, objects: some Sequence<JSONLine>) {
        appendKey(key)
        body.append(UInt8(ascii: "["))
        var isFirst = true
        for object in objects {
            if !isFirst { body.append(UInt8(ascii: ",")) }
            isFirst = false
            isASCII = isASCII && object.isASCII
            body.append(contentsOf: object.body)
            body.append(UInt8(ascii: "}"))
        }
        body.append(UInt8(ascii: "]"))
    }

    private mutating func appendKey(_ key: String) {
        let isFirst = !hasFields
        hasFields = true
        // A key is nearly always short printable ASCII: composed with its punctuation, and added
        // in one append.
        var key = key
        let isComposed = key.withUTF8 { utf8 in
            guard utf8.count <= ComposedBytes.longestKey, Self.isPrintableASCIIWithoutEscapes(utf8) else {
                return false
            }
            appendComposed { bytes in
                bytes.writeKey(utf8, isFirst: isFirst)
                return true
            }
            return true
        }
        guard !isComposed else { return }
        if !isFirst { body.append(UInt8(ascii: ",")) }
        appendQuoted(key)
        body.append(UInt8(ascii: ":"))
    }

    /// Adds a field whose key is a literal of printable ASCII without a quote or a backslash
    /// (checked in debug builds), as ``appendKey(_:)`` would, together with what `compose` writes
    /// after it, in one append: the key is not checked for escapes as a key from elsewhere is.
    /// For the fields every line has (`time`, `device`, `type`…), written for every event.
    private mutating func appendField(
        _ key: StaticString, _ compose: (inout ComposedBytes) -> Bool = { _ in true }
    ) {
        assert(key.withUTF8Buffer { Self.isPrintableASCIIWithoutEscapes($0) }, "\(key) needs an escape")
        let isFirst = !hasFields
        hasFields = true
        guard key.utf8CodeUnitCount <= ComposedBytes.longestKey else {
            if !isFirst { body.append(UInt8(ascii: ",")) }
            body.append(UInt8(ascii: "\""))
            Self.append(key, to: &body)
            body.append(UInt8(ascii: "\""))
            body.append(UInt8(ascii: ":"))
            return appendComposed(compose)
        }
        appendComposed { bytes in
            bytes.writeKey(
                UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount), isFirst: isFirst)
            return compose(&bytes)
        }
    }

    /// Adds a string field whose key is a literal (see ``appendField(_:_:)``).
    mutating func append(literalKey key: StaticString, _ value: String) {
        appendField(key)
        appendQuoted(value)
    }

    /// A device's `device` and `deviceID` fields and the `version` key, `,"device":…,"deviceID":…,
    /// "version":`, written once per device: every line of the device has them after `time`, and
    /// composing them for each (two keys, two quoted strings, four appends) cost a motion line
    /// about a quarter of its instructions.
    struct DeviceFields: Hashable, Sendable {
        /// The fields' UTF-8 bytes, from the comma before `device` to the colon after `version`.
        let bytes: [UInt8]
        /// Whether the name and the source are ASCII.
        let isASCII: Bool

        /// Writes the fields of a device with this name and source.
        init(name: String, source: String) {
            var bytes: [UInt8] = []
            JSONLine.append(",\"device\":", to: &bytes)
            let isNameASCII = JSONLine.appendQuoted(name, to: &bytes)
            JSONLine.append(",\"deviceID\":", to: &bytes)
            let isSourceASCII = JSONLine.appendQuoted(source, to: &bytes)
            JSONLine.append(",\"version\":", to: &bytes)
            self.bytes = bytes
            isASCII = isNameASCII && isSourceASCII
        }
    }

    /// Adds a device's `device`, `deviceID` and `version` fields, as `append(literalKey:)` adds
    /// each, in one append (and a second for a version above 9).
    mutating func append(_ fields: DeviceFields, version: Int) {
        if !fields.isASCII { isASCII = false }
        if hasFields {
            body.append(contentsOf: fields.bytes)
        } else {
            // No comma before the first field.
            fields.bytes.withUnsafeBufferPointer { body.append(contentsOf: $0.dropFirst()) }
        }
        hasFields = true
        guard (0...9).contains(version) else { return appendInteger(version) }
        body.append(UInt8(ascii: "0") + UInt8(version))
    }

    /// Adds a string field whose key and value are literals of printable ASCII without a quote or
    /// a backslash (checked in debug builds), such as `"type":"motion"`.
    mutating func append(literalKey key: StaticString, literal value: StaticString) {
        assert(value.withUTF8Buffer { Self.isPrintableASCIIWithoutEscapes($0) }, "\(value) needs an escape")
        guard value.utf8CodeUnitCount <= ComposedBytes.longestKey else {
            appendField(key)
            body.append(UInt8(ascii: "\""))
            Self.append(value, to: &body)
            body.append(UInt8(ascii: "\""))
            return
        }
        appendField(key) { bytes in
            bytes.write(UInt8(ascii: "\""))
            bytes.write(value)
            bytes.write(UInt8(ascii: "\""))
            return true
        }
    }

    /// Adds an integer field whose key is a literal (see ``appendField(_:_:)``).
    mutating func append(literalKey key: StaticString, _ value: Int) {
        appendField(key) { bytes in
            bytes.writeInteger(UInt64(value.magnitude), isNegative: value < 0)
            return true
        }
    }

    /// Adds a number field whose key is a literal (see ``appendField(_:_:)``).
    mutating func append(literalKey key: StaticString, _ value: Double) {
        appendField(key) { $0.writeNumber(value) }
    }

    /// Adds a `type` field and four number fields, their keys and the type literals of printable
    /// ASCII without a quote or a backslash (checked in debug builds), all in one append: the
    /// fields of a motion line, the most frequent line, which would otherwise make an append
    /// (and a uniqueness check) each.
    mutating func append(
        literalType type: StaticString,
        _ first: (key: StaticString, value: Double),
        _ second: (key: StaticString, value: Double),
        _ third: (key: StaticString, value: Double),
        _ fourth: (key: StaticString, value: Double)
    ) {
        let longest = ComposedBytes.longestGroupedKey
        // A number from 9 × 10¹² on may take its shortest form, which is not composed.
        func isComposed(_ field: (key: StaticString, value: Double)) -> Bool {
            field.key.utf8CodeUnitCount <= longest && !(field.value.isFinite && field.value.magnitude >= 9e12)
        }
        guard type.utf8CodeUnitCount <= longest, isComposed(first), isComposed(second), isComposed(third),
            isComposed(fourth)
        else {
            append(literalKey: "type", literal: type)
            append(literalKey: first.key, first.value)
            append(literalKey: second.key, second.value)
            append(literalKey: third.key, third.value)
            append(literalKey: fourth.key, fourth.value)
            return
        }
        assert(type.withUTF8Buffer { Self.isPrintableASCIIWithoutEscapes($0) }, "\(type) needs an escape")
        appendField("type") { bytes in
            bytes.write(UInt8(ascii: "\""))
            bytes.write(type)
            bytes.write(UInt8(ascii: "\""))
            // One field at a time (an array of the four would be allocated).
            func write(_ field: (key: StaticString, value: Double)) {
                assert(
                    field.key.withUTF8Buffer { Self.isPrintableASCIIWithoutEscapes($0) }, "\(field.key) needs an escape"
                )
                bytes.writeKey(
                    UnsafeBufferPointer(start: field.key.utf8Start, count: field.key.utf8CodeUnitCount), isFirst: false)
                // Every number here is composed (see isComposed).
                _ = bytes.writeNumber(field.value)
            }
            write(first)
            write(second)
            write(third)
            write(fourth)
            return true
        }
    }

    /// Adds a duration given in microseconds, in seconds as ``append(_:seconds:)`` writes it,
    /// whose key is a literal (see ``appendField(_:_:)``): a time in the streams, from
    /// microseconds without making a `Duration` of them when it is from 0 to 2³¹ s (a negative or
    /// longer one takes the `Duration`'s way, with the same digits).
    mutating func append(literalKey key: StaticString, microseconds: Int64) {
        let microsecondsPerSecond: Int64 = 1_000_000
        guard microseconds >= 0, microseconds < (1 << 31) * microsecondsPerSecond else {
            return append(literalKey: key, seconds: .microseconds(microseconds))
        }
        appendField(key) { bytes in
            bytes.writeMillionths(microseconds)
            return true
        }
    }

    /// Adds a duration field, in seconds as ``append(_:seconds:)`` writes it, whose key is a
    /// literal (see ``appendField(_:_:)``).
    mutating func append(literalKey key: StaticString, seconds duration: Duration) {
        appendField(key) { $0.writeSeconds(duration) }
    }

    /// Appends a string literal, keeping ``isASCII`` up to date.
    private mutating func appendQuoted(_ string: String) {
        if !Self.appendQuoted(string, to: &body) { isASCII = false }
    }

    /// Returns a string as a JSON string literal, quotes included.
    public static func quoted(_ string: String) -> String {
        var bytes: [UInt8] = []
        appendQuoted(string, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends a string as a JSON string literal, quotes included; returns whether the string is
    /// ASCII.
    @discardableResult
    private static func appendQuoted(_ string: String, to bytes: inout [UInt8]) -> Bool {
        bytes.append(UInt8(ascii: "\""))
        // Keys, names and identifiers are almost always printable ASCII, which needs no escape:
        // their bytes are copied whole, without a walk over their scalars. (Only a string that is
        // not stored as contiguous UTF-8, such as one bridged from another encoding, has no bytes
        // to copy.)
        let isPrintableASCII = string.utf8.withContiguousStorageIfAvailable { utf8 in
            guard isPrintableASCIIWithoutEscapes(utf8) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if isPrintableASCII == true {
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        let isASCII = string.utf8.allSatisfy { $0 < 0x80 }
        guard mayNeedEscapes(string) else {
            bytes.append(contentsOf: string.utf8)
            bytes.append(UInt8(ascii: "\""))
            return isASCII
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": bytes.append(contentsOf: #"\""#.utf8)
            case "\\": bytes.append(contentsOf: #"\\"#.utf8)
            case "\n": bytes.append(contentsOf: #"\n"#.utf8)
            case "\r": bytes.append(contentsOf: #"\r"#.utf8)
            case "\t": bytes.append(contentsOf: #"\t"#.utf8)
            case "\u{08}": bytes.append(contentsOf: #"\b"#.utf8)
            case "\u{0C}": bytes.append(contentsOf: #"\f"#.utf8)
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                // Other control characters, DEL, and the two separators JavaScript treats as
                // line breaks: as \u escapes, so that a line stays one line everywhere.
                let hex = String(scalar.value, radix: 16, uppercase: false)
                bytes.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: UTF8.encode(scalar) { bytes.append($0) }
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return isASCII
    }

    /// Whether UTF-8 text is printable ASCII without a quote or a backslash: what a JSON string
    /// literal holds as it is. One unsigned comparison finds both ends of the printable range
    /// (a byte below the space wraps around to a large difference, as DEL and non-ASCII are).
    private static func isPrintableASCIIWithoutEscapes(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let printableCount: UInt8 = 0x7F - 0x20
        for byte in utf8 {
            if byte &- 0x20 >= printableCount || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                return false
            }
        }
        return true
    }

    /// Appends the bytes of a literal such as `null`.
    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
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
    private mutating func appendNumber(_ value: Double) {
        appendComposed { $0.writeNumber(value) }
    }

    /// Writes an integer in decimal.
    private mutating func appendInteger(_ value: some BinaryInteger) {
        guard let magnitude = UInt64(exactly: value.magnitude) else {
            body.append(contentsOf: String(value).utf8)
            return
        }
        appendComposed { bytes in
            bytes.writeInteger(magnitude, isNegative: value < 0)
            return true
        }
    }

    /// Composes bytes on the stack with `compose` and adds them to the body in one append: an
    /// append per byte checks the array's uniqueness and capacity every time, which costs more
    /// than the byte (and, under emulation, a call into the runtime each). `compose` returns false
    /// for a number it leaves to ``appendLargeNumber(_:)``, which then follows what it composed.
    private mutating func appendComposed(_ compose: (inout ComposedBytes) -> Bool) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: ComposedBytes.capacity) { buffer in
            var bytes = ComposedBytes(buffer)
            let isComplete = compose(&bytes)
            body.append(contentsOf: bytes.written)
            if !isComplete { appendLargeNumber(bytes.pendingNumber) }
        }
    }

    /// Writes a number from 9 × 10¹² on that is not a whole number below 2⁶³ (see
    /// ``appendNumber(_:)``): its shortest exact form, which has no exponent up to 2⁵³ and one beyond
    /// 2⁶³, which JSON allows and no stream produces.
    private mutating func appendLargeNumber(_ value: Double) {
        body.append(contentsOf: value.description.utf8)
    }

    /// The largest magnitude, exclusive, that ``smallInteger(_:)`` reads: 2³², whose millionths
    /// (below 2⁵³ once the factor 2⁶ of a million is taken out) a `Double` holds exactly, so that
    /// ``appendNumber(_:)`` prints such a number as the integer it is.
    fileprivate static let smallIntegerExponentLimit = 32

    /// The value as an integer when it is whole and its magnitude below 2³² (zero of either sign
    /// is 0); nil otherwise (fractions, larger values, NaN and infinities). Read from the bits
    /// alone, without floating-point arithmetic.
    @inline(__always)
    fileprivate static func smallInteger(_ value: Double) -> Int64? {
        let bits = value.bitPattern
        let significandWidth = UInt64(Double.significandBitCount)
        let significandMask: UInt64 = (1 << significandWidth) - 1
        let biasedExponent = (bits >> significandWidth) & 0x7FF
        let significand = bits & significandMask
        if biasedExponent == 0 {
            // Zero, or a subnormal (a fraction).
            return significand == 0 ? 0 : nil
        }
        let bias: UInt64 = 1023
        // A magnitude below 1 is a fraction; from 2³² on (NaN and infinities too) it is not read.
        guard biasedExponent >= bias, biasedExponent < bias + UInt64(smallIntegerExponentLimit) else { return nil }
        let fractionWidth = significandWidth - (biasedExponent - bias)
        guard significand & ((1 << fractionWidth) - 1) == 0 else { return nil }
        let magnitude = Int64(bitPattern: (significand | 1 << significandWidth) >> fractionWidth)
        return bits >> 63 == 0 ? magnitude : -magnitude
    }
}

/// Bytes of a line written one by one into a buffer on the stack, for ``JSONLine`` to add in one
/// append: a field's punctuation and key, a number's digits.
private struct ComposedBytes {
    /// The buffer's size: a literal key of up to ``longestKey`` bytes with its punctuation
    /// (`,"key":`, 4 bytes), then a quoted literal value of up to ``longestKey`` bytes or the
    /// longest number written here (``longestNumber``); or the five fields of
    /// ``JSONLine/append(literalType:_:_:_:_:)`` with keys of up to ``longestGroupedKey`` bytes
    /// (`,"type":"` and `"`, then four times `,"` and `":` around a key and a number: 234 bytes).
    static let capacity = 256
    /// The longest number written here: a sign, 13 digits below 9 × 10¹², a point and 6 decimals
    /// (21 bytes); or a sign and the 20 digits of a `UInt64`.
    static let longestNumber = 21
    /// The longest key (or type) of a field composed with others in one buffer.
    static let longestGroupedKey = 24
    /// The longest key (or literal value) composed with its field; a longer one is added on its
    /// own.
    static let longestKey = 48

    private let start: UnsafeMutablePointer<UInt8>
    private var count = 0
    /// The number ``writeNumber(_:)`` left to ``JSONLine/appendLargeNumber(_:)``.
    private(set) var pendingNumber = 0.0

    init(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        precondition(buffer.count >= Self.capacity)
        // The temporary allocation's buffer always has a base address.
        start = buffer.baseAddress!
    }

    /// What has been written.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    /// Writes a byte.
    @inline(__always)
    mutating func write(_ byte: UInt8) {
        assert(count < Self.capacity)
        start[count] = byte
        count += 1
    }

    /// Writes bytes that fit (up to ``longestKey``), eight at a time and then the rest in
    /// halves: they are short, and a call to copy them costs more, but a key such as
    /// `dxUnaccelerated` copied byte by byte cost a motion line about a sixth of its instructions.
    @inline(__always)
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        precondition(length <= Self.longestKey, "too long to compose")
        guard let base = bytes.baseAddress else { return }
        let source = UnsafeRawPointer(base)
        let destination = UnsafeMutableRawPointer(start + count)
        var offset = 0
        while length - offset >= 8 {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self
            )
            offset += 8
        }
        if length - offset >= 4 {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self), toByteOffset: offset, as: UInt32.self
            )
            offset += 4
        }
        if length - offset >= 2 {
            destination.storeBytes(
                of: source.loadUnaligned(fromByteOffset: offset, as: UInt16.self), toByteOffset: offset, as: UInt16.self
            )
            offset += 2
        }
        if offset < length {
            destination.storeBytes(
                of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
        }
        count += length
    }

    /// Writes the bytes of a literal of up to ``longestKey`` bytes (a key, `null`).
    @inline(__always)
    mutating func write(_ literal: StaticString) {
        write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Writes a field's start, `,"key":` (without the comma for the first field), for a key of
    /// up to ``longestKey`` bytes that needs no escape.
    @inline(__always)
    mutating func writeKey(_ key: UnsafeBufferPointer<UInt8>, isFirst: Bool) {
        if !isFirst { write(UInt8(ascii: ",")) }
        write(UInt8(ascii: "\""))
        write(key)
        write(UInt8(ascii: "\""))
        write(UInt8(ascii: ":"))
    }

    /// Writes a duration in seconds, as ``JSONLine/append(_:seconds:)`` describes; returns false
    /// for one it leaves to ``JSONLine/appendLargeNumber(_:)``, as ``writeNumber(_:)`` does.
    mutating func writeSeconds(_ duration: Duration) -> Bool {
        let (seconds, attoseconds) = duration.components
        let attosecondsPerMicrosecond: Int64 = 1_000_000_000_000
        guard seconds.magnitude < 1 << 31, attoseconds % attosecondsPerMicrosecond == 0 else {
            return writeNumber(duration.inSeconds)
        }
        writeMillionths(seconds * 1_000_000 + attoseconds / attosecondsPerMicrosecond)
        return true
    }

    /// Writes a number as ``JSONLine/appendNumber(_:)`` describes; returns false, writing nothing,
    /// for a magnitude from 9 × 10¹² on that is not a whole number below 2⁶³ (kept in
    /// ``pendingNumber``).
    mutating func writeNumber(_ value: Double) -> Bool {
        if let integer = JSONLine.smallInteger(value) {
            // Most numbers in the streams are whole (a mouse's counts, a flat profile's motion):
            // written without floating-point arithmetic, the costliest part of a line under
            // emulation. Their millionths below are exact, so the digits are the same.
            writeInteger(integer.magnitude, isNegative: integer < 0)
            return true
        }
        guard value.isFinite else {
            write("null")
            return true
        }
        let magnitude = value.magnitude
        guard magnitude < 9e12 else {
            guard value == value.rounded(), magnitude < 9.2e18 else {
                pendingNumber = value
                return false
            }
            let integer = Int64(value)
            writeInteger(integer.magnitude, isNegative: integer < 0)
            return true
        }
        let millionths = Int64((magnitude * 1_000_000).rounded())
        writeMillionths(value < 0 ? -millionths : millionths)
        return true
    }

    /// Writes a number of millionths as a decimal number as ``writeNumber(_:)`` does: `0`,
    /// `-1.5`, `0.000016`.
    mutating func writeMillionths(_ signedMillionths: Int64) {
        guard signedMillionths != 0 else { return write(UInt8(ascii: "0")) }
        if signedMillionths < 0 { write(UInt8(ascii: "-")) }
        let millionths = signedMillionths.magnitude
        writeDigits(millionths / 1_000_000)
        let fraction = millionths % 1_000_000
        guard fraction != 0 else { return }
        write(UInt8(ascii: "."))
        // All six digits, then back over the trailing zeros (a digit is not zero): fewer
        // divisions than dropping the zeros first and counting what is left.
        let fractionDigits = 6
        writeDigits(fraction, exactly: fractionDigits)
        while start[count - 1] == UInt8(ascii: "0") { count -= 1 }
    }

    /// Writes an integer in decimal.
    mutating func writeInteger(_ magnitude: UInt64, isNegative: Bool) {
        if isNegative { write(UInt8(ascii: "-")) }
        writeDigits(magnitude)
    }

    /// Writes the decimal digits of `value`, with leading zeros up to `width` digits.
    mutating func writeDigits(_ value: UInt64, width: Int = 1) {
        // One digit, as most of a mouse's counts and a session's first seconds are.
        if value < 10, width <= 1 { return write(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value)) }
        let largestPowerOfTen: UInt64 = 10_000_000_000_000_000_000
        var digitCount = 1
        var power: UInt64 = 10
        while value >= power {
            digitCount += 1
            guard power < largestPowerOfTen else { break }
            power *= 10
        }
        writeDigits(value, exactly: max(digitCount, width))
    }

    /// Writes the last `length` decimal digits of `value`, with leading zeros.
    mutating func writeDigits(_ value: UInt64, exactly length: Int) {
        var remaining = value
        assert(count + length <= Self.capacity)
        // From the last digit back.
        var index = count + length
        while index > count {
            index -= 1
            let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
            start[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit)
            remaining = quotient
        }
        count += length
    }
}
