extension SectionedDiff.BatchUpdates {
    /// How a batch expresses updated sections and items.
    public enum ReloadStyle: Hashable, Sendable {
        /// As reloads at their old offsets and paths (`reloadSections`,
        /// `reloadItems`), which UIKit applies in place.
        case reload
        /// As a deletion at the old offset or path plus an insertion at the
        /// new one, never a reload: the form IGListKit uses, for lists where
        /// reloads inside a batch animate badly.
        case deleteAndInsert
    }
}
