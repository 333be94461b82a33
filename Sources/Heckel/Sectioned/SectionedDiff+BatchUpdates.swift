#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// A diff in the form UIKit's `performBatchUpdates(_:completion:)` (and
    /// `NSCollectionView`'s) accepts: one batch, then content updates applied
    /// after it.
    ///
    /// ```swift
    /// let u = diff.batchUpdates
    /// collectionView.performBatchUpdates {
    ///     dataSource.snapshot = new                      // switched inside the batch
    ///     collectionView.deleteSections(IndexSet(u.sectionDeletions))
    ///     collectionView.insertSections(IndexSet(u.sectionInsertions))
    ///     for m in u.sectionMoves { collectionView.moveSection(m.old, toSection: m.new) }
    ///     collectionView.deleteItems(at: u.itemDeletions)
    ///     collectionView.insertItems(at: u.itemInsertions)
    ///     for m in u.itemMoves { collectionView.moveItem(at: m.old, to: m.new) }
    /// }
    /// collectionView.reconfigureItems(at: u.itemReconfigurations) // new paths, after the batch
    /// ```
    ///
    /// UIKit decomposes a reload inside a batch into a delete and an insert,
    /// and throws `NSInternalInconsistencyException` when an index path is
    /// used by two operations or a section's item count after the batch is
    /// not its count before, minus deletions and moves out, plus insertions
    /// and moves in. The default batch (`Style.reconfigureAfter`) therefore
    /// holds no reload at all:
    /// - deletions, the `old` of moves and reloads are old coordinates;
    ///   insertions and the `new` of moves new ones; no index is used twice;
    /// - an updated item that moves is a deletion plus an insertion; an
    ///   updated item that stays in its section (even at a shifted index) is
    ///   listed in `itemReconfigurations`, in **new** index paths, to apply
    ///   after the batch (`reconfigureItems(at:)`, or a cell refresh), which
    ///   keeps the cell alive; updated sections likewise in
    ///   `sectionReconfigurations`, new offsets, for their headers;
    /// - a deleted or inserted section is replaced whole, so no item operation
    ///   names it: an item moving out of a deleted section is an insertion at
    ///   its new path, an item moving into an inserted one a deletion at its
    ///   old path.
    public struct BatchUpdates: Hashable, Sendable {
        /// How a batch expresses updated sections and items.
        public enum Style: Hashable, Sendable {
            /// No reload in the batch: content updates of items and sections
            /// that stay are listed in `itemReconfigurations` and
            /// `sectionReconfigurations` (new coordinates, after the batch);
            /// updated items that move are a deletion plus an insertion. The
            /// default: UIKit accepts it whatever its rule for a reload.
            case reconfigureAfter
            /// Reloads inside the batch (`reloadItems`, `reloadSections`) for
            /// updated items and sections whose index path or offset is the
            /// same before and after and whose section does not move; every
            /// other update is a deletion plus an insertion. Safe under
            /// UIKit's rules because no reloaded path shifts; but a reload
            /// replaces the cell (no `reconfigureItems`), and a reloaded
            /// section's items are fetched whole.
            case reloadInPlace
            /// Every updated item and section is a deletion at its old place
            /// plus an insertion at its new one: IGListKit's form.
            case deleteAndInsert
        }

        /// Old offsets of the sections to delete, ascending.
        public var sectionDeletions: ListDiff.Offsets
        /// New offsets of the sections to insert, ascending.
        public var sectionInsertions: ListDiff.Offsets
        /// Sections to move, old offset to new offset, ascending by `new`.
        public var sectionMoves: ListDiff.Pairs
        /// Old offsets of the sections to reload inside the batch, ascending;
        /// empty unless the style is `reloadInPlace`.
        public var sectionReloads: ListDiff.Offsets
        /// Old index paths of the items to delete, ascending.
        public var itemDeletions: [IndexPath]
        /// New index paths of the items to insert, ascending.
        public var itemInsertions: [IndexPath]
        /// Items to move, old path to new path, ascending by `new`.
        public var itemMoves: [ItemPair]
        /// Old index paths of the items to reload inside the batch, ascending;
        /// empty unless the style is `reloadInPlace`.
        public var itemReloads: [IndexPath]
        /// New offsets of sections whose own content changed, ascending: to
        /// refresh (headers, footers) after the batch. UIKit has no section
        /// reconfigure; its adapters reload these sections outside the batch.
        public var sectionReconfigurations: ListDiff.Offsets
        /// New index paths of items whose content changed and that stay in
        /// their section, ascending: to reconfigure after the batch.
        public var itemReconfigurations: [IndexPath]

        /// A batch of the given operations, taken as they are.
        ///
        /// - Complexity: O(1).
        public init(
            sectionDeletions: ListDiff.Offsets = [], sectionInsertions: ListDiff.Offsets = [],
            sectionMoves: ListDiff.Pairs = [], sectionReloads: ListDiff.Offsets = [],
            itemDeletions: [IndexPath] = [], itemInsertions: [IndexPath] = [],
            itemMoves: [ItemPair] = [], itemReloads: [IndexPath] = [],
            sectionReconfigurations: ListDiff.Offsets = [], itemReconfigurations: [IndexPath] = []
        ) {
            self.sectionDeletions = sectionDeletions
            self.sectionInsertions = sectionInsertions
            self.sectionMoves = sectionMoves
            self.sectionReloads = sectionReloads
            self.itemDeletions = itemDeletions
            self.itemInsertions = itemInsertions
            self.itemMoves = itemMoves
            self.itemReloads = itemReloads
            self.sectionReconfigurations = sectionReconfigurations
            self.itemReconfigurations = itemReconfigurations
        }

        /// The number of operations inside the batch (reconfigurations after
        /// it not counted): what a driver compares with its threshold for a
        /// full reload.
        ///
        /// - Complexity: O(1).
        public var operationCount: Int {
            sectionDeletions.count + sectionInsertions.count + sectionMoves.count + sectionReloads.count
                + itemDeletions.count + itemInsertions.count + itemMoves.count + itemReloads.count
        }

        /// Whether the batch and the reconfigurations after it do nothing.
        ///
        /// - Complexity: O(1).
        public var isEmpty: Bool {
            operationCount == 0 && sectionReconfigurations.isEmpty && itemReconfigurations.isEmpty
        }
    }
}

