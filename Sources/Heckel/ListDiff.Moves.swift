extension ListDiff {
    /// A diff's moves: the matched pairs that changed relative order,
    /// ascending by `to`.
    ///
    /// A random-access collection of `ListDiff.Move` indexed from zero, read
    /// in place from the diff's one block of storage (8 bytes per move):
    /// taking `diff.moves` copies nothing. It compares with array literals
    /// (`diff.moves == [ListDiff.Move(from: 2, to: 0)]`) and prints like an
    /// array; `Array(moves)` makes a `[ListDiff.Move]`.
    public struct Moves: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral,
        CustomStringConvertible {
        /// (from, to) entry pairs.
        @usableFromInline let run: StoredRun

        @inlinable
        init(_ run: StoredRun) { self.run = run }

        /// The given moves, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init(arrayLiteral moves: Move...) { self.init(moves) }

        /// The given moves, in the given order.
        ///
        /// - Precondition: every offset is in `0 ..< ListDiff.maximumCount`.
        /// - Complexity: O(n), one allocation.
        public init<Source: Collection>(_ moves: Source) where Source.Element == Move {
            run = StoredRun(holdingPairs: moves) { ($0.from, $0.to) }
        }

        /// Zero.
        @inlinable public var startIndex: Int { 0 }

        /// The number of moves.
        @inlinable public var endIndex: Int { run.count / 2 }

        /// The move at `position`.
        ///
        /// - Precondition: `0 <= position < count`.
        /// - Complexity: O(1).
        @inlinable
        public subscript(position: Int) -> Move {
            precondition(position >= 0 && position < endIndex, "ListDiff.Moves: index out of range")
            return Move(from: run[2 &* position], to: run[2 &* position &+ 1])
        }

        /// Whether both hold the same moves in the same order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public static func == (lhs: Moves, rhs: Moves) -> Bool { lhs.run.hasSameEntries(as: rhs.run) }

        /// Hashes the moves in order.
        ///
        /// - Complexity: O(n).
        @inlinable
        public func hash(into hasher: inout Hasher) { run.hash(into: &hasher) }

        /// The moves as an array prints them.
        ///
        /// - Complexity: O(n).
        public var description: String { Array(self).description }
    }
}
