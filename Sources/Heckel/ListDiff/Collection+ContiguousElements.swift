extension Collection {
    /// Runs `body` on the elements as one contiguous buffer: the collection's
    /// own storage when it has one (arrays, array slices), otherwise a copy.
    ///
    /// - Complexity: O(1) for contiguous collections, otherwise O(n).
    @inlinable
    func withContiguousElements<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<Element>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let direct = withContiguousStorageIfAvailable { buffer in
            Swift.Result { () throws(Failure) -> Result in try body(buffer) }
        }
        if let direct { return try direct.get() }
        let copy = ContiguousArray(self)
        return try copy.withUnsafeBufferPointer { buffer in
            Swift.Result { () throws(Failure) -> Result in try body(buffer) }
        }.get()
    }
}
