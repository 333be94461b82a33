#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

/// Checks a `SectionedDiff` against the snapshots it was made from: the
/// slow reference, the mappings, and both update forms replayed.
enum SectionedDiffChecker {
    /// Records the first problems of `diff`, if any, as one issue naming the
    /// seed (and the snapshots, unless `showingSnapshots` is false); returns
    /// whether there were any, so that a loop over seeds stops at the first
    /// failing one.
    static func recordedProblems(
        in diff: SectionedDiff, old: [SectionedGroup], new: [SectionedGroup], seed: UInt64,
        showingSnapshots: Bool = true, identity: (SectionedRow) -> AnyHashable,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        let problems = problems(in: diff, old: old, new: new, identity: identity)
        if problems.isEmpty { return false }
        let snapshots = showingSnapshots ? "old \(old)\nnew \(new)\n" : ""
        Issue.record(Comment(rawValue: "seed \(seed)\n" + snapshots + problems.prefix(5).joined(separator: "\n")),
                     sourceLocation: sourceLocation)
        return true
    }

    /// Every problem found, empty when the diff is right.
    static func problems(
        in diff: SectionedDiff, old: [SectionedGroup], new: [SectionedGroup], identity: (SectionedRow) -> AnyHashable
    ) -> [String] {
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { problems.append(message()) }
        }
        let reference = SectionedReference(old: old, new: new, identity: identity)

        // Sections.
        expect(diff.oldSectionCount == old.count && diff.newSectionCount == new.count, "section counts")
        expect(Array(diff.sectionDeletions) == reference.sectionDeletions, "section deletions \(diff.sectionDeletions), expected \(reference.sectionDeletions)")
        expect(Array(diff.sectionInsertions) == reference.sectionInsertions, "section insertions \(diff.sectionInsertions), expected \(reference.sectionInsertions)")
        expect(diff.sectionMoves.count == reference.minimumSectionMoves, "\(diff.sectionMoves.count) section moves, fewest \(reference.minimumSectionMoves)")
        expect(Set(diff.sectionUpdates.map { [$0.old, $0.new] }) == reference.sectionUpdates, "section updates \(diff.sectionUpdates)")
        for o in old.indices {
            let n = diff.newSection(forOld: o)
            expect(n.map { new[$0].id } == (reference.sectionDeletions.contains(o) ? nil : old[o].id), "section \(o) maps to \(String(describing: n))")
            if let n { expect(diff.oldSection(forNew: n) == o, "section mapping not inverse at \(o)") }
        }
        for move in diff.sectionMoves {
            expect(diff.newSection(forOld: move.old) == move.new, "section move \(move) disagrees with the mapping")
        }

        // Item mappings: equal to the reference, inverse, same identity.
        for (s, section) in old.enumerated() {
            for k in section.items.indices {
                let path: IndexPath = [s, k]
                let mapped = diff.newIndexPath(forOld: path)
                expect(mapped == reference.newPathForOld[s][k], "newIndexPath(forOld: \(path)) = \(String(describing: mapped)), expected \(String(describing: reference.newPathForOld[s][k]))")
                if let mapped {
                    expect(diff.oldIndexPath(forNew: mapped) == path, "oldIndexPath(forNew: \(mapped)) is not \(path)")
                    expect(identity(new[mapped[0]].items[mapped[1]]) == identity(section.items[k]), "\(path) maps to an item of another identity")
                }
            }
        }
        for (s, section) in new.enumerated() {
            for k in section.items.indices {
                let path: IndexPath = [s, k]
                let mapped = diff.oldIndexPath(forNew: path)
                expect(mapped == reference.oldPathForNew[s][k], "oldIndexPath(forNew: \(path)) = \(String(describing: mapped))")
                if let mapped { expect(diff.newIndexPath(forOld: mapped) == path, "mapping not inverse at new \(path)") }
            }
        }

        // Item lists.
        expect(diff.itemDeletions == reference.itemDeletions, "item deletions \(diff.itemDeletions), expected \(reference.itemDeletions)")
        expect(diff.itemInsertions == reference.itemInsertions, "item insertions \(diff.itemInsertions), expected \(reference.itemInsertions)")
        expect(Set(diff.itemUpdates.map { [$0.old, $0.new] }) == reference.itemUpdates, "item updates \(diff.itemUpdates)")
        expect(diff.itemMoves.count == reference.minimumItemMoves, "\(diff.itemMoves.count) item moves, fewest \(reference.minimumItemMoves)")
        expect(diff.itemMoves.map(\.new) == diff.itemMoves.map(\.new).sorted(), "item moves not ascending by destination")
        let moved = Set(diff.itemMoves.map(\.new))
        for move in diff.itemMoves {
            expect(diff.newIndexPath(forOld: move.old) == move.new, "item move \(move.old) -> \(move.new) disagrees with the mapping")
        }
        // The items not moved stay in their section, in old order.
        for (s, section) in new.enumerated() {
            var last = -1
            for k in section.items.indices where !moved.contains([s, k]) {
                guard let from = diff.oldIndexPath(forNew: [s, k]) else { continue }
                expect(diff.oldSection(forNew: s) == from[0], "item \([s, k]) changed section without a move")
                expect(from[1] > last, "item \([s, k]) left the kept order without a move")
                last = from[1]
            }
        }

        // Every batch style must pass the strict simulator under both reload
        // rules and turn old into new.
        let styles: [(SectionedDiff.BatchUpdates.Style, String)] = [
            (.reconfigureAfter, "default batch"), (.reloadInPlace, "reload-in-place batch"),
            (.deleteAndInsert, "delete-and-insert batch"),
        ]
        for (style, label) in styles {
            let batch = diff.batchUpdates(style: style)
            problems += BatchUpdateSimulator.problems(of: batch, old: old, new: new, label: label)
            if style != .reloadInPlace {
                expect(batch.itemReloads.isEmpty && batch.sectionReloads.isEmpty, "reloads in the \(label)")
            }
            if style != .reconfigureAfter {
                expect(batch.itemReconfigurations.isEmpty && batch.sectionReconfigurations.isEmpty, "reconfigurations in the \(label)")
            }
        }
        expect(diff.batchUpdates == diff.batchUpdates(style: .reconfigureAfter), "the default batch is not reconfigureAfter")
        do {
            let result = try SequentialReplayer.replay(diff.sequentialSteps, on: old, dataSource: new)
            expect(result == new, "sequential steps give \(result)")
        } catch {
            problems.append("sequential steps refused: \(error)")
        }
        return problems
    }
}
