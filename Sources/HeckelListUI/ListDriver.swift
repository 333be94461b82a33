#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel

/// Keeps a list view in step with a stream of snapshots, as IGListKit's
/// adapter updater and IQListKit's `apply` do.
///
/// The driver owns the snapshot the view shows (`snapshot`: your data
/// source reads it). `apply(_:)` takes a new one; the driver diffs it
/// against the current one off the main actor, then applies the batch on the
/// main actor, switching `snapshot` inside the batch, then the content
/// updates, then calls your completion.
///
/// - A snapshot that arrives while an older one is being diffed cancels that
///   diff; only the latest is applied (coalescing), and the completions of
///   the snapshots it superseded are called with its outcome.
/// - Snapshots are applied in the order they were given; a batch never
///   starts from a snapshot other than the one on screen.
/// - The diffs keep their scratch memory in one `ListDiff.Workspace`, so
///   that repeated diffs of similar sizes allocate nothing in the core.
/// - Above `Configuration.fullReloadThreshold` operations, or when the view
///   is not in a window, or when a diff fails (a duplicate section
///   identity), the view is reloaded whole instead.
///
/// ```swift
/// let driver = ListDriver(view: .collectionView(collectionView), snapshot: sections, identifiedBy: \.id)
/// // data source: driver.snapshot[indexPath.section].items[indexPath.item]
/// driver.apply(newSections) { outcome in print(outcome) }
/// ```
@MainActor
public final class ListDriver<SectionModel: DiffableSection & Sendable> where SectionModel.ID: Sendable {
    /// A diff of two snapshots, run off the main actor.
    public typealias Differ = @Sendable ([SectionModel], [SectionModel]) async throws -> SectionedDiff

    /// Settings of a driver.
    public struct Configuration: Sendable {
        /// Above this many operations in a batch, the view is reloaded whole.
        ///
        /// - Complexity: O(1).
        public var fullReloadThreshold: Int
        /// How updated items and sections are expressed; see
        /// `SectionedDiff.BatchUpdates.Style`.
        ///
        /// - Complexity: O(1).
        public var style: SectionedDiff.BatchUpdates.Style

        /// Settings with the given threshold and style; the defaults suit a
        /// list UI (batches of up to 1,000 operations, no reload inside a
        /// batch).
        ///
        /// - Complexity: O(1).
        public init(fullReloadThreshold: Int = 1_000, style: SectionedDiff.BatchUpdates.Style = .reconfigureAfter) {
            self.fullReloadThreshold = fullReloadThreshold
            self.style = style
        }
    }

    /// How a snapshot reached the screen, as passed to completions.
    public enum Outcome: Hashable, Sendable {
        /// As one batch update; `finished`: the view's own completion flag.
        case batch(finished: Bool)
        /// By a full reload, for the given reason.
        case reload(ReloadReason)
        /// Nothing to show: the snapshot equals the one on screen.
        case unchanged
    }

    /// Why a snapshot was shown by a full reload.
    public enum ReloadReason: Hashable, Sendable {
        /// The view was not in a window (`ListDriverView.isInWindow`).
        case notInWindow
        /// The batch had more operations than
        /// `Configuration.fullReloadThreshold`.
        case aboveThreshold(operations: Int)
        /// The diff threw (a duplicate section identity, a snapshot too large).
        case diffFailed(String)
    }

    private struct Request {
        var sections: [SectionModel]
        var animated: Bool
        var completions: [@MainActor (Outcome) -> Void]
    }

    /// The snapshot the view shows (or is animating to): what the data
    /// source must read.
    ///
    /// - Complexity: O(1).
    public private(set) var snapshot: [SectionModel]
    /// The settings in force.
    ///
    /// - Complexity: O(1).
    public var configuration: Configuration
    private let view: any ListDriverView
    private let differ: Differ
    /// The C core's scratch, kept from one diff to the next: the driver
    /// diffs over and over, snapshots of about one size, so after the first
    /// diff the core allocates nothing and touches no fresh page
    /// (`ListDiff.Workspace`). Every diff of the differ uses it.
    private let workspace = ListDiff.Workspace()
    private var pending: Request?
    private var worker: Task<Void, Never>?
    private var diffTask: Task<SectionedDiff, any Error>?
    private var batchesInFlight = 0
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []

    /// A driver of `view` starting from `snapshot` (what the view shows at
    /// first), diffing with `differ`.
    ///
    /// - Complexity: O(1).
    public init(view: some ListDriverView, snapshot: [SectionModel] = [], configuration: Configuration = .init(),
                differ: @escaping Differ) {
        self.view = view
        self.snapshot = snapshot
        self.configuration = configuration
        self.differ = differ
    }

    /// A driver whose items are matched by `id`; content changes are found
    /// with `isContentEqual(to:)` (`ContentEquatable`) or `==`.
    ///
    /// - Complexity: O(1).
    public convenience init<ItemID: Hashable & Sendable>(
        view: some ListDriverView, snapshot: [SectionModel] = [], configuration: Configuration = .init(),
        identifiedBy id: @escaping @Sendable (SectionModel.Items.Element) -> ItemID
    ) where SectionModel.Items.Element: Equatable {
        self.init(view: view, snapshot: snapshot, configuration: configuration) { old, new in
            try await SectionedDiff.computed(from: old, to: new, identifiedBy: id)
        }
    }

