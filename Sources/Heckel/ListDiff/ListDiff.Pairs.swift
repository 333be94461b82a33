extension ListDiff {
    /// A diff's moves or updates: matched pairs of offsets, ascending by
    /// `new`.
    ///
    /// A random-access collection of `ListDiff.Pair` indexed from zero, read
    /// in place from the diff's one block of storage (8 bytes per pair):
    /// taking `diff.moves` or `diff.updates` copies nothing. It compares with
    /// array literals (`diff.moves == [ListDiff.Pair(old: 2, new: 0)]`) and
    /// prints like an array; `Array(pairs)` makes a `[ListDiff.Pair]`.
    public struct Pairs: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible {
        /// (old, new) entry pairs.
        @usableFromInline let run: StoredRun

        @inlinable
        init(_ run: StoredRun) { self.run = run }

        /// The given pairs, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init(arrayLiteral pairs: Pair...) { self.init(pairs) }

        /// The given pairs, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init<Source: Collection>(_ pairs: Source) where Source.Element == Pair {
            run = StoredRun(holdingPairs: pairs) { ($0.old, $0.new) }
        }

        /// Zero.
        ///
        /// - Complexity: O(1).
        @inlinable public var startIndex: Int { 0 }

        /// The number of pairs.
        ///
        /// - Complexity: O(1).
        @inlinable public var endIndex: Int { run.count / 2 }

        /// The pair at `position`.
        ///
        /// - Precondition: `0 <= position < count`.
        /// - Complexity: O(1).
        @inlinable
        public subscript(position: Int) -> Pair {
            precondition(position >= 0 && position < endIndex, "ListDiff.Pairs: index out of range")
            return Pair(old: run[2 &* position], new: run[2 &* position &+ 1])
        }

        /// Whether both hold the same pairs in the same order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public static func == (lhs: Pairs, rhs: Pairs) -> Bool { lhs.run.hasSameEntries(as: rhs.run) }

        /// Hashes the pairs in order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public func hash(into hasher: inout Hasher) { run.hash(into: &hasher) }

        /// The pairs as an array prints them.
        ///
        /// - Complexity: O(n).
        public var description: String { Array(self).description }
    }
}
