extension ListDiff {
    /// A diff's updates: the matched pairs whose elements share an identity
    /// but are not `==`, ascending by `new`.
    ///
    /// A random-access collection of `ListDiff.Update` indexed from zero, read
    /// in place from one block of storage (8 bytes per update): taking
    /// `diff.updates` copies nothing. It compares with array literals
    /// (`diff.updates == [ListDiff.Update(old: 0, new: 1)]`) and prints like
    /// an array; `Array(updates)` makes a `[ListDiff.Update]`.
    public struct Updates: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible {
        /// (old, new) entry pairs.
        @usableFromInline let run: StoredRun

        @inlinable
        init(_ run: StoredRun) { self.run = run }

        /// The given updates, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init(arrayLiteral updates: Update...) { self.init(updates) }

        /// The given updates, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init<Source: Collection>(_ updates: Source) where Source.Element == Update {
            run = StoredRun(holdingPairs: updates) { ($0.old, $0.new) }
        }

        /// Zero.
        @inlinable public var startIndex: Int { 0 }

        /// The number of updates.
        @inlinable public var endIndex: Int { run.count / 2 }

        /// The update at `position`.
        ///
        /// - Precondition: `0 <= position < count`.
        /// - Complexity: O(1).
        @inlinable
        public subscript(position: Int) -> Update {
            precondition(position >= 0 && position < endIndex, "ListDiff.Updates: index out of range")
            return Update(old: run[2 &* position], new: run[2 &* position &+ 1])
        }

        /// Whether both hold the same updates in the same order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public static func == (lhs: Updates, rhs: Updates) -> Bool { lhs.run.hasSameEntries(as: rhs.run) }

        /// Hashes the updates in order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public func hash(into hasher: inout Hasher) { run.hash(into: &hasher) }

        /// The updates as an array prints them.
        ///
        /// - Complexity: O(n).
        public var description: String { Array(self).description }
    }
}
