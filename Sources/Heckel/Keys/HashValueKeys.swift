/// The general scheme: the element's own `hashValue` as key, and `==` through
/// the core's equality callback for every candidate pair.
///
/// Why this agrees with `==`: `Hashable` requires equal elements to have equal
/// hash values, so equal elements get equal keys; and a key is never trusted
/// alone, `==` decides. This covers types whose equal values differ in bytes
/// (Unicode-equivalent `String`s, a struct holding a `Double` `-0.0` or
/// `0.0`) and values not equal to themselves (a NaN inside a struct, which
/// then never matches).
@usableFromInline
enum HashValueKeys {
    /// Matches two contiguous lists by hash value and `==`.
    ///
    /// - Complexity: O(n) hashes plus one `==` per candidate pair: O(n)
    ///   expected, O(n^2) when many unequal elements share a hash value.
    @inlinable
    static func match<Element: Hashable>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        let oldKeys = keys(of: old)
        let newKeys = keys(of: new)
        return try oldKeys.withUnsafeBufferPointer { (oldKeys) throws(CoreFailure) in
            try newKeys.withUnsafeBufferPointer { (newKeys) throws(CoreFailure) in
                try Core.matchKeys(
                    old: oldKeys, new: newKeys, equal: { old[$0] == new[$1] }, cancel: cancel)
            }
        }
    }

    /// The elements' hash values, as the core's 64-bit keys.
    @inlinable
    static func keys<Element: Hashable>(of elements: UnsafeBufferPointer<Element>) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: elements.count) { keys, initialized in
            for k in 0..<elements.count {
                keys[k] = UInt64(truncatingIfNeeded: elements[k].hashValue)
            }
            initialized = elements.count
        }
    }
}
