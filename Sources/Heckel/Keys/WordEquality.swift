import CHeckel

/// Equality of two lists of 64-bit words for the core's `heckel_equal_fn`,
/// with no Swift closure between the core and the comparison: the context
/// points to a `Sides`, the two lists' first words.
///
/// Why this agrees with `==` for the 8-byte integers of `IntegerKeys`: such
/// an integer is exactly its 8 bytes, so two are `==` exactly when their
/// words are equal.
///
/// Invariant: the `Sides` and both lists outlive the core call the context
/// is passed to, and every offset the core asks about lies in its list.
@usableFromInline
enum WordEquality {
    /// The first words of the old and the new list.
    @usableFromInline
    struct Sides {
        @usableFromInline var old: UnsafeRawPointer
        @usableFromInline var new: UnsafeRawPointer

        @inlinable
        init(old: UnsafeRawPointer, new: UnsafeRawPointer) {
            self.old = old
            self.new = new
        }
    }

    /// The C callback: old word `oldOffset` equals new word `newOffset`.
    @usableFromInline
    static let equal: heckel_equal_fn = { context, oldOffset, newOffset in
        let sides = context.unsafelyUnwrapped.assumingMemoryBound(to: Sides.self)
        return sides.pointee.old.load(fromByteOffset: oldOffset &* 8, as: UInt64.self)
            == sides.pointee.new.load(fromByteOffset: newOffset &* 8, as: UInt64.self)
    }
}
