/// Finds a repeated identity in either tree.
///
/// Keys: one 64-bit key per identity (`HashValueKeys.key(of:)`: the bits of
/// an integer, else its `hashValue`). Equal identities have equal keys, so
/// distinct keys mean distinct identities.
///
/// What `TreeDiff` runs: the C core's `heckel_first_repeated_key` over the
/// old tree's keys (`firstRepeatedKey`), and after the match the new tree's
/// keys against the unmatched nodes' keys only (`newMayRepeat`). Either one
/// finding keys that repeat sends the diff to `first`, the full check: the
/// core's pass over each tree's keys, a repeated key confirmed with `==`,
/// and unequal identities under one key (a hash collision) sent to the
/// exact way, `exactFirst`.
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

    /// Whether the new tree may repeat an identity, given that the old
    /// tree's identities are distinct and `mapping` is the core's pairing
    /// of the old identities with the new ones. `false` proves the new
    /// identities distinct; `true` (a repeat, or keys equal by chance)
    /// sends the caller to `first`, the full check.
    ///
    /// Why `false` is a proof: the core pairs as many equal identities as
    /// both trees hold, and the old tree holds each identity at most once,
    /// so an identity the new tree holds twice or more is paired at most
    /// once: at least one of its nodes is unmatched (an insertion of the
    /// mapping). A second node of it is then unmatched too, or matched.
    /// The first shows as a key repeated among the unmatched nodes' keys;
    /// the second as a key of a matched node equal to an unmatched node's.
    /// Every new node's key is looked up in a small set of the unmatched
    /// nodes' keys: the unmatched ones find themselves, exactly once each
    /// when their keys are distinct, so more finds than unmatched nodes
    /// mean a matched node shares a key with an unmatched one.
    ///
    /// The set (linear probing, at most a quarter full) places a key by the
    /// high bits of its product with an odd multiplier drawn per call
    /// (multiplicative hashing, Dietzfelbinger et al., "A Reliable
    /// Randomized Algorithm for the Closest-Pair Problem", 1997), so keys
    /// crafted to crowd one slot cannot be made in advance.
    ///
    /// - Complexity: O(n) expected for n new identities: one key, one
    ///   multiplication and about one slot read per identity (or, past an
    ///   eighth of them unmatched, `firstRepeatedKey` over them).
    @inlinable
    static func newMayRepeat<ID: Hashable>(_ newIDs: ContiguousArray<ID>, mapping: Mapping, cancel: CancelFlag?)
        throws(CoreFailure) -> Bool {
        let storage = mapping.storage
        let unmatchedCount = newIDs.count - mapping.matchCount
        if unmatchedCount == 0 { return false }
        // Past an eighth of the nodes unmatched, the set (32 bytes per
        // unmatched node) would outgrow the core's pass over the new keys
        // (8 bytes per key), which then costs about as much time.
        if unmatchedCount > newIDs.count / 8 { return try firstRepeatedKey(newIDs, cancel: cancel) != nil }
        let unmatched = UnsafeBufferPointer(start: storage.entries + storage.insertionsStart, count: unmatchedCount)
        var bits = 6
        while 1 << bits < 4 * unmatchedCount { bits += 1 }
        let shift = UInt64(64 - bits), mask = (1 << bits) - 1
        let multiplier = UInt64.random(in: .min ... .max) | 1
        // Slots hold keys, 0 an empty slot; whether an unmatched node has
        // the key 0 is kept beside them.
        return try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 1 << bits) {
            (slots) throws(CoreFailure) -> Bool in
            slots.initialize(repeating: 0)
            var zeroUnmatched = false
            for offset in unmatched {
                let key = key(of: newIDs[Int(offset)])
                if key == 0 {
                    if zeroUnmatched { return true }
                    zeroUnmatched = true
                    continue
                }
                var s = Int(truncatingIfNeeded: (key &* multiplier) >> shift)
                while slots[s] != 0 {
                    if slots[s] == key { return true }
                    s = (s &+ 1) & mask
                }
                slots[s] = key
            }
            let slots = UnsafeMutablePointer(slots.baseAddress.unsafelyUnwrapped)
            var found = 0
            try newIDs.withUnsafeBufferPointer { (ids) throws(CoreFailure) in
                // Polled once per stretch of `CancelFlag.pollInterval` nodes.
                var start = 0
                while start < ids.count {
                    try CancelFlag.poll(cancel, at: start)
                    let end = min(start &+ CancelFlag.pollInterval, ids.count)
                    for k in start..<end {
                        let key = key(of: ids[k])
                        if key == 0 {
                            if zeroUnmatched { found &+= 1 }
                            continue
                        }
                        var s = Int(truncatingIfNeeded: (key &* multiplier) >> shift)
                        while slots[s] != 0 {
                            if slots[s] == key {
                                found &+= 1
                                break
                            }
                            s = (s &+ 1) & mask
                        }
                    }
                    start = end
                }
            }
            return found != unmatchedCount
        }
    }

    /// The key of an identity: the bits of an integer of 64 bits at most,
    /// else its `hashValue` (`HashValueKeys.key(of:)`).
    @inlinable @inline(__always)
    static func key<ID: Hashable>(of id: ID) -> UInt64 {
        HashValueKeys.key(of: id)
    }
}
