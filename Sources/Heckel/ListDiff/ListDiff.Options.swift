extension ListDiff {
    /// How a diff runs: how many threads the C core may use, whether the
    /// order of the elements matters, and where the core keeps its scratch.
    ///
    /// ```swift
    /// // A list UI on Swift's cooperative pool: stay on the calling thread.
    /// let diff = ListDiff(from: old, to: new, options: .init(threads: 1))
    /// // A data job where order means nothing: no move pass.
    /// let delta = ListDiff(from: yesterday, to: today, options: .init(ignoresOrder: true))
    /// ```
    ///
    /// The result never depends on `threads`. Equality callbacks (`==` of
    /// elements without a byte key) are made from the calling thread only,
    /// one at a time, whatever the thread count, so `==` needs no thread
    /// safety.
    public struct Options: Hashable, Sendable {
        /// The most threads the core may use; `nil` (the default) lets it use
        /// the machine's cores for lists big enough to gain and the calling
        /// thread alone below that. `1` keeps the whole diff on the calling
        /// thread. Threads are started per call and joined before it
        /// returns; there is no pool.
        ///
        /// - Precondition: `nil` or at least 1.
        public var threads: Int? {
            didSet { Self.checkThreads(threads) }
        }

        /// Whether to skip the move pass (unordered matching): `moves` is
        /// empty, and the pairing, `deletions`, `insertions` and `updates` are
        /// those of an ordered diff. Saves the O(m log m) longest increasing
        /// subsequence pass over the m matched pairs, and its 4 bytes per
        /// pair. Applying such a diff gives the new list's elements, not its
        /// order.
        public var ignoresOrder: Bool

        /// Where the core keeps its scratch between diffs (see `Workspace`);
        /// `nil` (the default): the one `ListDiff.withWorkspace` names, if
        /// any, else scratch taken and given back by each diff. The result
        /// never depends on it.
        public var workspace: Workspace?

        /// Options with the given thread limit, order handling and
        /// workspace; the defaults are those of the initializers without
        /// options.
        ///
        /// - Precondition: `threads` is `nil` or at least 1.
        /// - Complexity: O(1).
        @inlinable
        public init(threads: Int? = nil, ignoresOrder: Bool = false, workspace: Workspace? = nil) {
            Self.checkThreads(threads)
            self.threads = threads
            self.ignoresOrder = ignoresOrder
            self.workspace = workspace
        }

        @usableFromInline
        static func checkThreads(_ threads: Int?) {
            if let threads { precondition(threads >= 1, "ListDiff.Options.threads must be nil or at least 1, not \(threads)") }
        }

        /// The core's `heckel_options.threads`: 0 for automatic.
        var coreThreads: UInt32 { threads.map { UInt32(clamping: $0) } ?? 0 }
    }
}
