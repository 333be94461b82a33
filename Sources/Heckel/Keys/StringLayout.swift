import CHeckel

/// Where an ASCII `String`'s UTF-8 bytes are, read from the two words of the
/// `String` value itself: no call into the standard library, no copy, no
/// reference counting.
///
/// The layout is the standard library's `_StringObject` on 64-bit
/// little-endian platforms (ABI-stable on Apple platforms; Android on arm64
/// moves the discriminator and is left out). Word 0 is `_countAndFlags`,
/// word 1 the object, whose top nibble is the discriminator:
/// - `1110` (immortal, ASCII, small): up to 15 bytes held in the value itself,
///   in memory order from the value's first byte; the count in bits 56-59.
/// - `0000` (native) or `1000` (immortal large, literals), with the flags of
///   word 0 saying ASCII (b63) and tail-allocated (b60): the bytes start 32
///   bytes (`nativeBias`) after the address in the object's low 60 bits; the
///   count in word 0's low 48 bits.
/// Every other form (non-ASCII, shared, bridged, foreign) is `nil`, and the
/// caller takes the standard library's own route. A self-check on strings of
/// each form (`isVerified`, run once) keeps the reader off when the bytes it
/// finds differ from the standard library's, so a different layout costs
/// speed, never a wrong answer.
@usableFromInline
enum StringLayout {
    /// Bits 60-63 of word 1 of a small ASCII string.
    static let smallASCII: UInt64 = 0xE
    /// The low 60 bits of word 1 of a large string: the object's address.
    static let addressMask: UInt64 = 0x0FFF_FFFF_FFFF_FFFF
    /// Word 0 flags a large string needs here: isASCII (b63) and
    /// isTailAllocated (b60).
    static let asciiTailAllocated: UInt64 = 0x9000_0000_0000_0000
    /// The offset of a native string's bytes from its object's address.
    static let nativeBias = 32

    /// Whether this platform stores strings as described, and the self-check
    /// found every test string's bytes where the layout says; computed once.
    @usableFromInline
    static let isVerified: Bool = selfCheck()

    /// The UTF-8 bytes of the `String` whose 16-byte value is at `value`, when
    /// it is ASCII and its bytes are contiguous (small, native or literal):
    /// their start (inside the value for a small string) and count; `nil`
    /// for every other form.
    ///
    /// Valid while the string at `value` lives and is not mutated. Callers
    /// check `isVerified` first.
    @inline(__always)
    static func asciiBytes(at value: UnsafeRawPointer) -> (start: UnsafeRawPointer, count: Int)? {
        #if (arch(x86_64) || arch(arm64)) && !os(Android)
        let flags = value.load(as: UInt64.self), object = value.load(fromByteOffset: 8, as: UInt64.self)
        let discriminator = object &>> 60
        if discriminator == smallASCII {
            return (value, Int(truncatingIfNeeded: (object &>> 56) & 0xF))
        }
        guard discriminator & 0x7 == 0, flags & asciiTailAllocated == asciiTailAllocated,
              let start = UnsafeRawPointer(bitPattern: UInt(truncatingIfNeeded: object & addressMask) &+ UInt(nativeBias))
        else { return nil }
        return (start, Int(truncatingIfNeeded: flags & 0x0000_FFFF_FFFF_FFFF))
        #else
        return nil
        #endif
    }

    /// Where a `Substring` value (32 bytes) holds its base string (16 bytes)
    /// and the raw bits of its start and end indices (8 bytes each), as
    /// byte offsets: found and checked once on sample substrings, `nil` when
    /// not found or when a sample's bytes differ from the standard
    /// library's (then substrings are copied).
    static let substringFields: SubstringFields? = findSubstringFields()

    /// The byte offsets of a `Substring`'s fields.
    @usableFromInline
    struct SubstringFields: Sendable {
        var base: Int, start: Int, end: Int
    }

