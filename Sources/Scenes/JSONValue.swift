/// A JSON value with the line it starts on, so that a scene error can name the place.
///
/// Scenes use their own small reader instead of `JSONSerialization` for three reasons: every value
/// keeps its line, an object keeps its keys in file order (and a repeated key is reported instead
/// of silently dropped), and `true` is never confused with `1`.
struct JSONValue: Sendable {
    /// The kinds of JSON values.
    enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONValue])
        case object([JSONMember])
    }

    /// The value.
    var kind: Kind
    /// The 1-based line the value starts on.
    var line: Int

    /// A word for the value's type, used in "expected …, found …" messages.
    var typeName: String {
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
struct JSONMember: Sendable {
    /// The key.
    var key: String
    /// The line the key is on.
    var line: Int
    /// The value.
    var value: JSONValue
}

/// A syntax error in a JSON text.
struct JSONSyntaxError: Error, Sendable {
    /// What is wrong.
    var message: String
    /// The 1-based line of the offending character.
    var line: Int
}

/// A recursive-descent JSON reader (RFC 8259) over UTF-8 bytes that records lines.
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

    private let bytes: [UInt8]
    private var index = 0
    /// The 1-based line of the next byte.
    private(set) var line = 1
    private var depth = 0

    /// Creates a reader over `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Parses a whole document: one value, surrounded only by whitespace.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
        var reader = JSONReader(document: bytes)
        let value = try reader.readValue()
        try reader.finishDocument()
        return value
    }

    /// Creates a reader at the start of a document: past a UTF-8 byte order mark (allowed before
    /// the text) and leading whitespace.
    init(document bytes: [UInt8]) {
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
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeCurrent()), expected a quoted key")
        }
        let keyLine = line
        let key = try readString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            throw error("unexpected \(describeCurrent()), expected ':' after the key \"\(key)\"")
        }
        index += 1
        skipWhitespace()
        return (key, keyLine)
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
                        throw JSONSyntaxError(message: "the key \"\(key)\" appears twice in one object", line: keyLine)
                    }
                    if keySet == nil { keys.append(key) }
                }
                try skipValue(checkingKeys: checkingKeys)
            } while try nextMember()
        case UInt8(ascii: "["):
            if try beginArray() { return }
            repeat { try skipValue(checkingKeys: checkingKeys) } while try nextElement()
        default:
            _ = try readValue()
        }
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

    mutating func skipWhitespace() {
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

    private mutating func readLiteral(_ word: String) throws(JSONSyntaxError) {
        let literal = Array(word.utf8)
        let count = literal.count
        let matches = index + count <= bytes.count && bytes[index..<(index + count)].elementsEqual(literal)
        guard matches else { throw error("unexpected \(describeCurrent()), expected a value") }
        index += count
    }

    mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
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
                throw JSONSyntaxError(message: "the key \"\(key)\" appears twice in one object", line: keyLine)
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
        // Most strings have no escapes: find the closing quote and decode the bytes in place.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                guard let string = String(validating: bytes[index..<end], as: UTF8.self) else {
                    throw error("a string is not valid UTF-8")
                }
                index = end + 1
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
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
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number is missing its digits") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number has no digits after '.'") }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error("a number has no exponent digits") }
            while index < bytes.count && isDigit(bytes[index]) { index += 1 }
        }
        // Integers of up to 15 digits are exact in a Double: convert them without a text copy.
        let digits = bytes[start] == UInt8(ascii: "-") ? index - start - 1 : index - start
        if digits <= Self.exactIntegerDigits,
            !bytes[start..<index].contains(where: { !isDigit($0) && $0 != UInt8(ascii: "-") })
        {
            var value = 0
            for byte in bytes[start..<index] where isDigit(byte) { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
            return Double(bytes[start] == UInt8(ascii: "-") ? -value : value)
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw error("the number \(text) is out of range") }
        return value
    }
}
