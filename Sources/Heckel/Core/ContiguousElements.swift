/// Runs `body` on the collection's elements as one contiguous buffer: its own
/// storage when it has one (arrays, array slices), otherwise a copy.
///
/// - Complexity: O(1) for contiguous collections, otherwise O(n).
@inlinable
func withContiguousElements<C: Collection, Result, Failure: Error>(
    of collection: C,
    _ body: (UnsafeBufferPointer<C.Element>) throws(Failure) -> Result
) throws(Failure) -> Result {
    let direct = collection.withContiguousStorageIfAvailable { buffer in
        Swift.Result { () throws(Failure) -> Result in try body(buffer) }
    }
    if let direct { return try direct.get() }
    let copy = ContiguousArray(collection)
    return try copy.withUnsafeBufferPointer { buffer in
        Swift.Result { () throws(Failure) -> Result in try body(buffer) }
    }.get()
}
