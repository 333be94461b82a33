#if HECKEL_GLUE_CHECK || (canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS)))
#if HECKEL_GLUE_CHECK
import Heckel // the Linux type-check target compiles this file against stand-ins
#endif
import UIKit

extension UICollectionView: ListDriverView {
    /// Whether the view is in a window.
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { window != nil }

    /// `reloadData()`.
    ///
    /// - Complexity: O(1) here; the view reloads on its next layout.
    public func reloadAllData() { reloadData() }

    /// `performBatchUpdates(_:completion:)`, inside
    /// `UIView.performWithoutAnimation` when not animated.
    ///
    /// - Complexity: as `performBatchUpdates`.
    public func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        if animated {
            performBatchUpdates(updates, completion: completion)
        } else {
            UIView.performWithoutAnimation { performBatchUpdates(updates, completion: completion) }
        }
    }

    /// The batch's section and item operations.
    ///
    /// - Complexity: O(c), c = operation count.
    public func applyBatch(_ batch: SectionedDiff.BatchUpdates, of diff: SectionedDiff) {
        deleteSections(IndexSet(batch.sectionDeletions))
        insertSections(IndexSet(batch.sectionInsertions))
        for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
        reloadSections(IndexSet(batch.sectionReloads))
        deleteItems(at: batch.itemDeletions)
        insertItems(at: batch.itemInsertions)
        for move in batch.itemMoves { moveItem(at: move.from, to: move.to) }
        reloadItems(at: batch.itemReloads)
    }

    /// `reconfigureItems(at:)` (iOS 15; `reloadItems(at:)` before), and
    /// `reloadSections(_:)` outside any batch for updated sections.
    ///
    /// - Complexity: O(c), c = path count.
    public func reconfigure(items: [IndexPath], sections: [Int]) {
        if #available(iOS 15.0, tvOS 15.0, *) { reconfigureItems(at: items) } else { reloadItems(at: items) }
        if !sections.isEmpty { reloadSections(IndexSet(sections)) }
    }
}
#endif
