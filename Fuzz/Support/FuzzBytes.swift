// Reading fuzz input field by field, shared by the targets that build structured input from it
// (`// fuzz-support: FuzzBytes`).

/// Reads the fuzz input a field at a time; past the end every field is zero.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func uint16() -> UInt16 { UInt16(byte()) | UInt16(byte()) << 8 }

    mutating func int32() -> Int32 {
        Int32(bitPattern: UInt32(uint16()) | UInt32(uint16()) << 16)
    }
}
