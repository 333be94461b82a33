#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which sections an update replaces whole (deleted, inserted, or updated
/// and rebuilt), where no item-level operation may point; and the one place
/// that routes item moves around them.
struct ReplacedSections {
    /// The old sections deleted, or updated and rebuilt.
    var old: Bits
    /// The new sections inserted, or updated and rebuilt.
    var new: Bits

    /// - Parameter rebuilt: the updated sections, as (old, new) offsets,
    ///   that are replaced whole (reloaded, or deleted and inserted).
    init(_ sections: SectionMatch, rebuilt: [ListDiff.Update]) {
        old = Bits(count: sections.oldCount)
        new = Bits(count: sections.newCount)
        for section in sections.deletions { old.insert(section) }
        for section in sections.insertions { new.insert(section) }
        for update in rebuilt {
            old.insert(update.old)
            new.insert(update.new)
        }
    }

    /// The item moves as a batch or the steps can carry them: a move whose
    /// two ends lie in surviving sections stays a move (unless `split` says
    /// otherwise); one leaving a replaced section is an insertion at its new
    /// path, one joining a replaced section a deletion at its old path.
    ///
    /// - Complexity: O(m), m = `moves.count`.
    func route(_ moves: [SectionedDiff.ItemMove], split: (Int) -> Bool = { _ in false })
        -> (moves: [SectionedDiff.ItemMove], deletions: [IndexPath], insertions: [IndexPath]) {
        var routed: [SectionedDiff.ItemMove] = [], deletions: [IndexPath] = [], insertions: [IndexPath] = []
        for (index, move) in moves.enumerated() {
            let leaves = !old.contains(move.from.sectionIndex)
            let arrives = !new.contains(move.to.sectionIndex)
            if leaves && arrives && !split(index) {
                routed.append(move)
                continue
            }
            if leaves { deletions.append(move.from) }
            if arrives { insertions.append(move.to) }
        }
        return (routed, deletions, insertions)
    }
}
