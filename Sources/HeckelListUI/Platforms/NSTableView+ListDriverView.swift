#if HECKEL_GLUE_CHECK || (canImport(AppKit) && os(macOS))
import Heckel
#if HECKEL_GLUE_CHECK
import HeckelListUI // the Linux type-check target compiles this file against stand-ins
#endif
import AppKit

/// An `NSTableView` shows one section: drive it with a flat snapshot
/// (`apply(items:)`). It applies operations one after another inside
/// `beginUpdates()` / `endUpdates()`, so it takes `sequentialSteps`.
/// The list driver's calls on a `NSTableView`, forwarded to its own methods:
/// `ListDriver(view: .tableView(view), ...)`. The view's class gains no
/// member; the adapter holds the view (which does not hold the driver).
@MainActor
public final class NSTableViewAdapter: ListDriverView {
    /// The view driven.
    ///
    /// - Complexity: O(1).
    public let view: NSTableView

    /// An adapter of `view`.
    ///
    /// - Complexity: O(1).
    public init(_ view: NSTableView) { self.view = view }

    /// Whether the view is in a window.
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { view.window != nil }

    /// `reloadData()`.
    ///
    /// - Complexity: O(1) here; the view reloads on its next layout.
    public func reloadAllData() { view.reloadData() }

    /// `beginUpdates()`, `updates`, `endUpdates()`; `completion` right after
    /// (NSTableView has no batch completion).
    ///
    /// - Complexity: as the updates.
    public func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        view.beginUpdates()
        updates()
        view.endUpdates()
        completion(true)
    }

    /// The diff's sequential steps as row operations; a snapshot with
    /// section changes (not a table's shape) is reloaded whole.
    ///
    /// - Complexity: O(s), s = step count.
    public func applyBatch(_ batch: SectionedDiff.BatchUpdates, of diff: SectionedDiff) {
        let steps = diff.sequentialSteps
        let animation: NSTableView.AnimationOptions = [.effectFade]
        for step in steps {
            switch step {
            case .deleteItem(let path): view.removeRows(at: IndexSet(integer: path[1]), withAnimation: animation)
            case .insertItem(let path): view.insertRows(at: IndexSet(integer: path[1]), withAnimation: animation)
            case .moveItem(let from, let to): view.moveRow(at: from[1], to: to[1])
            case .updateItem(let path):
                view.reloadData(forRowIndexes: IndexSet(integer: path[1]), columnIndexes: IndexSet(integersIn: 0..<view.numberOfColumns))
            case .deleteSection, .insertSection, .moveSection, .updateSection:
                view.reloadData()
                return
            }
        }
    }

    /// Nothing: the steps already reloaded the updated rows.
    ///
    /// - Complexity: O(1).
    public func reconfigure(items: [IndexPath], sections: ListDiff.Offsets) {}
}

extension ListDriverView where Self == NSTableViewAdapter {
    /// `view` as a `ListDriver`'s view.
    ///
    /// - Complexity: O(1).
    public static func tableView(_ view: NSTableView) -> Self { Self(view) }
}
#endif
