extension ListDiff: CustomStringConvertible {
    /// A summary such as `ListDiff(5 -> 6: deletions [1], insertions [0, 4],
    /// moves [2->3], updates [])`; counts only when there are more than 32
    /// changes.
    ///
    /// - Complexity: O(min(changeCount, 32)).
    public var description: String {
        let header = "ListDiff(\(oldCount) -> \(newCount): "
        guard changeCount <= 32 else {
            return header + "\(deletions.count) deletions, \(insertions.count) insertions, "
                + "\(moves.count) moves, \(updates.count) updates)"
        }
        let moveList = moves.map { "\($0.old)->\($0.new)" }.joined(separator: ", ")
        let updateList = updates.map { "\($0.old)->\($0.new)" }.joined(separator: ", ")
        return header + "deletions \(deletions), insertions \(insertions), "
            + "moves [\(moveList)], updates [\(updateList)])"
    }
}