extension SectionedDiff {
    /// The changes as one batch UIKit cannot reject, content updates of what
    /// stays apart in new coordinates: `batchUpdates(style: .reconfigureAfter)`.
    ///
    /// - Complexity: O(s + c log c), s = section count, c = change count
    ///   (computed on each access).
    public var batchUpdates: BatchUpdates { batchUpdates(style: .reconfigureAfter) }

    /// The changes as one batch update, with updated sections and items
    /// expressed in the given style; see `BatchUpdates`.
    ///
    /// - Complexity: O(s + c log c), s = section count, c = change count.
    public func batchUpdates(style: BatchUpdates.Style) -> BatchUpdates {
        var batch = BatchUpdates()
        let movedSections = sections.movedOldSections()
        var sectionDeletions: [Int] = [], sectionInsertions: [Int] = []
        var sectionReloads: [Int] = [], sectionReconfigurations: [Int] = []
        var rebuilt: [ListDiff.Pair] = []
        for update in sections.updates {
            switch style {
            case .reconfigureAfter:
                sectionReconfigurations.append(update.new)
            case .reloadInPlace where update.old == update.new && !movedSections.contains(update.old):
                sectionReloads.append(update.old)
                rebuilt.append(update)
            case .reloadInPlace, .deleteAndInsert:
                sectionDeletions.append(update.old)
                sectionInsertions.append(update.new)
                rebuilt.append(update)
            }
        }
        // Without rebuilt sections, the section diff's own runs (no copy).
        batch.sectionDeletions = sectionDeletions.isEmpty
            ? sections.deletions : ListDiff.Offsets((Array(sections.deletions) + sectionDeletions).sorted())
        batch.sectionInsertions = sectionInsertions.isEmpty
            ? sections.insertions : ListDiff.Offsets((Array(sections.insertions) + sectionInsertions).sorted())
        // Both ascending already: `sections.updates` ascends by new offset,
        // and a reloaded section's old offset is its new one.
        batch.sectionReloads = ListDiff.Offsets(sectionReloads)
        batch.sectionReconfigurations = ListDiff.Offsets(sectionReconfigurations)
        let rebuiltOld = Set(rebuilt.lazy.map(\.old))
        batch.sectionMoves = rebuilt.isEmpty
            ? sections.moves : ListDiff.Pairs(sections.moves.filter { !rebuiltOld.contains($0.old) })

        let replaced = ReplacedSections(sections, rebuilt: rebuilt)
        let routed = replaced.route(itemMoves) { movedItemIsUpdated.contains($0) }
        batch.itemMoves = routed.moves
        // The diff's own deletions and insertions ascend; only what is
        // appended after them needs the sort at the end.
        batch.itemDeletions = itemDeletions.filter { !replaced.old.contains($0.sectionIndex) }
        batch.itemInsertions = itemInsertions.filter { !replaced.new.contains($0.sectionIndex) }
        let (ascendingDeletions, ascendingInsertions) = (batch.itemDeletions.count, batch.itemInsertions.count)
        batch.itemDeletions += routed.deletions
        batch.itemInsertions += routed.insertions
        // Updates of moved items went with their moves; the others stay in a
        // matched pair of sections.
        for (index, update) in itemUpdates.enumerated()
        where !updatedItemIsMoved.contains(index) && !replaced.old.contains(update.old.sectionIndex) {
            switch style {
            case .reconfigureAfter:
                batch.itemReconfigurations.append(update.new)
            case .reloadInPlace where update.old == update.new && !movedSections.contains(update.old.sectionIndex):
                batch.itemReloads.append(update.old)
            case .reloadInPlace, .deleteAndInsert:
                batch.itemDeletions.append(update.old)
                batch.itemInsertions.append(update.new)
            }
        }
        if batch.itemDeletions.count > ascendingDeletions { batch.itemDeletions.sort() }
        if batch.itemInsertions.count > ascendingInsertions { batch.itemInsertions.sort() }
        batch.itemReloads.sort()
        return batch
    }
}

