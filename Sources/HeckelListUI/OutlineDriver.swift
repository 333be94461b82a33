import Heckel

/// Keeps a tree view in step with a stream of tree snapshots, with the same
/// scheduling as `ListDriver`: each snapshot diffed off the main actor, a
/// diff that a newer snapshot made stale cancelled, snapshots arriving
/// during a diff coalesced (the newest is applied; the completions of those
/// it superseded get its outcome), snapshots applied in order, and the view
/// reloaded whole past `fullReloadThreshold` operations, off screen, or when
/// the diff throws (a duplicate identity).
///
/// Two forms:
/// - an outline view (`NSOutlineView`, `.outlineView(_:item:)`): each
///   change is `TreeDiff.outlineSteps` inside one update block; the data
///   source reads `roots` (and each node's children);
/// - expandable rows in a list view (`UICollectionView`, `UITableView`,
///   `NSCollectionView`, through their `ListDriverView` adapters): each
///   change is `TreeDiff.expandableRows`' batch over the visible rows; the
///   data source reads `rows` (one section), and `expanded` says which
///   nodes show their children.
///
/// ```swift
/// // items: the objects the outline's data source returns, by identity
/// let driver = OutlineDriver(view: .outlineView(outlineView, item: { items[$0]! }), roots: folders)
/// driver.apply(newFolders) { outcome in print(outcome) }
/// ```
@MainActor
public final class OutlineDriver<Node: Equatable & Sendable, ID: Hashable & Sendable> {
    /// How a snapshot reached the screen, as passed to completions.
    public typealias Outcome = ListDriverOutcome
    /// Why a snapshot was shown by a full reload.
    public typealias ReloadReason = ListDriverReloadReason

    /// A tree as shown: its roots, the nodes expanded, and (expandable rows
    /// form) the visible rows.
    struct Snapshot: Sendable {
        var roots: [Node]
        var expanded: Set<ID>
        var rows: [Node]
    }

    /// What one diff gives: the steps or the row batch, and the diff's size.
    struct Change: Sendable {
        var steps: [TreeDiff<ID>.OutlineStep] = []
        var rows: TreeDiff<ID>.ExpandableRows?
        var operationCount: Int
    }

    /// The view driven, in either form.
    private enum Target {
        case outline(isInWindow: @MainActor () -> Bool, reload: @MainActor () -> Void,
                     perform: @MainActor (Bool, @escaping () -> Void, @escaping (Bool) -> Void) -> Void,
                     apply: @MainActor ([TreeDiff<ID>.OutlineStep]) -> Void)
        case rows(any ListDriverView)
    }

    /// Above this many operations (outline calls' items, or row batch
    /// operations), the view is reloaded whole.
    ///
    /// - Complexity: O(1).
    public var fullReloadThreshold: Int
    private let target: Target
    private let identity: @Sendable (Node) -> ID
    private let children: @Sendable (Node) -> [Node]
    private var scheduler: DriverScheduler<Snapshot, Change>!
    /// The expanded nodes of the latest snapshot given (shown or pending).
    private var latestExpanded: Set<ID> = []

    /// The roots the view shows (or is animating to): what the data source
    /// must read.
    ///
    /// - Complexity: O(1).
    public var roots: [Node] { scheduler.snapshot.roots }

    /// The nodes shown expanded (expandable rows form).
    ///
    /// - Complexity: O(1).
    public var expanded: Set<ID> { scheduler.snapshot.expanded }

    /// The visible rows, top to bottom (expandable rows form): the nodes
    /// whose ancestors are all expanded, in preorder; the data source reads
    /// `rows[indexPath.item]`. Empty in the outline form.
    ///
    /// - Complexity: O(1).
    public var rows: [Node] { scheduler.snapshot.rows }

