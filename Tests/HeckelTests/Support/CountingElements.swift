import Foundation
import Heckel

/// Counts calls and cancels the current task at call number `cancelAt`.
final class CancellingCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    let cancelAt: Int

    init(cancelAt: Int) { self.cancelAt = cancelAt }

    var calls: Int { lock.withLock { count } }

    func call() {
        let reached = lock.withLock { () -> Bool in
            count += 1
            return count == cancelAt
        }
        if reached { withUnsafeCurrentTask { $0?.cancel() } }
    }
}

/// An element whose `==` goes through a `CancellingCounter`.
struct CountedRow: Equatable, Sendable {
    var id: Int
    var title: Int
    var counter: CancellingCounter

    static func == (lhs: CountedRow, rhs: CountedRow) -> Bool {
        lhs.counter.call()
        return lhs.id == rhs.id && lhs.title == rhs.title
    }
}

/// An element whose `hash(into:)` and `==` go through a `CancellingCounter`:
/// hashing and comparing are the Swift work of the general key scheme.
struct CountedValue: Hashable, Sendable {
    var value: Int
    var hashes: CancellingCounter
    var comparisons: CancellingCounter

    static func == (lhs: CountedValue, rhs: CountedValue) -> Bool {
        lhs.comparisons.call()
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) {
        hashes.call()
        hasher.combine(value)
    }
}

/// The `async` identified diff of `0..<count` against its reverse, started
/// in a task, whose identity closure calls `counter` (2 * `count` calls when
/// it runs to the end).
func identityCountingDiff(count: Int, counter: CancellingCounter) -> Task<ListDiff, any Error> {
    let old = Array(0..<count), new = Array((0..<count).reversed())
    return Task {
        try await ListDiff.computed(from: old, to: new, identifiedBy: { (value: Int) -> Int in
            counter.call()
            return value
        })
    }
}

/// The `async` identified diff of `count` rows, every one matched and every
/// other one updated, started in a task; the rows' `==` calls `counter`
/// (`count` comparisons for updates when it runs to the end).
func comparisonCountingDiff(count: Int, counter: CancellingCounter) -> Task<ListDiff, any Error> {
    let old = (0..<count).map { CountedRow(id: $0, title: 0, counter: counter) }
    let new = (0..<count).map { CountedRow(id: $0, title: $0 % 2, counter: counter) }
    return Task { try await ListDiff.computed(from: old, to: new, identifiedBy: \.id) }
}
