#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        batch.sectionDeletions = sections.deletions
        batch.sectionInsertions = sections.insertions
        var rebuilt: [ListDiff.Update] = []
        for update in sections.updates {
            switch style {
            case .reconfigureAfter:
                batch.sectionReconfigurations.append(update.new)
            case .reloadInPlace where update.old == update.new && !movedSections.contains(update.old):
                batch.sectionReloads.append(update.old)
                rebuilt.append(update)
            case .reloadInPlace, .deleteAndInsert:
                batch.sectionDeletions.append(update.old)
                batch.sectionInsertions.append(update.new)
                rebuilt.append(update)
            }
        }
        let rebuiltOld = Set(rebuilt.lazy.map(\.old))
        batch.sectionMoves = sections.moves.filter { !rebuiltOld.contains($0.from) }

        let replaced = ReplacedSections(sections, rebuilt: rebuilt)
        let routed = replaced.route(itemMoves) { movedItemIsUpdated[$0] }
        batch.itemMoves = routed.moves
        batch.itemDeletions = itemDeletions.filter { !replaced.old.contains($0.sectionIndex) } + routed.deletions
        batch.itemInsertions = itemInsertions.filter { !replaced.new.contains($0.sectionIndex) } + routed.insertions
        // Updates of moved items went with their moves; the others stay in a
        // matched pair of sections.
        for (index, update) in itemUpdates.enumerated()
        where !updatedItemIsMoved[index] && !replaced.old.contains(update.old.sectionIndex) {
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
        batch.sectionDeletions.sort()
        batch.sectionInsertions.sort()
        batch.sectionReloads.sort()
        batch.itemDeletions.sort()
        batch.itemInsertions.sort()
        batch.itemReloads.sort()
        return batch
    }
}
