#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which sections an update replaces whole (deleted, inserted, or updated
/// and rebuilt), where no item-level operation may point; and the one place
/// that routes item moves around them.
struct ReplacedSections {
    /// Per old section: deleted, or updated and rebuilt.
    var old: [Bool]
    /// Per new section: inserted, or updated and rebuilt.
    var new: [Bool]

    /// - Parameter rebuilt: the updated sections, as (old, new) offsets,
    ///   that are replaced whole (reloaded, or deleted and inserted).
    init(_ sections: SectionMatch, rebuilt: [ListDiff.Update]) {
        old = sections.newForOld.map { $0 < 0 }
        new = sections.oldForNew.map { $0 < 0 }
        for update in rebuilt {
            old[update.old] = true
            new[update.new] = true
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
            let leaves = !old[move.from.sectionIndex]
            let arrives = !new[move.to.sectionIndex]
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
