extension Array {
    /// Removes every element and keeps the storage, as `removeAll(keepingCapacity: true)` does,
    /// for a buffer emptied every frame: call it before each one.
    ///
    /// Why: the standard call goes through the general `replaceSubrange` whatever the count, and
    /// destroys elements that are not trivially destructible (classified inputs, whose keys carry
    /// strings; events; recognizers) through the runtime's generic array destroy, a value-witness
    /// call per element found through the type's metadata. Taking the elements off the end one at
    /// a time destroys each with code specialised for its type (about 45 instructions for a
    /// classified input instead of about 115), and an empty buffer, the usual case for most of
    /// the frame path's buffers, costs one comparison.
    @inlinable
    public mutating func removeAllKeepingCapacity() {
        while !isEmpty { removeLast() }
    }
}

extension Array {
    /// Reverses the order of the elements from `start` to the end, in place.
    ///
    /// Why: `self[start...].reverse()` reverses a slice, which copies the elements it swaps (a
    /// retain and a release of whatever each one holds). Swapping in the buffer moves them. With
    /// `popLast()`, it lets a buffer be emptied in order by moving its elements out.
    @inlinable
    public mutating func reverseElements(from start: Int) {
        guard count - start > 1 else { return }
        withUnsafeMutableBufferPointer { elements in
            var low = start
            var high = elements.count - 1
            while low < high {
                elements.swapAt(low, high)
                low += 1
                high -= 1
            }
        }
    }
}
