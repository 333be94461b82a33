import CHeckel

/// Carries a Swift equality closure through the core's `void *` context.
///
/// Invariant: a pointer to an `EqualityContext` is passed to the core only for
/// the duration of one `heckel_match_keys` call, during which `Core.matchKeys`
/// holds a strong reference to it; the trampoline borrows that reference
/// (`_withUnsafeGuaranteedRef`), so a comparison costs no reference counting.
final class EqualityContext {
    let equal: (Int, Int) -> Bool

    init(equal: @escaping (Int, Int) -> Bool) { self.equal = equal }

    /// The C callback: borrows the context and asks the closure.
    static let trampoline: heckel_equal_fn = { context, oldOffset, newOffset in
        Unmanaged<EqualityContext>.fromOpaque(context.unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.equal(oldOffset, newOffset) }
    }
}
