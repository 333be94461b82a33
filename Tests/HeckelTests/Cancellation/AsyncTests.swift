import Foundation
@testable import Heckel
import Testing

/// The `async` forms: same results, and `CancellationError` on cancellation.
@Suite struct AsyncTests {
    @Test func sameResultAsSynchronous() async throws {
        var random = RandomListPairs(seed: 61)
        for _ in 0..<50 {
            let (old, new) = random.pair(distinct: 20, largest: 2000)
            let diff = try await ListDiff.computed(from: old, to: new)
            #expect(diff == ListDiff(from: old, to: new))
            let rows = old.map { Row(id: $0, title: "\($0 % 3)") }, newRows = new.map { Row(id: $0, title: "\($0 % 4)") }
            let identified = try await ListDiff.computed(from: rows, to: newRows, identifiedBy: \.id)
            #expect(identified == ListDiff(from: rows, to: newRows, identifiedBy: \.id))
        }
    }

    /// Called from an actor, the async form compares elements elsewhere (the
    /// synchronous one, as a control, on the actor).
    @Test func runsOffTheCallersActor() async throws {
        let actor = CallerActor()
        let onActor = ThreadProbe(executor: actor.executor)
        let old = (0..<200).map { Probed(value: $0 % 50, probe: onActor) }
        let new = (0..<200).reversed().map { Probed(value: $0 % 60, probe: onActor) }
        let asyncProbe = ThreadProbe(executor: actor.executor)
        let asyncOld = old.map { Probed(value: $0.value, probe: asyncProbe) }
        let asyncNew = new.map { Probed(value: $0.value, probe: asyncProbe) }
        let asyncDiff = try await actor.asyncDiff(asyncOld, asyncNew)
        let syncDiff = await actor.syncDiff(old, new)
        #expect(asyncDiff == syncDiff)
        #expect(asyncProbe.comparisons > 0 && asyncProbe.comparisonsOnExecutor == 0)
        #expect(onActor.comparisonsOnExecutor > 0)
    }

    /// `ListDiff.computed(from:to:identifiedBy: \.value)` and
    /// `SectionedDiff`'s on `Sendable` lists take the off-actor overloads (a
    /// key-path literal once picked the on-actor ones, which ran the diff on
    /// the caller's actor): the records' `==` never runs on its executor.
    @Test func keyPathFormRunsOffTheCallersActor() async throws {
        let actor = CallerActor()
        let probe = ThreadProbe(executor: actor.executor)
        let old = (0..<200).map { Probed(value: $0, probe: probe) }
        let new = (0..<200).reversed().map { Probed(value: $0 % 150, probe: probe) }
        let diff = try await actor.asyncIdentifiedDiff(old, new)
        #expect(diff == ListDiff(from: old, to: new, identifiedBy: { $0.value }))
        checkInvariants(diff, old: old, new: new, identity: { $0.value }, same: ==)
        #expect(probe.comparisons > 0 && probe.comparisonsOnExecutor == 0)

        let sectionProbe = ThreadProbe(executor: actor.executor)
        let oldRows = old.map { Probed(value: $0.value, probe: sectionProbe) }
        let newRows = new.map { Probed(value: $0.value, probe: sectionProbe) }
        let sectioned = try await actor.asyncSectionedDiff(oldRows, newRows)
        #expect(try sectioned == SectionedDiff(from: [ListSection(id: 0, items: oldRows)], to: [ListSection(id: 0, items: newRows)],
                                           identifiedBy: { $0.value }))
        #expect(sectionProbe.comparisons > 0 && sectionProbe.comparisonsOnExecutor == 0)
    }

    @Test func cancelledBeforeRunning() async {
        let task = Task { () async throws -> ListDiff in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await ListDiff.computed(from: Array(0..<10_000), to: Array(5..<10_005))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test func identifiedCancelledBeforeRunning() async {
        let task = Task { () async throws -> ListDiff in
            withUnsafeCurrentTask { $0?.cancel() }
            return try await ListDiff.computed(from: ["a", "b"], to: ["b"], identifiedBy: { $0 })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    /// Cancelled while the core is inside an equality callback: the core
    /// sees the raised flag at its next poll and stops. The task is cancelled
    /// before the gate lets the callback return, so the order is fixed; each
    /// wait is bounded (`GateProbe.patience`) and fails with a message.
    @Test func cancelledWhileRunning() async throws {
        let probe = GateProbe()
        let count = 100_000
        let old = [Gated(value: -1, probe: probe)] + (1...count).map { Gated(value: $0, probe: probe) }
        let new = [Gated(value: -1, probe: probe)] + (1...count).reversed().map { Gated(value: $0, probe: probe) }
        let task = Task { try await ListDiff.computed(from: old, to: new) }
        let arrived = await probe.waitForArrival()
        #expect(arrived, "the diff never compared the gate within \(GateProbe.patience) s")
        task.cancel()
        probe.release()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    struct IdentityFailure: Error {}

    @Test func identityErrorsPassThrough() async {
        await #expect(throws: IdentityFailure.self) {
            _ = try await ListDiff.computed(from: [1, 2, 3], to: [3], identifiedBy: { (value: Int) throws -> Int in
                if value == 3 { throw IdentityFailure() }
                return value
            })
        }
    }

    /// The core's own flag, without a task: a raised flag stops the call.
    @Test func raisedFlagStopsTheCore() {
        let flag = CancelFlag()
        flag.raise()
        do {
            _ = try Matcher.match(Array(0..<10_000), Array((0..<10_000).reversed()), options: .init(), cancel: flag)
            Issue.record("expected a cancelled match")
        } catch {
            guard case .cancelled = error else { Issue.record("unexpected \(error)"); return }
        }
    }

    @Test func tooLargeIsReportedBeforeAnyWork() {
        do {
            try Core.checkCounts(ListDiff.maximumCount + 1, 0)
            Issue.record("expected tooLarge")
        } catch {
            guard case .tooLarge(let count) = error else { Issue.record("unexpected \(error)"); return }
            #expect(count == ListDiff.maximumCount + 1)
        }
        #expect(throws: Never.self) { try Core.checkCounts(ListDiff.maximumCount, 0) }
    }
}
