/// One side of a diff's mapping (old to new, or new to old), of which the
/// `DiffStorage` holds only the window: offsets below `prefix` map to
/// themselves, offsets from `prefix + windowCount` on to themselves plus
/// `shift` (the trimmed suffix), and the rest are read from the window's
/// entries.
///
/// Invariant: `0 <= prefix`, `prefix + windowCount <= count`, and `storage`
/// holds at least `start + windowCount` initialized entries, never written
/// again (hence `@unchecked Sendable`).
@usableFromInline
struct MappingSide: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline let storage: DiffStorage
    /// The entry holding offset `prefix`'s value.
    @usableFromInline let start: Int
    @usableFromInline let count: Int
    @usableFromInline let prefix: Int
    @usableFromInline let windowCount: Int
    /// The other list's count minus this one's.
    @usableFromInline let shift: Int

    @inlinable
    init(_ storage: DiffStorage, start: Int, count: Int, prefix: Int, windowCount: Int, shift: Int) {
        (self.storage, self.start, self.count) = (storage, start, count)
        (self.prefix, self.windowCount, self.shift) = (prefix, windowCount, shift)
    }

    @inlinable var startIndex: Int { 0 }

    @inlinable var endIndex: Int { count }

    /// The matched offset in the other list, or `Mapping.unmatched`.
    ///
    /// - Precondition: `0 <= offset < count` (unchecked).
    @inlinable
    subscript(offset: Int) -> UInt32 {
        let inWindow = offset &- prefix
        if UInt(bitPattern: inWindow) < UInt(bitPattern: windowCount) {
            // The pointer is read from `storage`, which `self` keeps alive.
            return storage.entries[start &+ inWindow]
        }
        return UInt32(truncatingIfNeeded: inWindow < 0 ? offset : offset &+ shift)
    }

    /// Whether both sides map every offset alike.
    ///
    /// - Complexity: O(1) for the same side of one storage; O(window) when
    ///   both trimmed the same prefix and suffix; otherwise O(count).
    @inlinable
    func hasSameEntries(as other: MappingSide) -> Bool {
        if count != other.count { return false }
        if storage === other.storage && start == other.start { return true }
        if prefix == other.prefix && windowCount == other.windowCount && shift == other.shift {
            return withExtendedLifetime((storage, other.storage)) {
                UnsafeBufferPointer(start: storage.entries + start, count: windowCount)
                    .elementsEqual(UnsafeBufferPointer(start: other.storage.entries + other.start, count: windowCount))
            }
        }
        return elementsEqual(other)
    }

    /// Every offset's entry, as an array.
    ///
    /// - Complexity: O(count).
    @usableFromInline
    var array: [UInt32] {
        [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = buffer.baseAddress.unsafelyUnwrapped
            for k in 0..<prefix { base[k] = UInt32(truncatingIfNeeded: k) }
            withExtendedLifetime(storage) {
                (base + prefix).initialize(from: storage.entries + start, count: windowCount)
            }
            for k in (prefix + windowCount)..<count { base[k] = UInt32(truncatingIfNeeded: k &+ shift) }
            initialized = count
        }
    }
}
