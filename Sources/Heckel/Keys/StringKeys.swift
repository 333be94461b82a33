import CHeckel

/// `String` and `Substring` lists whose every element is ASCII, handed to the
/// core as bytes: no Swift call per element from the core, and no `==` per
/// pair. Four ways, fastest first:
/// - every string small and at most 8 bytes (`StringLayout.smallASCIIForm`):
///   exact 64-bit keys (`StringLayout.shortKey`), matched as integers are;
/// - every string small: the list's own storage as 16-byte records
///   (`heckel_match_records`);
/// - every string small or natively stored (`StringLayout.asciiBytes`):
///   spans pointing at the strings' own bytes, keyed in one pass (a
///   multiplication of their words in pairs), as keyed spans
///   (`heckel_match_keyed_spans`, candidates compared by their bytes);
/// - otherwise (bridged or shared strings, or a layout the self-check did
///   not recognize): the bytes copied once into one buffer, keyed in the
///   same pass, as keyed spans.
///
/// Why this agrees with `==`: Swift compares strings by Unicode canonical
/// equivalence, not bytes ("e\u{301}" == "é", and the Kelvin sign "\u{212A}"
/// == "K"), so bytes of arbitrary strings could differ for equal strings. But
/// ASCII text is its own normal form, so two ASCII strings are `==` exactly
/// when their bytes are equal. A non-ASCII string in either list could be `==`
/// to an ASCII one in the other, so the scheme applies only when both lists
/// are ASCII throughout; otherwise `match` returns `nil` and the caller falls
/// back to hash values and `==` (`HashValueKeys`), after the pass that found
/// out: about 4.4x the instructions of this path (callgrind, 10^3 strings of
/// 21 bytes).
@usableFromInline
enum StringKeys {
    /// Matches two lists of `String` or `Substring` when both are ASCII
    /// throughout; `nil` for any other element type or a non-ASCII string.
    ///
    /// - Complexity: O(total bytes) expected, and scratch of the total bytes
    ///   plus 16 bytes per element.
    @inlinable
    static func match<Element>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        if Element.self == String.self {
            return try matchStrings(old.sameElements(as: String.self), new.sameElements(as: String.self), options: options, cancel: cancel)
        }
        if Element.self == Substring.self {
            return try matchSubstrings(old.sameElements(as: Substring.self), new.sameElements(as: Substring.self), options: options, cancel: cancel)
        }
        return nil
    }

    /// Matches lists of strings, or returns `nil` when one is not ASCII:
    /// in place when every string's bytes are (`matchInPlace`), else copied.
    @usableFromInline
    static func matchStrings(
        _ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        if StringLayout.isVerified {
            let form = max(StringLayout.smallASCIIForm(old), StringLayout.smallASCIIForm(new))
            if form == .short {
                // Exact keys: matched as integers are, with no byte comparison.
                return try matchShort(old, new, options: options, cancel: cancel)
            }
            if form == .small {
                // Canonical 16-byte values: matched where they lie, as records.
                return try Core.matchRecords(
                    old: UnsafeRawPointer(old.baseAddress), oldCount: old.count,
                    new: UnsafeRawPointer(new.baseAddress), newCount: new.count,
                    size: MemoryLayout<String>.stride, options: options, cancel: cancel)
            }
            if let mapping = try matchInPlace(old, new, options: options, cancel: cancel) { return mapping }
        }
        return try matchASCII(old, new, options: options, cancel: cancel)
    }

    /// Matches lists of small ASCII strings of at most 8 bytes by their exact
    /// keys (`StringLayout.shortKey`), with no equality callback.
    ///
    /// - Complexity: O(n) expected, and scratch of 8 bytes per element.
    private static func matchShort(
        _ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try Core.checkCounts(old.count, new.count)
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: old.count + new.count) {
            (keys) throws(CoreFailure) -> Mapping in
            // One load and a few shifts per string, no call: no polling needed.
            @inline(__always) func write(_ list: UnsafeBufferPointer<String>, from offset: Int) {
                guard let base = list.baseAddress else { return }
                for k in 0..<list.count {
                    keys.initializeElement(at: offset &+ k, to: StringLayout.shortKey(at: UnsafeRawPointer(base + k)))
                }
            }
            write(old, from: 0)
            write(new, from: old.count)
            // UInt64 is trivial: the scratch needs no deinitialization.
            let all = UnsafeBufferPointer(keys)
            return try Core.matchKeys(
                old: UnsafeBufferPointer(rebasing: all[..<old.count]), new: UnsafeBufferPointer(rebasing: all[old.count...]),
                equal: nil, options: options, cancel: cancel)
        }
    }

    /// Matches lists of strings that are all small or natively stored ASCII
    /// (`StringLayout.asciiBytes`), with spans pointing at their own bytes
    /// (inside the list's storage for small strings, in the string's storage
    /// for the others) and keys read there: no byte copied. `nil` as soon as
    /// one string is in another form.
    ///
    /// - Complexity: O(total bytes) expected, and scratch of 24 bytes per
    ///   element.
    static func matchInPlace(
        _ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try matchInPlace(old: StoredStrings(old), new: StoredStrings(new), options: options, cancel: cancel)
    }

    /// As `matchInPlace(_:_:options:cancel:)`, for strings stored at a
    /// fixed stride: a list of strings, or the `String` field of each
    /// element of a list of structs (identities read where they lie).
    @usableFromInline
    static func matchInPlace(
        old: StoredStrings, new: StoredStrings, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try Core.checkCounts(old.count, new.count)
        let count = old.count + new.count
        // One block, keys then spans. glibc gives the top of its heap back to
        // the system once it exceeds twice the largest block it has unmapped
        // so far; as two blocks (spans and keys apart), neither outweighed
        // the core's table and the result, and from about 10^4 strings every
        // call gave its memory back and faulted it in again (heckel-bench,
        // 10^4 21-byte strings: about 100 page faults a call, 1.5-2x the
        // time). One block of 24 bytes a string is the call's largest.
        return try withUnsafeTemporaryAllocation(
            byteCount: count &* (MemoryLayout<UInt64>.stride &+ MemoryLayout<heckel_span>.stride),
            alignment: MemoryLayout<heckel_span>.alignment
        ) { (block) throws(CoreFailure) -> Mapping? in
            // Spans and keys are trivial types: no deinitialization.
            let base = block.baseAddress.unsafelyUnwrapped
            let keyBase = base.bindMemory(to: UInt64.self, capacity: count)
            let spanBase = (base + count &* MemoryLayout<UInt64>.stride).bindMemory(to: heckel_span.self, capacity: count)
            guard try gatherInPlace(old, spans: spanBase, keys: keyBase, cancel: cancel),
                  try gatherInPlace(new, spans: spanBase + old.count, keys: keyBase + old.count, cancel: cancel)
            else { return nil }
            return try Core.run(oldCount: old.count, newCount: new.count, options: options, cancel: cancel) {
                options, result in
                heckel_match_keyed_spans(spanBase, keyBase, old.count, spanBase + old.count,
                                         keyBase + old.count, new.count, options, result)
            }
        }
    }

    /// `count` `String` values in memory, the first at `base`, each `stride`
    /// bytes after the one before; alive and unchanged while a match reads
    /// them.
    /// With `substring`, the values are `Substring`s whose fields are there.
    @usableFromInline
    struct StoredStrings {
        var base: UnsafeRawPointer?
        var count: Int
        var stride: Int
        var substring: StringLayout.SubstringFields?

        @usableFromInline
        init(base: UnsafeRawPointer?, count: Int, stride: Int, substring: StringLayout.SubstringFields? = nil) {
            (self.base, self.count, self.stride, self.substring) = (base, count, stride, substring)
        }

        init(_ strings: UnsafeBufferPointer<String>) {
            self.init(base: UnsafeRawPointer(strings.baseAddress), count: strings.count, stride: MemoryLayout<String>.stride)
        }
    }

    /// Writes each string's span and key, read in place; `false` when a
    /// string's bytes are not readable so (non-ASCII, bridged, shared).
    @inline(__always)
    private static func gatherInPlace(
        _ strings: StoredStrings, spans: UnsafeMutablePointer<heckel_span>,
        keys: UnsafeMutablePointer<UInt64>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Bool {
        guard let raw = strings.base else { return true }
        let stride = strings.stride
        var blockStart = 0
        while blockStart < strings.count {
            try CancelFlag.poll(cancel, at: blockStart)
            let blockEnd = min(blockStart &+ CancelFlag.pollInterval, strings.count)
            // One loop per form, so the plain one tests no substring fields.
            if let fields = strings.substring {
                for k in blockStart..<blockEnd {
                    guard let (start, length) = StringLayout.asciiBytes(ofSubstringAt: raw + k &* stride, fields)
                    else { return false }
                    spans[k] = heckel_span(bytes: start, length: length)
                    keys[k] = key(of: start, count: length)
                }
            } else {
                for k in blockStart..<blockEnd {
                    guard let (start, length) = StringLayout.asciiBytes(at: raw + k &* stride) else { return false }
                    spans[k] = heckel_span(bytes: start, length: length)
                    keys[k] = key(of: start, count: length)
                }
            }
            blockStart = blockEnd
        }
        return true
    }

    /// The key of `count` bytes at `source`, read in place without reading
    /// outside them; the words read depend on the count alone, so equal bytes
    /// give equal keys. Up to 32 bytes, straight-line: the words at 0 and
    /// `count - 8` (and from 17 bytes the words at 8 and `count - 16`; the
    /// words overlap when the count is not a multiple of 8), multiplied in
    /// pairs (`mix`, one multiplication per 16 bytes; the second pair's first
    /// word XORed with a constant, so that swapping the halves changes the
    /// key); longer runs fold every word in turn; below 8 bytes, the bytes
    /// zero-extended, folded once.
    @inline(__always)
    static func key(of source: UnsafeRawPointer, count: Int) -> UInt64 {
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        let length = UInt64(truncatingIfNeeded: count)
        if count >= 8 {
            if count <= 16 { return mix(word(0) ^ length, word(count &- 8)) }
            if count <= 32 {
                return mix(word(0) ^ length, word(8)) ^ mix(word(count &- 16) ^ 0x1D8E_4E27_C47D_124F, word(count &- 8))
            }
            var hash = length &* 0xC2B2_AE3D_27D4_EB4F
            var offset = 0
            repeat {
                hash = fold(hash ^ word(offset))
                offset &+= 8
            } while offset &+ 16 < count
            return fold(fold(hash ^ word(count &- 16)) ^ word(count &- 8))
        }
        var low: UInt64 = 0
        if count >= 4 {
            let first = UInt32(littleEndian: source.loadUnaligned(as: UInt32.self))
            let last = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            low = UInt64(first) | UInt64(last) &<< (8 &* UInt64(truncatingIfNeeded: count &- 4))
        } else {
            for offset in 0..<count {
                low |= UInt64(source.load(fromByteOffset: offset, as: UInt8.self)) &<< (8 &* UInt64(truncatingIfNeeded: offset))
            }
        }
        return fold((length &* 0xC2B2_AE3D_27D4_EB4F) ^ low)
    }

    /// Two words multiplied after each is XORed with a constant that has the
    /// high bit of a byte set, which ASCII words never have: neither factor
    /// is ever 0, so no word is ignored. The halves of the product, XORed.
    @inline(__always)
    private static func mix(_ first: UInt64, _ second: UInt64) -> UInt64 {
        let product = (first ^ 0xA076_1D64_78BD_642F).multipliedFullWidth(by: second ^ 0xE703_7ED1_A0B4_28DB)
        return product.high ^ product.low
    }

    /// Matches lists of substrings, or returns `nil` when one is not ASCII:
    /// in place when every substring's base is small or native ASCII
    /// (`StringLayout.asciiBytes(ofSubstringAt:_:)`), else copied.
    @usableFromInline
    static func matchSubstrings(
        _ old: UnsafeBufferPointer<Substring>, _ new: UnsafeBufferPointer<Substring>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        if let fields = StringLayout.substringFields {
            func stored(_ list: UnsafeBufferPointer<Substring>) -> StoredStrings {
                StoredStrings(base: UnsafeRawPointer(list.baseAddress), count: list.count,
                              stride: MemoryLayout<Substring>.stride, substring: fields)
            }
            if let mapping = try matchInPlace(old: stored(old), new: stored(new), options: options, cancel: cancel) {
                return mapping
            }
        }
        return try matchASCII(old, new, options: options, cancel: cancel)
    }

    /// Copies both lists' bytes into one scratch buffer with a span and a key
    /// per string, and matches them when every byte is ASCII.
    private static func matchASCII<S: StringProtocol>(
        _ old: UnsafeBufferPointer<S>, _ new: UnsafeBufferPointer<S>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try Core.checkCounts(old.count, new.count)
        var byteCount = 0
        for k in 0..<old.count { byteCount &+= old[k].utf8.count }
        for k in 0..<new.count { byteCount &+= new[k].utf8.count }
        let count = old.count + new.count
        return try withUnsafeTemporaryAllocation(byteCount: max(byteCount, 1), alignment: 8) {
            (bytes) throws(CoreFailure) -> Mapping? in
            try withUnsafeTemporaryAllocation(of: heckel_span.self, capacity: count) {
                (spans) throws(CoreFailure) -> Mapping? in
                try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) {
                    (keys) throws(CoreFailure) -> Mapping? in
                    // Bytes, spans and keys are trivial types: no deinitialization.
                    let base = bytes.baseAddress.unsafelyUnwrapped
                    let spanBase = spans.baseAddress.unsafelyUnwrapped, keyBase = keys.baseAddress.unsafelyUnwrapped
                    guard let written = try gatherASCII(old, into: base, from: 0, spans: spanBase, keys: keyBase,
                                                        cancel: cancel),
                          try gatherASCII(new, into: base, from: written, spans: spanBase + old.count,
                                          keys: keyBase + old.count, cancel: cancel) != nil
                    else { return nil }
                    return try Core.run(oldCount: old.count, newCount: new.count, options: options, cancel: cancel) {
                        options, result in
                        heckel_match_keyed_spans(spanBase, keyBase, old.count, spanBase + old.count,
                                                 keyBase + old.count, new.count, options, result)
                    }
                }
            }
        }
    }

    /// Copies each string's UTF-8 bytes to `bytes` from offset `start` on,
    /// and its span and key to `spans` and `keys`; returns the offset after
    /// the last byte written, or `nil` when a string is not ASCII. One pass:
    /// the words copied also make the key and the ASCII check, which is read
    /// every `CancelFlag.pollInterval` strings, so a non-ASCII list is given
    /// up after at most one block.
    @inline(__always)
    private static func gatherASCII<S: StringProtocol>(
        _ strings: UnsafeBufferPointer<S>, into bytes: UnsafeMutableRawPointer, from start: Int,
        spans: UnsafeMutablePointer<heckel_span>, keys: UnsafeMutablePointer<UInt64>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Int? {
        var cursor = start
        var seen: UInt64 = 0  // every byte copied, ORed: ASCII while no high bit is set
        for k in 0..<strings.count {
            if k & (CancelFlag.pollInterval &- 1) == 0 {
                try CancelFlag.poll(cancel, at: k)
                guard seen & asciiMask == 0 else { return nil }
            }
            let target = bytes + cursor
            var length = 0
            keys[k] = strings[k].utf8.withContiguousStorageIfAvailable { utf8 -> UInt64 in
                length = utf8.count
                return copyKeyed(from: UnsafeRawPointer(utf8.baseAddress), count: length, to: target, seen: &seen)
            } ?? copyByByte(strings[k], to: target, length: &length, seen: &seen)
            spans[k] = heckel_span(bytes: UnsafeRawPointer(target), length: length)
            cursor &+= length
        }
        return seen & asciiMask == 0 ? cursor : nil
    }

    /// The high bit of every byte of a word: set in no ASCII byte.
    private static let asciiMask: UInt64 = 0x8080_8080_8080_8080

    /// Copies `count` bytes from `source` to `target` a word at a time (the
    /// last word overlapping the one before it, so nothing is read or written
    /// past either end), ORs them into `seen`, and returns their key: a
    /// multiply-fold of the words read, seeded with the count. The words read
    /// depend only on the count, so equal bytes give equal keys; the core
    /// confirms candidates by the bytes, so a collision costs time only.
    @inline(__always)
    private static func copyKeyed(
        from source: UnsafeRawPointer?, count: Int, to target: UnsafeMutableRawPointer, seen: inout UInt64
    ) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: count) &* 0xC2B2_AE3D_27D4_EB4F
        guard let source, count > 0 else { return hash }
        @inline(__always) func take(_ word: UInt64, at offset: Int) {
            target.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
            seen |= word
            hash = fold(hash ^ UInt64(littleEndian: word))
        }
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                take(source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), at: offset)
                offset &+= 8
            }
            take(source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self), at: count &- 8)
            return hash
        }
        var word: UInt64 = 0
        if count >= 4 {
            let low = source.loadUnaligned(as: UInt32.self), high = source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            target.storeBytes(of: low, as: UInt32.self)
            target.storeBytes(of: high, toByteOffset: count &- 4, as: UInt32.self)
            word = UInt64(UInt32(littleEndian: low)) | UInt64(UInt32(littleEndian: high)) &<< 32
        } else {
            for offset in 0..<count {
                let byte = source.load(fromByteOffset: offset, as: UInt8.self)
                target.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
                word |= UInt64(byte) &<< (8 &* UInt64(truncatingIfNeeded: offset))
            }
        }
        seen |= word
        return fold(hash ^ word)
    }

    /// The two halves of `value` times an odd constant, XORed.
    @inline(__always)
    private static func fold(_ value: UInt64) -> UInt64 {
        let product = value.multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15)
        return product.high ^ product.low
    }

    /// The slow copy, for strings without contiguous UTF-8 (bridged on Apple
    /// platforms): the bytes to `target`, then keyed there as `copyKeyed`
    /// keys them, so the key does not depend on the copy taken.
    private static func copyByByte<S: StringProtocol>(
        _ string: S, to target: UnsafeMutableRawPointer, length: inout Int, seen: inout UInt64
    ) -> UInt64 {
        length = 0
        for byte in string.utf8 {
            target.storeBytes(of: byte, toByteOffset: length, as: UInt8.self)
            length &+= 1
        }
        return copyKeyed(from: UnsafeRawPointer(target), count: length, to: target, seen: &seen)
    }
}
