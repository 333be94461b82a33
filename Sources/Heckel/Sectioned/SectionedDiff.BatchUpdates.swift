#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// A diff in the form UIKit's `performBatchUpdates(_:completion:)`
    /// (and `NSCollectionView`'s) accepts: all of it in one batch.
    ///
    /// ```swift
    /// let u = diff.batchUpdates
    /// collectionView.performBatchUpdates {
    ///     collectionView.deleteSections(IndexSet(u.sectionDeletions))
    ///     collectionView.insertSections(IndexSet(u.sectionInsertions))
    ///     for m in u.sectionMoves { collectionView.moveSection(m.from, toSection: m.to) }
    ///     collectionView.reloadSections(IndexSet(u.sectionReloads))
    ///     collectionView.deleteItems(at: u.itemDeletions)
    ///     collectionView.insertItems(at: u.itemInsertions)
    ///     for m in u.itemMoves { collectionView.moveItem(at: m.from, to: m.to) }
    ///     collectionView.reloadItems(at: u.itemReloads)
    /// }
    /// ```
    ///
    /// Coordinates follow UIKit's rules: deletions, reloads and the `from` of
    /// moves are in the old snapshot; insertions and the `to` of moves in the
    /// new one. The batch is consistent the way UIKit checks it:
    /// - No index is used twice: an updated section that also moves is a
    ///   section deletion plus insertion, and an updated item that also moves
    ///   is an item deletion plus insertion.
    /// - A reloaded, deleted or inserted section is replaced whole, so no
    ///   item operation names it: an item moving from such a section is an
    ///   item insertion at its new path, an item moving into one an item
    ///   deletion at its old path.
    /// - Items of surviving sections keep their per-section counts: old count
    ///   minus deletions and moves out, plus insertions and moves in.
    ///
    /// `SectionedDiff.batchUpdates(reloads: .deleteAndInsert)` gives the same
    /// batch with every reload turned into a deletion plus an insertion.
    public struct BatchUpdates: Hashable, Sendable {
        /// Old offsets of the sections to delete, ascending.
        public var sectionDeletions: [Int]
        /// New offsets of the sections to insert, ascending.
        public var sectionInsertions: [Int]
        /// Sections to move, old offset to new offset, ascending by `to`.
        public var sectionMoves: [ListDiff.Move]
        /// Old offsets of the sections to reload, ascending.
        public var sectionReloads: [Int]
        /// Old index paths of the items to delete, ascending.
        public var itemDeletions: [IndexPath]
        /// New index paths of the items to insert, ascending.
        public var itemInsertions: [IndexPath]
        /// Items to move, old path to new path, ascending by `to`.
        public var itemMoves: [ItemMove]
        /// Old index paths of the items to reload, ascending.
        public var itemReloads: [IndexPath]

        /// A batch of the given operations, taken as they are.
        ///
        /// - Complexity: O(1).
        public init(
            sectionDeletions: [Int] = [], sectionInsertions: [Int] = [],
            sectionMoves: [ListDiff.Move] = [], sectionReloads: [Int] = [],
            itemDeletions: [IndexPath] = [], itemInsertions: [IndexPath] = [],
            itemMoves: [ItemMove] = [], itemReloads: [IndexPath] = []
        ) {
            self.sectionDeletions = sectionDeletions
            self.sectionInsertions = sectionInsertions
            self.sectionMoves = sectionMoves
            self.sectionReloads = sectionReloads
            self.itemDeletions = itemDeletions
            self.itemInsertions = itemInsertions
            self.itemMoves = itemMoves
            self.itemReloads = itemReloads
        }

        /// Whether the batch does nothing.
        ///
        /// - Complexity: O(1).
        public var isEmpty: Bool {
            sectionDeletions.isEmpty && sectionInsertions.isEmpty && sectionMoves.isEmpty
                && sectionReloads.isEmpty && itemDeletions.isEmpty && itemInsertions.isEmpty
                && itemMoves.isEmpty && itemReloads.isEmpty
        }
    }
}
