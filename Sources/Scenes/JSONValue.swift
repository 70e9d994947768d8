import Foundation

/// A JSON value with the line it starts on, so that a scene error can name the place.
///
/// Scenes use their own small reader instead of `JSONSerialization` for three reasons: every value
/// keeps its line, an object keeps its keys in file order (and a repeated key is reported instead
/// of silently dropped), and `true` is never confused with `1`.
package struct JSONValue: Sendable {
    /// The kinds of JSON values.
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    /// The value.
    package var kind: Kind
    /// The 1-based line the value starts on.
    package var line: Int

    /// A word for the value's type, used in "expected …, found …" messages.
    package var typeName: String {
        switch kind {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable {
    /// The key.
    package var key: String
    /// The line the key is on.
    package var line: Int
    /// The value.
    package var value: JSONValue
}

/// A syntax error in a JSON text.
package struct JSONSyntaxError: Error, Sendable {
    /// What is wrong.
    package var message: String
    /// The 1-based line of the offending character.
    package var line: Int
    /// The key, when what is wrong is a key that appears twice in one object.
    package var repeatedKey: String?

    init(message: String, line: Int) {
        self.message = message
        self.line = line
    }

    /// A key that appears twice in one object, the second time on `line`.
    static func repeated(_ key: String, line: Int) -> JSONSyntaxError {
        var error = JSONSyntaxError(message: "the key \"\(key)\" appears twice in one object", line: line)
        error.repeatedKey = key
        return error
    }
}

extension JSONValue {
    /// Reads a whole JSON text: one value, and only whitespace after it.
    /// - Throws: ``JSONSyntaxError`` with the line of what is wrong; a key that appears twice in
    ///   one object is an error, not a value silently dropped.
    package static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var text = text
        let result = text.withUTF8 { bytes -> Result<JSONValue, JSONSyntaxError> in
            var reader = JSONReader(document: bytes)
            do throws(JSONSyntaxError) {
                let value = try reader.readValue()
                try reader.finishDocument()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// A recursive-descent JSON reader (RFC 8259) over UTF-8 bytes that records lines.
///
/// The reader borrows the bytes: it must not outlive the buffer it was made with. It is a small
/// value, so a copy is a bookmark (a scout that looks ahead, a place to read again).
struct JSONReader {
    /// How deeply arrays and objects may nest; deeper input is refused instead of exhausting the
    /// stack. Scene trees are a few levels deep; 512 leaves room for generated scenes.
    static let maximumDepth = 512
    /// Up to this many keys, an object checks for a repeated key by looking through the keys it
    /// has; beyond, it keeps a set, so that the check stays linear in the number of keys.
    static let linearKeyCheckLimit = 16
    /// Integers with at most this many digits are converted digit by digit: below 10¹⁵ every
    /// integer is exact in a Double, so the result equals the general conversion's.
    static let exactIntegerDigits = 15

    private let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte.
    private(set) var index = 0
    /// The 1-based line of the next byte.
    private(set) var line = 1
    private(set) var depth = 0
    /// The deepest nesting since ``startRepeatableValue()``.
    private var deepest = 0

    /// Creates a reader over `bytes`, which must stay valid while the reader is used.
    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Creates a reader at the start of a document: past a UTF-8 byte order mark (allowed before
    /// the text) and leading whitespace.
    init(document bytes: UnsafeBufferPointer<UInt8>) {
        self.init(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        skipWhitespace()
    }

    /// Checks that only whitespace follows the top-level value.
    mutating func finishDocument() throws(JSONSyntaxError) {
        skipWhitespace()
        guard index == bytes.count else {
            throw error("unexpected \(describeCurrent()) after the top-level value")
        }
    }

    // MARK: Pull interface

    /// The next byte after whitespace, without consuming it; nil at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// A word for the type of the value that starts here, for "expected …, found …" messages.
    mutating func peekTypeName() -> String {
        switch peek() {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a boolean"
        case UInt8(ascii: "n"): "null"
        case nil: "end of file"
        default: "a number"
        }
    }

    /// Consumes `{` and reports whether the object is empty (consuming `}` then).
    mutating func beginObject() throws(JSONSyntaxError) -> Bool {
        try enterContainer()
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return true
        }
        return false
    }

    /// Reads `"key":` and returns the key and its line.
    mutating func readKey() throws(JSONSyntaxError) -> (key: String, line: Int) {
        let (key, _, line) = try readKey(among: .empty)
        return (key, line)
    }

    /// Reads `"key":` and returns the key, its place among `known` and its line. A key written
    /// plainly (ASCII, no escapes) is matched on its bytes and, when known, returned as the
    /// known name itself, so that known keys cost no new string.
    mutating func readKey(among known: KnownKeys) throws(JSONSyntaxError) -> (key: String, known: Int?, line: Int) {
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeCurrent()), expected a quoted key")
        }
        let keyLine = line
        let key: String
        let knownIndex: Int?
        if let end = plainASCIIStringEnd(from: index + 1) {
            let text = UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end])
            knownIndex = known.index(ofUTF8: text)
            key = knownIndex.map { known.names[$0] } ?? String(decoding: text, as: UTF8.self)
            index = end + 1
        } else {
            key = try readString()
            knownIndex = known.index(of: key)
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("unexpected \(describeCurrent()), expected ':' after the key \"\(key)\"")
        }
        index += 1
        skipWhitespace()
        return (key, knownIndex, keyLine)
    }

    /// Reads `"key":` like ``readKey(among:)`` and returns only the key's place among `known`:
    /// a plainly written key is not made into a string.
    mutating func readKeyIndex(among known: KnownKeys) throws(JSONSyntaxError) -> Int? {
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "\""), let end = plainASCIIStringEnd(from: index + 1) {
            var after = self
            after.index = end + 1
            after.skipWhitespace()
            if after.index < bytes.count, bytes[after.index] == UInt8(ascii: ":") {
                let knownIndex = known.index(ofUTF8: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]))
                self = after
                index += 1
                skipWhitespace()
                return knownIndex
            }
        }
        return try readKey(among: known).known
    }

    /// The offset of the closing quote of the string whose text starts at `start`, when the text
    /// is plain: ASCII, without escapes or control characters. Nil otherwise (and at the end).
    private func plainASCIIStringEnd(from start: Int) -> Int? {
        var end = start
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") { return end }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            end += 1
        }
        return nil
    }

    /// After a member's value: consumes `,` (another member follows: true) or `}` (false).
    mutating func nextMember() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            return true
        }
        if bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return false
        }
        throw error("unexpected \(describeCurrent()), expected ',' or '}'")
    }

    /// Consumes `[` and reports whether the array is empty (consuming `]` then).
    mutating func beginArray() throws(JSONSyntaxError) -> Bool {
        try enterContainer()
        index += 1
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return true
        }
        return false
    }

    /// After an element: consumes `,` (another element follows: true) or `]` (false).
    mutating func nextElement() throws(JSONSyntaxError) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
        if bytes[index] == UInt8(ascii: ",") {
            index += 1
            skipWhitespace()
            return true
        }
        if bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return false
        }
        throw error("unexpected \(describeCurrent()), expected ',' or ']'")
    }

    /// Skips one value, checking its syntax (and, when `checkingKeys`, that no object repeats a
    /// key), without building it.
    mutating func skipValue(checkingKeys: Bool = true) throws(JSONSyntaxError) {
        guard let byte = peek() else { throw error("unexpected end of file, expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            if try beginObject() { return }
            var keys: [String] = []
            var keySet: Set<String>?
            repeat {
                let (key, keyLine) = try readKey()
                if checkingKeys {
                    if keySet == nil && keys.count >= Self.linearKeyCheckLimit { keySet = Set(keys) }
                    let repeated = keySet != nil ? keySet?.insert(key).inserted == false : keys.contains(key)
                    if repeated {
                        throw JSONSyntaxError.repeated(key, line: keyLine)
                    }
                    if keySet == nil { keys.append(key) }
                }
                try skipValue(checkingKeys: checkingKeys)
            } while try nextMember()
        case UInt8(ascii: "["):
            if try beginArray() { return }
            repeat { try skipValue(checkingKeys: checkingKeys) } while try nextElement()
        case UInt8(ascii: "\""):
            // A plain string is skipped without making it; anything else is read for its checks.
            if let end = plainASCIIStringEnd(from: index + 1) {
                index = end + 1
            } else {
                _ = try readString()
            }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try readNumber()
        default:
            _ = try readValue()
        }
    }

    /// Reads `true` or `false`; nil, reading nothing, when the next value starts otherwise.
    mutating func readBoolean() throws(JSONSyntaxError) -> Bool? {
        switch peek() {
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return true
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return false
        default:
            return nil
        }
    }

    /// Moves to where `position`, a copy of this reader that read on, is: past values it read.
    mutating func move(to position: JSONReader) {
        index = position.index
        line = position.line
    }

    // MARK: Repeated values

    /// Where a value starts whose text ``endRepeatableValue(_:)`` then describes.
    struct RepeatableStart {
        fileprivate var index: Int
        fileprivate var line: Int
        fileprivate var depth: Int
        fileprivate var deepest: Int
    }

    /// The text of a value read before: where its bytes are, how many line breaks they hold and
    /// how deep its arrays and objects nest.
    struct RepeatableText {
        fileprivate var start: Int
        fileprivate var count: Int
        fileprivate var lines: Int
        fileprivate var nesting: Int
    }

    /// Marks the start of a value, which must be next (past whitespace).
    mutating func startRepeatableValue() -> RepeatableStart {
        defer { deepest = depth }
        return RepeatableStart(index: index, line: line, depth: depth, deepest: deepest)
    }

    /// The text of the value read since `start`; nil when its end depends on what follows it (a
    /// number or a literal), so that the same bytes elsewhere may not be the same value.
    mutating func endRepeatableValue(_ start: RepeatableStart) -> RepeatableText? {
        defer { deepest = max(deepest, start.deepest) }
        guard index > start.index else { return nil }
        switch bytes[index - 1] {
        case UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: "\""): break
        default: return nil
        }
        return RepeatableText(
            start: start.index, count: index - start.index, lines: line - start.line, nesting: deepest - start.depth)
    }

    /// Whether the next value's bytes are `text`'s, and its arrays and objects may nest as deep
    /// here: reading it would give the value read from `text`, with no error.
    func repeats(_ text: RepeatableText) -> Bool {
        guard depth + text.nesting <= Self.maximumDepth, index + text.count <= bytes.count,
            let base = bytes.baseAddress
        else { return false }
        return memcmp(base + index, base + text.start, text.count) == 0
    }

    /// Moves past a value whose bytes ``repeats(_:)`` found to be `text`'s.
    mutating func skipRepeated(_ text: RepeatableText) {
        index += text.count
        line += text.lines
    }

    func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, line: line)
    }

    func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    @inline(__always)
    mutating func skipWhitespace() {
        // Most tokens follow one another or a single space: the loop is for the rest.
        if index < bytes.count && bytes[index] > UInt8(ascii: " ") { return }
        skipWhitespaceRun()
    }

    private mutating func skipWhitespaceRun() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            default:
                return
            }
        }
    }

    mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let startLine = line
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return JSONValue(kind: .object(try readObject()), line: startLine)
        case UInt8(ascii: "["):
            return JSONValue(kind: .array(try readArray()), line: startLine)
        case UInt8(ascii: "\""):
            return JSONValue(kind: .string(try readString()), line: startLine)
        case UInt8(ascii: "t"):
            try readLiteral("true")
            return JSONValue(kind: .bool(true), line: startLine)
        case UInt8(ascii: "f"):
            try readLiteral("false")
            return JSONValue(kind: .bool(false), line: startLine)
        case UInt8(ascii: "n"):
            try readLiteral("null")
            return JSONValue(kind: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(kind: .number(try readNumber()), line: startLine)
        default:
            throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func readLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let literal = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        let count = literal.count
        let matches = index + count <= bytes.count && bytes[index..<(index + count)].elementsEqual(literal)
        guard matches else { throw error("unexpected \(describeCurrent()), expected a value") }
        index += count
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        deepest = max(deepest, depth)
        guard depth <= Self.maximumDepth else {
            throw error("arrays and objects nest deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func readObject() throws(JSONSyntaxError) -> [JSONMember] {
        try enterContainer()
        defer { depth -= 1 }
        index += 1  // {
        var members: [JSONMember] = []
        /// Keys seen so far, once the object is too large for a linear look-up to stay cheap.
        var keys: Set<String>?
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a quoted key")
            }
            let keyLine = line
            let key = try readString()
            if keys == nil && members.count >= Self.linearKeyCheckLimit {
                keys = Set(members.map(\.key))
            }
            let repeated: Bool
            if keys != nil {
                repeated = keys?.insert(key).inserted == false
            } else {
                repeated = members.contains { $0.key == key }
            }
            if repeated {
                throw JSONSyntaxError.repeated(key, line: keyLine)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after the key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            let value = try readValue()
            members.append(JSONMember(key: key, line: keyLine, value: value))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return members
            }
            throw error("unexpected \(describeCurrent()), expected ',' or '}'")
        }
    }

    private mutating func readArray() throws(JSONSyntaxError) -> [JSONValue] {
        try enterContainer()
        defer { depth -= 1 }
        index += 1  // [
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue())
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file, expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return elements
            }
            throw error("unexpected \(describeCurrent()), expected ',' or ']'")
        }
    }

    private mutating func readHexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("unfinished \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hexadecimal digit in a \\u escape")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    mutating func readString() throws(JSONSyntaxError) -> String {
        index += 1  // opening quote
        // Most strings have no escapes: find the closing quote and decode the bytes in place;
        // ASCII needs no validation.
        var end = index
        var allBits: UInt8 = 0
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[index..<end])
                if allBits < 0x80 {
                    index = end + 1
                    return String(decoding: text, as: UTF8.self)
                }
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw error("a string is not valid UTF-8")
                }
                index = end + 1
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            allBits |= byte
            end += 1
        }
        var utf8: [UInt8] = Array(bytes[index..<end])
        index = end
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("a string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated string") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalarValue = try readHexQuad()
                    if (0xD800...0xDBFF).contains(scalarValue) {
                        guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("a high surrogate escape is not followed by a low one") }
                        index += 2
                        let low = try readHexQuad()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("a high surrogate escape is not followed by a low one")
                        }
                        scalarValue = 0x10000 + ((scalarValue - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(scalarValue) else {
                        throw error("a \\u escape names no Unicode scalar")
                    }
                    utf8.append(contentsOf: Array(String(Character(scalar)).utf8))
                default:
                    throw error("invalid escape sequence in a string")
                }
            case 0x00..<0x20:
                throw error("a control character (line break or tab) inside a string must be escaped")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    mutating func readNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let isNegative = bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number is missing its digits") }
        // The integer part's value, exact while it has at most `exactIntegerDigits` digits.
        var integer = 0
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count && isDigit(bytes[index]) {
                integer = integer &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
        }
        var isInteger = true
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number has no digits after '.'") }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            isInteger = false
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number has no exponent digits") }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        // Integers of up to 15 digits are exact in a Double: convert them without a text copy.
        let digits = isNegative ? index - start - 1 : index - start
        if isInteger && digits <= Self.exactIntegerDigits {
            return Double(isNegative ? -integer : integer)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is out of range") }
        return value
    }
}

