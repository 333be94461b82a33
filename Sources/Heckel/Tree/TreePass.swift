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
        for node in 0..<old.count where oldToNew[node] == Mapping.unmatched {
            try CancelFlag.poll(cancel, at: node)
            let parent = old.links[node].parent
            if parent == TreeShape.root || oldToNew[Int(parent)] != Mapping.unmatched { deletedRoots.append(node) }
        }
        // Per new parent (slot new.count: the roots), the last old child
        // index of its staying children seen, + 1 (0: none yet).
        var last = [UInt32](repeating: 0, count: new.count + 1)
        var disordered: [Int] = []
        var crossing = Bits(count: new.count)
        for node in 0..<new.count {
            try CancelFlag.poll(cancel, at: node)
            let parent = new.links[node].parent
            let matched = newToOld[node]
            if matched == Mapping.unmatched {
                if parent == TreeShape.root || newToOld[Int(parent)] != Mapping.unmatched { insertedRoots.append(node) }
                continue
            }
            let oldParent = old.links[Int(matched)].parent
            let stays = parent == TreeShape.root
                ? oldParent == TreeShape.root
                : oldParent != TreeShape.root && oldToNew[Int(oldParent)] == parent
            guard stays else {
                crossing.insert(node)
                continue
            }
            let slot = parent == TreeShape.root ? new.count : Int(parent)
            let place = old.links[Int(matched)].index &+ 1
            if place < last[slot] {
                if last[slot] != UInt32.max { disordered.append(slot) }
                last[slot] = UInt32.max
            } else if last[slot] != UInt32.max {
                last[slot] = place
            }
        }
        let outOfOrder = try Self.outOfOrder(disordered, old: old, new: new, mapping: mapping, cancel: cancel)
        var next = outOfOrder.startIndex
        for node in 0..<new.count {
            if next < outOfOrder.endIndex && outOfOrder[next] == node {
                movedNodes.append(node)
                next += 1
            } else if crossing.contains(node) {
                movedNodes.append(node)
            }
        }
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
        var options = heckel_options()
        var status = HECKEL_OK
        let moves = withExtendedLifetime(cancel) {
            if let cancel { options.cancel = UnsafePointer(cancel.pointer) }
            return places.withUnsafeBufferPointer { places in
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
