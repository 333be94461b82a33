#if HECKEL_GLUE_CHECK || (canImport(AppKit) && os(macOS))
#if HECKEL_GLUE_CHECK
import Heckel // the Linux type-check target compiles this file against stand-ins
#endif
import AppKit

/// An `NSTableView` shows one section: drive it with a flat snapshot
/// (`apply(items:)`). It applies operations one after another inside
/// `beginUpdates()` / `endUpdates()`, so it takes `sequentialSteps`.
extension NSTableView: ListDriverView {
    /// Whether the view is in a window.
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { window != nil }

    /// `reloadData()`.
    ///
    /// - Complexity: O(1) here; the view reloads on its next layout.
    public func reloadAllData() { reloadData() }

    /// `beginUpdates()`, `updates`, `endUpdates()`; `completion` right after
    /// (NSTableView has no batch completion).
    ///
    /// - Complexity: as the updates.
    public func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        beginUpdates()
        updates()
        endUpdates()
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
            case .deleteItem(let path): removeRows(at: IndexSet(integer: path[1]), withAnimation: animation)
            case .insertItem(let path): insertRows(at: IndexSet(integer: path[1]), withAnimation: animation)
            case .moveItem(let from, let to): moveRow(at: from[1], to: to[1])
            case .reloadItem(let path):
                reloadData(forRowIndexes: IndexSet(integer: path[1]), columnIndexes: IndexSet(integersIn: 0..<numberOfColumns))
            case .deleteSection, .insertSection, .moveSection, .reloadSection:
                reloadData()
                return
            }
        }
    }

    /// Nothing: the steps already reloaded the updated rows.
    ///
    /// - Complexity: O(1).
    public func reconfigure(items: [IndexPath], sections: [Int]) {}
}
#endif
