#if HECKEL_GLUE_CHECK || (canImport(AppKit) && os(macOS))
import Heckel
#if HECKEL_GLUE_CHECK
import HeckelListUI // the Linux type-check target compiles this file against stand-ins
#endif
import AppKit

/// The list driver's calls on a `NSCollectionView`, forwarded to its own methods:
/// `ListDriver(view: .collectionView(view), ...)`. The view's class gains no
/// member; the adapter holds the view (which does not hold the driver).
@MainActor
public final class NSCollectionViewAdapter: ListDriverView {
    /// The view driven.
    ///
    /// - Complexity: O(1).
    public let view: NSCollectionView

    /// An adapter of `view`.
    ///
    /// - Complexity: O(1).
    public init(_ view: NSCollectionView) { self.view = view }

    /// Whether the view is in a window.
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { view.window != nil }

    /// `reloadData()`.
    ///
    /// - Complexity: O(1) here; the view reloads on its next layout.
    public func reloadAllData() { view.reloadData() }

    /// `performBatchUpdates(_:completionHandler:)`, through `animator()` when
    /// animated.
    ///
    /// - Complexity: as `performBatchUpdates`.
    public func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        if animated {
            view.animator().performBatchUpdates(updates, completionHandler: completion)
        } else {
            view.performBatchUpdates(updates, completionHandler: completion)
        }
    }

    /// `applyBatch(_:)`: the batch alone says what to issue.
    ///
    /// - Complexity: O(c), c = operation count.
    public func applyBatch(_ batch: SectionedDiff.BatchUpdates, of diff: SectionedDiff) { applyBatch(batch) }

    /// The batch's section and item operations (a tree's row batch too).
    ///
    /// - Complexity: O(c), c = operation count.
    public func applyBatch(_ batch: SectionedDiff.BatchUpdates) {
        view.deleteSections(IndexSet(batch.sectionDeletions))
        view.insertSections(IndexSet(batch.sectionInsertions))
        for move in batch.sectionMoves { view.moveSection(move.old, toSection: move.new) }
        view.reloadSections(IndexSet(batch.sectionReloads))
        view.deleteItems(at: Set(batch.itemDeletions))
        view.insertItems(at: Set(batch.itemInsertions))
        for move in batch.itemMoves { view.moveItem(at: move.old, to: move.new) }
        view.reloadItems(at: Set(batch.itemReloads))
    }

    /// `reloadItems(at:)` and `reloadSections(_:)`, outside any batch.
    ///
    /// - Complexity: O(c), c = path count.
    public func reconfigure(items: [IndexPath], sections: ListDiff.Offsets) {
        if !items.isEmpty { view.reloadItems(at: Set(items)) }
        if !sections.isEmpty { view.reloadSections(IndexSet(sections)) }
    }
}

extension ListDriverView where Self == NSCollectionViewAdapter {
    /// `view` as a `ListDriver`'s view.
    ///
    /// - Complexity: O(1).
    public static func collectionView(_ view: NSCollectionView) -> Self { Self(view) }
}
#endif
