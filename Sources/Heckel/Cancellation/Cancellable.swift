/// Runs diff work off the caller's actor, with a cancel flag wired to the
/// current task.
@usableFromInline
enum Cancellable {
    #if compiler(>=6.2)
    /// Runs `body` on the global concurrent executor (`@concurrent`, whatever
    /// the caller's isolation) with a flag that the task's cancellation
    /// raises; see `runHere`.
    @inlinable @concurrent
    static func run<Result>(_ body: (CancelFlag) throws -> Result) async throws -> Result {
        try await runHere(body)
    }
    #else
    /// Runs `body` with a flag that the task's cancellation raises; a
    /// nonisolated `async` function, so on the global concurrent executor.
    @inlinable
    static func run<Result>(_ body: (CancelFlag) throws -> Result) async throws -> Result {
        try await runHere(body)
    }
    #endif

    /// Runs `body` with a flag that the task's cancellation raises, and turns
    /// core failures into the errors the `async` API documents:
    /// `CancellationError` and `ListDiff.Error`. Other errors `body` throws
    /// pass through. A task cancelled at any point before this returns gets
    /// `CancellationError`, never a result. `body` runs on `isolation` (the
    /// caller's actor, or the global executor when `nil`), so non-`Sendable`
    /// input never leaves it.
    @inlinable
    static func runHere<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: (CancelFlag) throws -> Result
    ) async throws -> Result {
        try Task.checkCancellation()
        let flag = CancelFlag()
        let outcome = await withTaskCancellationHandler {
            // Capturing `isolation` keeps this closure on that actor.
            _ = isolation
            return Swift.Result { try body(flag) }
        } onCancel: {
            flag.raise()
        }
        do {
            let result = try outcome.get()
            // A cancel that landed after the core's last poll (or in Swift
            // work after it) still wins: the caller asked for no result.
            try Task.checkCancellation()
            return result
        } catch let failure as CoreFailure {
            switch failure {
            case .cancelled: throw CancellationError()
            case .tooLarge(let count): throw ListDiff.Error.tooLarge(count: count)
            case .outOfMemory: throw ListDiff.Error.outOfMemory
            }
        }
    }
}
