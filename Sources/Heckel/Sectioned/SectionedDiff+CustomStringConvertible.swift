#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension SectionedDiff: CustomStringConvertible {
    /// A summary such as `SectionedDiff(sections 3 -> 2: deletions [0], ...;
    /// items: deletions [[1, 0]], ..., moves [[0, 1]->[0, 0]], ...)`; counts
    /// only when there are more than 32 changes at a level.
    ///
    /// - Complexity: O(min(change count, 32)).
    public var description: String {
        let sectionChanges = sectionDeletions.count + sectionInsertions.count + sectionMoves.count + sectionUpdates.count
        let sectionPart: String
        if sectionChanges > 32 {
            sectionPart = "\(sectionDeletions.count) deletions, \(sectionInsertions.count) insertions, "
                + "\(sectionMoves.count) moves, \(sectionUpdates.count) updates"
        } else {
            sectionPart = "deletions \(sectionDeletions), insertions \(sectionInsertions), "
                + "moves [\(sectionMoves.map { "\($0.from)->\($0.to)" }.joined(separator: ", "))], "
                + "updates [\(sectionUpdates.map { "\($0.old)->\($0.new)" }.joined(separator: ", "))]"
        }
        let itemChanges = itemDeletions.count + itemInsertions.count + itemMoves.count + itemUpdates.count
        let itemPart: String
        if itemChanges > 32 {
            itemPart = "\(itemDeletions.count) deletions, \(itemInsertions.count) insertions, "
                + "\(itemMoves.count) moves, \(itemUpdates.count) updates"
        } else {
            itemPart = "deletions \(itemDeletions.map(Array.init)), insertions \(itemInsertions.map(Array.init)), "
                + "moves [\(itemMoves.map { "\(Array($0.from))->\(Array($0.to))" }.joined(separator: ", "))], "
                + "updates [\(itemUpdates.map { "\(Array($0.old))->\(Array($0.new))" }.joined(separator: ", "))]"
        }
        return "SectionedDiff(sections \(oldSectionCount) -> \(newSectionCount): \(sectionPart); items: \(itemPart))"
    }
}
