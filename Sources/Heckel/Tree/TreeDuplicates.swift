/// Finds a repeated identity in either tree.
///
/// The fast way: one 64-bit key per identity (`HashValueKeys.key(of:)`:
/// the bits of an integer, else its `hashValue`), and the C core's
/// `heckel_first_repeated_key` over each tree's keys. Equal identities have
/// equal keys, so distinct keys in both trees mean distinct identities. A
/// repeated key is confirmed with `==`; unequal identities under one key (a
/// hash collision) send the call to the exact way, `exactFirst`.
@usableFromInline
enum TreeDuplicates {
    /// The first repeated identity found: its tree and two of its preorder
    /// offsets there (ascending), or `nil` when every identity is unique in
    /// its tree.
    ///
    /// - Complexity: O(n) expected for n identities in all: one key and one
    ///   set insertion per identity.
    @inlinable
    static func first<ID: Hashable>(old oldIDs: ContiguousArray<ID>, new newIDs: ContiguousArray<ID>,
                                    cancel: CancelFlag?) throws(CoreFailure) -> (old: Bool, first: Int, second: Int)? {
        for (old, ids) in [(true, oldIDs), (false, newIDs)] {
            guard let (first, second) = try firstRepeatedKey(ids, cancel: cancel) else { continue }
            if ids[first] == ids[second] { return (old, first, second) }
            // A hash collision: the exact way, over both trees' identities
            // in one list (old then new).
            return try exactFirst(in: oldIDs + newIDs, oldCount: oldIDs.count, cancel: cancel)
        }
        return nil
    }

    /// The first repeated key among `ids`, as offsets into it. Integers of 64
    /// bits are their own keys, read in place.
    @inlinable
    static func firstRepeatedKey<ID: Hashable>(_ ids: ContiguousArray<ID>, cancel: CancelFlag?)
        throws(CoreFailure) -> (first: Int, second: Int)? {
        if ids.count < 2 { return nil }
        if IntegerKeys.accepts(ID.self) && MemoryLayout<ID>.size == MemoryLayout<UInt64>.size {
            return try ids.withUnsafeBufferPointer { (all) throws(CoreFailure) in
                // Scoped rebinding of the identities' storage: no copy.
                try all.withMemoryRebound(to: UInt64.self) { keys in
                    Result { () throws(CoreFailure) in try Core.firstRepeatedKey(keys, cancel: cancel) }
                }.get()
            }
        }
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: ids.count) {
            (keys) throws(CoreFailure) in
            for k in ids.indices {
                try CancelFlag.poll(cancel, at: k)
                keys.initializeElement(at: k, to: HashValueKeys.key(of: ids[k]))
            }
            // UInt64 is trivial: the scratch needs no deinitialization.
            return try Core.firstRepeatedKey(UnsafeBufferPointer(keys), cancel: cancel)
        }
    }

    /// The exact way, for identities whose keys collide: one core match of
    /// the identities of both trees (old then new, each in preorder) against
    /// the same lists each reversed in place.
    ///
    /// Why it finds every repeat: the core pairs the k-th occurrence of a value
    /// in one list with its k-th occurrence in the other. Take an identity with
    /// occurrences o1 < ... < oa in the old tree and n1 < ... < nb in the new:
    /// the first list holds them as o1...oa, n1...nb, the second (each tree
    /// reversed) as oa...o1, nb...n1, so the t-th occurrences pair o_t with
    /// o_(a+1-t), then n_t with n_(b+1-t). Every pair joins a node with itself
    /// exactly when a <= 1 and b <= 1; otherwise o1 pairs with oa (a >= 2) or n1
    /// with nb, two nodes of one tree.
    ///
    /// - Complexity: O(n) expected for n identities in all: one core match
    ///   of n against n, ignoring order.
    @inlinable
    static func exactFirst<ID: Hashable>(in ids: ContiguousArray<ID>, oldCount: Int, cancel: CancelFlag?)
        throws(CoreFailure) -> (old: Bool, first: Int, second: Int)? {
        let total = ids.count, newCount = total - oldCount
        if total < 2 { return nil }
        var reversed = ContiguousArray<ID>()
        reversed.reserveCapacity(total)
        reversed.append(contentsOf: ids[..<oldCount].reversed())
        reversed.append(contentsOf: ids[oldCount...].reversed())
        let mapping = try ids.withUnsafeBufferPointer { (all) throws(CoreFailure) in
            try reversed.withUnsafeBufferPointer { (mirror) throws(CoreFailure) in
                try Matcher.match(all, mirror, options: ListDiff.Options(ignoresOrder: true), cancel: cancel)
            }
        }
        if mapping.matchCount == total && isSelfPaired(mapping, oldCount: oldCount, newCount: newCount) { return nil }
        let side = mapping.oldToNew
        for offset in 0..<total {
            let mirrored = Int(side[offset])
            let original = mirrored < oldCount ? oldCount - 1 - mirrored : oldCount + (total - 1 - mirrored)
            if original != offset {
                let old = offset < oldCount
                let base = old ? 0 : oldCount
                return (old, min(offset, original) - base, max(offset, original) - base)
            }
        }
        preconditionFailure("TreeDuplicates: a match of a list with its mirror left an element unpaired")
    }

    /// Whether every offset of the first list pairs with its own mirror.
    @inlinable
    static func isSelfPaired(_ mapping: Mapping, oldCount: Int, newCount: Int) -> Bool {
        let side = mapping.oldToNew
        let total = oldCount + newCount
        for offset in 0..<oldCount where Int(side[offset]) != oldCount - 1 - offset { return false }
        for offset in oldCount..<total where Int(side[offset]) != oldCount + (total - 1 - offset) { return false }
        return true
    }
}
