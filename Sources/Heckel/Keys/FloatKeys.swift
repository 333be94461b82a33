/// Keys for `Double`, `Float` and `Float16`: the bit pattern of the value as a
/// `Double`, with `-0.0` taken as `+0.0`, and a key of its own for every NaN.
/// The keys are trusted (no equality callback).
///
/// Why this agrees with `==`: converting `Float` and `Float16` to `Double` is
/// exact, so it keeps `==` as it is. For `Double`s that are not NaN, IEEE 754
/// `==` holds exactly when the bit patterns are equal, except that `-0.0 ==
/// +0.0`; mapping zero to the pattern of `+0.0` closes that gap, so equal
/// keys mean equal elements and the other way round. NaN is `==` to nothing,
/// not even itself, so a NaN must never share a key with any element: the NaN
/// at old offset `i` gets `0x7FF8_0000_0000_0000 | i` and the NaN at new
/// offset `j` gets `0xFFF8_0000_0000_0000 | j`. Both are NaN bit patterns
/// (exponent all ones, quiet bit set), which no value that is not NaN has; the
/// sign bit keeps old and new apart, and the offset (below 2^32) keeps NaNs of
/// one list apart. So every NaN ends unmatched, as `==` says it must, without
/// the quadratic work of many elements under one hash value.
@usableFromInline
enum FloatKeys {
    /// The tag of old NaN keys: the positive quiet NaN.
    static let oldNaNTag: UInt64 = 0x7FF8_0000_0000_0000
    /// The tag of new NaN keys: the negative quiet NaN.
    static let newNaNTag: UInt64 = 0xFFF8_0000_0000_0000

    /// Matches lists of `Double`s.
    @usableFromInline
    static func match(
        _ old: UnsafeBufferPointer<Double>, _ new: UnsafeBufferPointer<Double>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try match(old, new, cancel: cancel) { $0 }
    }

    /// Matches lists of `Float`s.
    @usableFromInline
    static func match(
        _ old: UnsafeBufferPointer<Float>, _ new: UnsafeBufferPointer<Float>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try match(old, new, cancel: cancel) { Double($0) }
    }

    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    /// Matches lists of `Float16`s.
    @available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
    @usableFromInline
    static func match(
        _ old: UnsafeBufferPointer<Float16>, _ new: UnsafeBufferPointer<Float16>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try match(old, new, cancel: cancel) { Double($0) }
    }
    #endif

    private static func match<Value>(
        _ old: UnsafeBufferPointer<Value>, _ new: UnsafeBufferPointer<Value>, cancel: CancelFlag?,
        exactly double: (Value) -> Double
    ) throws(CoreFailure) -> Mapping {
        let oldKeys = keys(of: old, nanTag: oldNaNTag, exactly: double)
        let newKeys = keys(of: new, nanTag: newNaNTag, exactly: double)
        return try oldKeys.withUnsafeBufferPointer { (oldKeys) throws(CoreFailure) in
            try newKeys.withUnsafeBufferPointer { (newKeys) throws(CoreFailure) in
                try Core.matchKeys(old: oldKeys, new: newKeys, equal: nil, cancel: cancel)
            }
        }
    }

    /// The key of each value; NaNs get `nanTag` with their offset.
    @inline(__always)
    private static func keys<Value>(
        of values: UnsafeBufferPointer<Value>, nanTag: UInt64, exactly double: (Value) -> Double
    ) -> [UInt64] {
        [UInt64](unsafeUninitializedCapacity: values.count) { keys, initialized in
            for k in 0..<values.count {
                let value = double(values[k])
                keys[k] = value.isNaN ? nanTag | UInt64(truncatingIfNeeded: k)
                    : value == 0 ? 0 : value.bitPattern
            }
            initialized = values.count
        }
    }
}
