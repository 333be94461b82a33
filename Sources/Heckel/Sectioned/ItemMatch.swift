/// Which old item each new item is paired with, as offsets into the two
/// snapshots flattened in section order.
///
/// Invariants: `oldToNew` and `newToOld` are inverse partial bijections
/// (`Mapping.unmatched` for an unpaired item); `deletions` and `insertions`
/// list the unpaired old and new offsets, ascending. Paired items have equal
/// identities. How pairs are chosen: `init(old:new:tags:)`.
@usableFromInline
struct ItemMatch: Hashable, Sendable {
    @usableFromInline let oldToNew: [UInt32]
    @usableFromInline let newToOld: [UInt32]
    @usableFromInline let deletions: [Int]
    @usableFromInline let insertions: [Int]

    @usableFromInline
    init(oldToNew: [UInt32], newToOld: [UInt32], deletions: [Int], insertions: [Int]) {
        self.oldToNew = oldToNew
        self.newToOld = newToOld
        self.deletions = deletions
        self.insertions = insertions
    }

    @usableFromInline var oldCount: Int { oldToNew.count }

    @usableFromInline var newCount: Int { newToOld.count }

    /// The new offset paired with old `offset`, or `nil`.
    func newOffset(forOld offset: Int) -> Int? {
        let mapped = oldToNew[offset]
        return mapped == Mapping.unmatched ? nil : Int(mapped)
    }

    /// The old offset paired with new `offset`, or `nil`.
    @inlinable
    func oldOffset(forNew offset: Int) -> Int? {
        let mapped = newToOld[offset]
        return mapped == Mapping.unmatched ? nil : Int(mapped)
    }
}
