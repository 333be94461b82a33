#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel

/// Why a simulated update was refused, in the spirit of UIKit's exceptions.
struct SectionedSimulationFailure: Error, CustomStringConvertible {
    var description: String
}

/// A cell during a simulated update: the value it shows, or `nil` once it
/// must be fetched from the data source (inserted or reloaded).
typealias SectionedCell = SectionedRow?

/// Applies a `BatchUpdates` to an old snapshot by UIKit's rules for
/// `performBatchUpdates` and returns the resulting snapshot; refuses what
/// UIKit refuses. Deletions, reloads and move sources name old coordinates;
/// insertions and move destinations new ones; surviving sections and items
/// that are not moved keep their relative order and fill the places left.
/// Inserted and reloaded sections, items and sections are fetched from `new`
/// (the data source) at their final places; everything else keeps the old
/// value, so a missing reload or a wrong placement shows in the result.
enum BatchUpdateSimulator {
    static func apply(_ batch: SectionedDiff.BatchUpdates, to old: [SectionedGroup], dataSource new: [SectionedGroup]) throws -> [SectionedGroup] {
        func fail(_ message: String) -> SectionedSimulationFailure { SectionedSimulationFailure(description: message) }

        // Sections: every old offset used once, every new offset used once.
        var oldUse = [String?](repeating: nil, count: old.count)
        func useOld(_ s: Int, _ role: String) throws {
            guard old.indices.contains(s) else { throw fail("\(role) of section \(s), but there are \(old.count) before the update") }
            if let other = oldUse[s] { throw fail("section \(s) is both \(other) and \(role)") }
            oldUse[s] = role
        }
        var newUse = [String?](repeating: nil, count: new.count)
        func useNew(_ s: Int, _ role: String) throws {
            guard new.indices.contains(s) else { throw fail("\(role) of section \(s), but there are \(new.count) after the update") }
            if let other = newUse[s] { throw fail("new section \(s) is both \(other) and \(role)") }
            newUse[s] = role
        }
        for s in batch.sectionDeletions { try useOld(s, "delete") }
        for s in batch.sectionReloads { try useOld(s, "reload") }
        for m in batch.sectionMoves { try useOld(m.from, "move source"); try useNew(m.to, "move destination") }
        for s in batch.sectionInsertions { try useNew(s, "insert") }
        guard old.count - batch.sectionDeletions.count + batch.sectionInsertions.count == new.count else {
            throw fail("invalid number of sections: \(old.count) - \(batch.sectionDeletions.count) + \(batch.sectionInsertions.count) != \(new.count)")
        }

        // Where each surviving old section lands: fixed destinations first,
        // the others fill the remaining places in old order.
        var origin = [Int?](repeating: nil, count: new.count) // old section, nil: inserted
        for m in batch.sectionMoves { origin[m.to] = m.from }
        var place = 0
        for s in old.indices where oldUse[s] == nil || oldUse[s] == "reload" {
            while newUse[place] != nil { place += 1 }
            origin[place] = s
            place += 1
        }

        // Items: each old path used once, each new path used once, never in
        // a section that is deleted, inserted or reloaded.
        var oldItemUse: [IndexPath: String] = [:]
        func useOldItem(_ p: IndexPath, _ role: String) throws {
            guard p.count == 2, old.indices.contains(p[0]), old[p[0]].items.indices.contains(p[1]) else {
                throw fail("\(role) of item \(p), which is not in the old snapshot")
            }
            if let use = oldUse[p[0]], use != "move source" { throw fail("\(role) of item \(p) in a section being \(use)d") }
            if let other = oldItemUse.updateValue(role, forKey: p) { throw fail("item \(p) is both \(other) and \(role)") }
        }
        var newItemUse: [IndexPath: String] = [:]
        func useNewItem(_ p: IndexPath, _ role: String) throws {
            guard p.count == 2, new.indices.contains(p[0]) else { throw fail("\(role) of item \(p) in no new section") }
            if let use = newUse[p[0]], use != "move destination" { throw fail("\(role) of item \(p) into a section being \(use)ed") }
            if let o = origin[p[0]], oldUse[o] == "reload" { throw fail("\(role) of item \(p) into a section being reloaded") }
            if let other = newItemUse.updateValue(role, forKey: p) { throw fail("new item \(p) is both \(other) and \(role)") }
        }
        for p in batch.itemDeletions { try useOldItem(p, "delete") }
        for p in batch.itemReloads { try useOldItem(p, "reload") }
        for m in batch.itemMoves { try useOldItem(m.from, "move source"); try useNewItem(m.to, "move destination") }
        for p in batch.itemInsertions { try useNewItem(p, "insert") }

        var arrivals = [[Int: SectionedCell]](repeating: [:], count: new.count)
        for p in batch.itemInsertions { arrivals[p[0]][p[1]] = .some(nil) }
        for m in batch.itemMoves { arrivals[m.to[0]][m.to[1]] = .some(old[m.from[0]].items[m.from[1]]) }

        var result: [SectionedGroup] = []
        for n in new.indices {
            guard let o = origin[n], oldUse[o] != "reload" else {
                result.append(new[n]) // inserted or reloaded: fetched whole
                continue
            }
            var staying: [SectionedCell] = []
            for (k, item) in old[o].items.enumerated() {
                switch oldItemUse[IndexPath(indexes: [o, k])] {
                case nil: staying.append(item)
                case "reload": staying.append(nil)
                default: break
                }
            }
            let count = staying.count + arrivals[n].count
            guard count == new[n].items.count else {
                throw fail("invalid number of items in section \(n): \(count) after the update, \(new[n].items.count) in the data source")
            }
            var cells = [SectionedCell?](repeating: nil, count: count)
            for (k, cell) in arrivals[n] {
                guard k < count else { throw fail("item \(k) of section \(n) beyond its \(count) items") }
                cells[k] = .some(cell)
            }
            var next = staying.makeIterator()
            for k in cells.indices where cells[k] == nil { cells[k] = .some(next.next()!) }
            let items = cells.enumerated().map { k, cell in cell! ?? new[n].items[k] }
            result.append(SectionedGroup(id: old[o].id, header: old[o].header, items: items))
        }
        return result
    }
}
