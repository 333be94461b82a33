extension ItemMatch {
    /// The pairing of pass 1 completed by pass 2: `across` is the diff of the
    /// leftovers' identities, `oldLeftovers` / `newLeftovers` their offsets.
    ///
    /// - Complexity: O(l), l = leftover count.
    @usableFromInline
    init(withinSections oldToNew: consuming [UInt32], _ newToOld: consuming [UInt32],
         oldLeftovers: [Int], newLeftovers: [Int], across: ListDiff) {
        precondition(across.oldCount == oldLeftovers.count && across.newCount == newLeftovers.count)
        for (q, newOffset) in newLeftovers.enumerated() {
            guard let p = across.oldOffset(forNew: q) else { continue }
            let oldOffset = oldLeftovers[p]
            // Offsets fit 32 bits: lists are at most ListDiff.maximumCount long.
            oldToNew[oldOffset] = UInt32(truncatingIfNeeded: newOffset)
            newToOld[newOffset] = UInt32(truncatingIfNeeded: oldOffset)
        }
        self.init(oldToNew: oldToNew, newToOld: newToOld,
                  deletions: across.deletions.map { oldLeftovers[$0] },
                  insertions: across.insertions.map { newLeftovers[$0] })
    }
}
