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
    /// All-ASCII strings are read where they lie, with no copy and no call
    /// per string: lists of strings of at most 8 bytes get exact keys and
    /// are matched as integers are; lists of strings of up to 15 bytes are
    /// compared as 16-byte records (the bytes a small string holds inside
    /// its `String` value, however each string is stored);
    /// other lists are keyed (XXH3 under a seed new each call) and compared
    /// byte for byte by the core. They cost more than integers by reading
    /// every string's bytes once for its key and comparing the bytes of
    /// every matched pair. A list with one non-ASCII string takes the
    /// general path instead (hash values and exact `==`, by canonical
    /// equivalence), several times slower than an ASCII list of the same
    /// size. `./Scripts/bench.sh --scenario random --size 1e3 --element string
    /// --element int --engine listdiff` shows strings beside integers.
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
