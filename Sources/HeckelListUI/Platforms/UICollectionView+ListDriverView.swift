#if HECKEL_GLUE_CHECK || (canImport(UIKit) && (os(iOS) || os(tvOS) || os(visionOS)))
import Heckel
#if HECKEL_GLUE_CHECK
import HeckelListUI // the Linux type-check target compiles this file against stand-ins
#endif
import UIKit

/// The list driver's calls on a `UICollectionView`, forwarded to its own methods:
/// `ListDriver(view: .collectionView(view), ...)`. The view's class gains no
/// member; the adapter holds the view (which does not hold the driver).
@MainActor
public final class UICollectionViewAdapter: ListDriverView {
    /// The view driven.
    ///
    /// - Complexity: O(1).
    public let view: UICollectionView

    /// An adapter of `view`.
    ///
    /// - Complexity: O(1).
    public init(_ view: UICollectionView) { self.view = view }

    /// Whether the view is in a window.
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { view.window != nil }

    /// `reloadData()`.
    ///
    /// - Complexity: O(1) here; the view reloads on its next layout.
    public func reloadAllData() { view.reloadData() }

    /// `performBatchUpdates(_:completion:)`, inside
    /// `UIView.performWithoutAnimation` when not animated.
    ///
    /// - Complexity: as `performBatchUpdates`.
    public func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        if animated {
            view.performBatchUpdates(updates, completion: completion)
        } else {
            UIView.performWithoutAnimation { view.performBatchUpdates(updates, completion: completion) }
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
        view.deleteItems(at: batch.itemDeletions)
        view.insertItems(at: batch.itemInsertions)
        for move in batch.itemMoves { view.moveItem(at: move.old, to: move.new) }
        view.reloadItems(at: batch.itemReloads)
    }

    /// `reconfigureItems(at:)` (iOS 15; `reloadItems(at:)` before), and
    /// `reloadSections(_:)` outside any batch for updated sections.
    ///
    /// - Complexity: O(c), c = path count.
    public func reconfigure(items: [IndexPath], sections: ListDiff.Offsets) {
        if #available(iOS 15.0, tvOS 15.0, *) { view.reconfigureItems(at: items) } else { view.reloadItems(at: items) }
        if !sections.isEmpty { view.reloadSections(IndexSet(sections)) }
    }
}

extension ListDriverView where Self == UICollectionViewAdapter {
    /// `view` as a `ListDriver`'s view.
    ///
    /// - Complexity: O(1).
    public static func collectionView(_ view: UICollectionView) -> Self { Self(view) }
}
#endif
