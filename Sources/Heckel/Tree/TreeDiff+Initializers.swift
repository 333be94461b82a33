extension TreeDiff {
    /// The difference between two forests of nodes that adopt
    /// `DiffableTreeNode`.
    ///
    /// ```swift
    /// let diff = try TreeDiff(from: oldSidebar, to: newSidebar)
    /// ```
    ///
    /// - Parameters:
    ///   - old: The roots before the change, in order.
    ///   - new: The roots after the change, in order.
    /// - Throws: `TreeDiff.Error.duplicateIdentity` when two nodes of one tree
    ///   share an identity; `.tooLarge` past `ListDiff.maximumCount` nodes
    ///   in all; `.outOfMemory`.
    /// - Complexity: O(n) expected for n nodes in all (one core match of
    ///   the identities against each other; for duplicates, a set over the
    ///   old tree's keys and a lookup per new node among the unmatched
    ///   nodes' keys), plus O(k log k) per parent whose k
    ///   staying children change order, plus one content comparison per
    ///   matched pair.
    @inlinable @inline(__always)
    public init<Old: Collection, New: Collection>(from old: Old, to new: New) throws(Error)
    where Old.Element: DiffableTreeNode, New.Element == Old.Element, Old.Element.ID == ID {
        self = try Self.computing(old, new, identifiedBy: { $0.id }, children: { $0.children }, cancel: nil)!
    }

    /// The difference between two forests of any node type, given how to
    /// read a node's identity and children.
    ///
    /// ```swift
    /// let diff = try TreeDiff(from: oldRoots, to: newRoots, identifiedBy: { $0.id }, children: { $0.replies })
    /// ```
    ///
    /// Matched nodes are compared with `isContentEqual(to:)` when `Node`
    /// adopts `ContentEquatable`, else with `==`.
    ///
    /// - Parameters:
    ///   - old: The roots before the change, in order.
    ///   - new: The roots after the change, in order.
    ///   - id: A node's identity, unique in its tree; called once per node.
    ///   - children: A node's children, in order; called once per node.
    /// - Throws: as `init(from:to:)`.
    /// - Complexity: as `init(from:to:)`, plus one call of `id` and of
    ///   `children` per node.
    @inlinable @inline(__always)
    public init<Old: Collection, New: Collection, Children: Collection>(
        from old: Old, to new: New, identifiedBy id: (Old.Element) -> ID, children: (Old.Element) -> Children
    ) throws(Error) where New.Element == Old.Element, Children.Element == Old.Element, Old.Element: Equatable {
        self = try Self.computing(old, new, identifiedBy: id, children: children, cancel: nil)!
    }

    /// The one pipeline behind every initializer and `computed`: both trees
    /// gathered in preorder, then `finishing`. `nil` when `cancel`'s task was
    /// cancelled.
    ///
    /// Always inlined, with the gathering, as the initializers that call it
    /// are: a caller's `id` and `children` closure literals (and
    /// `DiffableTreeNode`'s `id` and `children`) are then inlined into the
    /// per-node loop rather than called through a context per node (an
    /// initializer left out of line receives them as opaque function
    /// values); the rest of the pipeline is not copied into each caller.
    @inlinable @inline(__always)
    static func computing<Old: Collection, New: Collection, Children: Collection>(
        _ old: Old, _ new: New, identifiedBy id: (Old.Element) -> ID, children: (Old.Element) -> Children,
        cancel: CancelFlag?
    ) throws(Error) -> TreeDiff?
    where New.Element == Old.Element, Children.Element == Old.Element, Old.Element: Equatable {
        typealias Node = Old.Element
        // Each tree's identities in an array of its own: the new tree's are
        // never appended after the old tree's, so those are never copied.
        var oldIDs = ContiguousArray<ID>(), newIDs = ContiguousArray<ID>()
        // The new tree is most often about the old one's size: room for that
        // many nodes and a sixteenth more spares it the arrays' growth copies
        // (a reservation just short would double them instead).
        guard let oldTree = FlatTree<Node, ID>.gathering(old, ids: &oldIDs, id: id, children: children, cancel: cancel),
              let newTree = FlatTree<Node, ID>.gathering(
                new, expectedCount: oldTree.nodes.count + oldTree.nodes.count / 16, ids: &newIDs, id: id,
                children: children, cancel: cancel)
        else { return nil }
        return try finishing(oldTree, newTree, oldIDs: oldIDs, newIDs: newIDs, cancel: cancel)
    }

    /// The pipeline after the gathering: duplicates looked for, the
    /// identities matched, the changes found. `nil` when `cancel`'s task was
    /// cancelled.
    @inlinable
    static func finishing<Node: Equatable>(
        _ oldTree: FlatTree<Node, ID>, _ newTree: FlatTree<Node, ID>, oldIDs: ContiguousArray<ID>,
        newIDs: ContiguousArray<ID>, cancel: CancelFlag?
    ) throws(Error) -> TreeDiff? {
        let total = oldIDs.count + newIDs.count
        if total > ListDiff.maximumCount { throw .tooLarge(count: total) }
        // The old tree's keys are checked in full before the match, the new
        // tree's after it from the match's own pairing
        // (`TreeDuplicates.newMayRepeat`: the new keys looked up among the
        // few unmatched nodes' keys). A suspected repeat (or keys equal by
        // chance) is settled by `TreeDuplicates.first`, which reports it as
        // it always has: old tree first, the first repeat in preorder.
        var duplicate: (old: Bool, first: Int, second: Int)?
        do throws(CoreFailure) {
            var matched: Mapping?
            var suspect = try TreeDuplicates.firstRepeatedKey(oldIDs, cancel: cancel) != nil
            if !suspect {
                let mapping = try matchIdentities(oldIDs, newIDs, cancel: cancel)
                matched = mapping
                suspect = try TreeDuplicates.newMayRepeat(newIDs, mapping: mapping, cancel: cancel)
            }
            if suspect { duplicate = try TreeDuplicates.first(old: oldIDs, new: newIDs, cancel: cancel) }
            if duplicate == nil {
                let mapping: Mapping
                if let matched { mapping = matched } else { mapping = try matchIdentities(oldIDs, newIDs, cancel: cancel) }
                var pass = try TreePass(old: oldTree.shape, new: newTree.shape, mapping: mapping, cancel: cancel)
                pass.updatedPairs = try updates(oldTree.nodes, newTree.nodes, mapping: mapping, cancel: cancel)
                return TreeDiff(oldIdentities: oldIDs, newIdentities: newIDs, oldShape: oldTree.shape,
                                newShape: newTree.shape, mapping: mapping, pass: pass)
            }
        } catch {
            if let error = Error.from(error) { throw error }
            return nil
        }
        let (isOld, first, second) = duplicate.unsafelyUnwrapped
        let shape = isOld ? oldTree.shape : newTree.shape
        throw Error.duplicateIdentity((isOld ? oldIDs : newIDs)[first], tree: isOld ? .old : .new,
                                      first: shape.path(of: first), second: shape.path(of: second))
    }

    /// The core's pairing of the old identities with the new ones, in any
    /// order (the k-th occurrence of an identity in the old tree with its
    /// k-th in the new).
    @inlinable
    static func matchIdentities(_ oldIDs: ContiguousArray<ID>, _ newIDs: ContiguousArray<ID>, cancel: CancelFlag?)
        throws(CoreFailure) -> Mapping {
        try oldIDs.withUnsafeBufferPointer { (old) throws(CoreFailure) in
            try newIDs.withUnsafeBufferPointer { (new) throws(CoreFailure) in
                try Matcher.match(old, new, options: ListDiff.Options(ignoresOrder: true), cancel: cancel)
            }
        }
    }

    /// The matched pairs whose content differs, ascending by new offset:
    /// compared with `isContentEqual(to:)` when `Node` adopts
    /// `ContentEquatable`, else with `==`.
    ///
    /// The adoption is looked up once per diff and the loop runs in the
    /// adopting type's own context (`contentUpdates`), so each pair is one
    /// direct call rather than a closure reached through reabstraction
    /// thunks.
    @inlinable
    static func updates<Node: Equatable>(
        _ old: ContiguousArray<Node>, _ new: ContiguousArray<Node>, mapping: Mapping, cancel: CancelFlag?
    ) throws(CoreFailure) -> [ListDiff.Pair] {
        if let adopting = Node.self as? any ContentEquatable.Type {
            return try contentUpdates(adopting, old, new, mapping: mapping, cancel: cancel)
        }
        return try updates(old, new, mapping: mapping, same: ==, cancel: cancel)
    }

    /// `updates` for a `Node` that is `Adopting` at run time: the node
    /// arrays are read as arrays of `Adopting` (the same type, so the same
    /// layout) and compared with `isContentEqual(to:)`.
    @inlinable
    static func contentUpdates<Adopting: ContentEquatable, Node>(
        _ type: Adopting.Type, _ old: ContiguousArray<Node>, _ new: ContiguousArray<Node>, mapping: Mapping,
        cancel: CancelFlag?
    ) throws(CoreFailure) -> [ListDiff.Pair] {
        precondition(Adopting.self == Node.self, "TreeDiff.contentUpdates: the adopting type is not the node type")
        return try updates(unsafeBitCast(old, to: ContiguousArray<Adopting>.self),
                           unsafeBitCast(new, to: ContiguousArray<Adopting>.self), mapping: mapping,
                           same: { $0.isContentEqual(to: $1) }, cancel: cancel)
    }

    /// The matched pairs whose nodes are not `same`, ascending by new offset.
    @inlinable @inline(__always)
    static func updates<Node>(
        _ old: ContiguousArray<Node>, _ new: ContiguousArray<Node>, mapping: Mapping, same: (Node, Node) -> Bool,
        cancel: CancelFlag?
    ) throws(CoreFailure) -> [ListDiff.Pair] {
        var updates: [ListDiff.Pair] = []
        let newToOld = mapping.newToOld
        // A matched offset is a node of the old tree: buffer reads, whose
        // bounds are checked in debug builds only.
        try old.withUnsafeBufferPointer { (old) throws(CoreFailure) in
            try new.withUnsafeBufferPointer { (new) throws(CoreFailure) in
                for offset in new.indices {
                    try CancelFlag.poll(cancel, at: offset)
                    let matched = newToOld[offset]
                    if matched != Mapping.unmatched, !same(old[Int(matched)], new[offset]) {
                        updates.append(ListDiff.Pair(old: Int(matched), new: offset))
                    }
                }
            }
        }
        return updates
    }
}
