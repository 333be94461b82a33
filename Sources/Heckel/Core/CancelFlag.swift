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
}
