/// Which old item each new item is paired with, as offsets into the two
/// snapshots flattened in section order.
///
/// Invariants: `oldToNew` and `newToOld` are inverse partial bijections
/// (`Mapping.unmatched` for an unpaired item); `deletions` and `insertions`
/// list the unpaired old and new offsets, ascending. Paired items have equal
/// identities. How pairs are chosen:
/// `init(old:new:tags:oldLayout:newLayout:cancel:)`.
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

extension ItemMatch {
    /// Pairs the items of two flattened snapshots by identity, in two passes:
    ///
    /// 1. Within each pair of matched sections: the k-th occurrence of an
    ///    identity in the old section pairs with its k-th occurrence in the
    ///    new one.
    /// 2. The items left unpaired, across the whole snapshot: the k-th
    ///    leftover occurrence of an identity in the old snapshot (in flat
    ///    order) pairs with its k-th leftover occurrence in the new one.
    ///
    /// So an item changes section only when its own section has no partner
    /// for it, and every identity still gets min(old count, new count) pairs.
    ///
    /// - Parameters:
    ///   - old: The old items' identities, flattened in section order.
    ///   - new: The new items' identities, flattened in section order.
    ///   - tags: The sections' pairs.
    ///   - oldLayout: Where the old sections' items lie in `old`.
    ///   - newLayout: Where the new sections' items lie in `new`.
    /// - Complexity: O(n) expected for n items: one Heckel match per pair
    ///   of matched sections (`SectionPairs`), and one `ListDiff` of the
    ///   leftovers.
    @inlinable
    init<ID: Hashable>(
        old: [ID], new: [ID], tags: SectionTags, oldLayout: SectionLayout, newLayout: SectionLayout, cancel: CancelFlag?
    ) throws(CoreFailure) {
        let (oldToNew, newToOld, matchCount) = try Self.withinSections(
            old, new, tags: tags, oldLayout: oldLayout, newLayout: newLayout, cancel: cancel)
        let oldLeft = Mapping.unmatchedOffsets(in: oldToNew, count: old.count - matchCount)
        let newLeft = Mapping.unmatchedOffsets(in: newToOld, count: new.count - matchCount)
        if oldLeft.isEmpty || newLeft.isEmpty {
            self.init(oldToNew: oldToNew, newToOld: newToOld, deletions: oldLeft, insertions: newLeft)
            return
        }
        let across = try ListDiff.matched(
            from: oldLeft.lazy.map { old[$0] }, to: newLeft.lazy.map { new[$0] }, options: Self.pairingOnly, cancel: cancel)
        self.init(withinSections: consume oldToNew, consume newToOld, oldLeftovers: oldLeft, newLeftovers: newLeft, across: across)
    }

    /// Pass 1: each pair of matched sections matched on its own
    /// (`SectionPairs.match`), keyed by the identities alone: an integer
    /// identity's bits (`IntegerKeys`: exact, no equality calls; 8-byte
    /// integers are their own keys, read where they lie), a packed `UUID`'s
    /// 16 bytes as a record (`UUIDRecords`), else its hash value
    /// (`HashValueKeys.key(of:)`) with `==` deciding each candidate.
    @inlinable
    static func withinSections<ID: Hashable>(
        _ old: [ID], _ new: [ID], tags: SectionTags, oldLayout: SectionLayout, newLayout: SectionLayout,
        cancel: CancelFlag?
    ) throws(CoreFailure) -> (oldToNew: [UInt32], newToOld: [UInt32], matchCount: Int) {
        let (oldCount, newCount) = (old.count, new.count)
        try Core.checkCounts(oldCount, newCount)
        precondition(oldLayout.itemCount == oldCount && newLayout.itemCount == newCount)
        if IntegerKeys.accepts(ID.self), MemoryLayout<ID>.size == 8 {
            return try old.withUnsafeBytes { oldBytes in
                new.withUnsafeBytes { newBytes in
                    oldBytes.withMemoryRebound(to: UInt64.self) { oldKeys in
                        newBytes.withMemoryRebound(to: UInt64.self) { newKeys in
                            Result { () throws(CoreFailure) in
                                try SectionPairs.match(oldKeys: oldKeys.baseAddress, newKeys: newKeys.baseAddress, tags: tags,
                                                       oldLayout: oldLayout, newLayout: newLayout, equal: nil, cancel: cancel)
                            }
                        }
                    }
                }
            }.get()
        }
        if UUIDRecords.accepts(ID.self) {
            // Packed UUIDs are 16-byte records: matched by their bytes, where they lie.
            return try old.withUnsafeBytes { oldBytes in
                new.withUnsafeBytes { newBytes in
                    Result { () throws(CoreFailure) in
                        try SectionPairs.match(oldRecords: oldBytes.baseAddress, newRecords: newBytes.baseAddress,
                                               size: UUIDRecords.size, tags: tags, oldLayout: oldLayout,
                                               newLayout: newLayout, cancel: cancel)
                    }
                }
            }.get()
        }
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: oldCount + newCount) {
            (keys) throws(CoreFailure) in
            // UInt64 is trivial: the scratch needs no deinitialization.
            guard let base = keys.baseAddress else {
                return try SectionPairs.match(oldKeys: nil, newKeys: nil, tags: tags, oldLayout: oldLayout,
                                              newLayout: newLayout, equal: nil, cancel: cancel)
            }
            for k in 0..<oldCount {
                try CancelFlag.poll(cancel, at: k)
                (base + k).initialize(to: HashValueKeys.key(of: old[k]))
            }
            for k in 0..<newCount {
                try CancelFlag.poll(cancel, at: k)
                (base + oldCount + k).initialize(to: HashValueKeys.key(of: new[k]))
            }
            // Integer keys are exact; hash values only group candidates.
            let exact = IntegerKeys.accepts(ID.self)
            return try SectionPairs.match(oldKeys: UnsafePointer(base), newKeys: UnsafePointer(base + oldCount), tags: tags,
                                          oldLayout: oldLayout, newLayout: newLayout,
                                          equal: exact ? nil : { old[$0] == new[$1] }, cancel: cancel)
        }
    }

    /// The options of the leftovers' match: only the pairing is read from them
    /// (`ItemPass` finds the moves section by section), so the core skips its
    /// move pass over the leftovers. The pairing does not depend on it
    /// (`ListDiff.Options.ignoresOrder`).
    @inlinable
    static var pairingOnly: ListDiff.Options { ListDiff.Options(ignoresOrder: true) }
}

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
