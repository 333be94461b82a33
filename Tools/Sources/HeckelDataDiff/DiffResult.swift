import CHeckel

/// The pairing of OLD's and NEW's data records and what changed: the one shape every output
/// writer reads, whichever path (in memory or spilled) produced it.
public struct DiffResult: Sendable {
    /// A matched pair whose records differ: the changed columns (or JSON fields).
    public struct Update: Sendable, Equatable {
        public var old: Int
        public var new: Int
        public var columns: [String]
    }

    public var oldCount: Int
    public var newCount: Int
    /// For each new record, its old partner or `HECKEL_UNMATCHED`.
    public var newToOld: [UInt32]
    /// New positions of the moved pairs, ascending (empty when order is ignored).
    public var moved: [UInt32]
    /// Ascending by `new`.
    public var updates: [Update]
    /// Whether the CSV/TSV header rows differ.
    public var headerChanged: Bool
    /// Whether moves were looked for.
    public var ordered: Bool
    /// When only one of the files begins with a UTF-8 byte order mark: whether NEW does. Else nil.
    public var byteOrderMark: Bool? = nil
    /// When only one of two non-empty files ends with a newline: whether NEW does. Else nil.
    public var finalNewline: Bool? = nil

    /// Old offsets without a partner, ascending. O(old + new).
    public func deletions() -> [Int] {
        var matched = [Bool](repeating: false, count: oldCount)
        for i in newToOld where i != HECKEL_UNMATCHED { matched[Int(i)] = true }
        return matched.indices.filter { !matched[$0] }
    }

    public var insertionCount: Int { newToOld.lazy.filter { $0 == HECKEL_UNMATCHED }.count }
    public var deletionCount: Int { oldCount - (newCount - insertionCount) }

    /// Whether anything differs (moves only when order counts).
    public var hasDifferences: Bool {
        headerChanged || byteOrderMark != nil || finalNewline != nil || !updates.isEmpty || (ordered && !moved.isEmpty) || oldCount != newCount || insertionCount > 0
    }
}
