/// A part of a translator kept on the heap: changed in place, and copied first when a copy of
/// the translator shares it (copy on write), so that translators stay values.
///
/// Why: the parts are structs of several hundred bytes. Held inline in an `Optional`, every
/// check of whether a part exists, and every read of one of its properties, made the compiler copy
/// the whole part to the stack first (a `memcpy` and a retain of each of its arrays, per frame).
/// Behind a reference, the optional is a null check and a read is a load.
struct PartStorage<Part> {
    private var buffer: ManagedBuffer<Part, Void>

    /// Stores a part.
    init(_ part: Part) {
        buffer = ManagedBuffer<Part, Void>.create(minimumCapacity: 0) { _ in part }
    }

    /// Reads the part where it is.
    func read<Result>(_ body: (UnsafeMutablePointer<Part>) -> Result) -> Result {
        buffer.withUnsafeMutablePointerToHeader(body)
    }

    /// Changes the part where it is, after copying it if another translator shares it.
    mutating func modify<Result>(_ body: (inout Part) -> Result) -> Result {
        if !isKnownUniquelyReferenced(&buffer) {
            let part = buffer.header
            buffer = ManagedBuffer<Part, Void>.create(minimumCapacity: 0) { _ in part }
        }
        return buffer.withUnsafeMutablePointerToHeader { body(&$0.pointee) }
    }
}