    /// Shows `sections` next: diffed off the main actor, applied in order,
    /// coalesced with newer snapshots; `completion` is called on the main
    /// actor once `sections` (or a newer snapshot that superseded it) is on
    /// screen.
    ///
    /// - Complexity: O(1) here; the diff is O(n) expected off the main actor
    ///   and the batch O(c) on it, for n items and c changes.
    public func apply(_ sections: [SectionModel], animated: Bool = true,
                      completion: (@MainActor (Outcome) -> Void)? = nil) {
        var request = Request(sections: sections, animated: animated, completions: completion.map { [$0] } ?? [])
        if let superseded = pending { request.completions = superseded.completions + request.completions }
        pending = request
        diffTask?.cancel() // its target is stale now
        if worker == nil { worker = Task { await self.drain() } }
    }

    /// Returns once every snapshot given so far is on screen and the view's
    /// batch completions have run.
    ///
    /// - Complexity: O(1) besides the wait.
    public func settled() async {
        if isSettled { return }
        await withCheckedContinuation { settledWaiters.append($0) }
    }

    private var isSettled: Bool { pending == nil && worker == nil && batchesInFlight == 0 }

    private func resumeIfSettled() {
        guard isSettled else { return }
        let waiters = settledWaiters
        settledWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Diffs and applies pending snapshots one at a time, newest first.
    private func drain() async {
        while let request = pending {
            pending = nil
            guard view.isInWindow else {
                reload(request, reason: .notInWindow)
                continue
            }
            let old = snapshot, new = request.sections, differ = differ
            let workspace = workspace
            let task = Task { try await ListDiff.withWorkspace(workspace) { try await differ(old, new) } }
            diffTask = task
            let result = await task.result
            diffTask = nil
            if pending != nil {
                // Superseded while diffing: the newer snapshot answers for it,
                // and calls the older completions first.
                pending?.completions.insert(contentsOf: request.completions, at: 0)
                continue
            }
            switch result {
            case .success(let diff): show(diff, for: request)
            case .failure(let error): reload(request, reason: .diffFailed(String(describing: error)))
            }
        }
        worker = nil
        resumeIfSettled()
    }

    private func reload(_ request: Request, reason: ReloadReason) {
        snapshot = request.sections
        view.reloadAllData()
        for completion in request.completions { completion(.reload(reason)) }
    }

    /// Applies one diff: the batch with the snapshot switched inside it, the
    /// content updates after it, the completions when the view is done.
    private func show(_ diff: SectionedDiff, for request: Request) {
        let batch = diff.batchUpdates(style: configuration.style)
        if batch.isEmpty {
            snapshot = request.sections // equal identities and content; other fields may differ
            for completion in request.completions { completion(.unchanged) }
            return
        }
        if batch.operationCount > configuration.fullReloadThreshold || !view.isInWindow {
            let reason: ReloadReason = view.isInWindow ? .aboveThreshold(operations: batch.operationCount) : .notInWindow
            reload(request, reason: reason)
            return
        }
        batchesInFlight += 1
        let ending = BatchEnding()
        view.performBatch(animated: request.animated, updates: { [self] in
            MainActor.assumeIsolated {
                snapshot = request.sections
                view.applyBatch(batch, of: diff)
            }
        }, completion: { [self] finished in
            MainActor.assumeIsolated {
                ending.viewFinished(finished) { self.finish(request, finished: $0) }
            }
        })
        if !batch.itemReconfigurations.isEmpty || !batch.sectionReconfigurations.isEmpty {
            view.reconfigure(items: batch.itemReconfigurations, sections: batch.sectionReconfigurations)
        }
        ending.contentUpdated { finish(request, finished: $0) }
    }

    private func finish(_ request: Request, finished: Bool) {
        batchesInFlight -= 1
        for completion in request.completions { completion(.batch(finished: finished)) }
        resumeIfSettled()
    }
}

/// Calls the completions once both the view's batch completion and the
/// content updates after the batch have happened, whichever comes last (a
/// view may call its completion before `performBatch` returns).
@MainActor
private final class BatchEnding {
    private var finished: Bool?
    private var updated = false
    private var done: ((Bool) -> Void)?

    func viewFinished(_ flag: Bool, then done: @escaping (Bool) -> Void) {
        if updated { done(flag) } else { finished = flag; self.done = done }
    }

    func contentUpdated(then done: (Bool) -> Void) {
        updated = true
        if let finished { done(finished) }
    }
}

extension ListDriver {
    /// Shows the flat list `items` next, as one section; see `apply(_:)`.
    ///
    /// - Complexity: as `apply(_:)`.
    public func apply<Item>(items: [Item], animated: Bool = true, completion: (@MainActor (Outcome) -> Void)? = nil)
    where SectionModel == ListSection<Int, Item> {
        apply([ListSection(id: 0, items: items)], animated: animated, completion: completion)
    }
}
