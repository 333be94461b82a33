extension UnsafeBufferPointer {
    /// The same buffer, typed with `Other`, which must be `Element` itself:
    /// how code generic over `Element` hands a buffer to code written for the
    /// concrete type it has just tested for. The memory is already bound to
    /// that type, so no rebinding is involved.
    ///
    /// - Precondition: `Other.self == Element.self`.
    /// - Complexity: O(1).
    @inlinable
    func sameElements<Other>(as other: Other.Type) -> UnsafeBufferPointer<Other> {
        precondition(Other.self == Element.self, "sameElements(as:) needs the buffer's own element type")
        return UnsafeBufferPointer<Other>(
            start: UnsafeRawPointer(baseAddress)?.assumingMemoryBound(to: Other.self), count: count)
    }
}
