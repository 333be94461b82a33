/// The reference engine: Heckel's algorithm in plain Swift, written the way list frameworks ship it
/// today (a port of IGListKit's `IGListDiff`, as DeepDiff, ListDiff.swift and others do it):
/// a `Dictionary` from element to a shared class entry holding a stack of old offsets, in-order
/// matching of duplicates, and IGListKit's move rule: a matched pair is a move whenever its old
/// offset, shifted by the deletions before it and the insertions before its new offset, differs
/// from its new offset. That rule is not minimal: one element moved from front to back makes
/// every element a move. (IGListKit's identifier-to-index maps are left out; they only add cost.)
struct ReferenceHeckel {
    var oldToNew: [Int]  // -1 where deleted
    var newToOld: [Int]  // -1 where inserted
    var deletions: [Int] = []
    var insertions: [Int] = []
    var moves: [(from: Int, to: Int)] = []

    private final class Entry {
        var oldCounter = 0
        var newCounter = 0
        /// Old offsets, the lowest on top; `-1` marks a new occurrence without an old one.
        var oldIndexes: [Int] = []
    }

    init<Element: Hashable>(from old: [Element], to new: [Element]) {
        var table: [Element: Entry] = [:]
        func entry(for element: Element) -> Entry {
            if let entry = table[element] { return entry }
            let entry = Entry()
            table[element] = entry
            return entry
        }

        // Pass 1: new elements into the table.
        var newEntries: [Entry] = []
        newEntries.reserveCapacity(new.count)
        for element in new {
            let entry = entry(for: element)
            entry.newCounter += 1
            entry.oldIndexes.append(-1)
            newEntries.append(entry)
        }
        // Pass 2: old elements, backwards, so the first occurrence ends on top of the stack.
        var oldEntries = [Entry?](repeating: nil, count: old.count)
        for index in old.indices.reversed() {
            let entry = entry(for: old[index])
            entry.oldCounter += 1
            entry.oldIndexes.append(index)
            oldEntries[index] = entry
        }
        // Pass 3: pair each new element with the next old occurrence of it.
        newToOld = [Int](repeating: -1, count: new.count)
        oldToNew = [Int](repeating: -1, count: old.count)
        for index in new.indices {
            let entry = newEntries[index]
            let original = entry.oldIndexes.removeLast()
            if original >= 0 {
                newToOld[index] = original
                oldToNew[original] = index
            }
        }
        // Passes 4 and 5: deletions, insertions and moves with running offsets.
        var deleteOffsets = [Int](repeating: 0, count: old.count)
        var runningOffset = 0
        for index in old.indices {
            deleteOffsets[index] = runningOffset
            if oldToNew[index] < 0 {
                deletions.append(index)
                runningOffset += 1
            }
        }
        runningOffset = 0
        for index in new.indices {
            let insertOffset = runningOffset
            let original = newToOld[index]
            if original < 0 {
                insertions.append(index)
                runningOffset += 1
            } else if original - deleteOffsets[original] + insertOffset != index {
                moves.append((from: original, to: index))
            }
        }
        withExtendedLifetime(oldEntries) {}
    }
}
