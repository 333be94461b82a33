import CHeckel

/// `String` and `Substring` lists whose every element is ASCII, handed to the
/// core as bytes: no Swift call per element from the core, and no `==` per
/// pair. Five ways, fastest first:
/// - every string small and at most 8 bytes (`StringLayout.smallASCIIForm`):
///   exact 64-bit keys (`StringLayout.shortKey`), matched as integers are;
/// - every string small: the list's own storage as 16-byte records
///   (`heckel_match_records`);
/// - every string ASCII of at most 15 bytes, some not small (native
///   storage): each copied as the 16-byte record a small string of its text
///   holds (`ShortStringRecords`), matched as the small ones are;
/// - every string small or natively stored: read where it lies by the core
///   (`heckel_match_swift_strings_with_secret`, which decodes the layout
///   `StringLayout` describes), keyed by XXH3 under a seed new each call
///   (the process's `secret` mixed with a per-call value) and compared by
///   its bytes;
/// - otherwise (bridged or shared strings, or a layout the self-check did
///   not recognize): the bytes copied once into one buffer, as spans the
///   core keys the same way (`heckel_match_spans`).
///
/// Keys come from the core under its per-call seed (records, spans and
/// strings alike), never from a fixed Swift function: with fixed keys,
/// crafted strings sharing one key cost O(n^2) byte comparisons
/// (`Tests/C/test_hash_flooding.c` counts them).
///
/// Why this agrees with `==`: Swift compares strings by Unicode canonical
/// equivalence, not bytes ("e\u{301}" == "é", and the Kelvin sign "\u{212A}"
/// == "K"), so bytes of arbitrary strings could differ for equal strings. But
/// ASCII text is its own normal form, so two ASCII strings are `==` exactly
/// when their bytes are equal. A non-ASCII string in either list could be `==`
/// to an ASCII one in the other, so the scheme applies only when both lists
/// are ASCII throughout; otherwise `match` returns `nil` and the caller falls
/// back to hash values and `==` (`HashValueKeys`), after the pass that found
/// out, which costs several times this path.
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
            // ASCII strings of up to 15 bytes in any storage: as records.
            if ShortStringRecords.mayFit(old), ShortStringRecords.mayFit(new),
               let mapping = try ShortStringRecords.match(old, new, options: options, cancel: cancel) {
                return mapping
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
    /// where they lie: the core reads each `String` value's two words, finds
    /// its bytes (inside the list's storage for small strings, in the
    /// string's storage for the others) and keys them with XXH3 under a seed
    /// new each call (`heckel_match_swift_strings_with_secret`): no byte copied, no
    /// scratch, no Swift loop. `nil` when one string is in another form.
    ///
    /// - Complexity: O(total bytes) expected.
    static func matchInPlace(
        _ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        try matchInPlace(old: StoredStrings(old), new: StoredStrings(new), options: options, cancel: cancel)
    }

    /// As `matchInPlace(_:_:options:cancel:)`, for strings stored at a
    /// fixed stride: a list of strings, or the `String` field of each
    /// element of a list of structs (identities read where they lie).
    /// Callers check `StringLayout.isVerified` first.
    @usableFromInline
    static func matchInPlace(
        old: StoredStrings, new: StoredStrings, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        var oldStrings = old.coreStrings, newStrings = new.coreStrings
        // The core finds out whether it reads every string in the pass that
        // keys them, and answers HECKEL_INVALID_ARGUMENT otherwise (outputs
        // untouched). `Core.run` takes that status for a bug, so it is
        // passed on as a cancel marked here (`declined`): no pass of its own
        // over the strings (a tenth of the call at 10^3).
        var declined = false
        do {
            return try Core.run(oldCount: old.count, newCount: new.count, options: options, cancel: cancel) {
                options, result in
                let status = heckel_match_swift_strings_with_secret(&oldStrings, &newStrings, secret, options, result)
                guard status == HECKEL_INVALID_ARGUMENT else { return status }
                declined = true
                return HECKEL_CANCELLED
            }
        } catch .cancelled where declined {
            return nil
        }
    }

    /// The secret behind the core's per-call key seeds of strings and
    /// records (`Core.matchRecords`): drawn once per
    /// process from the system's random source and never revealed (keys
    /// never leave a call), so the core mixes it with a per-call value
    /// instead of drawing the keys' seed from the system each call (a system
    /// call, a visible share of a diff of 10^3 strings:
    /// `./Scripts/bench.sh --scenario random --size 1e3 --element string`;
    /// lists the direct path does not finish still draw the hash table's
    /// seed).
    static let secret = UInt64.random(in: .min ... .max)

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

        /// The same list as the core reads it.
        var coreStrings: heckel_swift_strings {
            heckel_swift_strings(values: base, count: count, stride: stride, substring: substring != nil,
                                 base: substring?.base ?? 0, start: substring?.start ?? 0, end: substring?.end ?? 0)
        }
    }

    /// Matches lists of substrings, or returns `nil` when one is not ASCII:
    /// in place when every substring's base is small or native ASCII
    /// (`heckel_match_swift_strings` reads them), else copied.
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

    /// Copies both lists' bytes into one scratch buffer with a span per
    /// string, and matches them when every byte is ASCII; the core keys the
    /// spans under a seed drawn per call (`heckel_match_spans`).
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
                // Bytes and spans are trivial types: no deinitialization.
                let base = bytes.baseAddress.unsafelyUnwrapped, spanBase = spans.baseAddress.unsafelyUnwrapped
                guard let written = try gatherASCII(old, into: base, from: 0, spans: spanBase, cancel: cancel),
                      try gatherASCII(new, into: base, from: written, spans: spanBase + old.count, cancel: cancel) != nil
                else { return nil }
                let all = UnsafeBufferPointer(start: spanBase, count: count)
                return try Core.matchSpans(old: UnsafeBufferPointer(rebasing: all[..<old.count]),
                                           new: UnsafeBufferPointer(rebasing: all[old.count...]),
                                           options: options, cancel: cancel)
            }
        }
    }

    /// Copies each string's UTF-8 bytes to `bytes` from offset `start` on,
    /// and its span to `spans`; returns the offset after the last byte
    /// written, or `nil` when a string is not ASCII. One pass: the words
    /// copied also make the ASCII check, which is read every
    /// `CancelFlag.pollInterval` strings, so a non-ASCII list is given up
    /// after at most one block.
    @inline(__always)
    private static func gatherASCII<S: StringProtocol>(
        _ strings: UnsafeBufferPointer<S>, into bytes: UnsafeMutableRawPointer, from start: Int,
        spans: UnsafeMutablePointer<heckel_span>, cancel: CancelFlag?
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
            let copied: Void? = strings[k].utf8.withContiguousStorageIfAvailable { utf8 in
                length = utf8.count
                copy(from: UnsafeRawPointer(utf8.baseAddress), count: length, to: target, seen: &seen)
            }
            if copied == nil {
                copyByByte(strings[k], to: target, length: &length, seen: &seen)
            }
            spans[k] = heckel_span(bytes: UnsafeRawPointer(target), length: length)
            cursor &+= length
        }
        return seen & asciiMask == 0 ? cursor : nil
    }

    /// The high bit of every byte of a word: set in no ASCII byte.
    private static let asciiMask: UInt64 = 0x8080_8080_8080_8080

    /// Copies `count` bytes from `source` to `target` a word at a time (the
    /// last word overlapping the one before it, so nothing is read or written
    /// past either end), and ORs them into `seen`.
    @inline(__always)
    private static func copy(
        from source: UnsafeRawPointer?, count: Int, to target: UnsafeMutableRawPointer, seen: inout UInt64
    ) {
        guard let source, count > 0 else { return }
        if count >= 8 {
            var offset = 0
            while offset &+ 8 < count {
                let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                target.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                seen |= word
                offset &+= 8
            }
            let word = source.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            target.storeBytes(of: word, toByteOffset: count &- 8, as: UInt64.self)
            seen |= word
            return
        }
        for offset in 0..<count {
            let byte = source.load(fromByteOffset: offset, as: UInt8.self)
            target.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
            seen |= UInt64(byte)
        }
    }

    /// The slow copy, for strings without contiguous UTF-8 (bridged on Apple
    /// platforms): byte by byte.
    private static func copyByByte<S: StringProtocol>(
        _ string: S, to target: UnsafeMutableRawPointer, length: inout Int, seen: inout UInt64
    ) {
        length = 0
        for byte in string.utf8 {
            target.storeBytes(of: byte, toByteOffset: length, as: UInt8.self)
            seen |= UInt64(byte)
            length &+= 1
        }
    }
}
