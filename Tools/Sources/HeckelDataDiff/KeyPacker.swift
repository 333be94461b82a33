import HeckelDataFiles

/// Keys packed into one word each, so equal words are equal keys and the core needs no equality
/// callback: up to 7 bytes as themselves (the bytes in the low 56 bits, the length, 0...7, in the
/// top byte), or 8 to 15 ASCII digits (numeric ids) as decimal nibbles (the length, 8...15, in the
/// top 4 bits, digit k in bits 4k..<4k+4). The top 4 bits tell the two apart (0 for bytes), and each
/// key has exactly one form (a key of at most 7 bytes is always packed as bytes), so the packing is
/// one-to-one.
struct KeyPacker {
    private(set) var keys: [UInt64] = []

    init(capacity: Int) { keys.reserveCapacity(capacity) }

    /// Appends `count` words that `body` writes (body(words) false: one has no packed form; what
    /// was appended is then unspecified). One growth check for the batch, not one per key. O(count).
    @inline(__always)
    mutating func append(count: Int, _ body: (UnsafeMutableBufferPointer<UInt64>) throws -> Bool) rethrows -> Bool {
        let start = keys.count
        keys.append(contentsOf: repeatElement(0, count: count))
        return try keys.withUnsafeMutableBufferPointer { try body(UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    /// The word of the key `range` of `bytes`, or nil; `pack(_:)`'s word, found with word loads.
    @inline(__always)
    static func pack(_ bytes: UnsafeRawBufferPointer, _ range: Range<Int>) -> UInt64? {
        let count = range.count
        guard count <= 15, range.lowerBound + 16 <= bytes.count else { return pack(UnsafeRawBufferPointer(rebasing: bytes[range])) }
        let at = bytes.baseAddress! + range.lowerBound
        let low = UInt64(littleEndian: at.loadUnaligned(as: UInt64.self))
        if count <= 7 { return low & ((1 &<< (8 &* UInt64(count))) &- 1) | UInt64(count) &<< 56 }
        // Bytes past the key read as "0" digits: nibbles of 0, as the loop leaves them.
        let kept: UInt64 = (1 &<< (8 &* UInt64(count &- 8))) &- 1
        let high = UInt64(littleEndian: (at + 8).loadUnaligned(as: UInt64.self)) & kept | 0x3030_3030_3030_3030 & ~kept
        guard let a = digitNibbles(low), let b = digitNibbles(high) else { return nil }
        return UInt64(count) &<< 60 | b &<< 32 | a
    }

    /// Eight ASCII digits (byte k the k-th) as eight nibbles (digit k in bits 4k..<4k+4), or nil
    /// when a byte is not a digit. O(1).
    @inline(__always)
    private static func digitNibbles(_ word: UInt64) -> UInt64? {
        // A digit is 0x30...0x39: high nibble 3, and low nibble + 6 not past 15.
        let notDigits = (word & 0xF0F0_F0F0_F0F0_F0F0) ^ 0x3030_3030_3030_3030
            | ((word & 0x0F0F_0F0F_0F0F_0F0F) &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
        guard notDigits == 0 else { return nil }
        var t = word & 0x0F0F_0F0F_0F0F_0F0F
        t = (t | t &>> 4) & 0x00FF_00FF_00FF_00FF
        t = (t | t &>> 8) & 0x0000_FFFF_0000_FFFF
        return (t | t &>> 16) & 0xFFFF_FFFF
    }

    /// The word of `key`, or nil. O(key length).
    @inline(__always)
    static func pack(_ key: UnsafeRawBufferPointer) -> UInt64? {
        let count = key.count
        if count <= 7 {
            var word = UInt64(count) << 56
            for k in 0..<count { word |= UInt64(key[k]) << (8 * k) }
            return word
        }
        guard count <= 15 else { return nil }
        var word = UInt64(count) << 60
        for k in 0..<count {
            let digit = key[k] &- 0x30
            guard digit < 10 else { return nil }
            word |= UInt64(digit) << (4 * k)
        }
        return word
    }
}
