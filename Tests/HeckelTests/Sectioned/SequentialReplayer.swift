#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel

/// Replays `sequentialSteps` one at a time on a mutable copy of the old
/// snapshot, each step in the coordinates the previous ones left. Inserted
/// and reloaded sections and items are fetched from `new` at the end, at the
/// place they ended up; everything else keeps its old value.
enum SequentialReplayer {
    private struct Slot {
        var id: Int?
        var header: Int
        var cells: [SectionedRow?]
        var fetched: Bool
    }

    static func replay(_ steps: [SectionedDiff.Step], on old: [SectionedGroup], dataSource new: [SectionedGroup]) throws -> [SectionedGroup] {
        func fail(_ message: String) -> BatchRejection { BatchRejection(description: message) }
        var state = old.map { Slot(id: $0.id, header: $0.header, cells: $0.items, fetched: false) }
        func section(_ s: Int, _ step: SectionedDiff.Step) throws -> Int {
            guard state.indices.contains(s) else { throw fail("\(step): no section \(s) of \(state.count)") }
            guard !state[s].fetched else { throw fail("\(step): section \(s) is replaced whole") }
            return s
        }
        func item(_ p: IndexPath, _ step: SectionedDiff.Step, inserting: Bool = false) throws -> (Int, Int) {
            guard p.count == 2 else { throw fail("\(step): not a two-index path") }
            let s = try section(p[0], step)
            let limit = state[s].cells.count + (inserting ? 1 : 0)
            guard p[1] >= 0, p[1] < limit else { throw fail("\(step): item \(p[1]) out of 0..<\(limit)") }
            return (s, p[1])
        }
        for step in steps {
            switch step {
            case .deleteSection(let s):
                guard state.indices.contains(s) else { throw fail("\(step): no section \(s)") }
                state.remove(at: s)
            case .insertSection(let s):
                guard (0...state.count).contains(s) else { throw fail("\(step): out of 0...\(state.count)") }
                state.insert(Slot(id: nil, header: 0, cells: [], fetched: true), at: s)
            case .moveSection(let from, let to):
                guard state.indices.contains(from), state.indices.contains(to) else { throw fail("\(step): out of range") }
                state.insert(state.remove(at: from), at: to)
            case .updateSection(let s):
                guard state.indices.contains(s) else { throw fail("\(step): no section \(s)") }
                state[s].fetched = true
            case .deleteItem(let p):
                let (s, k) = try item(p, step)
                state[s].cells.remove(at: k)
            case .insertItem(let p):
                let (s, k) = try item(p, step, inserting: true)
                state[s].cells.insert(nil, at: k)
            case .moveItem(let from, let to):
                let (s, k) = try item(from, step)
                let cell = state[s].cells.remove(at: k)
                let (t, j) = try item(to, step, inserting: true)
                state[t].cells.insert(cell, at: j)
            case .updateItem(let p):
                let (s, k) = try item(p, step)
                state[s].cells[k] = nil
            }
        }
        guard state.count == new.count else { throw fail("\(state.count) sections after the steps, \(new.count) in the data source") }
        return try state.enumerated().map { n, slot in
            if slot.fetched { return new[n] }
            guard slot.cells.count == new[n].items.count else {
                throw fail("section \(n) has \(slot.cells.count) items after the steps, \(new[n].items.count) in the data source")
            }
            let items = slot.cells.enumerated().map { k, cell in cell ?? new[n].items[k] }
            return SectionedGroup(id: slot.id!, header: slot.header, items: items)
        }
    }
}
