// Compiled in Swift 6 language mode (Package.swift): these calls would not
// compile if the async API sent non-Sendable lists off their actor.
import Foundation
import Heckel
import Testing

/// A row that may not leave its actor: a class, not Sendable. Its `==`
/// reports whether it runs on the actor's executor.
final class Row: Hashable {
    let id: Int
    var text: String
    let probe: ThreadProbe
    init(_ id: Int, _ text: String = "", probe: ThreadProbe) { self.id = id; self.text = text; self.probe = probe }
    static func == (a: Row, b: Row) -> Bool { a.probe.record(); return a.id == b.id && a.text == b.text }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// An actor that diffs rows it owns: the example, verbatim.
actor RowStore {
    nonisolated let executor: DedicatedThreadExecutor
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    var rows: [Row]
    var identityCalls = 0
    let probe: ThreadProbe

    init(ids: [Int]) {
        let executor = DedicatedThreadExecutor()
        let probe = ThreadProbe(executor: executor)
        self.executor = executor
        self.probe = probe
        rows = ids.map { Row($0, probe: probe) }
    }

    /// The next rows, made on the actor (non-Sendable: they never leave it).
    func rows(_ ids: [Int]) -> [Row] { ids.map { Row($0, probe: probe) } }

    /// Sendable rows diffed from this actor: they leave it.
    func sendableDiff(_ old: [Probed], _ new: [Probed]) async throws -> ListDiff {
        try await ListDiff.computed(from: old, to: new)
    }

    func diff(to ids: [Int]) async throws -> ListDiff {
        let next = rows(ids)
        return try await ListDiff.computed(from: rows, to: next)
    }

    /// The identity closure mutates actor state: it compiles only because it
    /// runs on this actor.
    func identifiedDiff(to ids: [Int]) async throws -> ListDiff {
        let next = rows(ids)
        return try await ListDiff.computed(from: rows, to: next, identifiedBy: { row in
            self.identityCalls += 1
            return row.id
        })
    }

    func sectionedDiff(to ids: [Int]) async throws -> SectionedDiff {
        let next = rows(ids)
        let old = [ListSection(id: "all", items: rows)], new = [ListSection(id: "all", items: next)]
        return try await SectionedDiff.computed(from: old, to: new, identifiedBy: { row in
            self.identityCalls += 1
            return row.id
        })
    }
}

@Suite("Async diffs called from actors (Swift 6 language mode)")
struct ActorIsolationTests {
    @Test("non-Sendable rows are diffed on the caller's actor, and the results are right")
    func nonSendableOnActor() async throws {
        let store = RowStore(ids: [1, 2, 3, 4])
        let next = [4, 1, 2, 5]
        let diff = try await store.diff(to: next)
        #expect(diff.deletions == [2] && diff.insertions == [3] && diff.moves.count == 1)
        let identified = try await store.identifiedDiff(to: next)
        #expect(identified.deletions == [2] && identified.insertions == [3])
        #expect(await store.identityCalls == 8)
        let sectioned = try await store.sectionedDiff(to: next)
        #expect(sectioned.itemDeletions == [[0, 2]] && sectioned.itemInsertions == [[0, 3]] && sectioned.itemMoves.count == 1)
        #expect(await store.identityCalls == 16)
    }

    @Test("non-Sendable rows compare on the caller's actor, Sendable rows off it")
    func whereItRuns() async throws {
        let store = RowStore(ids: Array(0..<50))
        let diff = try await store.diff(to: Array((0..<50).reversed()))
        #expect(diff.moves.count == 49)
        #expect(store.probe.comparisons > 0 && store.probe.comparisonsOnExecutor == store.probe.comparisons)

        let probe = ThreadProbe(executor: store.executor)
        let old = (0..<50).map { Probed(value: $0, probe: probe) }
        let offActor = try await store.sendableDiff(old, old.reversed())
        #expect(offActor.moves.count == 49)
        #expect(probe.comparisons > 0 && probe.comparisonsOnExecutor == 0)
    }

    @MainActor
    @Test("a diff on the caller's actor is still cancellable")
    func cancellableOnActor() async throws {
        let probe = ThreadProbe(executor: DedicatedThreadExecutor())
        let old = (0..<20_000).map { Row($0, probe: probe) }, new = Array(old.reversed())
        let task = Task { @MainActor in
            try await ListDiff.computed(from: old, to: new, identifiedBy: { row in
                // Cancel the running task itself, mid-pass: the next checkpoint throws.
                if row.id == 100 { withUnsafeCurrentTask { $0?.cancel() } }
                return row.id
            })
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        let sectionedTask = Task { @MainActor in
            try await SectionedDiff.computed(from: [ListSection(id: 0, items: old)], to: [ListSection(id: 0, items: new)],
                                             identifiedBy: { row in
                if row.id == 100 { withUnsafeCurrentTask { $0?.cancel() } }
                return row.id
            })
        }
        await #expect(throws: CancellationError.self) { try await sectionedTask.value }
    }
}
