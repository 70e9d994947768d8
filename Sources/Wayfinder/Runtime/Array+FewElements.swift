extension Array {
    /// Removes every element and keeps the storage, as `removeAll(keepingCapacity: true)` does,
    /// by popping the elements one at a time: for the buffers a frame fills, which hold none to a
    /// few elements, this costs a fraction of `removeAll`'s general path, which replaces a range
    /// and destroys the elements through their type's metadata.
    @inline(__always)
    mutating func removeAllKeepingCapacity() {
        while popLast() != nil {}
    }
}
