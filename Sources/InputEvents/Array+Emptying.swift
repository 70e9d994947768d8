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

extension Array where Element: AnyObject {
    /// Calls `body` with each element that `isIncluded` accepts, in order, without retaining the
    /// elements.
    ///
    /// Why: `for element in array` retains and releases every element it passes, in case the
    /// loop's body lets go of the array; each is an atomic operation, and on a frame's path they
    /// add up to a large part of its time. The array this is called on keeps its elements alive
    /// for the whole walk, so they need no references of their own: call it on a value the
    /// caller holds (a parameter, or a copy of a property taken for the walk), never on storage
    /// the body may change.
    @inlinable
    public func forEachUnretained(
        where isIncluded: (Element) throws -> Bool,
        _ body: (Element) throws -> Void
    ) rethrows {
        try withUnsafeBufferPointer { elements in
            for index in elements.indices {
                let element = Unmanaged.passUnretained(elements[index])
                guard try element._withUnsafeGuaranteedRef(isIncluded) else { continue }
                try element._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// Calls `body` with each element, in order, without retaining the elements (see
    /// ``forEachUnretained(where:_:)``, whose rule the caller follows).
    @inlinable
    public func forEachUnretained(_ body: (Element) throws -> Void) rethrows {
        try withUnsafeBufferPointer { elements in
            for index in elements.indices {
                try Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef(body)
            }
        }
    }

    /// Whether an element satisfies `predicate`, asked of each in order without retaining it (see
    /// ``forEachUnretained(where:_:)``, whose rule the caller follows).
    @inlinable
    public func containsUnretained(where predicate: (Element) throws -> Bool) rethrows -> Bool {
        try withUnsafeBufferPointer { elements in
            for index in elements.indices
            where try Unmanaged.passUnretained(elements[index])._withUnsafeGuaranteedRef(predicate) {
                return true
            }
            return false
        }
    }
}
