/// The difference between two lists, as offsets: which old elements were
/// deleted, which new ones inserted, which matched pairs moved, and (when
/// elements have an identity) which matched pairs were updated.
///
/// Elements are matched by Paul Heckel's 1978 algorithm on a C core: every
/// element present in both lists keeps `min(old count, new count)` matches,
/// duplicates pair up in order, and the moves are the fewest that explain the
/// new order (one element moved from front to back is one move).
///
/// ```swift
/// let diff = ListDiff(from: ["a", "b", "c"], to: ["c", "a", "d"])
/// assert(diff.deletions == [1])                        // "b"
/// assert(diff.insertions == [2])                       // "d"
/// assert(diff.moves == [ListDiff.Pair(old: 2, new: 0)]) // "c"
/// assert(Array(diff.insertions) == [2])                // as an [Int]
/// assert(diff.newOffset(forOld: 0) == 1)               // "a"
/// ```
///
/// Offsets count from zero in each list, whatever the collections' indices
/// are, so slices and collections not indexed by `Int` work alike.
///
/// A diff is one block of storage, written once by the C core: `deletions`,
/// `insertions`, `moves` and `updates` are read-only collections over it
/// (`ListDiff.Offsets`, `ListDiff.Pairs`) that compare
/// with array literals and convert with `Array(_:)`. It holds the mapping
/// only between the common prefix and suffix the core trimmed (the pairs
/// there are answered by arithmetic): a diff of equal lists, or of lists that
/// differ only near their end, takes a few bytes whatever their length. (A
/// common suffix is trimmed only when it is long, thousands of elements, and
/// in order; see `heckel_window` in `heckel.h`.)
public struct ListDiff: Sendable {
    /// The diff's offsets: the mapping, moves, deletions and insertions, in
    /// one block (`DiffStorage`'s layout).
    @usableFromInline let mapping: Mapping

    @inlinable
    var storage: DiffStorage { mapping.storage }

    /// Matched pairs whose elements have the same identity but are not `==`,
    /// ascending by `new`. Always empty for diffs made without an identity.
    public let updates: Pairs

    @usableFromInline
    init(mapping: Mapping, updates: [Pair]) {
        self.mapping = mapping
        self.updates = updates.isEmpty
            ? Pairs(StoredRun(mapping.storage, start: 0, count: 0)) : Pairs(updates)
    }

    /// The number of elements in the old list.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var oldCount: Int { storage.counts.oldCount }

    /// The number of elements in the new list.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var newCount: Int { storage.counts.newCount }

    /// Offsets in the old list of the elements without a match in the new
    /// list, ascending.
    ///
    /// - Complexity: O(1): a view of the diff's storage, nothing copied.
    @inlinable
    public var deletions: Offsets {
        let counts = storage.counts
        return Offsets(StoredRun(storage, start: storage.deletionsStart, count: counts.oldCount - counts.matchCount))
    }

    /// Offsets in the new list of the elements without a match in the old
    /// list, ascending.
    ///
    /// - Complexity: O(1): a view of the diff's storage, nothing copied.
    @inlinable
    public var insertions: Offsets {
        let counts = storage.counts
        return Offsets(StoredRun(storage, start: storage.insertionsStart, count: counts.newCount - counts.matchCount))
    }

    /// The matched pairs that changed relative order, ascending by `new`.
    ///
    /// The matched pairs not listed here form one longest increasing
    /// subsequence of old offsets taken in new order, so the list is minimal.
    ///
    /// - Complexity: O(1): a view of the diff's storage, nothing copied.
    @inlinable
    public var moves: Pairs {
        Pairs(StoredRun(storage, start: storage.movesStart, count: 2 * storage.counts.moveCount))
    }

    /// For each old offset, the matched new offset or `Mapping.unmatched`.
    @inlinable
    var oldToNew: MappingSide { mapping.oldToNew }

    /// For each new offset, the matched old offset or `Mapping.unmatched`.
    @inlinable
    var newToOld: MappingSide { mapping.newToOld }

    /// The offset in the new list of the element at `offset` in the old list,
    /// or `nil` when that element was deleted.
    ///
    /// - Precondition: `0 <= offset < oldCount`.
    /// - Complexity: O(1).
    @inlinable
    public func newOffset(forOld offset: Int) -> Int? {
        precondition(offset >= 0 && offset < oldCount, "ListDiff.newOffset(forOld:): offset \(offset) out of 0..<\(oldCount)")
        let mapped = oldToNew[offset]
        return mapped == Mapping.unmatched ? nil : Int(mapped)
    }

    /// The offset in the old list of the element at `offset` in the new list,
    /// or `nil` when that element was inserted.
    ///
    /// - Precondition: `0 <= offset < newCount`.
    /// - Complexity: O(1).
    @inlinable
    public func oldOffset(forNew offset: Int) -> Int? {
        precondition(offset >= 0 && offset < newCount, "ListDiff.oldOffset(forNew:): offset \(offset) out of 0..<\(newCount)")
        let mapped = newToOld[offset]
        return mapped == Mapping.unmatched ? nil : Int(mapped)
    }

    /// The largest number of elements either list may have: 2^32 - 16 (the
    /// core's offsets are 32 bits wide; `Int.max` on 32-bit platforms).
    public static let maximumCount = Int(clamping: 0xFFFF_FFF0 as UInt64)

    /// The number of matched pairs (moved, updated or unchanged).
    ///
    /// - Complexity: O(1).
    public var matchCount: Int { storage.counts.matchCount }

    /// Whether the lists are equal: no deletions, insertions, moves or updates.
    ///
    /// - Complexity: O(1).
    public var isEmpty: Bool {
        deletions.isEmpty && insertions.isEmpty && moves.isEmpty && updates.isEmpty
    }

    /// The number of changes: deletions, insertions, moves and updates.
    ///
    /// - Complexity: O(1).
    public var changeCount: Int {
        deletions.count + insertions.count + moves.count + updates.count
    }
}
