/// Keys for the standard library's fixed-width integers of up to 64 bits: the
/// one owner of which integer types are compared by their bits.
///
/// Why this agrees with `==`: for these types `==` is equality of the bit
/// patterns, and zero-extending a bit pattern of at most 64 bits to `UInt64` is
/// injective. So equal keys mean equal elements and the keys are handed to the
/// core as trusted (no equality callback). 64-bit integers are their own keys:
/// the list's storage is passed to the core without a copy.
@usableFromInline
enum IntegerKeys {
    /// Whether `type` is one of the integer types this scheme covers. Only the
    /// standard library's own types: another `FixedWidthInteger` may define
    /// `==` differently from its bits.
    ///
    /// - Complexity: O(1); folds to a constant once specialized.
    @inlinable
    static func accepts<T>(_ type: T.Type) -> Bool {
        type == Int.self || type == UInt.self
            || type == Int64.self || type == UInt64.self
            || type == Int32.self || type == UInt32.self
            || type == Int16.self || type == UInt16.self
            || type == Int8.self || type == UInt8.self
    }

    /// The bit pattern of `value` zero-extended to 64 bits when `T` is one of
    /// the types of `accepts`, else `nil`: an exact key (equal keys, equal
    /// values).
    ///
    /// - Complexity: O(1); the type tests fold away once specialized.
    @inlinable @inline(__always)
    static func bits<T>(of value: T) -> UInt64? {
        guard accepts(T.self) else { return nil }
        return withUnsafeBytes(of: value) { widened($0, at: 0, width: $0.count) }
    }

    /// Matches two lists of one of the types of `accepts`, or returns `nil`
    /// for any other element type.
    ///
    /// - Complexity: O(n) expected, n = old count + new count, and no copy
    ///   for 64-bit integers.
    @inlinable
    static func match<Element>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        guard accepts(Element.self) else { return nil }
        return try matchWidth(UnsafeRawBufferPointer(old), UnsafeRawBufferPointer(new),
                         width: MemoryLayout<Element>.size, options: options, cancel: cancel)
    }

    /// Matches lists of integers given as raw bytes, `width` bytes each.
    @usableFromInline
    static func matchWidth(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, width: Int, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        if width == MemoryLayout<UInt64>.size {
            // Scoped rebinding of the caller's storage: no copy.
            return try old.withMemoryRebound(to: UInt64.self) { oldKeys in
                new.withMemoryRebound(to: UInt64.self) { newKeys in
                    Result { () throws(CoreFailure) in
                        try Core.matchKeys(old: oldKeys, new: newKeys, equal: nil, options: options, cancel: cancel)
                    }
                }
            }.get()
        }
        return try ComputedKeys.match(
            oldCount: old.count / width, newCount: new.count / width, options: options, cancel: cancel,
            oldKey: { widened(old, at: $0, width: width) }, newKey: { widened(new, at: $0, width: width) },
            equal: nil)
    }

    /// The `width`-byte integer at `offset` (counted in `width`-byte units)
    /// of `raw`, zero-extended to 64 bits; `raw` aligned for that width.
    @inlinable @inline(__always)
    static func widened(_ raw: UnsafeRawBufferPointer, at offset: Int, width: Int) -> UInt64 {
        switch width {
        case 1: return UInt64(raw.load(fromByteOffset: offset, as: UInt8.self))
        case 2: return UInt64(raw.load(fromByteOffset: offset &* 2, as: UInt16.self))
        case 4: return UInt64(raw.load(fromByteOffset: offset &* 4, as: UInt32.self))
        case 8: return raw.load(fromByteOffset: offset &* 8, as: UInt64.self)
        default: preconditionFailure("IntegerKeys: unsupported width \(width)")
        }
    }
}
