import Foundation
import Heckel

/// A serial executor running its jobs on one thread of its own, so a test can
/// tell whether code runs on the actor that uses it. The thread (and so the
/// executor, which it holds) lives for the rest of the process.
final class DedicatedThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var threadID: pthread_t?

    init() {
        let thread = Thread { self.runJobs() }
        thread.start()
    }

    /// Whether the caller runs on this executor's thread.
    var isCurrent: Bool {
        condition.withLock { threadID.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.withLock {
            jobs.append(job)
            condition.signal()
        }
    }

    private func runJobs() {
        condition.withLock { threadID = pthread_self() }
        while true {
            let job: UnownedJob = condition.withLock {
                while jobs.isEmpty { condition.wait() }
                return jobs.removeFirst()
            }
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}

/// An actor on a `DedicatedThreadExecutor`: stands for a caller's actor
/// (such as the main actor of a UI).
actor CallerActor {
    nonisolated let executor = DedicatedThreadExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func asyncDiff(_ old: [Probed], _ new: [Probed]) async throws -> ListDiff {
        try await ListDiff.computed(from: old, to: new)
    }

    /// The key-path form, as a list UI on an actor writes it.
    func asyncIdentifiedDiff(_ old: [Probed], _ new: [Probed]) async throws -> ListDiff {
        try await ListDiff.computed(from: old, to: new, identifiedBy: \.value)
    }

    /// The sectioned key-path form, one section.
    func asyncSectionedDiff(_ old: [Probed], _ new: [Probed]) async throws -> SectionedDiff {
        try await SectionedDiff.computed(from: [ListSection(id: 0, items: old)], to: [ListSection(id: 0, items: new)],
                                         identifiedBy: \.value)
    }

    func syncDiff(_ old: [Probed], _ new: [Probed]) -> ListDiff {
        ListDiff(from: old, to: new)
    }
}
