/// A run of consecutive entries of a `DiffStorage`: what `ListDiff.Offsets`
/// and `ListDiff.Pairs` read (one entry per offset, two per
/// pair), and the internal views of a diff's mapping arrays.
///
/// Invariant: `start >= 0`, `count >= 0`, and `storage` holds at least
/// `start + count` initialized entries, never written again (hence
/// `@unchecked Sendable`). Holding `storage` keeps them alive.
@usableFromInline
struct StoredRun: @unchecked Sendable {
    @usableFromInline let storage: DiffStorage
    @usableFromInline let start: Int
    @usableFromInline let count: Int

    @inlinable
    init(_ storage: DiffStorage, start: Int, count: Int) {
        (self.storage, self.start, self.count) = (storage, start, count)
    }

    /// A run of fresh storage holding `values`, each of which must be an
    /// offset a list can have (`0 ..< ListDiff.maximumCount`).
    @usableFromInline
    init<Values: Collection>(holding values: Values) where Values.Element == Int {
        if values.isEmpty {
            self = Self.empty
            return
        }
        let storage = DiffStorage.make(capacity: values.count, header: DiffHeader(oldCount: 0, newCount: 0))
        var k = 0
        for value in values where k < values.count {
            precondition(value >= 0 && value < ListDiff.maximumCount,
                         "ListDiff: \(value) is not an offset of a list (0 ..< ListDiff.maximumCount)")
            storage.entries[k] = UInt32(truncatingIfNeeded: value)
            k += 1
        }
        precondition(k == values.count, "ListDiff: the collection changed its count while being copied")
        self.init(storage, start: 0, count: k)
    }

    /// A run of fresh storage holding the pairs, two entries each.
    @usableFromInline
    init<Pairs: Collection>(holdingPairs pairs: Pairs, _ offsets: (Pairs.Element) -> (Int, Int)) {
        var flat: [Int] = []
        flat.reserveCapacity(2 * pairs.count)
        for pair in pairs {
            let (first, second) = offsets(pair)
            flat.append(first)
            flat.append(second)
        }
        self.init(holding: flat)
    }

    /// A run of no entries, shared: an empty collection made from a literal
    /// or a collection allocates nothing.
    @usableFromInline
    static let empty = StoredRun(DiffStorage.make(capacity: 0, header: DiffHeader(oldCount: 0, newCount: 0)),
                                 start: 0, count: 0)

    /// The entry at `offset` in the run.
    @inlinable
    subscript(offset: Int) -> Int {
        // The pointer is read from `storage`, which `self` keeps alive.
        Int(storage.entries[start &+ offset])
    }

    /// Runs `body` on the run's entries.
    @inlinable
    func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt32>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withExtendedLifetime(storage) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: storage.entries + start, count: count))
        }
    }

    /// Whether the two runs hold the same entries.
    ///
    /// - Complexity: O(1) when both are the same run of one storage,
    ///   otherwise O(count).
    @inlinable
    func hasSameEntries(as other: StoredRun) -> Bool {
        if count != other.count { return false }
        if storage === other.storage && start == other.start { return true }
        return withUnsafeBufferPointer { mine in
            other.withUnsafeBufferPointer { theirs in mine.elementsEqual(theirs) }
        }
    }

    /// Feeds the entries to `hasher`, count first (as `Array` does).
    @inlinable
    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        withUnsafeBufferPointer { entries in
            for entry in entries { hasher.combine(entry) }
        }
    }

    /// The entries as an array of `UInt32`.
    @usableFromInline
    var array: [UInt32] { withUnsafeBufferPointer { Array($0) } }
}
