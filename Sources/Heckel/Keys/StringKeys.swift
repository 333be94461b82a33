import CHeckel

/// `String` and `Substring` lists whose every element is ASCII: the UTF-8
/// bytes of all strings copied once into one buffer and handed to the core as
/// spans (`heckel_match_spans`), which hashes them with XXH3 and compares them
/// with memcmp. No Swift call per element from the core, and no `==` per pair.
///
/// Why this agrees with `==`: Swift compares strings by Unicode canonical
/// equivalence, not bytes ("e\u{301}" == "é", and the Kelvin sign "\u{212A}"
/// == "K"), so bytes of arbitrary strings could differ for equal strings. But
/// ASCII text is its own normal form, so two ASCII strings are `==` exactly
/// when their bytes are equal. A non-ASCII string in either list could be `==`
/// to an ASCII one in the other, so the scheme applies only when both lists
/// are ASCII throughout; otherwise `match` returns `nil` and the caller falls
/// back to hash values and `==` (`HashValueKeys`), after one copy of the bytes
/// spent finding out.
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

    /// Matches lists of strings, or returns `nil` when one is not ASCII.
    @usableFromInline
    static func matchStrings(
        _ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try matchASCII(old, new, options: options, cancel: cancel)
    }

    /// Matches lists of substrings, or returns `nil` when one is not ASCII.
    @usableFromInline
    static func matchSubstrings(
        _ old: UnsafeBufferPointer<Substring>, _ new: UnsafeBufferPointer<Substring>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try matchASCII(old, new, options: options, cancel: cancel)
    }

    /// Copies both lists' bytes into one scratch buffer with a span per
    /// string, and matches the spans when every byte is ASCII.
    private static func matchASCII<S: StringProtocol>(
        _ old: UnsafeBufferPointer<S>, _ new: UnsafeBufferPointer<S>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try Core.checkCounts(old.count, new.count)
        var byteCount = 0
        for string in old { byteCount &+= string.utf8.count }
        for string in new { byteCount &+= string.utf8.count }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) {
            (bytes) throws(CoreFailure) -> Mapping? in
            try withUnsafeTemporaryAllocation(of: heckel_span.self, capacity: old.count + new.count) {
                (spans) throws(CoreFailure) -> Mapping? in
                // Bytes and spans are trivial types: no deinitialization.
                guard let written = try copyASCII(old, into: bytes, from: 0, spans: spans, cancel: cancel),
                      try copyASCII(new, into: bytes, from: written,
                                    spans: UnsafeMutableBufferPointer(rebasing: spans[old.count...]), cancel: cancel) != nil
                else { return nil }
                let all = UnsafeBufferPointer(spans)
                return try Core.matchSpans(
                    old: UnsafeBufferPointer(rebasing: all[..<old.count]),
                    new: UnsafeBufferPointer(rebasing: all[old.count...]), options: options, cancel: cancel)
            }
        }
    }

    /// Copies each string's UTF-8 bytes to `bytes` from offset `start` on, and
    /// its span to `spans`; returns the offset after the last byte written, or
    /// `nil` when a string is not ASCII. The bytes are checked in blocks of
    /// `CancelFlag.pollInterval` strings: one tight pass over each block, and a
    /// non-ASCII list given up after at most one block.
    @inline(__always)
    private static func copyASCII<S: StringProtocol>(
        _ strings: UnsafeBufferPointer<S>, into bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int,
        spans: UnsafeMutableBufferPointer<heckel_span>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Int? {
        var cursor = start, checked = start
        for k in 0..<strings.count {
            if k & (CancelFlag.pollInterval &- 1) == 0 {
                try CancelFlag.poll(cancel, at: k)
                guard isASCII(bytes, from: checked, to: cursor) else { return nil }
                checked = cursor
            }
            let target = bytes.baseAddress.map { $0 + cursor }
            let length = strings[k].utf8.withContiguousStorageIfAvailable { utf8 in
                if let source = utf8.baseAddress { target.unsafelyUnwrapped.initialize(from: source, count: utf8.count) }
                return utf8.count
            } ?? copyByByte(strings[k], to: target)
            spans.initializeElement(at: k, to: heckel_span(bytes: target.map(UnsafeRawPointer.init), length: length))
            cursor &+= length
        }
        return isASCII(bytes, from: checked, to: cursor) ? cursor : nil
    }

    /// The slow copy, for strings without contiguous UTF-8 (bridged on Apple
    /// platforms).
    private static func copyByByte<S: StringProtocol>(_ string: S, to target: UnsafeMutablePointer<UInt8>?) -> Int {
        var length = 0
        for byte in string.utf8 {
            target.unsafelyUnwrapped[length] = byte
            length &+= 1
        }
        return length
    }

    /// Whether no byte of `bytes[start..<end]` is 0x80 or above; reads a word
    /// at a time.
    private static func isASCII(_ bytes: UnsafeMutableBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        let raw = UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        var seen: UInt64 = 0
        let words = raw.count &>> 3
        for w in 0..<words { seen |= raw.loadUnaligned(fromByteOffset: w &<< 3, as: UInt64.self) }
        for k in (words &<< 3)..<raw.count { seen |= UInt64(raw[k]) }
        return seen & 0x8080_8080_8080_8080 == 0
    }
}