/// The keys an object may hold, so that a key read from the text can be matched on its bytes
/// instead of being made into a string and compared with each name.
final class KnownKeys: Sendable {
    /// No keys: every key is unknown.
    static let empty = KnownKeys([])
    /// Slots in the table of names: a power of two at least four times the number of names, so
    /// that a look-up probes a slot or two.
    private static let slotCount = 128
    /// The longest name, in bytes: a name is compared as four 64-bit words.
    static let maximumLength = 32

    /// A name's bytes, padded with zeros.
    private typealias Words = (UInt64, UInt64, UInt64, UInt64)

    /// The names, in the order their indices count.
    let names: [String]
    /// Each name's length in bytes.
    private let lengths: [Int]
    /// Each name's bytes.
    private let words: [Words]
    /// An open-addressing table of name indices by ``slot(count:words:)``; -1 marks an empty slot.
    private let slots: [Int8]

    /// Creates the table of `names`: ASCII, at most ``maximumLength`` bytes each, fewer than
    /// ``slotCount`` / 4.
    init(_ names: [String]) {
        precondition(
            names.count * 4 <= Self.slotCount
                && names.allSatisfy { $0.utf8.count <= Self.maximumLength && $0.utf8.allSatisfy { $0 < 0x80 } })
        self.names = names
        lengths = names.map(\.utf8.count)
        words = names.map { name in Array(name.utf8).withUnsafeBufferPointer { Self.words(of: $0) } }
        var slots = [Int8](repeating: -1, count: Self.slotCount)
        for index in names.indices {
            var slot = Self.slot(count: lengths[index], words: words[index])
            while slots[slot] >= 0 { slot = (slot + 1) & (Self.slotCount - 1) }
            slots[slot] = Int8(index)
        }
        self.slots = slots
    }

    /// The index of `key` among the names, compared as strings are.
    func index(of key: String) -> Int? { names.firstIndex(of: key) }

    /// The index of the name whose UTF-8 bytes are `text`. For ASCII `text` this is
    /// ``index(of:)`` of its string: ASCII strings are equal exactly when their bytes are.
    func index(ofUTF8 text: UnsafeBufferPointer<UInt8>) -> Int? {
        guard text.count <= Self.maximumLength else { return nil }
        let key = Self.words(of: text)
        var slot = Self.slot(count: text.count, words: key)
        while true {
            let candidate = Int(slots[slot])
            if candidate < 0 { return nil }
            if lengths[candidate] == text.count && words[candidate] == key { return candidate }
            slot = (slot + 1) & (Self.slotCount - 1)
        }
    }

    /// Up to ``maximumLength`` bytes as words, padded with zeros.
    private static func words(of text: UnsafeBufferPointer<UInt8>) -> Words {
        var words: Words = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(text)) }
        return words
    }

    /// Where a name's look-up starts: a hash of its length and first eight bytes.
    private static func slot(count: Int, words: Words) -> Int {
        let mixed = (words.0 ^ UInt64(count)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 57) & (slotCount - 1)
    }
}
