import CHeckel

/// A cancel flag the C core polls, shared between the task running a diff
/// and its cancellation handler.
///
/// Invariants: `pointer` is allocated and initialized in `init`, written only
/// through `heckel_cancel` (an atomic store) and read only by the core
/// (relaxed atomic loads), and freed in `deinit`, after every
/// closure holding the flag is gone. That makes concurrent use sound, hence
/// `@unchecked Sendable`.
@usableFromInline
final class CancelFlag: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Int32>

    @usableFromInline
    init() {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: 0)
    }

    deinit { pointer.deallocate() }

    /// Raises the flag; safe from any thread.
    @usableFromInline
    func raise() { heckel_cancel(pointer) }

    /// How many elements a Swift pass (keys, identities, updates) handles
    /// between two polls: often enough to stop within a fraction of a
    /// millisecond, rarely enough to cost nothing measurable. A power of two.
    @usableFromInline
    static let pollInterval = 4096

    /// Whether `offset` is a polling point of a Swift pass and the diff was
    /// cancelled. The flag is raised by the running task's cancellation
    /// handler, so the task's own state answers, without a racy read of the
    /// flag; with no flag (the synchronous API) nothing is asked.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func isCancelled(_ flag: CancelFlag?, at offset: Int) -> Bool {
        offset & (pollInterval &- 1) == 0 && flag != nil && Task.isCancelled
    }

    /// Throws `CoreFailure.cancelled` where `isCancelled(_:at:)` is true.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func poll(_ flag: CancelFlag?, at offset: Int) throws(CoreFailure) {
        if isCancelled(flag, at: offset) { throw .cancelled }
    }
}
