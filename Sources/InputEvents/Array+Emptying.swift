extension Array {
    /// Removes every element and keeps the storage, as `removeAll(keepingCapacity: true)` does,
    /// but costs one comparison when the array is already empty: the standard call goes through the
    /// general `replaceSubrange` whatever the count, and the frame path empties buffers that are
    /// usually empty (what hovering collected, what the scene added) several times a frame.
    @inlinable
    package mutating func removeAllKeepingCapacity() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
