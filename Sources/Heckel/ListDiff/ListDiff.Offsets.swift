extension ListDiff {
    /// Offsets in one list, ascending: a diff's `deletions` (old offsets) or
    /// `insertions` (new offsets).
    ///
    /// A random-access collection of `Int` indexed from zero, read in place
    /// from the diff's one block of storage (4 bytes per offset): taking
    /// `diff.deletions` copies nothing. It compares with array literals
    /// (`diff.deletions == [1, 3]`) and prints like an array; `Array(offsets)`
    /// makes an `[Int]`.
    public struct Offsets: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible {
        @usableFromInline let run: StoredRun

        @inlinable
        init(_ run: StoredRun) { self.run = run }

        /// The given offsets, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init(arrayLiteral offsets: Int...) { run = StoredRun(holding: offsets) }

        /// The given offsets, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init<Source: Collection>(_ offsets: Source) where Source.Element == Int {
            run = StoredRun(holding: offsets)
        }

        /// Zero.
        ///
        /// - Complexity: O(1).
        @inlinable public var startIndex: Int { 0 }

        /// The number of offsets.
        ///
        /// - Complexity: O(1).
        @inlinable public var endIndex: Int { run.count }

        /// The offset at `position`.
        ///
        /// - Precondition: `0 <= position < count`.
        /// - Complexity: O(1).
        @inlinable
        public subscript(position: Int) -> Int {
            precondition(position >= 0 && position < run.count, "ListDiff.Offsets: index out of range")
            return run[position]
        }

        /// Whether both hold the same offsets in the same order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public static func == (lhs: Offsets, rhs: Offsets) -> Bool { lhs.run.hasSameEntries(as: rhs.run) }

        /// Hashes the offsets in order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public func hash(into hasher: inout Hasher) { run.hash(into: &hasher) }

        /// The offsets as an array prints them, such as `[1, 3]`.
        ///
        /// - Complexity: O(n).
        public var description: String { Array(self).description }
    }
}
