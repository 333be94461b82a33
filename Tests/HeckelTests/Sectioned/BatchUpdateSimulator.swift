#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel

/// Why a simulated batch was refused: the condition of one of UIKit's
/// `NSInternalInconsistencyException` messages.
struct BatchRejection: Error, CustomStringConvertible {
    var description: String
}

/// Applies a `BatchUpdates` to an old snapshot as UIKit's
/// `performBatchUpdates` does, refuses every batch UIKit refuses, and returns
/// what the view then shows: surviving cells keep their old values, inserted
/// (and reloaded) cells are fetched from the data source, and the
/// reconfigurations listed for after the batch are applied at their new
/// paths. A batch is right when that equals the new snapshot.
///
/// The rules, and where they come from:
/// - A reload inside a batch is a delete plus an insert ("reloads are
///   decomposed into a delete and an insert": Apple's UIKit engineer, Apple
///   Developer Forums thread 751732). Where the insert lands is not
///   documented, so both plausible rules are modelled (`ReloadRule`) and a
///   batch must pass both.
/// - No index path (or section) is used by two operations: UIKit's "attempt
///   to perform an insert and a move to the same index path", "attempt to
///   delete and reload the same index path", "attempt to move ... that is
///   already being moved"; so deletions, reloads and move sources are unique
///   old paths, insertions, move destinations and reload inserts unique new
///   paths.
/// - Every path exists: "attempt to delete item N from section S which only
///   contains M items before the update", "attempt to insert ... but there are
///   only N sections after the update".
/// - Counts: "invalid number of sections" and "invalid number of items in
///   section S. The number of items contained in an existing section after the
///   update (A) must be equal to the number of items contained in that section
///   before the update (B), plus or minus the number of items inserted or
///   deleted from that section (I inserted, D deleted) and plus or minus the
///   number of items moved into or out of that section (M moved in, N moved
///   out)".
/// - No item operation in a section being deleted, inserted or reloaded
///   (the section's items go and come with it). IGListKit removes such item
///   operations before applying a batch (`IGListBatchUpdateData`), and
///   turns every reload into a delete plus an insert
///   (`IGListConvertReloadToDeleteInsert`: "reloadSections: is unsafe to use
///   within performBatchUpdates:"; its `ig_applyBatchUpdateData` issues no
///   reloads); DifferenceKit applies updates in a stage of their own
///   (`StagedChangeset`, "combination of changes that crash when applied
///   simultaneously").
enum BatchUpdateSimulator {
    /// Where the insert half of a reload lands.
    enum ReloadRule: CaseIterable, CustomStringConvertible {
        /// At the same index path value as the reloaded path (same section
        /// number, same item number), in the new coordinates.
        case sameIndexPath
        /// At the old position shifted by the batch's other deletions,
        /// insertions and moves: where the item would be had it stayed.
        case shiftedPosition

        var description: String { self == .sameIndexPath ? "same index path" : "shifted position" }
    }

