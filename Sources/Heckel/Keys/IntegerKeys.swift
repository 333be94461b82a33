/// Keys for the standard library's fixed-width integers of up to 64 bits.
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
    @inlinable
    static func accepts<T>(_ type: T.Type) -> Bool {
        type == Int.self || type == UInt.self
            || type == Int64.self || type == UInt64.self
            || type == Int32.self || type == UInt32.self
            || type == Int16.self || type == UInt16.self
            || type == Int8.self || type == UInt8.self
    }

    /// Matches lists of integers given as raw bytes, `width` bytes each.
    @usableFromInline
    static func match(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, width: Int, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        if width == MemoryLayout<UInt64>.size {
            // Scoped rebinding of the caller's storage: no copy.
            return try old.withMemoryRebound(to: UInt64.self) { oldKeys in
                new.withMemoryRebound(to: UInt64.self) { newKeys in
                    Result { () throws(CoreFailure) in
                        try Core.matchKeys(old: oldKeys, new: newKeys, equal: nil, cancel: cancel)
                    }
                }
            }.get()
        }
        let oldKeys = widened(old, width: width)
        let newKeys = widened(new, width: width)
        return try oldKeys.withUnsafeBufferPointer { (oldKeys) throws(CoreFailure) in
            try newKeys.withUnsafeBufferPointer { (newKeys) throws(CoreFailure) in
                try Core.matchKeys(old: oldKeys, new: newKeys, equal: nil, cancel: cancel)
            }
        }
    }

    /// Each `width`-byte integer of `raw`, zero-extended to 64 bits.
    static func widened(_ raw: UnsafeRawBufferPointer, width: Int) -> [UInt64] {
        let count = raw.count / width
        return [UInt64](unsafeUninitializedCapacity: count) { keys, initialized in
            switch width {
            case 1: for k in 0..<count { keys[k] = UInt64(raw.load(fromByteOffset: k, as: UInt8.self)) }
            case 2: for k in 0..<count { keys[k] = UInt64(raw.load(fromByteOffset: k &* 2, as: UInt16.self)) }
            case 4: for k in 0..<count { keys[k] = UInt64(raw.load(fromByteOffset: k &* 4, as: UInt32.self)) }
            default: preconditionFailure("IntegerKeys: unsupported width \(width)")
            }
            initialized = count
        }
    }
}
