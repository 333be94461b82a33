extension TreeDiff {
    /// The changes as `NSOutlineView` calls, in order, for one
    /// `beginUpdates()`/`endUpdates()` block (the data source switched to the
    /// new tree first), in the index semantics AppKit applies:
    ///
    /// - Each call's indexes are read against the outline as the previous
    ///   calls left it. This relies on AppKit processing the calls made
    ///   between `beginUpdates()` and `endUpdates()` incrementally, in the
    ///   order made, so that each call's indexes name rows as the calls
    ///   before it left them (the strict test double applies them so); the
    ///   outline's per-parent item calls are taken to be read the same way,
    ///   within their parent. Apple documents these calls (`NSTableView`'s
    ///   row calls, whose row model `NSOutlineView` extends, and the
    ///   outline's item calls) on the pages below, cited here, not quoted:
    ///   https://developer.apple.com/documentation/appkit/nstableview/insertrows(at:withanimation:),
    ///   https://developer.apple.com/documentation/appkit/nstableview/removerows(at:withanimation:),
    ///   https://developer.apple.com/documentation/appkit/nstableview/moverow(at:to:),
    ///   https://developer.apple.com/documentation/appkit/nsoutlineview/insertitems(at:inparent:withanimation:),
    ///   https://developer.apple.com/documentation/appkit/nsoutlineview/removeitems(at:inparent:withanimation:),
    ///   https://developer.apple.com/documentation/appkit/nsoutlineview/moveitem(at:inparent:to:inparent:).
    /// - Within one call, `removeItems` indexes are read before the call and
    ///   `insertItems` indexes are the items' places once it is done, as
    ///   `NSMutableArray`'s `removeObjects(at:)` and `insertObjects(_:at:)`;
    ///   a move's new index is the item's index in its new parent once it has
    ///   left its old one.
    /// - An inserted item's children come from the data source, so a subtree
    ///   is inserted whole: a node that moves into an inserted subtree is
    ///   removed from its old place (and comes back with the subtree), and no
    ///   call names an item inside an inserted subtree. A node leaving a
    ///   deleted subtree is moved out before that subtree is removed.
    ///
    /// Order: the moves, in new preorder (every new ancestor of a node is in
    /// place before it moves, so no node moves into its own subtree); one
    /// `removeItems` per parent; one `insertItems` per parent; a
    /// `reloadItem` per updated node that stays in the outline.
    ///
    /// - Complexity: O(n + c log n) for n nodes and c changes.
    public var outlineSteps: [OutlineStep] {
        OutlineStepper(self).steps
    }
}

/// Builds `TreeDiff.outlineSteps`.
struct OutlineStepper<ID: Hashable & Sendable> {
    let diff: TreeDiff<ID>
    var steps: [TreeDiff<ID>.OutlineStep] = []