    /// A driver of an outline view, starting from `roots`.
    ///
    /// - Parameters:
    ///   - id: A node's identity, unique in its tree.
    ///   - children: A node's children, in order.
    /// - Complexity: O(1).
    public init<View: OutlineDriverView>(
        view: View, roots: [Node] = [], fullReloadThreshold: Int = 1_000,
        identifiedBy id: @escaping @Sendable (Node) -> ID, children: @escaping @Sendable (Node) -> [Node]
    ) where View.ID == ID {
        self.fullReloadThreshold = fullReloadThreshold
        identity = id
        self.children = children
        target = .outline(isInWindow: { view.isInWindow }, reload: { view.reloadAllData() },
                          perform: { view.performBatch(animated: $0, updates: $1, completion: $2) },
                          apply: { view.applyOutlineSteps($0) })
        start(Snapshot(roots: roots, expanded: [], rows: []))
    }

    /// A driver of expandable rows in a list view (one section), starting
    /// from `roots` with the nodes of `expanded` showing their children.
    ///
    /// - Complexity: O(r) for the r visible rows.
    public init(
        rowsIn view: some ListDriverView, roots: [Node] = [], expanded: Set<ID> = [], fullReloadThreshold: Int = 1_000,
        identifiedBy id: @escaping @Sendable (Node) -> ID, children: @escaping @Sendable (Node) -> [Node]
    ) {
        self.fullReloadThreshold = fullReloadThreshold
        identity = id
        self.children = children
        target = .rows(view)
        latestExpanded = expanded
        start(Snapshot(roots: roots, expanded: expanded, rows: Self.visible(roots, expanded, id, children)))
    }

    private func start(_ snapshot: Snapshot) {
        let isInWindow: @MainActor () -> Bool, reload: @MainActor () -> Void
        let rowsForm: Bool
        switch target {
        case .outline(let inWindow, let reloadView, _, _):
            (isInWindow, reload, rowsForm) = (inWindow, reloadView, false)
        case .rows(let view):
            (isInWindow, reload, rowsForm) = ({ view.isInWindow }, { view.reloadAllData() }, true)
        }
        let id = identity, children = children
        scheduler = DriverScheduler(snapshot: snapshot, isInWindow: isInWindow, reloadView: reload) { old, new in
            let diff = try await TreeDiff.computed(from: old.roots, to: new.roots, identifiedBy: id, children: children)
            guard rowsForm else {
                let steps = diff.outlineSteps
                return Change(steps: steps, operationCount: steps.reduce(0) { $0 + Self.operations(of: $1) })
            }
            let rows = diff.expandableRows(oldExpanded: old.expanded, newExpanded: new.expanded)
            return Change(rows: rows, operationCount: rows.batch.operationCount + rows.batch.itemReconfigurations.count)
        }
        scheduler.show = { [weak self] change, request in self?.show(change, for: request) }
    }

    /// Shows `roots` next (with `expanded`, or the expanded nodes of the
    /// latest snapshot given):
    /// diffed off the main actor, applied in order, coalesced with newer
    /// snapshots; `completion` is called on the main actor once it (or a
    /// newer snapshot that superseded it) is on screen.
    ///
    /// - Complexity: O(r) here for the r visible rows (expandable rows form;
    ///   O(1) for an outline); the diff is O(n) expected off the main actor
    ///   and the update O(c) on it, for n nodes and c changes.
    public func apply(_ roots: [Node], expanded: Set<ID>? = nil, animated: Bool = true,
                      completion: (@MainActor (Outcome) -> Void)? = nil) {
        let expanded = expanded ?? latestExpanded
        latestExpanded = expanded
        var rows: [Node] = []
        if case .rows = target { rows = Self.visible(roots, expanded, identity, children) }
        scheduler.submit(Snapshot(roots: roots, expanded: expanded, rows: rows), animated: animated,
                         completion: completion)
    }

    /// Returns once every snapshot given so far is on screen and the view's
    /// completions have run.
    ///
    /// - Complexity: O(1) besides the wait.
    public func settled() async { await scheduler.settled() }

