import Foundation
import Heckel

/// Checks a `SectionedDiff` made with `identifiedBy: id` against the snapshots: sections map to
/// sections of the same identity, items to items of the same id both ways, `itemUpdates` are
/// exactly the mapped items whose content differs, and applying `sequentialSteps` to the old
/// snapshot gives the new one, contents included.
func verifySectioned<Item: Equatable, ItemID: Equatable>(
    _ diff: SectionedDiff, old: [ListSection<Int, Item>], new: [ListSection<Int, Item>], identifiedBy id: KeyPath<Item, ItemID>
) throws {
    func fail(_ message: String) -> WrongDiff { WrongDiff(description: "sectioned: " + message) }
    guard diff.oldSectionCount == old.count, diff.newSectionCount == new.count else {
        throw fail("section counts \(diff.oldSectionCount)/\(diff.newSectionCount) for \(old.count)/\(new.count) sections")
    }
    for oldSection in old.indices {
        guard let newSection = diff.newSection(forOld: oldSection) else { continue }
        guard old[oldSection].id == new[newSection].id, diff.oldSection(forNew: newSection) == oldSection else {
            throw fail("old section \(oldSection) maps to new section \(newSection) of another identity, or not back")
        }
    }
    var updated: [SectionedDiff.ItemPair] = []
    for (oldSection, section) in old.enumerated() {
        for oldItem in section.items.indices {
            let oldPath = IndexPath(indexes: [oldSection, oldItem])
            guard let newPath = diff.newIndexPath(forOld: oldPath) else { continue }
            guard newPath.count == 2, new.indices.contains(newPath[0]), new[newPath[0]].items.indices.contains(newPath[1]),
                  new[newPath[0]].items[newPath[1]][keyPath: id] == section.items[oldItem][keyPath: id],
                  diff.oldIndexPath(forNew: newPath) == oldPath else {
                throw fail("old item \(oldPath) maps to \(newPath), which holds another item or does not map back")
            }
            if new[newPath[0]].items[newPath[1]] != section.items[oldItem] {
                updated.append(SectionedDiff.ItemPair(old: oldPath, new: newPath))
            }
        }
    }
    guard Set(updated) == Set(diff.itemUpdates), updated.count == diff.itemUpdates.count else {
        throw fail("itemUpdates are not exactly the mapped items whose content differs")
    }
    var applied = old
    for step in diff.sequentialSteps {
        guard apply(step, to: &applied, new: new) else { throw fail("step \(step) does not fit the snapshot it applies to") }
    }
    guard applied.map(\.id) == new.map(\.id) else { throw fail("the steps give other sections than the new snapshot") }
    for (section, expected) in zip(applied, new) where section.items != expected.items {
        throw fail("the steps give other items than the new snapshot in section \(expected.id)")
    }
}

/// Applies one step in place; false when its offsets do not exist.
private func apply<Item>(_ step: SectionedDiff.Step, to sections: inout [ListSection<Int, Item>], new: [ListSection<Int, Item>]) -> Bool {
    func isItem(_ path: IndexPath, in list: [ListSection<Int, Item>], inserting: Bool = false) -> Bool {
        path.count == 2 && list.indices.contains(path[0])
            && (inserting ? (0...list[path[0]].items.count) ~= path[1] : list[path[0]].items.indices.contains(path[1]))
    }
    switch step {
    case let .deleteSection(offset):
        guard sections.indices.contains(offset) else { return false }
        sections.remove(at: offset)
    case let .insertSection(offset):
        guard new.indices.contains(offset), offset <= sections.count else { return false }
        sections.insert(new[offset], at: offset)
    case let .moveSection(from, to):
        guard sections.indices.contains(from) else { return false }
        let section = sections.remove(at: from)
        guard to <= sections.count else { return false }
        sections.insert(section, at: to)
    case let .updateSection(offset):
        guard sections.indices.contains(offset), new.indices.contains(offset) else { return false }
        sections[offset] = new[offset]
    case let .deleteItem(path):
        guard isItem(path, in: sections) else { return false }
        sections[path[0]].items.remove(at: path[1])
    case let .insertItem(path):
        guard isItem(path, in: sections, inserting: true), isItem(path, in: new) else { return false }
        sections[path[0]].items.insert(new[path[0]].items[path[1]], at: path[1])
    case let .moveItem(from, to):
        guard isItem(from, in: sections) else { return false }
        let item = sections[from[0]].items.remove(at: from[1])
        guard isItem(to, in: sections, inserting: true) else { return false }
        sections[to[0]].items.insert(item, at: to[1])
    case let .updateItem(path):
        guard isItem(path, in: sections), isItem(path, in: new) else { return false }
        sections[path[0]].items[path[1]] = new[path[0]].items[path[1]]
    }
    return true
}
