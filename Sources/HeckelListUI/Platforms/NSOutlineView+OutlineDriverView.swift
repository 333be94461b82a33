#if HECKEL_GLUE_CHECK || (canImport(AppKit) && os(macOS))
import Heckel
#if HECKEL_GLUE_CHECK
import HeckelListUI // the Linux type-check target compiles this file against stand-ins
#endif
import AppKit

/// The outline driver's calls on an `NSOutlineView`, forwarded to its own
/// methods: `OutlineDriver(view: .outlineView(view, item: ...), ...)`. The
/// view's class gains no member; the adapter holds the view (which does not
/// hold the driver).
///
/// `NSOutlineView` names items by the objects its data source returns, not
/// by identity: `item` gives, for an identity, the object the data source
/// returns for that node (the same object for the same identity, in the old
/// tree and the new, as AppKit compares items by object).
@MainActor
public final class NSOutlineViewAdapter<ID: Hashable & Sendable>: OutlineDriverView {
    /// The view driven.
    ///
    /// - Complexity: O(1).
    public let view: NSOutlineView
    /// The data source's item for an identity.
    ///
    /// - Complexity: O(1).
    public let item: @MainActor (ID) -> Any

    /// An adapter of `view`, naming items with `item`.
    ///
    /// - Complexity: O(1).
    public init(_ view: NSOutlineView, item: @escaping @MainActor (ID) -> Any) {
        self.view = view
        self.item = item
    }

    /// Whether the view is in a window.
    ///
    /// - Complexity: O(1).
    public var isInWindow: Bool { view.window != nil }

    /// `reloadData()`.
    ///
    /// - Complexity: O(1) here; the view reloads on its next layout.
    public func reloadAllData() { view.reloadData() }

    /// `beginUpdates()`, `updates`, `endUpdates()`; `completion` right after
    /// (NSOutlineView has no update completion).
    ///
    /// - Complexity: as the updates.
    public func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        view.beginUpdates()
        updates()
        view.endUpdates()
        completion(true)
    }

    /// Each step as the outline call it names, in order (see
    /// `TreeDiff.outlineSteps` for the index semantics).
    ///
    /// - Complexity: O(s) calls, s = step count.
    public func applyOutlineSteps(_ steps: [TreeDiff<ID>.OutlineStep]) {
        let animation: NSTableView.AnimationOptions = [.effectFade]
        for step in steps {
            switch step {
            case .remove(let indexes, let parent):
                view.removeItems(at: IndexSet(indexes), inParent: parent.map(item), withAnimation: animation)
            case .insert(let indexes, let parent):
                view.insertItems(at: IndexSet(indexes), inParent: parent.map(item), withAnimation: animation)
            case .move(_, let old, let new):
                view.moveItem(at: old.index, inParent: old.parent.map(item), to: new.index, inParent: new.parent.map(item))
            case .reload(let id):
                view.reloadItem(item(id), reloadChildren: false)
            }
        }
    }
}

extension OutlineDriverView {
    /// `view` as an `OutlineDriver`'s view; `item` gives the data source's
    /// item for an identity.
    ///
    /// - Complexity: O(1).
    public static func outlineView<NodeID>(_ view: NSOutlineView, item: @escaping @MainActor (NodeID) -> Any) -> Self
    where Self == NSOutlineViewAdapter<NodeID> {
        Self(view, item: item)
    }
}
#endif
