extension TreeDiff {
    /// One call of an `NSOutlineView` update, between `beginUpdates()` and
    /// `endUpdates()`; parents are given by identity (`nil`: the top level).
    ///
    /// Each call's indexes are read against the outline as the calls before
    /// it left it, as AppKit processes changes incrementally inside
    /// `beginUpdates`/`endUpdates` (see `outlineSteps`). Inserted items'
    /// children are the data source's: an inserted subtree arrives whole.
    public enum OutlineStep: Hashable, Sendable {
        /// `removeItems(at: indexes, inParent: parent)`: the children at
        /// `indexes` (ascending, read before the call) go, with their
        /// subtrees.
        case remove(indexes: [Int], parent: ID?)
        /// `insertItems(at: indexes, inParent: parent)`: new children land
        /// at `indexes` (ascending, each its index once the call is done).
        case insert(indexes: [Int], parent: ID?)
        /// `moveItem(at: old.index, inParent: old.parent, to: new.index,
        /// inParent: new.parent)`: node `id` and its subtree; `new.index` is
        /// its index in the new parent once it has left the old one.
        case move(id: ID, old: Place, new: Place)
        /// `reloadItem(id, reloadChildren: false)`: the item's own content
        /// changed.
        case reload(id: ID)
    }

    /// A child slot of an outline at one moment: a parent's identity
    /// (`nil`: the top level) and an index among its children.
    public struct Place: Hashable, Sendable {
        /// The parent's identity, `nil` for the top level.
        public var parent: ID?
        /// The index among the parent's children.
        public var index: Int

        /// The slot at `index` under `parent`.
        ///
        /// - Complexity: O(1).
        public init(parent: ID?, index: Int) {
            self.parent = parent
            self.index = index
        }
    }
}
