#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CHeckel

/// Contiguous byte arrays (`[UInt8]`, `Data`): XXH3 of the bytes under a
/// seed drawn once per process as key (read in place), and `==` through the
/// callback.
///
/// Why this agrees with `==`: both types' `==` compares the byte sequences, so
/// equal elements have identical bytes and so identical keys. Keys are not
/// trusted alone; `==` confirms each candidate pair.
///
/// Why the seed: keys from a fixed function (`heckel_hash_bytes`, seed 0)
/// let crafted byte strings share one key, and n unequal elements under one
/// key cost the exact matcher O(n^2) `==` calls. Drawn per process, as
/// Swift's own `Hasher` seeds `hashValue`; keys never outlive a call, so
/// results do not depend on it.
@usableFromInline
enum ByteKeys {
    /// The seed of every byte key in this process.
    static let seed = UInt64.random(in: .min ... .max)

    /// The key of one element's bytes.
    static func key(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        heckel_hash_bytes_with_seed(bytes.baseAddress, bytes.count, seed)
    }

    /// Matches two lists of `[UInt8]` or `Data`, or returns `nil` for any
    /// other element type.
    ///
    /// - Complexity: O(total bytes) plus one `==` per candidate pair.
    @inlinable
    static func match<Element>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        if Element.self == [UInt8].self {
            return try matchBytes(old.sameElements(as: [UInt8].self), new.sameElements(as: [UInt8].self), options: options, cancel: cancel)
        }
        if Element.self == Data.self {
            return try matchBytes(old.sameElements(as: Data.self), new.sameElements(as: Data.self), options: options, cancel: cancel)
        }
        return nil
    }

    /// Matches lists of byte arrays.
    @usableFromInline
    static func matchBytes(
        _ old: UnsafeBufferPointer<[UInt8]>, _ new: UnsafeBufferPointer<[UInt8]>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try matchHashed(old, new, options: options, cancel: cancel) { bytes in
            bytes.withUnsafeBytes(key)
        }
    }

    /// Matches lists of `Data`.
    @usableFromInline
    static func matchBytes(
        _ old: UnsafeBufferPointer<Data>, _ new: UnsafeBufferPointer<Data>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try matchHashed(old, new, options: options, cancel: cancel) { bytes in
            bytes.withUnsafeBytes(key)
        }
    }

    private static func matchHashed<Bytes: Equatable>(
        _ old: UnsafeBufferPointer<Bytes>, _ new: UnsafeBufferPointer<Bytes>, options: ListDiff.Options, cancel: CancelFlag?,
        hash: (Bytes) -> UInt64
    ) throws(CoreFailure) -> Mapping {
        try ComputedKeys.match(
            oldCount: old.count, newCount: new.count, options: options, cancel: cancel,
            oldKey: { hash(old[$0]) }, newKey: { hash(new[$0]) }, equal: { old[$0] == new[$1] })
    }
}
