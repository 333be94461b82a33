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
/// diff.deletions          // [1]
/// diff.insertions         // [2]
/// diff.moves              // [ListDiff.Move(from: 2, to: 0)]
/// diff.newOffset(forOld: 0) // 1
/// ```
///
/// Offsets count from zero in each list, whatever the collections' indices
/// are, so slices and collections not indexed by `Int` work alike.
public struct ListDiff: Sendable {
    /// The number of elements in the old list.
    public let oldCount: Int
    /// The number of elements in the new list.
    public let newCount: Int
    /// Offsets in the old list of the elements without a match in the new
    /// list, ascending.
    public let deletions: [Int]
    /// Offsets in the new list of the elements without a match in the old
    /// list, ascending.
    public let insertions: [Int]
    /// The matched pairs that changed relative order, ascending by `to`.
    ///
    /// The matched pairs not listed here form one longest increasing
    /// subsequence of old offsets taken in new order, so the list is minimal.
    public let moves: [Move]
    /// Matched pairs whose elements have the same identity but are not `==`,
    /// ascending by `new`. Always empty for diffs made without an identity.
    public let updates: [Update]

    /// For each old offset, the matched new offset or `Mapping.unmatched`.
    @usableFromInline let oldToNew: [UInt32]
    /// For each new offset, the matched old offset or `Mapping.unmatched`.
    @usableFromInline let newToOld: [UInt32]

    @usableFromInline
    init(mapping: Mapping, updates: [Update]) {
        oldCount = mapping.oldToNew.count
        newCount = mapping.newToOld.count
        oldToNew = mapping.oldToNew
        newToOld = mapping.newToOld
        deletions = Mapping.unmatchedOffsets(in: mapping.oldToNew, count: oldCount - mapping.matchCount)
        insertions = Mapping.unmatchedOffsets(in: mapping.newToOld, count: newCount - mapping.matchCount)
        moves = mapping.moves
        self.updates = updates
    }

    /// The offset in the new list of the element at `offset` in the old list,
    /// or `nil` when that element was deleted.
    ///
    /// - Precondition: `0 <= offset < oldCount`.
    /// - Complexity: O(1).
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
    public var matchCount: Int { oldCount - deletions.count }

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
