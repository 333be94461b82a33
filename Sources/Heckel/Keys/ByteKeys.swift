#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import CHeckel

/// Contiguous byte arrays (`[UInt8]`, `Data`): XXH3 of the bytes as key
/// (`heckel_hash_bytes`, read in place), and `==` through the callback.
///
/// Why this agrees with `==`: both types' `==` compares the byte sequences, so
/// equal elements have identical bytes and so identical keys. Keys are not
/// trusted alone; `==` confirms each candidate pair.
@usableFromInline
enum ByteKeys {
    /// Matches lists of byte arrays.
    @usableFromInline
    static func match(
        _ old: UnsafeBufferPointer<[UInt8]>, _ new: UnsafeBufferPointer<[UInt8]>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try match(old, new, cancel: cancel) { bytes in
            bytes.withUnsafeBytes { heckel_hash_bytes($0.baseAddress, $0.count) }
        }
    }

    /// Matches lists of `Data`.
    @usableFromInline
    static func match(
        _ old: UnsafeBufferPointer<Data>, _ new: UnsafeBufferPointer<Data>, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try match(old, new, cancel: cancel) { bytes in
            bytes.withUnsafeBytes { heckel_hash_bytes($0.baseAddress, $0.count) }
        }
    }

    private static func match<Bytes: Equatable>(
        _ old: UnsafeBufferPointer<Bytes>, _ new: UnsafeBufferPointer<Bytes>, cancel: CancelFlag?,
        hash: (Bytes) -> UInt64
    ) throws(CoreFailure) -> Mapping {
        let oldKeys = old.map(hash)
        let newKeys = new.map(hash)
        return try oldKeys.withUnsafeBufferPointer { (oldKeys) throws(CoreFailure) in
            try newKeys.withUnsafeBufferPointer { (newKeys) throws(CoreFailure) in
                try Core.matchKeys(old: oldKeys, new: newKeys, equal: { old[$0] == new[$1] }, cancel: cancel)
            }
        }
    }
}
