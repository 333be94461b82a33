#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `UUID`s as 16-byte records, hashed (XXH3) and compared (memcmp) by the core.
///
/// Why this agrees with `==`: a `UUID` is its 16 bytes (`uuid`, no padding
/// when `isPacked` holds) and `==` compares exactly those bytes, so byte
/// equality is element equality. The list's storage is passed without a copy.
@usableFromInline
enum UUIDRecords {
    /// Whether `UUID` is laid out as 16 packed bytes, as the records API needs.
    @usableFromInline
    static let isPacked = MemoryLayout<UUID>.size == 16 && MemoryLayout<UUID>.stride == 16

    /// Matches lists of `UUID`s given as raw bytes.
    @usableFromInline
    static func match(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try Core.matchRecords(
            old: old.baseAddress, oldCount: old.count / 16, new: new.baseAddress, newCount: new.count / 16,
            size: 16, cancel: cancel)
    }
}
