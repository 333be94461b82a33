#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// The changes as one batch update, in the coordinates and with the
    /// restrictions UIKit's `performBatchUpdates` imposes, updates as
    /// reloads; see `BatchUpdates`.
    ///
    /// - Complexity: O(s + c log c), s = section count, c = change count
    ///   (computed on each access).
    public var batchUpdates: BatchUpdates { batchUpdates(reloads: .reload) }

    /// The changes as one batch update, with updated sections and items
    /// expressed in the given style; see `BatchUpdates`.
    ///
    /// - Parameter style: Reloads in place, or deletions plus insertions.
    /// - Complexity: O(s + c log c), s = section count, c = change count.
    public func batchUpdates(reloads style: BatchUpdates.ReloadStyle) -> BatchUpdates {
        let replaced = ReplacedSections(sections)
        let movedSections = sections.movedOldSections()
        var batch = BatchUpdates()

        batch.sectionDeletions = sections.deletions
        batch.sectionInsertions = sections.insertions
        for update in sections.updates {
            if movedSections[update.old] || style == .deleteAndInsert {
                batch.sectionDeletions.append(update.old)
                batch.sectionInsertions.append(update.new)
            } else {
                batch.sectionReloads.append(update.old)
            }
        }
        batch.sectionDeletions.sort()
        batch.sectionInsertions.sort()
        let updatedSections = sections.updatedOldSections()
        batch.sectionMoves = sections.moves.filter { !updatedSections[$0.from] }

        batch.itemDeletions = itemDeletions.filter { !replaced.old[$0.sectionIndex] }
        batch.itemInsertions = itemInsertions.filter { !replaced.new[$0.sectionIndex] }
        var needsSorting = false
        for (index, move) in itemMoves.enumerated() {
            let leaves = !replaced.old[move.from.sectionIndex]
            let arrives = !replaced.new[move.to.sectionIndex]
            if leaves && arrives && !movedItemIsUpdated[index] {
                batch.itemMoves.append(move)
                continue
            }
            if leaves { batch.itemDeletions.append(move.from) }
            if arrives { batch.itemInsertions.append(move.to) }
            needsSorting = needsSorting || leaves || arrives
        }
        for (index, update) in itemUpdates.enumerated()
        where !updatedItemIsMoved[index] && !replaced.old[update.old.sectionIndex] {
            if style == .reload {
                batch.itemReloads.append(update.old)
            } else {
                batch.itemDeletions.append(update.old)
                batch.itemInsertions.append(update.new)
                needsSorting = true
            }
        }
        batch.itemReloads.sort()
        if needsSorting {
            batch.itemDeletions.sort()
            batch.itemInsertions.sort()
        }
        return batch
    }
}