    static func apply(
        _ batch: SectionedDiff.BatchUpdates, to old: [SectionedGroup], dataSource new: [SectionedGroup], rule: ReloadRule
    ) throws -> [SectionedGroup] {
        func reject(_ message: String) -> BatchRejection { BatchRejection(description: message) }

        // Sections: roles of old offsets and new offsets, each used once.
        enum OldRole: Equatable { case delete, reload, moveSource }
        enum NewRole: Equatable { case insert, reloadInsert, moveDestination }
        var oldRole = [OldRole?](repeating: nil, count: old.count)
        var newRole = [NewRole?](repeating: nil, count: new.count)
        func use(old s: Int, _ role: OldRole) throws {
            guard old.indices.contains(s) else { throw reject("\(role) of section \(s), but there are only \(old.count) sections before the update") }
            if let other = oldRole[s] { throw reject("section \(s) is both \(other) and \(role)") }
            oldRole[s] = role
        }
        func use(new s: Int, _ role: NewRole) throws {
            guard new.indices.contains(s) else { throw reject("\(role) of section \(s), but there are only \(new.count) sections after the update") }
            if let other = newRole[s] { throw reject("attempt to perform \(other) and \(role) at section \(s)") }
            newRole[s] = role
        }
        for s in batch.sectionDeletions { try use(old: s, .delete) }
        for s in batch.sectionReloads {
            try use(old: s, .reload)
            if rule == .sameIndexPath { try use(new: s, .reloadInsert) }
        }
        for m in batch.sectionMoves { try use(old: m.old, .moveSource); try use(new: m.new, .moveDestination) }
        for s in batch.sectionInsertions { try use(new: s, .insert) }
        let reloadsAsDeletes = rule == .sameIndexPath ? batch.sectionReloads.count : 0
        let sectionCount = old.count - batch.sectionDeletions.count - reloadsAsDeletes
            + batch.sectionInsertions.count + reloadsAsDeletes
        guard sectionCount == new.count else {
            throw reject("invalid number of sections: \(sectionCount) after the update, \(new.count) in the data source")
        }

        // Where each old section lands: move destinations and inserts are
        // fixed; the staying sections (reloaded ones too under the shifted
        // rule) fill the remaining offsets in old order.
        var origin = [Int?](repeating: nil, count: new.count) // nil: inserted
        var fresh = [Bool](repeating: false, count: new.count) // fetched whole
        for m in batch.sectionMoves { origin[m.new] = m.old }
        for n in new.indices where newRole[n] == .insert || newRole[n] == .reloadInsert { fresh[n] = true }
        var next = 0
        for s in old.indices where oldRole[s] == nil || (oldRole[s] == .reload && rule == .shiftedPosition) {
            while next < new.count && newRole[next] != nil { next += 1 }
            guard next < new.count else { throw reject("no place left for section \(s)") }
            origin[next] = s
            fresh[next] = oldRole[s] == .reload
            next += 1
        }
        var newOfOld = [Int?](repeating: nil, count: old.count)
        for n in new.indices { if let o = origin[n] { newOfOld[o] = n } }

        // Items: old paths used once, in sections that survive as they are;
        // new paths used once, in sections that are neither fresh nor absent.
        enum OldItemRole: Equatable { case delete, reload, moveSource }
        var oldItemRole: [IndexPath: OldItemRole] = [:]
        var newItemUsed: [IndexPath: String] = [:]
        func use(oldItem p: IndexPath, _ role: OldItemRole) throws {
            guard p.count == 2, old.indices.contains(p[0]) else { throw reject("\(role) of item \(p), but there is no such section before the update") }
            guard old[p[0]].items.indices.contains(p[1]) else {
                throw reject("attempt to \(role) item \(p[1]) from section \(p[0]) which only contains \(old[p[0]].items.count) items before the update")
            }
            if let sectionRole = oldRole[p[0]], sectionRole != .moveSource { throw reject("\(role) of item \(p) in a section being \(sectionRole)ed") }
            if let other = oldItemRole.updateValue(role, forKey: p) { throw reject("attempt to \(other) and \(role) the same index path \(p)") }
        }
        func use(newItem p: IndexPath, _ role: String) throws {
            guard p.count == 2, new.indices.contains(p[0]) else { throw reject("\(role) of item \(p), but there is no such section after the update") }
            if fresh[p[0]] { throw reject("\(role) of item \(p) into a section being inserted or reloaded") }
            if let other = newItemUsed.updateValue(role, forKey: p) { throw reject("attempt to perform \(other) and \(role) to the same index path \(p)") }
        }
        for p in batch.itemDeletions { try use(oldItem: p, .delete) }
        for p in batch.itemReloads {
            try use(oldItem: p, .reload)
            if rule == .sameIndexPath { try use(newItem: p, "reload insert") }
        }
        for m in batch.itemMoves { try use(oldItem: m.old, .moveSource); try use(newItem: m.new, "move") }
        for p in batch.itemInsertions { try use(newItem: p, "insert") }

        // Fixed arrivals per new section: nil value = fetched from the data source.
        var arrivals = [[Int: SectionedRow?]](repeating: [:], count: new.count)
        for p in batch.itemInsertions { arrivals[p[0]][p[1]] = .some(nil) }
        if rule == .sameIndexPath { for p in batch.itemReloads { arrivals[p[0]][p[1]] = .some(nil) } }
        for m in batch.itemMoves { arrivals[m.new[0]][m.new[1]] = .some(old[m.old[0]].items[m.old[1]]) }

        var result: [SectionedGroup] = []
        for n in new.indices {
            guard let o = origin[n], !fresh[n] else {
                result.append(new[n])
                continue
            }
            var staying: [SectionedRow?] = [] // nil: reloaded in place (shifted rule)
            var deleted = 0, movedOut = 0
            for (k, item) in old[o].items.enumerated() {
                switch oldItemRole[[o, k]] {
                case nil: staying.append(item)
                case .reload?: if rule == .shiftedPosition { staying.append(nil) } else { deleted += 1 }
                case .delete?: deleted += 1
                case .moveSource?: movedOut += 1
                }
            }
            let count = staying.count + arrivals[n].count
            guard count == new[n].items.count else {
                let inserted = batch.itemInsertions.filter { $0[0] == n }.count
                let movedIn = batch.itemMoves.filter { $0.new[0] == n }.count
                throw reject("invalid number of items in section \(n). The number of items contained in an existing section after the update (\(new[n].items.count)) must be equal to the number of items contained in that section before the update (\(old[o].items.count)), plus or minus the number of items inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of items moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)")
            }
            var cells = [SectionedRow??](repeating: nil, count: count)
            for (k, cell) in arrivals[n] {
                guard k < count else { throw reject("attempt to insert item \(k) into section \(n), but there are only \(count) items in section \(n) after the update") }
                cells[k] = .some(cell)
            }
            var remaining = staying.makeIterator()
            for k in cells.indices where cells[k] == nil { cells[k] = .some(remaining.next()!) }
            let items = cells.enumerated().map { k, cell in cell! ?? new[n].items[k] }
            result.append(SectionedGroup(id: old[o].id, header: old[o].header, items: items))
        }

        // After the batch: reconfigurations at new coordinates, each once.
        var reconfigured = Set<Int>()
        for n in batch.sectionReconfigurations {
            guard new.indices.contains(n), reconfigured.insert(n).inserted else { throw reject("section reconfiguration \(n) out of range or repeated") }
            result[n].header = new[n].header
        }
        var reconfiguredItems = Set<IndexPath>()
        for p in batch.itemReconfigurations {
            guard p.count == 2, new.indices.contains(p[0]), new[p[0]].items.indices.contains(p[1]),
                  reconfiguredItems.insert(p).inserted else { throw reject("item reconfiguration \(p) out of range or repeated") }
            result[p[0]].items[p[1]] = new[p[0]].items[p[1]]
        }
        return result
    }

    /// The problems of `batch` under both reload rules: a refusal, or a view
    /// that does not show `new`. Empty when UIKit accepts the batch whatever
    /// its rule and the view ends up right.
    static func problems(
        of batch: SectionedDiff.BatchUpdates, old: [SectionedGroup], new: [SectionedGroup], label: String
    ) -> [String] {
        ReloadRule.allCases.compactMap { rule in
            do {
                let shown = try apply(batch, to: old, dataSource: new, rule: rule)
                return shown == new ? nil : "\(label), reloads at the \(rule): the view shows \(shown)"
            } catch {
                return "\(label), reloads at the \(rule): refused: \(error)"
            }
        }
    }
}
