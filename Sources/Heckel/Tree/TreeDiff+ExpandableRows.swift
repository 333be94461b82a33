#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TreeDiff {
    /// The rows an expandable list shows before and after a change (a
    /// `UICollectionView` list with outline disclosure, a `UITableView` with
    /// indented rows), and one batch between them.
    public struct ExpandableRows: Hashable, Sendable {
        /// The identities of the rows shown before, top to bottom: the old
        /// tree in preorder, below expanded nodes only.
        public var oldRows: [ID]
        /// The identities of the rows shown after.
        public var newRows: [ID]
        /// The batch from `oldRows` to `newRows`, item paths in one section,
        /// under the rules `SectionedDiff.batchUpdates` follows: no reload in
        /// the batch; updated rows that stay in place listed in
        /// `itemReconfigurations` (new paths, after the batch), updated rows
        /// that move as a deletion plus an insertion.
        public var batch: SectionedDiff.BatchUpdates
    }

    /// The visible rows of both states, given which nodes are expanded in
    /// each, and a batch over them: a node whose ancestors are all expanded
    /// is a row. A row shown in both states moves when the node or one of
    /// its ancestors is a move of the tree (its parent changed, or it left
    /// its siblings' kept order): visible children travel with their parent.
    /// Other rows shown in both keep their relative order, so they stay.
    /// Expanding a node inserts its newly visible subtree's rows; collapsing
    /// deletes them.
    ///
    /// - Parameters:
    ///   - oldExpanded: The expanded nodes before (identities; unknown ones
    ///     are ignored).
    ///   - newExpanded: The expanded nodes after.
    ///   - section: The section the rows are in.
    /// - Complexity: O(n + r log r) for n nodes and r rows changed, plus one
    ///   set lookup per visible node.
    public func expandableRows(oldExpanded: Set<ID>, newExpanded: Set<ID>, section: Int = 0) -> ExpandableRows {
        let oldCount = oldShape.count
        let oldVisible = Self.visibleRows(oldShape, identities: oldIdentities, expanded: oldExpanded)
        let newVisible = Self.visibleRows(newShape, identities: newIdentities, expanded: newExpanded)
        var oldRowOf = [Int32](repeating: -1, count: oldCount)
        for (row, node) in oldVisible.enumerated() { oldRowOf[node] = Int32(truncatingIfNeeded: row) }
        // Nodes that travel: a move of the tree, or below one.
        var travels = Bits(count: newShape.count)
        var moved = Bits(count: newShape.count)
        for node in movedNodes { moved.insert(node) }
        for node in 0..<newShape.count {
            let parent = newShape.links[node].parent
            if moved.contains(node) || (parent != TreeShape.root && travels.contains(Int(parent))) { travels.insert(node) }
        }
        var updated = Bits(count: newShape.count)
        for pair in updatedPairs { updated.insert(pair.new) }
        var batch = SectionedDiff.BatchUpdates()
        var kept = Bits(count: oldCount)
        let newToOld = mapping.newToOld
        for (row, node) in newVisible.enumerated() {
            let matched = newToOld[node]
            guard matched != Mapping.unmatched, oldRowOf[Int(matched)] >= 0 else {
                batch.itemInsertions.append(IndexPath(indexes: [section, row]))
                continue
            }
            let oldRow = Int(oldRowOf[Int(matched)])
            if travels.contains(node) {
                if updated.contains(node) {
                    batch.itemInsertions.append(IndexPath(indexes: [section, row]))
                    continue
                }
                batch.itemMoves.append(SectionedDiff.ItemPair(old: IndexPath(indexes: [section, oldRow]),
                                                              new: IndexPath(indexes: [section, row])))
            } else if updated.contains(node) {
                batch.itemReconfigurations.append(IndexPath(indexes: [section, row]))
            }
            kept.insert(Int(matched))
        }
        for (row, node) in oldVisible.enumerated() where !kept.contains(node) {
            batch.itemDeletions.append(IndexPath(indexes: [section, row]))
        }
        return ExpandableRows(oldRows: oldVisible.map { oldIdentities[$0] },
                              newRows: newVisible.map { newIdentities[$0] }, batch: batch)
    }

    /// The preorder offsets of the nodes whose ancestors are all expanded.
    static func visibleRows(_ shape: TreeShape, identities: ContiguousArray<ID>, expanded: Set<ID>) -> [Int] {
        let ends = shape.subtreeEnds()
        var rows: [Int] = []
        var node = 0
        while node < shape.count {
            rows.append(node)
            // Into the children when expanded, else past the subtree.
            node = expanded.contains(identities[node]) ? node + 1 : Int(ends[node])
        }
        return rows
    }
}