    init(_ diff: TreeDiff<ID>) {
        self.diff = diff
        let old = diff.oldShape, new = diff.newShape
        let oldCount = old.count, newCount = new.count
        let oldToNew = diff.mapping.oldToNew, newToOld = diff.mapping.newToOld
        let unmatched = Mapping.unmatched
        // New nodes that arrive with an inserted subtree (the data source's).
        var fetched = Bits(count: newCount)
        for node in 0..<newCount {
            let parent = new.links[node].parent
            if newToOld[node] == unmatched || (parent != TreeShape.root && fetched.contains(Int(parent))) {
                fetched.insert(node)
            }
        }
        func dropped(_ node: Int) -> Bool {
            let matched = oldToNew[node]
            return matched == unmatched || fetched.contains(Int(matched))
        }
        var moving = Bits(count: newCount)
        let moves = diff.movedNodes.filter { !fetched.contains($0) }
        for node in moves { moving.insert(node) }
        // A parent is keyed by its old offset, oldCount for the top level.
        func oldKey(ofNewParent parent: UInt32) -> Int {
            parent == TreeShape.root ? oldCount : Int(newToOld[Int(parent)])
        }
        func oldKey(ofOld node: Int) -> Int {
            let parent = old.links[node].parent
            return parent == TreeShape.root ? oldCount : Int(parent)
        }
        var touched = Set<Int>()
        for node in moves {
            touched.insert(oldKey(ofOld: Int(newToOld[node])))
            touched.insert(oldKey(ofNewParent: new.links[node].parent))
        }
        var slots = [Int: OutlineSlots]()
        if !touched.isEmpty {
            var oldChildren = [Int: [Int]](), newChildren = [Int: [(node: Int, stayingOld: Int?)]]()
            for node in 0..<oldCount where touched.contains(oldKey(ofOld: node)) {
                oldChildren[oldKey(ofOld: node), default: []].append(node)
            }
            for node in 0..<newCount where !fetched.contains(node) {
                let parent = new.links[node].parent
                if parent != TreeShape.root && fetched.contains(Int(parent)) { continue }
                let key = oldKey(ofNewParent: parent)
                guard touched.contains(key) else { continue }
                let matched = newToOld[node]
                let staying = matched != unmatched && !moving.contains(node) ? Int(matched) : nil
                newChildren[key, default: []].append((node, staying))
            }
            for key in touched {
                slots[key] = OutlineSlots(oldChildren: oldChildren[key] ?? [], newChildren: newChildren[key] ?? [],
                                          arrives: { moving.contains($0) })
            }
        }
        func oldParentID(_ node: Int) -> ID? { old.parent(of: node).map { diff.oldIdentities[$0] } }
        func newParentID(_ node: Int) -> ID? { new.parent(of: node).map { diff.newIdentities[$0] } }
        for node in moves {
            let source = Int(newToOld[node])
            let from = oldKey(ofOld: source), to = oldKey(ofNewParent: new.links[node].parent)
            let oldSlot = slots[from]!.oldSlot[source]!
            let oldIndex = slots[from]!.index(of: oldSlot)
            slots[from]!.empty(oldSlot)
            let newSlot = slots[to]!.newSlot[node]!
            let newIndex = slots[to]!.index(of: newSlot)
            slots[to]!.fill(newSlot)
            steps.append(.move(id: diff.newIdentities[node],
                               old: .init(parent: oldParentID(source), index: oldIndex),
                               new: .init(parent: newParentID(node), index: newIndex)))
        }
        // Removals: dropped nodes whose parent stays, one call per parent.
        var removals: [(key: Int, indexes: [Int], parent: ID?)] = []
        var removalAt = [Int: Int]()
        for node in 0..<oldCount where dropped(node) {
            let parent = old.links[node].parent
            if parent != TreeShape.root && dropped(Int(parent)) { continue }
            let key = oldKey(ofOld: node)
            let index = slots[key].map { $0.index(of: $0.oldSlot[node]!) } ?? Int(old.links[node].index)
            if let at = removalAt[key] {
                removals[at].indexes.append(index)
            } else {
                removalAt[key] = removals.count
                removals.append((key, [index], oldParentID(node)))
            }
        }
        for removal in removals.sorted(by: { ($0.key == oldCount ? -1 : $0.key) < ($1.key == oldCount ? -1 : $1.key) }) {
            steps.append(.remove(indexes: removal.indexes.sorted(), parent: removal.parent))
        }
        // Insertions: new nodes whose parent is in place, one call per parent.
        var insertions: [(indexes: [Int], parent: ID?)] = []
        var insertionAt = [UInt32: Int]()
        for node in 0..<newCount where newToOld[node] == unmatched {
            let parent = new.links[node].parent
            if parent != TreeShape.root && fetched.contains(Int(parent)) { continue }
            if let at = insertionAt[parent] {
                insertions[at].indexes.append(Int(new.links[node].index))
            } else {
                insertionAt[parent] = insertions.count
                insertions.append(([Int(new.links[node].index)], newParentID(node)))
            }
        }
        for insertion in insertions { steps.append(.insert(indexes: insertion.indexes, parent: insertion.parent)) }
        for update in diff.updatedPairs where !fetched.contains(update.new) {
            steps.append(.reload(id: diff.newIdentities[update.new]))
        }
    }
}
