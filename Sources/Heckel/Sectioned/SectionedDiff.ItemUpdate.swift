#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// A matched item whose identity is unchanged but whose content is not
    /// `==`: a cell to reconfigure or reload.
    public struct ItemUpdate: Hashable, Sendable {
        /// The item's index path in the old snapshot.
        public var old: IndexPath
        /// The item's index path in the new snapshot.
        public var new: IndexPath

        /// An update of the item at old path `old`, found at new path `new`.
        ///
        /// - Complexity: O(1).
        @inlinable
        public init(old: IndexPath, new: IndexPath) {
            self.old = old
            self.new = new
        }
    }
}
