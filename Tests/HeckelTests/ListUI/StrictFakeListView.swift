#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import Heckel
import HeckelListUI

/// A list view that enforces UIKit's rules and counts what it is asked:
/// batches go through the strict `BatchUpdateSimulator` (under one reload
/// rule), against what the view shows and what the data source holds at that
/// moment, so a batch UIKit would reject, a data source switched outside the
/// batch, content updates inside it or a wrong result all show up in
/// `failures`. Animations end when the test says (`holdsCompletions`).
@MainActor
final class StrictFakeListView: ListDriverView {
    var isInWindow = true
    /// What the data source holds now (the driver's snapshot).
    var dataSource: () -> [SectionedGroup] = { [] }
    let rule: BatchUpdateSimulator.ReloadRule
    /// What the view shows.
    private(set) var shown: [SectionedGroup]
    private(set) var failures: [String] = []
    /// "batch", "animated batch", "reconfigure", "reload", in order.
    private(set) var events: [String] = []
    /// When true, batch completions wait for `endAnimations()`.
    var holdsCompletions = false
    private var heldCompletions: [(Bool) -> Void] = []
    private var insideBatch = false
    private var issued: SectionedDiff.BatchUpdates?
    private var owedReconfigurations: (items: [IndexPath], sections: ListDiff.Offsets)?
    private var batchWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(showing shown: [SectionedGroup], rule: BatchUpdateSimulator.ReloadRule) {
        self.shown = shown
        self.rule = rule
    }

    var batchCount: Int { events.filter { $0.hasSuffix("batch") }.count }
    var reloadCount: Int { events.filter { $0 == "reload" }.count }

    func reloadAllData() {
        if insideBatch { failures.append("reloadData inside a batch") }
        shown = dataSource()
        events.append("reload")
    }

    func performBatch(animated: Bool, updates: @escaping () -> Void, completion: @escaping (Bool) -> Void) {
        if insideBatch { failures.append("nested batch") }
        if owedReconfigurations != nil { failures.append("a batch before the last one's content updates") }
        // UIKit reads the counts before the batch: the data source must still
        // hold what the view shows.
        if dataSource() != shown { failures.append("data source switched before the batch") }
        insideBatch = true
        issued = nil
        updates()
        insideBatch = false
        guard let batch = issued else {
            failures.append("a batch without operations")
            return
        }
        var structural = batch
        structural.itemReconfigurations = []
        structural.sectionReconfigurations = []
        do {
            shown = try BatchUpdateSimulator.apply(structural, to: shown, dataSource: dataSource(), rule: rule)
        } catch {
            failures.append("UIKit would throw: \(error)")
        }
        if !batch.itemReconfigurations.isEmpty || !batch.sectionReconfigurations.isEmpty {
            owedReconfigurations = (batch.itemReconfigurations, batch.sectionReconfigurations)
        }
        events.append(animated ? "animated batch" : "batch")
        let count = batchCount
        batchWaiters.removeAll { waiter in
            if waiter.count <= count { waiter.continuation.resume(); return true }
            return false
        }
        if holdsCompletions { heldCompletions.append(completion) } else { completion(true) }
    }

    func applyBatch(_ batch: SectionedDiff.BatchUpdates, of diff: SectionedDiff) {
        if !insideBatch { failures.append("batch operations outside performBatch") }
        if issued != nil { failures.append("operations issued twice in one batch") }
        issued = batch
    }

    /// A tree's row batch (`OutlineDriver`): checked as any batch.
    func applyBatch(_ batch: SectionedDiff.BatchUpdates) {
        if !insideBatch { failures.append("batch operations outside performBatch") }
        if issued != nil { failures.append("operations issued twice in one batch") }
        issued = batch
    }

    func reconfigure(items: [IndexPath], sections: ListDiff.Offsets) {
        if insideBatch { failures.append("content updates inside the batch") }
        guard let owed = owedReconfigurations, owed.items == items, owed.sections == sections else {
            failures.append("content updates \(items) \(sections) that no batch listed")
            return
        }
        owedReconfigurations = nil
        let source = dataSource()
        for path in items {
            guard shown.indices.contains(path[0]), shown[path[0]].items.indices.contains(path[1]) else {
                failures.append("reconfigure of \(path), which the view does not show")
                continue
            }
            shown[path[0]].items[path[1]] = source[path[0]].items[path[1]]
        }
        for section in sections where shown.indices.contains(section) { shown[section].header = source[section].header }
        events.append("reconfigure")
    }

    /// Ends the held animations: their completions run, in order.
    func endAnimations() {
        let held = heldCompletions
        heldCompletions = []
        for completion in held { completion(true) }
    }

    /// Returns once `count` batches were performed.
    func waitForBatches(_ count: Int) async {
        if batchCount >= count { return }
        await withCheckedContinuation { batchWaiters.append((count, $0)) }
    }
}

/// A differ the test releases call by call: each call parks until
/// `release()`, and records whether its task was cancelled by then.
actor GatedDiffer {
    private(set) var targets: [[SectionedGroup]] = []
    private(set) var sources: [[SectionedGroup]] = []
    private(set) var cancelledWhenReleased: [Bool] = []
    private var parked: [CheckedContinuation<Void, Never>] = []
    private var callWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    nonisolated var differ: ListDriver<SectionedGroup>.Differ {
        { old, new in try await self.diff(old, new) }
    }

    private func diff(_ old: [SectionedGroup], _ new: [SectionedGroup]) async throws -> SectionedDiff {
        sources.append(old)
        targets.append(new)
        let count = targets.count
        callWaiters.removeAll { waiter in
            if waiter.count <= count { waiter.continuation.resume(); return true }
            return false
        }
        await withCheckedContinuation { parked.append($0) }
        cancelledWhenReleased.append(Task.isCancelled)
        try Task.checkCancellation()
        return try SectionedDiff(from: old, to: new, identifiedBy: \.id)
    }

    /// Returns once the differ was called `count` times.
    func waitForCalls(_ count: Int) async {
        if targets.count >= count { return }
        await withCheckedContinuation { callWaiters.append((count, $0)) }
    }

    /// Lets the oldest parked call go on.
    func release() {
        parked.removeFirst().resume()
    }
}

/// The outcomes passed to completions, labelled, in the order they came.
@MainActor
final class OutcomeLog {
    private(set) var entries: [(label: String, outcome: ListDriver<SectionedGroup>.Outcome)] = []
    func completion(_ label: String) -> @MainActor (ListDriver<SectionedGroup>.Outcome) -> Void {
        { self.entries.append((label, $0)) }
    }
    var labels: [String] { entries.map(\.label) }
}
