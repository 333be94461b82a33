#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel

/// What `ListDriver` needs of a list view: the few calls it makes, which
/// `UICollectionView`, `UITableView`, `NSCollectionView` and `NSTableView`
/// adopt by forwarding to their own methods (`Platforms/`). Adopt it for a
/// view of your own, or for a test double.
@MainActor
public protocol ListDriverView: AnyObject {
    /// Whether the view is in a window. A view that is not gets a full
    /// reload instead of a batch (UIKit validates, and animates, a batch
    /// against state an off-screen view may not have loaded).
    ///
    /// - Complexity: O(1).
    var isInWindow: Bool { get }

    /// Shows the data source's current snapshot, without animation
    /// (`reloadData()`).
    ///
    /// - Complexity: as the view's reload.
    func reloadAllData()

    /// Runs `updates` as one batch update, animated or not, and calls
    /// `completion` when the view is done (its animations ended).
    ///
    /// - Complexity: as the view's batch update.
    func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void)

    /// Issues the operations of `batch` (computed from `diff`), called from
    /// inside `performBatch`'s `updates` once the data source shows the new
    /// snapshot. Views that apply operations one after another (NSTableView)
    /// use `diff.sequentialSteps` instead.
    ///
    /// - Complexity: O(c) calls for c operations.
    func applyBatch(_ batch: SectionedDiff.BatchUpdates, of diff: SectionedDiff)

    /// Issues a batch of item operations in one section that no
    /// `SectionedDiff` stands behind (the visible rows of a tree,
    /// `TreeDiff.ExpandableRows.batch`, from `OutlineDriver`), called from
    /// inside `performBatch`'s `updates` once the data source shows the new
    /// rows. By default the view reloads whole (`reloadAllData()`); the
    /// collection view and `UITableView` adapters issue the operations.
    ///
    /// - Complexity: O(c) calls for c operations.
    func applyBatch(_ batch: SectionedDiff.BatchUpdates)

    /// Refreshes, after the batch, the content of the items and sections
    /// whose identity stayed but whose content changed: new index paths and
    /// new section offsets (`reconfigureItems(at:)` where available).
    ///
    /// - Complexity: O(c) for c paths and offsets.
    func reconfigure(items: [IndexPath], sections: ListDiff.Offsets)
}

extension ListDriverView {
    /// Reloads the view whole: a view that applies operations one after
    /// another (`NSTableView`) needs steps that a row batch does not give.
    ///
    /// - Complexity: as the view's reload.
    public func applyBatch(_ batch: SectionedDiff.BatchUpdates) { reloadAllData() }
}
