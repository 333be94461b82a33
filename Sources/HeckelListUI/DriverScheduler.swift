import Heckel

/// The scheduling every driver shares (`ListDriver`, `OutlineDriver`): it
/// holds the snapshot on screen, diffs each new one off the main actor,
/// cancels a diff that a newer snapshot made stale, coalesces snapshots
/// that arrive while one is diffed (the newest wins; the completions of
/// those it superseded are called with its outcome, oldest first), applies
/// in order, and reloads the view whole when it is not in a window or the
/// diff throws. The owner decides how a finished diff reaches the view
/// (`show`): a batch (`batchStarted`, `switchSnapshot`, `batchEnded`), a
/// reload (`reload`), or nothing (`unchanged`).
@MainActor
final class DriverScheduler<Snapshot: Sendable, Change: Sendable> {
    typealias Completion = @MainActor (ListDriverOutcome) -> Void

    /// A snapshot waiting to be shown, with the completions that wait for it.
    struct Request {
        var snapshot: Snapshot
        var animated: Bool
        var completions: [Completion]
    }

    /// The snapshot the view shows (or is animating to).
    private(set) var snapshot: Snapshot
    private let differ: @Sendable (Snapshot, Snapshot) async throws -> Change
    private let isInWindow: @MainActor () -> Bool
    private let reloadView: @MainActor () -> Void
    /// Shows one finished diff; set by the owner (weakly holding itself).
    var show: (@MainActor (Change, Request) -> Void)?
    private var pending: Request?
    private var worker: Task<Void, Never>?
    private var diffTask: Task<Change, any Error>?
    private var batchesInFlight = 0
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []
    /// The C core's scratch, kept from one diff to the next: a driver diffs
    /// over and over, snapshots of about one size, so after the first diff
    /// the core allocates (as a rule) nothing and touches no fresh page
    /// (`ListDiff.Workspace`). Every diff of `differ` uses it.
    private let workspace = ListDiff.Workspace()

    init(snapshot: Snapshot, isInWindow: @escaping @MainActor () -> Bool, reloadView: @escaping @MainActor () -> Void,
         differ: @escaping @Sendable (Snapshot, Snapshot) async throws -> Change) {
        self.snapshot = snapshot
        self.isInWindow = isInWindow
        self.reloadView = reloadView
        self.differ = differ
    }

    /// Queues `snapshot`: it supersedes a pending one and cancels the diff
    /// under way, whose target is stale now.
    func submit(_ snapshot: Snapshot, animated: Bool, completion: Completion?) {
        var request = Request(snapshot: snapshot, animated: animated, completions: completion.map { [$0] } ?? [])
        if let superseded = pending { request.completions = superseded.completions + request.completions }
        pending = request
        diffTask?.cancel()
        if worker == nil { worker = Task { await self.drain() } }
    }

    /// Returns once every snapshot submitted is on screen and the view's
    /// batch completions have run.
    func settled() async {
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

    /// Diffs and shows pending snapshots one at a time, newest first.
    private func drain() async {
        while let request = pending {
            pending = nil
            guard isInWindow() else {
                reload(request, reason: .notInWindow)
                continue
            }
            let old = snapshot, new = request.snapshot, differ = differ, workspace = workspace
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
            case .success(let change): show?(change, request)
            case .failure(let error): reload(request, reason: .diffFailed(String(describing: error)))
            }
        }
        worker = nil
        resumeIfSettled()
    }

    /// Shows `request` by a full reload.
    func reload(_ request: Request, reason: ListDriverReloadReason) {
        snapshot = request.snapshot
        reloadView()
        for completion in request.completions { completion(.reload(reason)) }
    }

    /// Takes `request`'s snapshot, which shows nothing new.
    func unchanged(_ request: Request) {
        snapshot = request.snapshot // equal identities and content; other fields may differ
        for completion in request.completions { completion(.unchanged) }
    }

    /// A batch for `request` begins: `settled()` waits for its end.
    func batchStarted() { batchesInFlight += 1 }

    /// Switches to `request`'s snapshot: called inside the batch.
    func switchSnapshot(to request: Request) { snapshot = request.snapshot }

    /// The batch for `request` ended (the view's completion and the content
    /// updates after it both happened).
    func batchEnded(_ request: Request, finished: Bool) {
        batchesInFlight -= 1
        for completion in request.completions { completion(.batch(finished: finished)) }
        resumeIfSettled()
    }
}

/// Calls the completions once both the view's batch completion and the
/// content updates after the batch have happened, whichever comes last (a
/// view may call its completion before `performBatch` returns).
@MainActor
final class BatchEnding {
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
