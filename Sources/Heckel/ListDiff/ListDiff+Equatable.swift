extension ListDiff: Equatable {
    /// Whether two diffs pair the same offsets and report the same moves and
    /// updates (and so the same deletions and insertions).
    ///
    /// - Complexity: O(n), n = old count + new count.
    public static func == (lhs: ListDiff, rhs: ListDiff) -> Bool {
        lhs.oldCount == rhs.oldCount && lhs.newCount == rhs.newCount
            && lhs.oldToNew.hasSameEntries(as: rhs.oldToNew) && lhs.newToOld.hasSameEntries(as: rhs.newToOld)
            && lhs.moves == rhs.moves && lhs.updates == rhs.updates
    }
}
