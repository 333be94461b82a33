#if HECKEL_GLUE_CHECK || (canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS)))
#if HECKEL_GLUE_CHECK
import Heckel // the Linux type-check target compiles this file against stand-ins
#endif
import UIKit

extension UITableView: ListDriverView {
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

    /// The batch's section and row operations, with `.automatic` animation.
    ///
    /// - Complexity: O(c), c = operation count.
    public func applyBatch(_ batch: SectionedDiff.BatchUpdates, of diff: SectionedDiff) {
        deleteSections(IndexSet(batch.sectionDeletions), with: .automatic)
        insertSections(IndexSet(batch.sectionInsertions), with: .automatic)
        for move in batch.sectionMoves { moveSection(move.from, toSection: move.to) }
        reloadSections(IndexSet(batch.sectionReloads), with: .automatic)
        deleteRows(at: batch.itemDeletions, with: .automatic)
        insertRows(at: batch.itemInsertions, with: .automatic)
        for move in batch.itemMoves { moveRow(at: move.from, to: move.to) }
        reloadRows(at: batch.itemReloads, with: .automatic)
    }

    /// `reconfigureRows(at:)` (iOS 15; `reloadRows(at:with:)` before), and
    /// `reloadSections(_:with:)` outside any batch for updated sections.
    ///
    /// - Complexity: O(c), c = path count.
    public func reconfigure(items: [IndexPath], sections: [Int]) {
        if #available(iOS 15.0, tvOS 15.0, *) { reconfigureRows(at: items) } else { reloadRows(at: items, with: .none) }
        if !sections.isEmpty { reloadSections(IndexSet(sections), with: .none) }
    }
}
#endif