/// Which sections an update replaces whole (deleted, inserted, or updated
/// and rebuilt), where no item-level operation may point; and the one place
/// that routes item moves around them.
struct ReplacedSections {
    /// The old sections deleted, or updated and rebuilt.
    var old: Bits
    /// The new sections inserted, or updated and rebuilt.
    var new: Bits

    /// - Parameter rebuilt: the updated sections, as (old, new) offsets,
    ///   that are replaced whole (reloaded, or deleted and inserted).
    init<Rebuilt: Sequence>(_ sections: SectionMatch, rebuilt: Rebuilt) where Rebuilt.Element == ListDiff.Pair {
        old = Bits(count: sections.oldCount)
        new = Bits(count: sections.newCount)
        for section in sections.deletions { old.insert(section) }
        for section in sections.insertions { new.insert(section) }
        for update in rebuilt {
            old.insert(update.old)
            new.insert(update.new)
        }
    }

    /// The item moves as a batch or the steps can carry them: a move whose
    /// two ends lie in surviving sections stays a move (unless `split` says
    /// otherwise); one leaving a replaced section is an insertion at its new
    /// path, one joining a replaced section a deletion at its old path.
    ///
    /// - Complexity: O(m), m = `moves.count`.
    func route(_ moves: [SectionedDiff.ItemPair], split: (Int) -> Bool = { _ in false })
        -> (moves: [SectionedDiff.ItemPair], deletions: [IndexPath], insertions: [IndexPath]) {
        var routed: [SectionedDiff.ItemPair] = [], deletions: [IndexPath] = [], insertions: [IndexPath] = []
        for (index, move) in moves.enumerated() {
            let leaves = !old.contains(move.old.sectionIndex)
            let arrives = !new.contains(move.new.sectionIndex)
            if leaves && arrives && !split(index) {
                routed.append(move)
                continue
            }
            if leaves { deletions.append(move.old) }
            if arrives { insertions.append(move.new) }
        }
        return (routed, deletions, insertions)
    }
}
