import Heckel
import Testing

/// The Swift passes of the `async` identified form (calls of `id`, the
/// comparisons for updates) stop soon after the task is cancelled, not after
/// the whole list.
@Suite struct IdentifiedCancellationTests {
    static let count = 50_000

    @Test func cancelledWhileComputingIdentities() async {
        let counter = CancellingCounter(cancelAt: 10)
        let task = identityCountingDiff(count: Self.count, counter: counter)
        await #expect(throws: CancellationError.self) { try await task.value }
        // Without checks the old list's identities alone take `count` calls.
        #expect(counter.calls >= 10 && counter.calls < Self.count)
    }

    @Test func cancelledWhileComparingForUpdates() async {
        let counter = CancellingCounter(cancelAt: 10)
        let task = comparisonCountingDiff(count: Self.count, counter: counter)
        await #expect(throws: CancellationError.self) { try await task.value }
        // Every pair is matched: without checks, `count` comparisons.
        #expect(counter.calls >= 10 && counter.calls < Self.count)
    }

    /// Not cancelled: the same result as the synchronous form, and every
    /// identity computed once.
    @Test func notCancelledRunsToTheEnd() async throws {
        let counter = CancellingCounter(cancelAt: -1)
        let old = (0..<Self.count).map { CountedRow(id: $0 % 997, title: $0 % 3, counter: counter) }
        let new = old.reversed().map { CountedRow(id: $0.id, title: $0.title % 2, counter: counter) }
        let diff = try await ListDiff.computed(from: old, to: new, identifiedBy: \.id)
        #expect(diff == ListDiff(from: old, to: new, identifiedBy: \.id))
        checkInvariants(diff, old: old, new: new, identity: \.id, same: ==, updatesExpected: true)
    }
}
