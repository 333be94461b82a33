import CHeckel

/// Turns the node pairing into tree changes, as preorder offsets: one pass
/// over each tree, plus the C core's `heckel_find_moves` (the one owner of
/// "which matched pairs are moves") for each parent whose staying children
/// changed order.
///
/// A matched node *stays with its parent* when both are roots or its old
/// parent is matched to its new parent. Deleted roots: unmatched old nodes
/// whose parent is matched (or none); inserted roots likewise. Moves: matched
/// nodes that do not stay with their parent, and those that do but fall
/// outside one longest increasing run of old child indexes among their
/// parent's staying children.
///
/// Cost: O(n) for n nodes, plus O(k log k) per parent whose k staying
/// children are out of order, plus one content comparison per matched pair.
@usableFromInline
struct TreePass {
    @usableFromInline var deletedRoots: [Int] = []
    @usableFromInline var insertedRoots: [Int] = []
    @usableFromInline var movedNodes: [Int] = []
    @usableFromInline var updatedPairs: [ListDiff.Pair] = []

    @usableFromInline
    init(old: TreeShape, new: TreeShape, mapping: Mapping, cancel: CancelFlag?) throws(CoreFailure) {
        let oldToNew = mapping.oldToNew, newToOld = mapping.newToOld
        // The unmatched offsets, ascending, as the core's output lists them
        // (`DiffStorage`: deletions, then insertions), so only they are read.
        let storage = mapping.storage
        let deleted = UnsafeBufferPointer(start: storage.entries + storage.deletionsStart,
                                          count: old.count - mapping.matchCount)
        for (k, node) in deleted.enumerated() {
            try CancelFlag.poll(cancel, at: k)
            let parent = old.links[Int(node)].parent
            if parent == TreeShape.root || oldToNew[Int(parent)] != Mapping.unmatched { deletedRoots.append(Int(node)) }
        }
        // Per new parent (slot new.count: the roots), the last old child
        // index of its staying children seen, + 1 (0: none yet).
        let slots = new.count + 1
        var last = [UInt32](unsafeUninitializedCapacity: slots) { buffer, initialized in
            buffer.baseAddress.unsafelyUnwrapped.initialize(repeating: 0, count: slots)
            initialized = slots
        }
        var disordered: [Int] = []
        // Nodes whose parent changed, ascending.
        var crossing: [Int] = []
        // Every offset read below is a node of its tree (links hold parents
        // before their children, the mapping's matched offsets lie in the
        // other tree) or a slot up to new.count: buffer reads, whose bounds
        // are checked in debug builds only.
        try new.links.withUnsafeBufferPointer { (newLinks) throws(CoreFailure) in
            try old.links.withUnsafeBufferPointer { (oldLinks) throws(CoreFailure) in
                try last.withUnsafeMutableBufferPointer { (last) throws(CoreFailure) in
                    for node in 0..<new.count {
                        try CancelFlag.poll(cancel, at: node)
                        let parent = newLinks[node].parent
                        let matched = newToOld[node]
                        if matched == Mapping.unmatched {
                            if parent == TreeShape.root || newToOld[Int(parent)] != Mapping.unmatched {
                                insertedRoots.append(node)
                            }
                            continue
                        }
                        let oldLink = oldLinks[Int(matched)]
                        let stays = parent == TreeShape.root
                            ? oldLink.parent == TreeShape.root
                            : oldLink.parent != TreeShape.root && oldToNew[Int(oldLink.parent)] == parent
                        guard stays else {
                            crossing.append(node)
                            continue
                        }
                        let slot = parent == TreeShape.root ? new.count : Int(parent)
                        let place = oldLink.index &+ 1, seen = last[slot]
                        if place < seen {
                            if seen != UInt32.max { disordered.append(slot) }
                            last[slot] = UInt32.max
                        } else if seen != UInt32.max {
                            last[slot] = place
                        }
                    }
                }
            }
        }
        let outOfOrder = try Self.outOfOrder(disordered, old: old, new: new, mapping: mapping, cancel: cancel)
        movedNodes = outOfOrder.isEmpty ? crossing : Self.merged(crossing, outOfOrder)
    }

    /// Two ascending lists with no offset in common, merged ascending.
    static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
        var all: [Int] = []
        all.reserveCapacity(first.count + second.count)
        var i = 0, j = 0
        while i < first.count || j < second.count {
            if j == second.count || (i < first.count && first[i] < second[j]) {
                all.append(first[i])
                i += 1
            } else {
                all.append(second[j])
                j += 1
            }
        }
        return all
    }

    /// The staying children outside one longest increasing run of old child
    /// indexes, for each parent slot in `disordered`, as new offsets,
    /// ascending.
    static func outOfOrder(_ disordered: [Int], old: TreeShape, new: TreeShape, mapping: Mapping,
                           cancel: CancelFlag?) throws(CoreFailure) -> [Int] {
        if disordered.isEmpty { return [] }
        var slots = [Int: Int]()
        for (k, slot) in disordered.enumerated() { slots[slot] = k }
        var places = [[heckel_offset]](repeating: [], count: disordered.count)
        var nodes = [[Int]](repeating: [], count: disordered.count)
        let oldToNew = mapping.oldToNew, newToOld = mapping.newToOld
        for node in 0..<new.count {
            try CancelFlag.poll(cancel, at: node)
            let parent = new.links[node].parent
            guard let k = slots[parent == TreeShape.root ? new.count : Int(parent)] else { continue }
            let matched = newToOld[node]
            if matched == Mapping.unmatched { continue }
            let oldParent = old.links[Int(matched)].parent
            let stays = parent == TreeShape.root
                ? oldParent == TreeShape.root
                : oldParent != TreeShape.root && oldToNew[Int(oldParent)] == parent
            if !stays { continue }
            places[k].append(old.links[Int(matched)].index)
            nodes[k].append(node)
        }
        var moved: [Int] = []
        for k in places.indices {
            for position in try findMoves(places[k], cancel: cancel) { moved.append(nodes[k][Int(position)]) }
        }
        moved.sort()
        return moved
    }

    /// The positions in `places` outside one longest increasing run,
    /// ascending, from `heckel_find_moves`.
    static func findMoves(_ places: [heckel_offset], cancel: CancelFlag?) throws(CoreFailure) -> [heckel_offset] {
        let count = places.count
        var moveCount = 0
        var status = HECKEL_OK
        let moves = Core.withOptions(cancel: cancel) { options in
            places.withUnsafeBufferPointer { places in
                [heckel_offset](unsafeUninitializedCapacity: count) { buffer, initialized in
                    status = heckel_find_moves(places.baseAddress, count, &options, buffer.baseAddress, &moveCount)
                    initialized = status == HECKEL_OK ? moveCount : 0
                }
            }
        }
        if status != HECKEL_OK { throw CoreFailure(status: status, oldCount: count, newCount: count) }
        return moves
    }
}
