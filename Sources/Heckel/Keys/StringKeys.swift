import CHeckel

/// `String` and `Substring` lists whose every element is ASCII: XXH3 of the
/// UTF-8 bytes (`heckel_hash_bytes`, read in place) as key, and `==` through
/// the core's callback for every candidate pair.
///
/// Why this agrees with `==`: Swift compares strings by Unicode canonical
/// equivalence, not bytes ("e\u{301}" == "é", and the Kelvin sign "\u{212A}"
/// == "K"), so byte hashes of arbitrary strings could differ for equal
/// strings. But ASCII text is its own normal form, so two ASCII strings are
/// `==` exactly when their bytes are equal, and then their keys are equal. A
/// non-ASCII string in either list could be `==` to an ASCII one in the other,
/// so the scheme applies only when both lists are ASCII throughout; otherwise
/// `match` returns `nil` and the caller falls back to hash values and `==`.
@usableFromInline
enum StringKeys {
    /// Matches lists of strings, or returns `nil` when one is not ASCII.
    @usableFromInline
    static func match(
        _ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try matchASCII(old, new, equal: stringsEqual, cancel: cancel)
    }

    /// Matches lists of substrings, or returns `nil` when one is not ASCII.
    @usableFromInline
    static func match(
        _ old: UnsafeBufferPointer<Substring>, _ new: UnsafeBufferPointer<Substring>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try matchASCII(old, new, equal: substringsEqual, cancel: cancel)
    }

    /// The two lists, as the equality functions' context.
    private struct Lists<S> {
        var old: UnsafeBufferPointer<S>
        var new: UnsafeBufferPointer<S>
    }

    private static let stringsEqual: heckel_equal_fn = { context, oldOffset, newOffset in
        let lists = context.unsafelyUnwrapped.assumingMemoryBound(to: Lists<String>.self)
        return lists.pointee.old[oldOffset] == lists.pointee.new[newOffset]
    }

    private static let substringsEqual: heckel_equal_fn = { context, oldOffset, newOffset in
        let lists = context.unsafelyUnwrapped.assumingMemoryBound(to: Lists<Substring>.self)
        return lists.pointee.old[oldOffset] == lists.pointee.new[newOffset]
    }

    /// Keys both lists, and matches them with `equal` on a `Lists<S>` context.
    private static func matchASCII<S: StringProtocol>(
        _ old: UnsafeBufferPointer<S>, _ new: UnsafeBufferPointer<S>, equal: heckel_equal_fn,
        cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        guard let oldKeys = asciiKeys(old), let newKeys = asciiKeys(new) else { return nil }
        var lists = Lists(old: old, new: new)
        return try oldKeys.withUnsafeBufferPointer { (oldKeys) throws(CoreFailure) in
            try newKeys.withUnsafeBufferPointer { (newKeys) throws(CoreFailure) in
                try withUnsafeMutablePointer(to: &lists) { (lists) throws(CoreFailure) in
                    try Core.matchKeys(old: oldKeys, new: newKeys, equal: equal, context: lists, cancel: cancel)
                }
            }
        }
    }

    /// Each string's key, or `nil` as soon as a string is not ASCII.
    private static func asciiKeys<S: StringProtocol>(_ strings: UnsafeBufferPointer<S>) -> [UInt64]? {
        var allASCII = true
        let keys = [UInt64](unsafeUninitializedCapacity: strings.count) { keys, initialized in
            for k in 0..<strings.count {
                guard let key = asciiKey(strings[k]) else {
                    allASCII = false
                    break
                }
                keys[k] = key
            }
            initialized = allASCII ? strings.count : 0
        }
        return allASCII ? keys : nil
    }

    /// The key of one string, or `nil` when it is not ASCII.
    @inline(__always)
    private static func asciiKey<S: StringProtocol>(_ string: S) -> UInt64? {
        if let key = string.utf8.withContiguousStorageIfAvailable(asciiKey(of:)) { return key }
        // Strings without contiguous UTF-8 (bridged on Apple platforms).
        return Array(string.utf8).withUnsafeBufferPointer(asciiKey(of:))
    }

    /// XXH3 of `bytes`, or `nil` when a byte is not ASCII (0x80 or above).
    @inline(__always)
    private static func asciiKey(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        let raw = UnsafeRawBufferPointer(bytes)
        var seen: UInt64 = 0
        let words = raw.count &>> 3
        for w in 0..<words { seen |= raw.loadUnaligned(fromByteOffset: w &<< 3, as: UInt64.self) }
        for k in (words &<< 3)..<raw.count { seen |= UInt64(raw[k]) }
        guard seen & 0x8080_8080_8080_8080 == 0 else { return nil }
        return heckel_hash_bytes(raw.baseAddress, raw.count)
    }
}
