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

    /// Matches two lists of `Double`, `Float` or `Float16`, or returns `nil`
    /// for any other element type.
    ///
    /// - Complexity: O(n) expected, n = old count + new count.
    @inlinable
    static func match<Element>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        if Element.self == Double.self {
            return try matchValues(old.sameElements(as: Double.self), new.sameElements(as: Double.self), options: options, cancel: cancel)
        }
        if Element.self == Float.self {
            return try matchValues(old.sameElements(as: Float.self), new.sameElements(as: Float.self), options: options, cancel: cancel)
        }
        #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
        if #available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *), Element.self == Float16.self {
            return try matchValues(old.sameElements(as: Float16.self), new.sameElements(as: Float16.self), options: options, cancel: cancel)
        }
        #endif
        return nil
    }

    /// Matches lists of `Double`s.
    @usableFromInline
    static func matchValues(
        _ old: UnsafeBufferPointer<Double>, _ new: UnsafeBufferPointer<Double>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try matchKeyed(old, new, options: options, cancel: cancel) { $0 }
    }

    /// Matches lists of `Float`s.
    @usableFromInline
    static func matchValues(
        _ old: UnsafeBufferPointer<Float>, _ new: UnsafeBufferPointer<Float>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try matchKeyed(old, new, options: options, cancel: cancel) { Double($0) }
    }

    #if !((os(macOS) || targetEnvironment(macCatalyst)) && arch(x86_64))
    /// Matches lists of `Float16`s.
    @available(macOS 11.0, iOS 14.0, watchOS 7.0, tvOS 14.0, *)
    @usableFromInline
    static func matchValues(
        _ old: UnsafeBufferPointer<Float16>, _ new: UnsafeBufferPointer<Float16>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try matchKeyed(old, new, options: options, cancel: cancel) { Double($0) }
    }
    #endif

    private static func matchKeyed<Value>(
        _ old: UnsafeBufferPointer<Value>, _ new: UnsafeBufferPointer<Value>, options: ListDiff.Options, cancel: CancelFlag?,
        exactly double: (Value) -> Double
    ) throws(CoreFailure) -> Mapping {
        try ComputedKeys.match(
            oldCount: old.count, newCount: new.count, options: options, cancel: cancel,
            oldKey: { key(of: double(old[$0]), at: $0, nanTag: oldNaNTag) },
            newKey: { key(of: double(new[$0]), at: $0, nanTag: newNaNTag) }, equal: nil)
    }

    /// The key of `value` at `offset` of its list; a NaN gets `nanTag` with
    /// its offset.
    @inline(__always)
    private static func key(of value: Double, at offset: Int, nanTag: UInt64) -> UInt64 {
        value.isNaN ? nanTag | UInt64(truncatingIfNeeded: offset) : value == 0 ? 0 : value.bitPattern
    }
}
