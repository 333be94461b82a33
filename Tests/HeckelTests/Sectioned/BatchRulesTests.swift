#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Heckel
import Testing

/// The strict simulator refuses what UIKit refuses, under each reload rule:
/// these batches are wrong on purpose, so a lenient simulator fails here.
@Suite("Batch rules: the simulator refuses what UIKit refuses")
struct BatchRulesTests {
    func group(_ id: Int, _ ids: [Int], header: Int = 0) -> SectionedGroup {
        SectionedGroup(id: id, header: header, items: ids.map { SectionedRow(id: $0, content: 0) })
    }

    func refused(_ batch: SectionedDiff.BatchUpdates, _ old: [SectionedGroup], _ new: [SectionedGroup],
                 rule: BatchUpdateSimulator.ReloadRule, containing text: String) -> Bool {
        do {
            _ = try BatchUpdateSimulator.apply(batch, to: old, dataSource: new, rule: rule)
            return false
        } catch {
            return "\(error)".contains(text)
        }
    }

    @Test("an insert and a move to the same index path", arguments: BatchUpdateSimulator.ReloadRule.allCases)
    func insertAndMoveToSamePath(rule: BatchUpdateSimulator.ReloadRule) {
        let old = [group(0, [1, 2])], new = [group(0, [2, 3, 1])]
        let batch = SectionedDiff.BatchUpdates(itemInsertions: [[0, 0]], itemMoves: [.init(old: [0, 0], new: [0, 0])])
        #expect(refused(batch, old, new, rule: rule, containing: "to the same index path [0, 0]"))
    }

    @Test("a delete and a reload of the same index path", arguments: BatchUpdateSimulator.ReloadRule.allCases)
    func deleteAndReload(rule: BatchUpdateSimulator.ReloadRule) {
        let old = [group(0, [1, 2])], new = [group(0, [2])]
        let batch = SectionedDiff.BatchUpdates(itemDeletions: [[0, 0]], itemReloads: [[0, 0]])
        #expect(refused(batch, old, new, rule: rule, containing: "the same index path [0, 0]"))
    }

    @Test("a section's item count after the batch must add up", arguments: BatchUpdateSimulator.ReloadRule.allCases)
    func itemCounts(rule: BatchUpdateSimulator.ReloadRule) {
        let old = [group(0, [1, 2])], new = [group(0, [1, 2, 3])]
        #expect(refused(SectionedDiff.BatchUpdates(), old, new, rule: rule, containing: "invalid number of items in section 0"))
        #expect(refused(SectionedDiff.BatchUpdates(sectionInsertions: [1]), old, new, rule: rule, containing: "sections after the update"))
        #expect(refused(SectionedDiff.BatchUpdates(sectionDeletions: [0]), old, new, rule: rule, containing: "invalid number of sections"))
    }

    @Test("no item operation inside a section being deleted, inserted or reloaded", arguments: BatchUpdateSimulator.ReloadRule.allCases)
    func itemsOfReplacedSections(rule: BatchUpdateSimulator.ReloadRule) {
        let old = [group(0, [1, 2]), group(1, [3])], new = [group(1, [3, 2])]
        let moveOut = SectionedDiff.BatchUpdates(sectionDeletions: [0], itemMoves: [.init(old: [0, 1], new: [0, 1])])
        #expect(refused(moveOut, old, new, rule: rule, containing: "in a section being delete"))
        let reloadAndDelete = SectionedDiff.BatchUpdates(sectionReloads: [0], itemDeletions: [[0, 0]])
        #expect(refused(reloadAndDelete, [group(0, [1, 2])], [group(0, [2])], rule: rule, containing: "in a section being reload"))
        let intoInserted = SectionedDiff.BatchUpdates(sectionInsertions: [0], itemInsertions: [[0, 0]])
        #expect(refused(intoInserted, [], [group(0, [1])], rule: rule, containing: "into a section being inserted"))
    }

    @Test("paths that do not exist", arguments: BatchUpdateSimulator.ReloadRule.allCases)
    func missingPaths(rule: BatchUpdateSimulator.ReloadRule) {
        let old = [group(0, [1])], new = [group(0, [])]
        #expect(refused(SectionedDiff.BatchUpdates(itemDeletions: [[0, 5]]), old, new, rule: rule, containing: "only contains 1 items"))
        #expect(refused(SectionedDiff.BatchUpdates(itemDeletions: [[0, 0], [0, 0]]), old, new, rule: rule, containing: "the same index path"))
    }

    /// A reload of a shifted item: accepted under one rule, wrong under the
    /// other; so only a batch without such reloads is safe.
    @Test("a reload of an item whose position shifts is wrong under one of the two rules")
    func shiftedReload() throws {
        let old = [group(0, [1, 2])]
        var new = [group(0, [9, 1, 2])]
        new[0].items[2].content = 1
        let batch = SectionedDiff.BatchUpdates(itemInsertions: [[0, 0]], itemReloads: [[0, 1]])
        let shifted = try BatchUpdateSimulator.apply(batch, to: old, dataSource: new, rule: .shiftedPosition)
        #expect(shifted == new)
        let same = try? BatchUpdateSimulator.apply(batch, to: old, dataSource: new, rule: .sameIndexPath)
        #expect(same != new)
    }

    @Test("content updates after the batch land at new paths; missing ones show stale content")
    func reconfigurations() throws {
        let old = [group(0, [1, 2])]
        var new = [group(0, [9, 1, 2], header: 1)]
        new[0].items[2].content = 1
        let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
        var batch = diff.batchUpdates
        #expect(batch.itemReconfigurations == [[0, 2]] && batch.sectionReconfigurations == [0])
        #expect(BatchUpdateSimulator.problems(of: batch, old: old, new: new, label: "default").isEmpty)
        batch.itemReconfigurations = []
        #expect(BatchUpdateSimulator.problems(of: batch, old: old, new: new, label: "no reconfigure").count == 2)
    }

    /// About one random pair in five used to get an in-place reload of an
    /// item that shifts; every style now passes under both rules.
    /// (The random suites check the same through `SectionedDiffChecker` on
    /// ten thousand more pairs.)
    @Test("every style of batch of random snapshot pairs passes under both reload rules")
    func randomPairs() throws {
        var shiftedUpdates = 0
        for seed in 0 ..< 1_000 as Range<UInt64> {
            var generator = SectionedSnapshotGenerator(seed: 50_000 + seed)
            let (old, new) = generator.pair()
            let diff = try SectionedDiff(from: old, to: new, identifiedBy: \.id)
            if diff.itemUpdates.contains(where: { $0.old != $0.new }) { shiftedUpdates += 1 }
            for style in [SectionedDiff.BatchUpdates.Style.reconfigureAfter, .reloadInPlace, .deleteAndInsert] {
                let problems = BatchUpdateSimulator.problems(of: diff.batchUpdates(style: style), old: old, new: new, label: "\(style)")
                if !problems.isEmpty {
                    Issue.record(Comment(rawValue: "seed \(50_000 + seed)\nold \(old)\nnew \(new)\n" + problems.joined(separator: "\n")))
                    return
                }
            }
        }
        // The pairs do exercise updated items whose index path changes.
        #expect(shiftedUpdates > 100)
    }
}
