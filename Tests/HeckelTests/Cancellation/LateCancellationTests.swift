import Heckel
import Testing

/// A cancel that lands at the last piece of Swift work of an `async` diff, past
/// every poll of the Swift passes, still ends in `CancellationError`: the work
/// after it (the core, or nothing) checks before returning a result. Each test
/// first runs uncancelled to count the calls, then cancels at the last one.
@Suite struct LateCancellationTests {
    static let count = 20_000

    static func values(_ range: [Int], hashes: CancellingCounter, comparisons: CancellingCounter) -> [CountedValue] {
        range.map { CountedValue(value: $0 % 5_000, hashes: hashes, comparisons: comparisons) }
    }

    /// Counts the calls an uncancelled diff makes, checks its result, and
    /// returns the count.
    static func callsOfUncancelledDiff(counting which: (CountedValue) -> CancellingCounter) async throws -> Int {
        let hashes = CancellingCounter(cancelAt: -1), comparisons = CancellingCounter(cancelAt: -1)
        let old = values(Array(0..<count), hashes: hashes, comparisons: comparisons)
        let new = values(Array((0..<count).reversed()), hashes: hashes, comparisons: comparisons)
        let diff = try await ListDiff.computed(from: old, to: new)
        let calls = which(old[0]).calls
        checkInvariants(diff, old: old, new: new)
        return calls
    }

    @Test func cancelAtTheLastKey() async throws {
        let calls = try await Self.callsOfUncancelledDiff { $0.hashes }
        #expect(calls == 2 * Self.count)
        let hashes = CancellingCounter(cancelAt: calls), comparisons = CancellingCounter(cancelAt: -1)
        let old = Self.values(Array(0..<Self.count), hashes: hashes, comparisons: comparisons)
        let new = Self.values(Array((0..<Self.count).reversed()), hashes: hashes, comparisons: comparisons)
        let task = Task { try await ListDiff.computed(from: old, to: new) }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(hashes.calls == calls)
    }

    @Test func cancelAtTheLastEqualityCallback() async throws {
        let calls = try await Self.callsOfUncancelledDiff { $0.comparisons }
        #expect(calls >= Self.count)
        let hashes = CancellingCounter(cancelAt: -1), comparisons = CancellingCounter(cancelAt: calls)
        let old = Self.values(Array(0..<Self.count), hashes: hashes, comparisons: comparisons)
        let new = Self.values(Array((0..<Self.count).reversed()), hashes: hashes, comparisons: comparisons)
        let task = Task { try await ListDiff.computed(from: old, to: new) }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(comparisons.calls == calls)
    }

    /// The identities of `identifiedBy:` are keys computed in Swift: a cancel
    /// in the very last call of `id` stops the diff.
    @Test func cancelAtTheLastIdentity() async {
        let counter = CancellingCounter(cancelAt: 2 * Self.count)
        let task = identityCountingDiff(count: Self.count, counter: counter)
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(counter.calls == 2 * Self.count)
    }

    /// The last comparison for updates is the diff's last Swift call: only the
    /// check before returning can see that cancel.
    @Test func cancelAtTheLastUpdateComparison() async {
        let counter = CancellingCounter(cancelAt: Self.count)
        let task = comparisonCountingDiff(count: Self.count, counter: counter)
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(counter.calls == Self.count)
    }
}
