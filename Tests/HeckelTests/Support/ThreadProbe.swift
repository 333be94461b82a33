import Foundation

/// Counts comparisons, and those made on an executor's thread.
final class ThreadProbe: @unchecked Sendable {
    private let lock = NSLock()
    private let executor: DedicatedThreadExecutor
    private var counts = (all: 0, onExecutor: 0)

    init(executor: DedicatedThreadExecutor) { self.executor = executor }

    var comparisons: Int { lock.withLock { counts.all } }
    var comparisonsOnExecutor: Int { lock.withLock { counts.onExecutor } }
    func record() {
        let onExecutor = executor.isCurrent
        lock.withLock {
            counts.all += 1
            counts.onExecutor += onExecutor ? 1 : 0
        }
    }
}

/// An element whose `==` reports the thread it runs on.
struct Probed: Hashable, Sendable {
    var value: Int
    var probe: ThreadProbe

    static func == (lhs: Probed, rhs: Probed) -> Bool {
        lhs.probe.record()
        return lhs.value == rhs.value
    }

    func hash(into hasher: inout Hasher) { hasher.combine(value) }
}
