/// One line of a text file: its 1-based number and its bytes without the line break.
struct Line {
    var number: Int
    var bytes: ArraySlice<UInt8>

    var text: String { String(decoding: bytes, as: UTF8.self) }
}

/// Splits bytes into lines (LF or CRLF) without copying them. Linear in the input.
struct LineScanner {
    let bytes: [UInt8]
    private var index = 0
    private var number = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Line? {
        guard index < bytes.count else { return nil }
        let start = index
        var end = start
        while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
        index = end + 1
        number += 1
        var stop = end
        if stop > start && bytes[stop - 1] == UInt8(ascii: "\r") { stop -= 1 }
        return Line(number: number, bytes: bytes[start..<stop])
    }
}

/// Fields of a line split at spaces and tabs, parsed straight from the bytes.
enum Fields {
    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Splits at runs of spaces and tabs, into `storage` (reused by the caller to avoid allocation).
    static func split(_ bytes: ArraySlice<UInt8>, into storage: inout [ArraySlice<UInt8>]) {
        storage.removeAll(keepingCapacity: true)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            while index < bytes.endIndex && isSpace(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { break }
            let start = index
            while index < bytes.endIndex && !isSpace(bytes[index]) { index += 1 }
            storage.append(bytes[start..<index])
        }
    }

    static func hexDigit(_ byte: UInt8) -> UInt64? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt64(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt64(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt64(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Parses unsigned hexadecimal (an optional `0x` prefix allowed) no larger than `maximum`.
    static func hex(_ field: ArraySlice<UInt8>, maximum: UInt64) -> UInt64? {
        var digits = field
        if digits.count > 2, digits[digits.startIndex] == UInt8(ascii: "0"),
            digits[digits.startIndex + 1] | 0x20 == UInt8(ascii: "x")
        {
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
            if value > maximum { return nil }
        }
        return value
    }

    /// Parses a signed decimal (optional `+` or `-`, any number of leading zeros) within `range`.
    @inline(__always)
    static func decimal<Bytes: Collection<UInt8>>(_ field: Bytes, in range: ClosedRange<Int64>) -> Int64? {
        var digits = field[...]
        var negative = false
        if let first = digits.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
            if value > 1 << 40 { return nil }
        }
        if negative { value = -value }
        return range.contains(value) ? value : nil
    }
}
