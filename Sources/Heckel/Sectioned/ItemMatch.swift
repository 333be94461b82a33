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
    /// - Complexity: O(n) expected for n items: one Heckel match of all
    ///   items keyed by (section pair, identity), and one `ListDiff` of the
    ///   leftovers.
    @inlinable
    init<ID: Hashable>(
        old: [ID], new: [ID], tags: SectionTags, oldLayout: SectionLayout, newLayout: SectionLayout, cancel: CancelFlag?
    ) throws(CoreFailure) {
        var oldToNew: [UInt32], newToOld: [UInt32], matchCount = 0
        if tags.pairsItems {
            (oldToNew, newToOld, matchCount) = try Self.withinSections(
                old, new, tags: tags, oldLayout: oldLayout, newLayout: newLayout, cancel: cancel)
        } else {
            oldToNew = [UInt32](repeating: Mapping.unmatched, count: old.count)
            newToOld = [UInt32](repeating: Mapping.unmatched, count: new.count)
        }
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

    /// Pass 1: one core match over all items, keyed by section pair and
    /// identity, through `Keys/` (`HashValueKeys.key(of:)`, matched by
    /// `ComputedKeys`).
    ///
    /// Integer identities (`IntegerKeys.accepts`) that leave room above their
    /// bits get exact keys, tag and identity packed side by side: no equality
    /// calls. 8-byte integers that fill their bits are compared as words by
    /// `WordEquality`, a C function. Other keys are `key(of: identity) ^ spread(tag)`, and equal keys
    /// plus equal identities mean equal tags: equal identities have equal
    /// keys, so their spread tags are equal, and `spread` is injective. So
    /// the items' tags need not be stored for the comparison.
    @inlinable
    static func withinSections<ID: Hashable>(
        _ old: [ID], _ new: [ID], tags: SectionTags, oldLayout: SectionLayout, newLayout: SectionLayout,
        cancel: CancelFlag?
    ) throws(CoreFailure) -> (oldToNew: [UInt32], newToOld: [UInt32], matchCount: Int) {
        let shift = (tags.packedLimit - 1).leadingZeroBitCount
        var packed = false
        if IntegerKeys.accepts(ID.self) {
            // Packed keys, when no identity reaches the tags' bits.
            var bits: UInt64 = 0
            for id in old { bits |= HashValueKeys.key(of: id) }
            for id in new { bits |= HashValueKeys.key(of: id) }
            packed = bits >> shift == 0
        }
        let (oldCount, newCount) = (old.count, new.count)
        try Core.checkCounts(oldCount, newCount)
        let mapping = try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: oldCount + newCount) {
            (keys) throws(CoreFailure) -> Mapping in
            try old.withUnsafeBufferPointer { (ids) throws(CoreFailure) in
                try fillKeys(keys, from: 0, of: ids, sectionTags: tags.old, layout: oldLayout, tags: tags, shift: packed ? shift : nil,
                             cancel: cancel)
            }
            try new.withUnsafeBufferPointer { (ids) throws(CoreFailure) in
                try fillKeys(keys, from: oldCount, of: ids, sectionTags: tags.new, layout: newLayout, tags: tags,
                             shift: packed ? shift : nil, cancel: cancel)
            }
            // UInt64 is trivial: the scratch needs no deinitialization.
            let all = UnsafeBufferPointer(keys)
            let oldKeys = UnsafeBufferPointer(rebasing: all[..<oldCount])
            let newKeys = UnsafeBufferPointer(rebasing: all[oldCount...])
            if !packed, IntegerKeys.accepts(ID.self), MemoryLayout<ID>.size == 8, oldCount > 0, newCount > 0 {
                // 8-byte integers are their words: compared by a C function
                // on the identities' buffers, not through a Swift closure.
                return try old.withUnsafeBufferPointer { (oldIDs) throws(CoreFailure) in
                    try new.withUnsafeBufferPointer { (newIDs) throws(CoreFailure) in
                        var sides = WordEquality.Sides(old: UnsafeRawPointer(oldIDs.baseAddress.unsafelyUnwrapped),
                                                       new: UnsafeRawPointer(newIDs.baseAddress.unsafelyUnwrapped))
                        return try withUnsafeMutablePointer(to: &sides) { (context) throws(CoreFailure) in
                            try Core.matchKeys(old: oldKeys, new: newKeys, equal: WordEquality.equal,
                                               context: UnsafeMutableRawPointer(context), options: pairingOnly,
                                               cancel: cancel)
                        }
                    }
                }
            }
            return try Core.matchKeys(old: oldKeys, new: newKeys, equal: packed ? nil : { old[$0] == new[$1] },
                                      options: Self.pairingOnly, cancel: cancel)
        }
        return (mapping.oldToNew.array, mapping.newToOld.array, mapping.matchCount)
    }

    /// Writes the key of each of `ids` (one snapshot's identities, flat) to
    /// `keys` from offset `start` on, section by section: the section's tag
    /// is placed once per section (`tags.packed` shifted by `shift` above
    /// the identity's bits, else `spread`), and each item's key is its
    /// identity's key with that tag folded in. Polls `cancel` every
    /// `CancelFlag.pollInterval` items.
    ///
    /// - Precondition: `layout` covers exactly `ids`; `sectionTags` has one
    ///   tag per section of `layout`.
    @inlinable
    static func fillKeys<ID: Hashable>(
        _ keys: UnsafeMutableBufferPointer<UInt64>, from start: Int, of ids: UnsafeBufferPointer<ID>,
        sectionTags: [UInt32], layout: SectionLayout, tags: SectionTags, shift: Int?, cancel: CancelFlag?
    ) throws(CoreFailure) {
        precondition(layout.itemCount == ids.count && sectionTags.count == layout.sectionCount)
        guard let base = keys.baseAddress.map({ $0 + start }) else { return }
        for section in 0..<layout.sectionCount {
            let tag = sectionTags[section]
            let placed = shift.map { tags.packed(tag) << $0 } ?? spread(tag)
            for k in layout.items(inSection: section) {
                try CancelFlag.poll(cancel, at: k)
                (base + k).initialize(to: HashValueKeys.key(of: ids[k]) ^ placed)
            }
        }
    }

    /// The options of both item matches: only the pairing is read from them
    /// (`ItemPass` finds the moves section by section), so the core skips its
    /// move pass over all matched pairs. The pairing does not depend on it
    /// (`ListDiff.Options.ignoresOrder`).
    @inlinable
    static var pairingOnly: ListDiff.Options { ListDiff.Options(ignoresOrder: true) }

    /// A tag spread over 64 bits: a multiplication by an odd constant, which
    /// is a bijection modulo 2^64 (so distinct tags stay distinct) and makes
    /// neighbouring tags differ in many bits.
    @inlinable
    static func spread(_ tag: UInt32) -> UInt64 { UInt64(tag) &* 0x9E37_79B9_7F4A_7C15 }
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
