import Heckel

/// Rebuilds the new list from the old one and a diff's edit script alone
/// (deletions, insertions, moves, updates), without looking at its mapping:
/// remove deleted and moved-from elements, insert inserted and moved-to ones
/// at their new offsets in ascending order, then replace updated elements.
/// Inserted and updated elements are taken from `new`; everything else comes
/// from `old`, so a wrong script gives a wrong list.
func rebuild<Element>(_ old: [Element], applying diff: ListDiff, insertedFrom new: [Element]) -> [Element] {
    var removed = Set(diff.deletions)
    for move in diff.moves { removed.insert(move.old) }
    var list: [Element] = []
    for (offset, element) in old.enumerated() where !removed.contains(offset) { list.append(element) }

    var placements: [(to: Int, element: Element)] = diff.insertions.map { ($0, new[$0]) }
    placements += diff.moves.map { ($0.new, old[$0.old]) }
    placements.sort { $0.to < $1.to }
    for placement in placements { list.insert(placement.element, at: placement.to) }

    for update in diff.updates { list[update.new] = new[update.new] }
    return list
}
