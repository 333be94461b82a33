extension ListDiff {
    /// The difference between two lists of `Hashable` elements, matched by
    /// `==`.
    ///
    /// Every value in both lists keeps `min(old count, new count)` matches,
    /// duplicates pairing up in order; the rest of `old` is deleted and the
    /// rest of `new` inserted. `updates` is empty (see
    /// `init(from:to:identifiedBy:)` for updates).
    ///
    /// Integers, `Double`, `Float`, `UUID`, `[UInt8]`, `Data`, and all-ASCII
    /// `String` and `Substring` lists are keyed from their bytes; other types
    /// by their `hashValue`, with `==` deciding every candidate pair.
    ///
    /// All-ASCII strings cost about 2.2x the instructions of integers (10^3
    /// and 10^4 strings of 21 bytes): their bytes are copied and keyed once,
    /// and matched pairs compared byte for byte. A `String` list with one
    /// non-ASCII string takes the general path instead (exact `==`, by
    /// canonical equivalence), after a copy of the bytes that found it out:
    /// about 7x the instructions of an ASCII list of the same size.
    ///
    /// - Parameters:
    ///   - old: The list before the change.
    ///   - new: The list after the change.
    ///   - options: Threads and order handling; see `ListDiff.Options`.
    /// - Precondition: neither list has more than `ListDiff.maximumCount`
    ///   elements. Running out of memory traps, as it does in the standard
    ///   library; the `async` form `ListDiff.computed(from:to:)` throws instead.
    /// - Complexity: O(n) expected, n = old count + new count, plus
    ///   O(m log m) for the m matched pairs when they are out of order (none
    ///   with `options.ignoresOrder`); O(n^2) `==` calls at worst when many
    ///   unequal elements share a hash value.
    @inlinable
    public init<Old: Collection, New: Collection>(from old: Old, to new: New, options: Options = Options())
    where Old.Element == New.Element, Old.Element: Hashable {
        do {
            self = try Self.matched(from: old, to: new, options: options, cancel: nil)
        } catch {
            error.trap()
        }
    }

    /// The work of `init(from:to:)` and `computed(from:to:)`; with `cancel`,
    /// the core stops when the flag is raised.
    @inlinable
    static func matched<Old: Collection, New: Collection>(
        from old: Old, to new: New, options: Options, cancel: CancelFlag?
    ) throws(CoreFailure) -> ListDiff where Old.Element == New.Element, Old.Element: Hashable {
        ListDiff(mapping: try Matcher.match(old, new, options: options, cancel: cancel), updates: [])
    }
}
