/// Lists of ASCII strings of at most 15 bytes, however each string is stored
/// (small, held in the `String` value itself, or native storage holding a
/// short text), matched as 16-byte records by the core
/// (`heckel_match_records_with_secret`: a seeded key of the two words,
/// memcmp).
///
/// A string's record is the 16 bytes a small string of the same text holds
/// (`StringLayout`): its bytes, zeros up to byte 14, and byte 15 the small
/// ASCII discriminator (`0xE`) over the count. Small strings are canonical,
/// so equal strings get equal records and distinct strings distinct ones,
/// and ASCII text is its own normal form, so byte equality is `==`. A list
/// holding any other string (longer, non-ASCII, or in a form `StringLayout`
/// does not read) is declined (`nil`) and keeps the other routes of
/// `StringKeys`, which pair non-ASCII strings by `==`.
enum ShortStringRecords {
    /// The longest string taken: the most a small string holds.
    static let longest = 15

    /// The record of a native (non-small) ASCII string of `count` <= 15
    /// bytes at `bytes`, written at `target`.
    @inline(__always)
    private static func writeRecord(of bytes: UnsafeRawPointer, count: Int, to target: UnsafeMutableRawPointer) {
        target.storeBytes(of: 0 as UInt64, as: UInt64.self)
        target.storeBytes(of: 0 as UInt64, toByteOffset: 8, as: UInt64.self)
        target.copyMemory(from: bytes, byteCount: count)
        target.storeBytes(of: UInt8(truncatingIfNeeded: StringLayout.smallASCII << 4) | UInt8(truncatingIfNeeded: count),
                          toByteOffset: 15, as: UInt8.self)
    }

    /// Writes the record of the `String` value at `value` to `target`;
    /// `false` when the string is not ASCII of at most 15 bytes in a form
    /// `StringLayout` reads. Callers check `isVerified` first.
    @inline(__always)
    static func write(_ value: UnsafeRawPointer, to target: UnsafeMutableRawPointer) -> Bool {
        if value.load(fromByteOffset: 8, as: UInt64.self) &>> 60 == StringLayout.smallASCII {
            target.storeBytes(of: value.load(as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: value.load(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
            return true
        }
        guard let found = StringLayout.asciiBytes(at: value), found.count <= longest else { return false }
        writeRecord(of: found.start, count: found.count, to: target)
        return true
    }

    /// Whether a list may be all short ASCII strings, from its first string
    /// alone: a list of longer strings is declined before any pass.
    static func mayFit(_ strings: UnsafeBufferPointer<String>) -> Bool {
        guard let base = strings.baseAddress, strings.count > 0 else { return true }
        guard let found = StringLayout.asciiBytes(at: UnsafeRawPointer(base)) else { return false }
        return found.count <= longest
    }

    /// Whether a native string's record equals the small string of the same
    /// text, at every length from 0 to 15 (checked once): otherwise this
    /// path stays off and costs nothing but speed.
    static let isVerified: Bool = {
        guard StringLayout.isVerified else { return false }
        return (0...longest).allSatisfy { length in
            let text = String((0..<length).map { Character(Unicode.Scalar(UInt8(97 &+ $0))) })
            var native = String()
            native.reserveCapacity(64)
            native.append(text)
            let pair = [text, native]
            return pair.withUnsafeBufferPointer { strings in
                let raw = UnsafeRawPointer(strings.baseAddress.unsafelyUnwrapped)
                let isSmall = raw.load(fromByteOffset: 8, as: UInt64.self) &>> 60 == StringLayout.smallASCII
                let isNative = raw.load(fromByteOffset: 24, as: UInt64.self) &>> 60 != StringLayout.smallASCII
                return withUnsafeTemporaryAllocation(byteCount: 32, alignment: 8) { records in
                    let target = records.baseAddress.unsafelyUnwrapped
                    guard isSmall, isNative, write(raw, to: target), write(raw + 16, to: target + 16) else { return false }
                    return UnsafeRawBufferPointer(start: target, count: 16).elementsEqual(UnsafeRawBufferPointer(start: raw, count: 16))
                        && UnsafeRawBufferPointer(start: target + 16, count: 16).elementsEqual(UnsafeRawBufferPointer(start: raw, count: 16))
                }
            }
        }
    }()

    /// Matches two lists of strings as records when every string is ASCII
    /// of at most 15 bytes; `nil` otherwise (found in the pass that writes
    /// the records, which is read every `CancelFlag.pollInterval` strings).
    ///
    /// - Complexity: O(n) expected, and scratch of 16 bytes per string.
    static func match(
        _ old: UnsafeBufferPointer<String>, _ new: UnsafeBufferPointer<String>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        guard isVerified else { return nil }
        try Core.checkCounts(old.count, new.count)
        return try withUnsafeTemporaryAllocation(byteCount: max(16 &* (old.count &+ new.count), 16), alignment: 8) {
            (records) throws(CoreFailure) -> Mapping? in
            // Bytes are trivial: the scratch needs no deinitialization.
            let base = records.baseAddress.unsafelyUnwrapped
            func write(_ strings: UnsafeBufferPointer<String>, to target: UnsafeMutableRawPointer) throws(CoreFailure) -> Bool {
                guard let values = strings.baseAddress else { return true }
                let raw = UnsafeRawPointer(values)
                for k in 0..<strings.count {
                    if k & (CancelFlag.pollInterval &- 1) == 0 { try CancelFlag.poll(cancel, at: k) }
                    guard Self.write(raw + 16 &* k, to: target + 16 &* k) else { return false }
                }
                return true
            }
            let newBase = base + 16 &* old.count
            guard try write(old, to: base), try write(new, to: newBase) else { return nil }
            return try Core.matchRecords(old: UnsafeRawPointer(base), oldCount: old.count, new: UnsafeRawPointer(newBase),
                                         newCount: new.count, size: 16, options: options, cancel: cancel)
        }
    }
}
