#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `UUID`s as 16-byte records, keyed (a seeded mix of their two words) and
/// compared (memcmp) by the core.
///
/// Why this agrees with `==`: a `UUID` is its 16 bytes (`uuid`, no padding
/// when `isPacked` holds) and `==` compares exactly those bytes, so byte
/// equality is element equality. The list's storage is passed without a copy.
@usableFromInline
enum UUIDRecords {
    /// Whether `UUID` is laid out as 16 packed bytes, as the records API needs.
    @inlinable
    static var isPacked: Bool { MemoryLayout<UUID>.size == 16 && MemoryLayout<UUID>.stride == 16 }

    /// A `UUID`'s size, the record size its lists are matched with.
    @inlinable
    static var size: Int { 16 }

    /// Whether `type` is `UUID` laid out as 16 packed bytes: values of it are
    /// matched as records, by their bytes.
    ///
    /// - Complexity: O(1); folds to a constant once specialized.
    @inlinable
    static func accepts<T>(_ type: T.Type) -> Bool { type == UUID.self && isPacked }

    /// Matches two lists of `UUID`s, or returns `nil` for any other element
    /// type (or a `UUID` not laid out as 16 packed bytes).
    ///
    /// - Complexity: O(n) expected, n = old count + new count.
    @inlinable
    static func match<Element>(
        _ old: UnsafeBufferPointer<Element>, _ new: UnsafeBufferPointer<Element>, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping? {
        guard accepts(Element.self) else { return nil }
        return try matchRecords(UnsafeRawBufferPointer(old), UnsafeRawBufferPointer(new), options: options, cancel: cancel)
    }

    /// Matches lists of `UUID`s given as raw bytes.
    @usableFromInline
    static func matchRecords(
        _ old: UnsafeRawBufferPointer, _ new: UnsafeRawBufferPointer, options: ListDiff.Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> Mapping {
        try Core.matchRecords(
            old: old.baseAddress, oldCount: old.count / size, new: new.baseAddress, newCount: new.count / size,
            size: size, options: options, cancel: cancel)
    }
}
