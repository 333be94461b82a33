#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// An item that changed section, or changed place among the items kept
    /// in its section.
    public struct ItemMove: Hashable, Sendable {
        /// The item's index path in the old snapshot.
        public var from: IndexPath
        /// The item's index path in the new snapshot.
        public var to: IndexPath

        /// A move of the item at old path `from` to new path `to`.
        ///
        /// - Complexity: O(1).
        @inlinable
        public init(from: IndexPath, to: IndexPath) {
            self.from = from
            self.to = to
        }
    }
}
