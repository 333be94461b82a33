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
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try ComputedKeys.match(
            oldCount: old.count, newCount: new.count, options: options, cancel: cancel,
            oldKey: { key(of: old[$0]) }, newKey: { key(of: new[$0]) }, equal: { old[$0] == new[$1] })
    }

    /// The key of one value for the core's symbol table: equal values get
    /// equal keys. For the integers of `IntegerKeys.accepts` it is their bit
    /// pattern (cheaper than hashing, and exact: equal keys mean equal
    /// values); for any other type its `hashValue`, which may collide.
    ///
    /// - Complexity: O(1) for integers; one `hashValue` otherwise.
    @inlinable
    static func key<Value: Hashable>(of value: Value) -> UInt64 {
        IntegerKeys.bits(of: value) ?? UInt64(truncatingIfNeeded: value.hashValue)
    }
}
