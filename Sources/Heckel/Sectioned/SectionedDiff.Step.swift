#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff {
    /// One operation of `sequentialSteps`, in the coordinates of the list as
    /// the steps before it left it (as `NSTableView` applies operations
    /// inside `beginUpdates()` / `endUpdates()`).
    public enum Step: Hashable, Sendable {
        /// Removes the section at this offset, with its items.
        case deleteSection(Int)
        /// Inserts the new snapshot's section that ends at this offset, with
        /// all its items.
        case insertSection(Int)
        /// Takes the section at `from` out, then puts it at `to`.
        case moveSection(from: Int, to: Int)
        /// Replaces the section at this offset, items included, with its new
        /// content. Comes after every structural step, so the offset is the
        /// section's new one.
        case reloadSection(Int)
        /// Removes the item at this index path.
        case deleteItem(IndexPath)
        /// Inserts the new snapshot's item that ends at this index path.
        case insertItem(IndexPath)
        /// Takes the item at `from` out, then puts it at `to`.
        case moveItem(from: IndexPath, to: IndexPath)
        /// Replaces the item at this index path with its new content. Comes
        /// after every structural step, so the path is the item's new one.
        case reloadItem(IndexPath)
    }
}
