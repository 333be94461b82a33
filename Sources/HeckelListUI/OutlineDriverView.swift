import Heckel

/// What `OutlineDriver` needs of an outline view (`NSOutlineView`, through
/// `NSOutlineViewAdapter`): the few calls it makes. Adopt it for a view of
/// your own, or for a test double.
@MainActor
public protocol OutlineDriverView: AnyObject {
    /// The identity of the tree's nodes.
    associatedtype ID: Hashable & Sendable

    /// Whether the view is in a window; one that is not is reloaded whole.
    ///
    /// - Complexity: O(1).
    var isInWindow: Bool { get }

    /// Shows the data source's current tree, without animation
    /// (`reloadData()`).
    ///
    /// - Complexity: as the view's reload.
    func reloadAllData()

    /// Runs `updates` as one update block (`beginUpdates()`/`endUpdates()`)
    /// and calls `completion` when the view is done.
    ///
    /// - Complexity: as the view's update.
    func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void)

    /// Issues `steps` (`TreeDiff.outlineSteps`) in order, from inside
    /// `performBatch`'s `updates`, once the data source shows the new tree.
    ///
    /// - Complexity: O(c) calls for c steps.
    func applyOutlineSteps(_ steps: [TreeDiff<ID>.OutlineStep])
}
