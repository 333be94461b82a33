#if HECKEL_GLUE_CHECK || (canImport(AppKit) && os(macOS))
#if HECKEL_GLUE_CHECK
import Heckel // the Linux type-check target compiles this file against stand-ins
#endif
import AppKit

extension NSCollectionView: ListDriverView {
    /// Whether the view is in a window.
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { window != nil }

    /// `reloadData()`.
    ///
    /// - Complexity: O(1) here; the view reloads on its next layout.
    public func reloadAllData() { reloadData() }

    /// `performBatchUpdates(_:completionHandler:)`, through `animator()` when
    /// animated.
    ///
    /// - Complexity: as `performBatchUpdates`.
    public func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        if animated {
            animator().performBatchUpdates(updates, completionHandler: completion)
        } else {
            performBatchUpdates(updates, completionHandler: completion)
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
        deleteItems(at: Set(batch.itemDeletions))
        insertItems(at: Set(batch.itemInsertions))
        for move in batch.itemMoves { moveItem(at: move.from, to: move.to) }
        reloadItems(at: Set(batch.itemReloads))
    }

    /// `reloadItems(at:)` and `reloadSections(_:)`, outside any batch.
    ///
    /// - Complexity: O(c), c = path count.
    public func reconfigure(items: [IndexPath], sections: [Int]) {
        if !items.isEmpty { reloadItems(at: Set(items)) }
        if !sections.isEmpty { reloadSections(IndexSet(sections)) }
    }
}
#endif