    /// The items one outline call names.
    nonisolated static func operations(of step: TreeDiff<ID>.OutlineStep) -> Int {
        switch step {
        case .remove(let indexes, _), .insert(let indexes, _): indexes.count
        case .move, .reload: 1
        }
    }

    /// The nodes whose ancestors are all in `expanded`, in preorder.
    nonisolated static func visible(_ roots: [Node], _ expanded: Set<ID>, _ id: (Node) -> ID,
                                    _ children: (Node) -> [Node]) -> [Node] {
        var rows: [Node] = []
        var stack: [(nodes: [Node], next: Int)] = [(roots, 0)]
        while let top = stack.last {
            guard top.next < top.nodes.count else {
                stack.removeLast()
                continue
            }
            let node = top.nodes[top.next]
            stack[stack.count - 1].next += 1
            rows.append(node)
            if expanded.contains(id(node)) { stack.append((children(node), 0)) }
        }
        return rows
    }

    /// Applies one change: the update with the snapshot switched inside it,
    /// the content updates after it, the completions when the view is done.
    private func show(_ change: Change, for request: DriverScheduler<Snapshot, Change>.Request) {
        let empty = change.rows.map { $0.batch.isEmpty } ?? change.steps.isEmpty
        if empty {
            scheduler.unchanged(request)
            return
        }
        let inWindow: Bool
        switch target {
        case .outline(let isInWindow, _, _, _): inWindow = isInWindow()
        case .rows(let view): inWindow = view.isInWindow
        }
        if change.operationCount > fullReloadThreshold || !inWindow {
            scheduler.reload(request, reason: inWindow ? .aboveThreshold(operations: change.operationCount) : .notInWindow)
            return
        }
        scheduler.batchStarted()
        let ending = BatchEnding()
        let finished: (Bool) -> Void = { [self] flag in
            MainActor.assumeIsolated { ending.viewFinished(flag) { self.scheduler.batchEnded(request, finished: $0) } }
        }
        switch target {
        case .outline(_, _, let perform, let apply):
            perform(request.animated, { [self] in
                MainActor.assumeIsolated {
                    scheduler.switchSnapshot(to: request)
                    apply(change.steps)
                }
            }, finished)
        case .rows(let view):
            let batch = change.rows!.batch
            view.performBatch(animated: request.animated, updates: { [self] in
                MainActor.assumeIsolated {
                    scheduler.switchSnapshot(to: request)
                    view.applyBatch(batch)
                }
            }, completion: finished)
            if !batch.itemReconfigurations.isEmpty { view.reconfigure(items: batch.itemReconfigurations, sections: []) }
        }
        ending.contentUpdated { scheduler.batchEnded(request, finished: $0) }
    }
}

extension OutlineDriver where Node: DiffableTreeNode, Node.ID == ID {
    /// A driver of an outline view over nodes that adopt `DiffableTreeNode`.
    ///
    /// - Complexity: O(1).
    public convenience init<View: OutlineDriverView>(view: View, roots: [Node] = [], fullReloadThreshold: Int = 1_000)
    where View.ID == ID, Node.Children == [Node] {
        self.init(view: view, roots: roots, fullReloadThreshold: fullReloadThreshold, identifiedBy: { $0.id },
                  children: { $0.children })
    }

    /// A driver of expandable rows over nodes that adopt `DiffableTreeNode`.
    ///
    /// - Complexity: O(r) for the r visible rows.
    public convenience init(rowsIn view: some ListDriverView, roots: [Node] = [], expanded: Set<ID> = [],
                            fullReloadThreshold: Int = 1_000) where Node.Children == [Node] {
        self.init(rowsIn: view, roots: roots, expanded: expanded, fullReloadThreshold: fullReloadThreshold,
                  identifiedBy: { $0.id }, children: { $0.children })
    }
}