    /// The UTF-8 bytes of the `Substring` whose value is at `value`, when its
    /// base is ASCII and contiguous (`asciiBytes(at:)`): the base's bytes
    /// from the start index's offset (bits 16-63 of its raw bits: a code
    /// unit offset, the same in UTF-8 and UTF-16 for ASCII) to the end
    /// index's; `nil` otherwise.
    @inline(__always)
    static func asciiBytes(ofSubstringAt value: UnsafeRawPointer, _ fields: SubstringFields)
        -> (start: UnsafeRawPointer, count: Int)? {
        guard let base = asciiBytes(at: value + fields.base) else { return nil }
        let lower = Int(truncatingIfNeeded: value.load(fromByteOffset: fields.start, as: UInt64.self) &>> 16)
        let upper = Int(truncatingIfNeeded: value.load(fromByteOffset: fields.end, as: UInt64.self) &>> 16)
        guard lower <= upper, upper <= base.count else { return nil }
        return (base.start + lower, upper &- lower)
    }

    /// Finds the fields on one substring of a native string by their bits,
    /// then reads substrings of small, native and literal bases with them.
    private static func findSubstringFields() -> SubstringFields? {
        guard isVerified, MemoryLayout<Substring>.size == 32, MemoryLayout<Substring>.stride == 32 else { return nil }
        let text = String(decoding: Array("<0123456789abcdefghijklmnopqrstuvwxyz>".utf8), as: UTF8.self)
        let sample = text.dropFirst(3).dropLast(4)
        func offset(of bytes: [UInt8], in value: [UInt8]) -> Int? {
            stride(from: 0, through: value.count - bytes.count, by: 8).first { Array(value[$0..<($0 + bytes.count)]) == bytes }
        }
        let value = withUnsafeBytes(of: sample) { Array($0) }
        guard let base = offset(of: withUnsafeBytes(of: text) { Array($0) }, in: value),
              let start = offset(of: withUnsafeBytes(of: sample.startIndex) { Array($0) }, in: value),
              let end = offset(of: withUnsafeBytes(of: sample.endIndex) { Array($0) }, in: value),
              Set([base, base + 8, start, end]).count == 4
        else { return nil }
        let fields = SubstringFields(base: base, start: start, end: end)
        let literal = "a literal of more than fifteen bytes"
        let samples: [Substring] = [sample, text[...], text.dropFirst(40), "short"[...], "0123456789abcde".dropFirst(2),
                                    literal.dropFirst(2).prefix(20), literal.dropLast(36)]
        return samples.withUnsafeBufferPointer { buffer in
            let raw = UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped)
            return buffer.indices.allSatisfy { k in
                guard let found = asciiBytes(ofSubstringAt: raw + k &* 32, fields) else { return false }
                return UnsafeRawBufferPointer(start: found.start, count: found.count).elementsEqual(buffer[k].utf8)
            }
        } ? fields : nil
    }

    /// How small the strings of a list are, from one pass over their second
    /// words: `.short` when every string is small, ASCII and at most 8
    /// bytes long, `.small` when every string is small and ASCII, `.other`
    /// otherwise. Callers check `isVerified` first.
    ///
    /// Small ASCII strings are canonical: the standard library keeps the
    /// bytes past the count zero and the discriminator exact, so two of them
    /// are `==` exactly when their 16 bytes are equal, and a list of them can
    /// be matched as 16-byte records where it lies. A string of at most 8
    /// bytes has nothing but zeros in bytes 8-14.
    ///
    /// - Complexity: O(n), one load, one AND and one OR per string; O(1)
    ///   when the first string is not small.
    static func smallASCIIForm(_ strings: UnsafeBufferPointer<String>) -> SmallForm {
        #if (arch(x86_64) || arch(arm64)) && !os(Android)
        guard let base = strings.baseAddress else { return .short }
        let raw = UnsafeRawPointer(base)
        // A first string that is not small settles it: no pass for lists of
        // longer strings.
        if strings.count > 0, raw.load(fromByteOffset: 8, as: UInt64.self) &>> 61 != 0x7 { return .other }
        var common: UInt64 = ~0, spilled: UInt64 = 0
        for k in 0..<strings.count {
            let object = raw.load(fromByteOffset: k &* 16 &+ 8, as: UInt64.self)
            common &= object
            spilled |= object
        }
        // Bits 61-63 all set in every string: small (b61), ASCII (b62 of a
        // small string), immortal (b63); a large string has b61 clear.
        guard common &>> 61 == 0x7 else { return .other }
        return spilled & 0x00FF_FFFF_FFFF_FFFF == 0 ? .short : .small
        #else
        return .other
        #endif
    }

    /// What `smallASCIIForm` found.
    enum SmallForm: Comparable {
        case short, small, other
    }

    /// Whether every string of `strings` is small and ASCII
    /// (`smallASCIIForm` `.short` or `.small`).
    static func allSmallASCII(_ strings: UnsafeBufferPointer<String>) -> Bool {
        smallASCIIForm(strings) != .other
    }

    /// The exact key of a small ASCII string of at most 8 bytes whose value
    /// is at `value`: its bytes (the value's first word, zero past the
    /// count) with the count's 4 bits in the high bit of bytes 0-3, which
    /// ASCII leaves clear. Distinct strings get distinct keys and equal
    /// strings equal keys, so the keys need no comparison of the bytes.
    @inline(__always)
    static func shortKey(at value: UnsafeRawPointer) -> UInt64 {
        let bytes = value.load(as: UInt64.self), count = value.load(fromByteOffset: 8, as: UInt64.self) &>> 56 & 0xF
        return bytes | (count & 1) &<< 7 | (count & 2) &<< 14 | (count & 4) &<< 21 | (count & 8) &<< 28
    }

    /// Reads strings of every form this reader takes (small of 0 to 15
    /// bytes, literal, native, native below 16 bytes) and of forms it must
    /// refuse (non-ASCII), and compares with the standard library's view of
    /// their bytes.
    private static func selfCheck() -> Bool {
        #if (arch(x86_64) || arch(arm64)) && !os(Android)
        guard MemoryLayout<String>.size == 16, MemoryLayout<String>.stride == 16 else { return false }
        var taken: [String] = ["", "a", "0123456789abcde", "a literal of more than fifteen bytes"]
        for length in [1, 7, 8, 15, 16, 40] {
            taken.append(String(decoding: (0..<length).map { UInt8(97 &+ $0 % 26) }, as: UTF8.self))
        }
        var reserved = String()
        reserved.reserveCapacity(64)
        reserved.append("short")  // native storage holding 5 bytes
        taken.append(reserved)
        var shrunk = "0123456789abcd"
        while shrunk.utf8.count > 11 { shrunk.removeLast() }  // "0123456789a", edited down, still small
        var grown = "0123"
        grown += "456789a"
        let equalSmall = ["0123456789a", shrunk, grown, String(Substring("x0123456789ax").dropFirst().dropLast()),
                          String(decoding: Array("0123456789a".utf8), as: UTF8.self)]
        let canonical = equalSmall.withUnsafeBytes { bytes in
            (0..<equalSmall.count).allSatisfy { k in
                bytes.load(fromByteOffset: k &* 16, as: UInt64.self) == bytes.load(as: UInt64.self)
                    && bytes.load(fromByteOffset: k &* 16 &+ 8, as: UInt64.self) == bytes.load(fromByteOffset: 8, as: UInt64.self)
            }
        }
        guard canonical, equalSmall.withUnsafeBufferPointer(allSmallASCII) else { return false }
        let refused = ["\u{E9}", "caf\u{E9} au lait, s'il vous pla\u{EE}t"]
        // The core reads the same layout (heckel_match_swift_strings): it
        // must take every form taken here and refuse the others.
        func coreReads(_ strings: [String]) -> Bool {
            strings.withUnsafeBufferPointer { buffer in
                var list = heckel_swift_strings(values: UnsafeRawPointer(buffer.baseAddress), count: buffer.count,
                                                stride: 16, substring: false, base: 0, start: 0, end: 0)
                return heckel_swift_strings_readable(&list)
            }
        }
        guard coreReads(taken + equalSmall), !refused.contains(where: { coreReads([$0]) }) else { return false }
        return (taken + refused).withUnsafeBufferPointer { strings in
            let raw = UnsafeRawPointer(strings.baseAddress.unsafelyUnwrapped)
            for (offset, string) in strings.enumerated() {
                let found = asciiBytes(at: raw + offset &* 16)
                if offset >= taken.count {
                    if found != nil { return false }
                    continue
                }
                guard let found, found.count == string.utf8.count,
                      UnsafeRawBufferPointer(start: found.start, count: found.count).elementsEqual(string.utf8)
                else { return false }
            }
            return true
        }
        #else
        return false
        #endif
    }
}
