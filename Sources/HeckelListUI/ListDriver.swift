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
///   that repeated diffs of similar sizes allocate (as a rule) nothing in
///   the core.
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
    public typealias Outcome = ListDriverOutcome

    /// Why a snapshot was shown by a full reload.
    public typealias ReloadReason = ListDriverReloadReason

    /// The snapshot the view shows (or is animating to): what the data
    /// source must read.
    ///
    /// - Complexity: O(1).
    public var snapshot: [SectionModel] { scheduler.snapshot }
    /// The settings in force.
    ///
    /// - Complexity: O(1).
    public var configuration: Configuration
    private let view: any ListDriverView
    private let scheduler: DriverScheduler<[SectionModel], SectionedDiff>

    /// A driver of `view` starting from `snapshot` (what the view shows at
    /// first), diffing with `differ`.
    ///
    /// - Complexity: O(1).
    public init(view: some ListDriverView, snapshot: [SectionModel] = [], configuration: Configuration = .init(),
                differ: @escaping Differ) {
        self.view = view
        self.configuration = configuration
        scheduler = DriverScheduler(snapshot: snapshot, isInWindow: { [view] in view.isInWindow },
                                    reloadView: { [view] in view.reloadAllData() }, differ: differ)
        scheduler.show = { [weak self] diff, request in self?.show(diff, for: request) }
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
        scheduler.submit(sections, animated: animated, completion: completion)
    }

    /// Returns once every snapshot given so far is on screen and the view's
    /// batch completions have run.
    ///
    /// - Complexity: O(1) besides the wait.
    public func settled() async { await scheduler.settled() }

    /// Applies one diff: the batch with the snapshot switched inside it, the
    /// content updates after it, the completions when the view is done.
    private func show(_ diff: SectionedDiff, for request: DriverScheduler<[SectionModel], SectionedDiff>.Request) {
        let batch = diff.batchUpdates(style: configuration.style)
        if batch.isEmpty {
            scheduler.unchanged(request)
            return
        }
        if batch.operationCount > configuration.fullReloadThreshold || !view.isInWindow {
            let reason: ReloadReason = view.isInWindow ? .aboveThreshold(operations: batch.operationCount) : .notInWindow
            scheduler.reload(request, reason: reason)
            return
        }
        scheduler.batchStarted()
        let ending = BatchEnding()
        view.performBatch(animated: request.animated, updates: { [self] in
            MainActor.assumeIsolated {
                scheduler.switchSnapshot(to: request)
                view.applyBatch(batch, of: diff)
            }
        }, completion: { [self] finished in
            MainActor.assumeIsolated {
                ending.viewFinished(finished) { self.scheduler.batchEnded(request, finished: $0) }
            }
        })
        if !batch.itemReconfigurations.isEmpty || !batch.sectionReconfigurations.isEmpty {
            view.reconfigure(items: batch.itemReconfigurations, sections: batch.sectionReconfigurations)
        }
        ending.contentUpdated { scheduler.batchEnded(request, finished: $0) }
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
