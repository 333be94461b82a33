#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// A matched pair of index paths: the item at `old` in the old snapshot
    /// is the item at `new` in the new one. A sectioned diff's `itemMoves`
    /// and `itemUpdates` are such pairs.
    public struct ItemPair: Hashable, Sendable {
        /// The item's index path in the old snapshot.
        public var old: IndexPath
        /// The item's index path in the new snapshot.
        public var new: IndexPath

        /// The pair of old path `old` and new path `new`.
        ///
        /// - Complexity: O(1).
        @inlinable
        public init(old: IndexPath, new: IndexPath) {
            self.old = old
            self.new = new
        }
    }
}
